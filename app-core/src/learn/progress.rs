//! The learner's progress, kept on the device (`tiers.lessons`): the best
//! stars of every exercise solved, keyed `<course>/<lesson>/<exercise>`
//! (`tiers/man/2`), in a versioned JSON record
//! (`{"v": 1, "stars": {"tiers/man/2": 3}}`). A damaged record keeps what
//! can be read of it.

use tiers_json::Json;

use crate::i18n::Text;
use crate::versioned;

/// The format version written now.
pub const VERSION: u64 = 1;

/// Stars for an exercise solved on the first try without hints.
pub const MAX_STARS: u8 = 3;

/// The best stars of each exercise solved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// Stars (1–3) by exercise key, in the keys' order.
    pub stars: Vec<(String, u8)>,
}

/// What could be read of a stored record, and what was wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Read {
    /// The progress read (what could be).
    pub progress: Progress,
    /// What was wrong (None: all was read).
    pub problem: Option<Text>,
}

/// The key of an exercise (`number` from 1).
#[must_use]
pub fn key(course: &str, lesson: &str, number: usize) -> String {
    format!("{course}/{lesson}/{number}")
}

/// The stars earned with this many hints and failed attempts: 3 on the
/// first try, one less for each, at least 1.
#[must_use]
pub fn stars(hints: u8, retries: u8) -> u8 {
    MAX_STARS
        .saturating_sub(hints.saturating_add(retries))
        .max(1)
}

impl Progress {
    /// The stars of an exercise (0: not solved).
    #[must_use]
    pub fn of(&self, key: &str) -> u8 {
        self.stars
            .iter()
            .find(|(k, _)| k == key)
            .map_or(0, |&(_, s)| s)
    }

    /// Keeps `stars` for an exercise if it is better than before.
    pub fn record(&mut self, key: String, stars: u8) {
        let stars = stars.min(MAX_STARS);
        match self.stars.binary_search_by(|(k, _)| k.cmp(&key)) {
            Ok(i) => self.stars[i].1 = self.stars[i].1.max(stars),
            Err(i) => self.stars.insert(i, (key, stars)),
        }
    }

    /// As its stored text.
    #[must_use]
    pub fn to_json(&self) -> String {
        let stars = self
            .stars
            .iter()
            .map(|(k, v)| (k.clone(), Json::int(u64::from(*v))))
            .collect();
        Json::obj([("v", Json::int(VERSION)), ("stars", Json::Obj(stars))]).to_string()
    }

    /// Reads a stored record: a damaged one keeps its readable entries and
    /// says what was wrong.
    #[must_use]
    pub fn read(text: &str) -> Read {
        let record = || Text::new("record.lessons");
        let fail = |problem: Text| Read {
            progress: Progress::default(),
            problem: Some(problem),
        };
        let value = match Json::parse(text) {
            Ok(v) => v,
            Err(_) => return fail(versioned::not_json(record())),
        };
        if let Err(e) = versioned::check(&value, VERSION, record()) {
            return fail(e);
        }
        let Some(entries) = value.get("stars").and_then(Json::as_obj) else {
            return fail(versioned::damaged(record()));
        };
        let mut progress = Progress::default();
        let mut bad = Vec::new();
        for (k, v) in entries {
            match v.as_u64() {
                Some(n @ 1..=3) if k.split('/').count() == 3 => {
                    progress.record(k.clone(), n as u8);
                }
                _ => bad.push(k.as_str()),
            }
        }
        let problem =
            (!bad.is_empty()).then(|| crate::text!("error.some-lessons", count = bad.len()));
        Read { progress, problem }
    }
}
