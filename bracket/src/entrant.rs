//! Entrants and seeding.

use std::fmt;
use tiers_rng::SplitMix64;

/// The lowest and highest computer level.
pub const LEVELS: std::ops::RangeInclusive<u8> = 1..=8;

/// The longest entrant, bracket or tournament name, in characters.
pub const MAX_NAME_CHARS: usize = 60;

/// One player in a bracket: a person, or the computer at a level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Entrant {
    /// Shown name; unique within its bracket.
    pub name: String,
    /// `Some(level)` (1–8) for a computer player, `None` for a person.
    pub level: Option<u8>,
}

impl Entrant {
    /// A person.
    pub fn person(name: impl Into<String>) -> Self {
        Entrant {
            name: name.into(),
            level: None,
        }
    }

    /// A computer player at `level`, named "Computer (level N)".
    pub fn computer(level: u8) -> Self {
        Entrant {
            name: format!("Computer (level {level})"),
            level: Some(level),
        }
    }

    /// Whether the computer plays this entrant.
    pub fn is_computer(&self) -> bool {
        self.level.is_some()
    }
}

/// Makes names unique within a list by numbering repeats ("Computer
/// (level 3)", "Computer (level 3) #2", …), so that several computer
/// players of one level can enter the same bracket.
///
/// ```
/// use tiers_bracket::{entrant::number_repeats, Entrant};
/// let mut list = vec![Entrant::computer(3), Entrant::computer(3), Entrant::person("Ann")];
/// number_repeats(&mut list);
/// assert_eq!(list[1].name, "Computer (level 3) #2");
/// ```
pub fn number_repeats(entrants: &mut [Entrant]) {
    for i in 0..entrants.len() {
        let base = entrants[i].name.trim().to_string();
        let taken =
            |name: &str, list: &[Entrant]| list.iter().any(|e| crate::same_name(&e.name, name));
        if !base.is_empty() && taken(&base, &entrants[..i]) {
            let mut k = 2;
            while taken(&format!("{base} #{k}"), &entrants[..i]) {
                k += 1;
            }
            entrants[i].name = format!("{base} #{k}");
        }
    }
}

/// How seeds were given.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Seeding {
    /// Seed 1 is the first entrant listed, and so on.
    AsEntered,
    /// Entrants shuffled by [`SplitMix64`] from this seed (shown to people so
    /// the draw can be checked and repeated).
    Shuffled(u64),
}

impl fmt::Display for Seeding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seeding::AsEntered => f.write_str("seeded as entered"),
            Seeding::Shuffled(seed) => write!(f, "shuffled with seed {seed}"),
        }
    }
}

impl Seeding {
    /// The entrants in seed order (index 0 = seed 1).
    ///
    /// ```
    /// use tiers_bracket::{Entrant, Seeding};
    /// let list: Vec<Entrant> = ["A", "B", "C"].into_iter().map(Entrant::person).collect();
    /// assert_eq!(Seeding::AsEntered.apply(list.clone()), list);
    /// let once = Seeding::Shuffled(9).apply(list.clone());
    /// assert_eq!(once, Seeding::Shuffled(9).apply(list)); // reproducible
    /// ```
    pub fn apply(self, mut entrants: Vec<Entrant>) -> Vec<Entrant> {
        if let Seeding::Shuffled(seed) = self {
            SplitMix64::new(seed).shuffle(&mut entrants);
        }
        entrants
    }
}
