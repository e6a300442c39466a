//! The search's switchable techniques: each one the search adopted after
//! a gate can be turned off again, so that a match plays the engine with
//! and without it in one binary, at equal speed (`tiers selfplay --a
//! 8 --b 8:-aspiration`, docs/ai.md, "Search"). [`Techniques::NONE`] is the search
//! as it was before any of them (commit 797a82b): with it, `tiers bench`
//! visits exactly that commit's node counts.

use core::fmt;

/// Which optional techniques a [`super::Searcher`] uses.
///
/// ```
/// use tiers_engine::search::Techniques;
/// let t = Techniques::parse_changes(Techniques::default(), "-aspiration").unwrap();
/// assert!(!t.aspiration);
/// assert_eq!(Techniques::parse_changes(t, "+aspiration").unwrap(), Techniques::default());
/// assert!(Techniques::parse_changes(t, "+warp").is_err());
/// assert_eq!(t.changes_from(Techniques::default()), "-aspiration");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Techniques {
    /// Aspiration windows: each iteration from the second on first
    /// searches a narrow window around the previous score, widened on a
    /// fail.
    pub aspiration: bool,
    /// Counter moves: the quiet move that last refuted the opponent's move
    /// is tried right after the killers.
    pub counter_moves: bool,
    /// Late-move reductions that grow with the depth and the move's rank
    /// (a logarithmic table), less at principal-variation nodes, more for
    /// moves with a bad history; without it, one ply (two late at depth 6
    /// and more).
    pub lmr_table: bool,
    /// ProbCut: at a deep enough node outside the principal variation,
    /// the first moves are searched 4 plies shallower against a raised
    /// bound; a move that beats it cuts the node off.
    pub probcut: bool,
    /// Contempt: a draw by repetition or by the 100-ply rule scores
    /// [`CONTEMPT`](super::CONTEMPT) against the side that searches, so
    /// that it plays on in a level position instead of repeating it. Not
    /// adopted: it scored less against 797a82b than the search without it
    /// (docs/ai.md, "Techniques, threads and time"); `+contempt` turns it
    /// on for a gate.
    pub contempt: bool,
}

/// A technique's name and its field, for [`Techniques::parse_changes`].
type Switch = (&'static str, fn(&mut Techniques) -> &mut bool);

const SWITCHES: [Switch; 5] = [
    ("aspiration", |t| &mut t.aspiration),
    ("counter", |t| &mut t.counter_moves),
    ("lmr", |t| &mut t.lmr_table),
    ("probcut", |t| &mut t.probcut),
    ("contempt", |t| &mut t.contempt),
];

impl Techniques {
    /// None of the techniques: the search of commit 797a82b.
    pub const NONE: Techniques = Techniques {
        aspiration: false,
        counter_moves: false,
        lmr_table: false,
        probcut: false,
        contempt: false,
    };

    /// Every technique that passed its gate (docs/ai.md, "Search").
    pub const ADOPTED: Techniques = Techniques {
        aspiration: true,
        counter_moves: true,
        lmr_table: true,
        probcut: true,
        contempt: false,
    };

    /// The names [`Techniques::parse_changes`] knows.
    pub fn names() -> impl Iterator<Item = &'static str> {
        SWITCHES.iter().map(|(n, _)| *n)
    }

    /// What differs from `base`, written as [`Techniques::parse_changes`]
    /// reads it (`-aspiration,+probcut`; empty when nothing differs).
    #[must_use]
    pub fn changes_from(self, base: Techniques) -> String {
        SWITCHES
            .iter()
            .filter_map(|(name, field)| {
                let (mut now, mut was) = (self, base);
                let on = *field(&mut now);
                (on != *field(&mut was)).then(|| format!("{}{name}", if on { '+' } else { '-' }))
            })
            .collect::<Vec<_>>()
            .join(",")
    }

    /// `base` with changes such as `-aspiration`, `+probcut` (several
    /// joined by commas); `none` turns everything off first.
    pub fn parse_changes(base: Techniques, text: &str) -> Result<Techniques, BadTechnique> {
        let mut t = base;
        for change in text.split(',') {
            if change == "none" {
                t = Techniques::NONE;
                continue;
            }
            let (on, name) = match change.split_at_checked(1) {
                Some(("+", name)) => (true, name),
                Some(("-", name)) => (false, name),
                _ => return Err(BadTechnique(change.to_string())),
            };
            let (_, field) = SWITCHES
                .iter()
                .find(|(n, _)| *n == name)
                .ok_or_else(|| BadTechnique(change.to_string()))?;
            *field(&mut t) = on;
        }
        Ok(t)
    }
}

impl Default for Techniques {
    fn default() -> Self {
        Techniques::ADOPTED
    }
}

/// A change [`Techniques::parse_changes`] does not know.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadTechnique(pub String);

impl fmt::Display for BadTechnique {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` is not a technique change: write +NAME or -NAME (NAME one of {}) or `none`",
            self.0,
            Techniques::names().collect::<Vec<_>>().join(", ")
        )
    }
}

impl std::error::Error for BadTechnique {}
