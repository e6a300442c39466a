//! Learned evaluations: phase-dependent linear models with integer weights
//! fitted to self-play games (`tiers train <game>`, [`crate::search::train`];
//! docs/ai.md, "Evaluation"). What a game's model looks at is its [`Model`]
//! ([`tiers`]: piece-square tables per tier, threats and the hand-set
//! features; [`checkers`]: piece-square tables, patterns of four squares
//! and the hand-set features); the weights, their file and the evaluation
//! are shared.
//!
//! **Features** are seen from the side to move, so a position and its
//! colour-flipped mirror score the same from the side to move.
//!
//! **Phase**: every weight has an opening value and an endgame value; the
//! evaluation blends them by the number of pieces on the board: the
//! model's [`Model::FULL_PHASE`] or more is all opening, none all endgame.
//!
//! **Weights file** (`engine/data/eval/<game>.weights`, compiled in with
//! `include_bytes!` and read once): text,
//!
//! ```text
//! # comments
//! <game>-eval 1 features <N> scale <S>
//! mg <N integers>
//! eg <N integers>
//! crc32 <8 hex digits: CRC-32 of every byte before this line>
//! ```
//!
//! Weights are in 1/`scale` hundredths of a man. A missing, truncated or
//! damaged file is a one-line [`WeightsError`]; the evaluation then falls
//! back to the game's hand-set one and says so once on stderr — never a
//! wrong weight, never a panic.

use core::fmt;

pub mod checkers;
pub mod tiers;

/// What a learned evaluation looks at in one game's positions.
pub trait Model: super::Evaluate + Copy {
    /// The name in the weights file's header (`tiers-eval`, `checkers-eval`).
    const NAME: &'static str;
    /// The number of features (and of weights per phase).
    const FEATURES: usize;
    /// Features below this index are tables (piece-square entries,
    /// patterns): training starts them at 0 and pulls them slightly
    /// towards 0. The hand-set features start here, then the hand-set
    /// endgame term.
    const TABLES: usize;
    /// The hand-set weights of the features from [`Model::TABLES`] on
    /// (hundredths of a man); the endgame term after them weighs 1.
    const HANDSET: &'static [i32];
    /// The phase at which the opening weights apply fully.
    const FULL_PHASE: i32;
    /// The compiled-in weights file.
    const WEIGHTS_FILE: &'static [u8];

    /// Calls `f(index, value)` for each feature of the position that is
    /// not zero (an index may come more than once: the values add up),
    /// from the side to move's point of view, and returns the phase
    /// (0..=[`Model::FULL_PHASE`]).
    fn for_each_feature(&self, f: impl FnMut(usize, i32)) -> i32;

    /// The starting point of training: the hand-set evaluation as weights
    /// (tables at 0), in 1/`scale` hundredths of a man.
    #[must_use]
    fn handset_weights(scale: i32) -> Weights {
        let mut w = vec![0; Self::FEATURES];
        for (i, x) in Self::HANDSET.iter().enumerate() {
            w[Self::TABLES + i] = x * scale;
        }
        w[Self::TABLES + Self::HANDSET.len()] = scale;
        Weights {
            mg: w.clone(),
            eg: w,
            scale,
        }
    }
}

/// Weights of a learned evaluation, in 1/`scale` hundredths of a man.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Weights {
    /// Opening weights (all pieces on the board).
    pub mg: Vec<i32>,
    /// Endgame weights (no piece on the board).
    pub eg: Vec<i32>,
    /// Units per hundredth of a man.
    pub scale: i32,
}

/// Why a weights file was not used (one line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WeightsError {
    /// The file is empty.
    Missing,
    /// The file ends early (no checksum line, or fewer weights than said).
    Truncated(String),
    /// The checksum does not match the contents.
    Checksum {
        /// The CRC-32 the file states.
        stored: u32,
        /// The CRC-32 of its contents.
        computed: u32,
    },
    /// Something else is wrong (a bad header or number).
    Malformed(String),
}

impl fmt::Display for WeightsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WeightsError::Missing => f.write_str("missing evaluation weights: the file is empty"),
            WeightsError::Truncated(why) => write!(f, "truncated evaluation weights: {why}"),
            WeightsError::Checksum { stored, computed } => write!(
                f,
                "corrupt evaluation weights: checksum {computed:08x} does not match the stored {stored:08x}"
            ),
            WeightsError::Malformed(why) => write!(f, "malformed evaluation weights: {why}"),
        }
    }
}

impl std::error::Error for WeightsError {}

impl Weights {
    /// Reads a weights file of model `M` (see the module documentation).
    ///
    /// # Errors
    /// A [`WeightsError`] when the file is empty, cut short, fails its
    /// checksum, is for another game or feature count, or is otherwise
    /// malformed.
    pub fn parse<M: Model>(bytes: &[u8]) -> Result<Weights, WeightsError> {
        if bytes.iter().all(u8::is_ascii_whitespace) {
            return Err(WeightsError::Missing);
        }
        let text = core::str::from_utf8(bytes)
            .map_err(|_| WeightsError::Malformed("not UTF-8 text".into()))?;
        let Some(at) = text.find("\ncrc32 ") else {
            return Err(WeightsError::Truncated("no checksum line".into()));
        };
        let body = &text[..=at];
        let (stated, after) = text[at + 7..]
            .split_once('\n')
            .unwrap_or((&text[at + 7..], ""));
        let stated = stated.trim();
        let stored = u32::from_str_radix(stated, 16)
            .ok()
            .filter(|_| stated.len() == 8)
            .ok_or_else(|| {
                let shown: String = stated
                    .chars()
                    .take(16)
                    .filter(|c| !c.is_control())
                    .collect();
                WeightsError::Truncated(format!("bad checksum `{shown}`"))
            })?;
        if !after.trim().is_empty() {
            return Err(WeightsError::Malformed(
                "more text after the checksum line".into(),
            ));
        }
        let computed = crate::egdb::crc32(body.as_bytes());
        if stored != computed {
            return Err(WeightsError::Checksum { stored, computed });
        }
        let mut lines = body
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'));
        let header: Vec<&str> = lines.next().unwrap_or("").split_whitespace().collect();
        let [magic, version, "features", count, "scale", scale] = header[..] else {
            return Err(WeightsError::Malformed(format!(
                "header `{}` is not `{} 1 features N scale S`",
                header.join(" "),
                M::NAME
            )));
        };
        if magic != M::NAME || version != "1" {
            return Err(WeightsError::Malformed(format!(
                "not a version 1 `{}` file (`{magic} {version}`)",
                M::NAME
            )));
        }
        let features = M::FEATURES;
        if count != features.to_string() {
            return Err(WeightsError::Malformed(format!(
                "{count} features where this engine has {features}"
            )));
        }
        let scale: i32 = scale
            .parse()
            .ok()
            .filter(|s| (1..=1024).contains(s))
            .ok_or_else(|| WeightsError::Malformed(format!("bad scale `{scale}`")))?;
        let mut row = |name: &str| -> Result<Vec<i32>, WeightsError> {
            let line = lines
                .next()
                .ok_or_else(|| WeightsError::Truncated(format!("no `{name}` line")))?;
            let mut words = line.split_whitespace();
            if words.next() != Some(name) {
                return Err(WeightsError::Malformed(format!(
                    "expected the `{name}` line"
                )));
            }
            let values: Vec<i32> = words
                .map(|w| {
                    w.parse::<i32>()
                        .ok()
                        .filter(|v| v.abs() <= 1 << 20)
                        .ok_or_else(|| WeightsError::Malformed(format!("bad weight `{w}`")))
                })
                .collect::<Result<_, _>>()?;
            if values.len() != features {
                return Err(WeightsError::Truncated(format!(
                    "{} `{name}` weights of {features}",
                    values.len()
                )));
            }
            Ok(values)
        };
        let mg = row("mg")?;
        let eg = row("eg")?;
        Ok(Weights { mg, eg, scale })
    }

    /// The file text for these weights of model `M` (with `comment` lines
    /// first).
    #[must_use]
    pub fn to_file<M: Model>(&self, comment: &str) -> String {
        let mut body = String::new();
        for line in comment.lines() {
            body.push_str("# ");
            body.push_str(line);
            body.push('\n');
        }
        body.push_str(&format!(
            "{} 1 features {} scale {}\n",
            M::NAME,
            self.mg.len(),
            self.scale
        ));
        for (name, w) in [("mg", &self.mg), ("eg", &self.eg)] {
            body.push_str(name);
            for x in w {
                body.push_str(&format!(" {x}"));
            }
            body.push('\n');
        }
        let crc = crate::egdb::crc32(body.as_bytes());
        body.push_str(&format!("crc32 {crc:08x}\n"));
        body
    }

    /// The evaluation of `pos` for the side to move, in hundredths of a man.
    #[must_use]
    pub fn evaluate<M: Model>(&self, pos: &M) -> i32 {
        let (mut mg, mut eg) = (0i64, 0i64);
        let phase = pos.for_each_feature(|i, v| {
            mg += i64::from(self.mg[i]) * i64::from(v);
            eg += i64::from(self.eg[i]) * i64::from(v);
        });
        let p = i64::from(phase);
        let full = i64::from(M::FULL_PHASE);
        let blended = (mg * p + eg * (full - p)) / (full * i64::from(self.scale));
        blended.clamp(-20_000, 20_000) as i32
    }
}

/// Whether model `M`'s compiled-in weights are good (`Err`: why they are
/// not, and the hand-set evaluation is used instead).
///
/// # Errors
/// The [`WeightsError`] of the compiled-in file.
pub fn status<M: Model>() -> Result<(), WeightsError> {
    Weights::parse::<M>(M::WEIGHTS_FILE).map(|_| ())
}

/// Reads a compiled-in weights file of model `M`, reporting a damaged one
/// once on stderr (the caller keeps the answer in a `OnceLock`).
#[must_use]
pub fn load<M: Model>(bytes: &[u8]) -> Option<Weights> {
    match Weights::parse::<M>(bytes) {
        Ok(w) => Some(w),
        Err(e) => {
            #[cfg(not(target_arch = "wasm32"))]
            eprintln!(
                "tiers: {e}; using the hand-set {} evaluation",
                M::KIND.name()
            );
            #[cfg(target_arch = "wasm32")]
            let _ = e;
            None
        }
    }
}

/// Calls `visit` on each position of a seeded random game from `start`
/// (at most `plies` moves; the tests of the models walk through games).
#[cfg(test)]
pub(crate) fn random_game<P: crate::Position>(
    start: P,
    seed: u64,
    plies: usize,
    mut visit: impl FnMut(&P),
) {
    let mut pos = start;
    let mut moves = Vec::new();
    let mut seed = seed;
    for _ in 0..plies {
        visit(&pos);
        moves.clear();
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            return;
        }
        seed = super::mix64(seed);
        pos = pos.play(&moves[(seed % moves.len() as u64) as usize]);
    }
}
