//! The "new tournament" form while it is filled in.

use super::sentence;
use crate::clock::TimeControl;
use crate::i18n::Text;
use tiers_bracket::entrant::number_repeats;
use tiers_bracket::{
    BracketSetup, Entrant, GameChoice, Seeding, Tournament, TournamentSetup, MAX_ENTRANTS,
};
use tiers_engine::search::Level;

/// One line of a bracket's entrant list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraftEntrant {
    /// A person's name (ignored for a computer player).
    pub name: String,
    /// `Some(level)` for a computer player.
    pub level: Option<Level>,
}

/// One bracket of the form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DraftBracket {
    /// "Adults", "Youth".
    pub name: String,
    /// In the order entered.
    pub entrants: Vec<DraftEntrant>,
    /// Shuffle the seeds with `seed` (else seeded as entered).
    pub shuffle: bool,
    /// The shuffle's seed, shown to people.
    pub seed: u64,
}

impl DraftBracket {
    fn new(name: &str, seed: u64) -> Self {
        DraftBracket {
            name: name.into(),
            entrants: vec![
                DraftEntrant {
                    name: String::new(),
                    level: None,
                };
                2
            ],
            shuffle: false,
            seed,
        }
    }
}

/// The whole form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Draft {
    /// Tournament name.
    pub name: String,
    /// Checkers or Tiers.
    pub game: GameChoice,
    /// Checkers: start every game from a random three-move ballot.
    pub ballots: bool,
    /// The matches' time control (None: no clocks).
    pub clock: Option<TimeControl>,
    /// Seed of the ballot draw.
    pub ballot_seed: u64,
    /// The brackets.
    pub brackets: Vec<DraftBracket>,
    /// Why the tournament could not be created.
    pub error: Option<Text>,
}

impl Default for Draft {
    fn default() -> Self {
        Draft::new(1)
    }
}

/// What can be done in the form. Seeds (for shuffling and ballots) come in
/// with the actions so that the reducer stays pure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DraftAction {
    /// The tournament's name.
    Name(String),
    /// The game.
    Game(GameChoice),
    /// Ballot openings on or off.
    Ballots(bool),
    /// The matches' time control.
    Clock(Option<TimeControl>),
    /// Add a bracket (with this shuffle seed).
    AddBracket(u64),
    /// Remove bracket `i`.
    RemoveBracket(usize),
    /// Rename bracket `i`.
    BracketName(usize, String),
    /// Add a person to bracket `i`.
    AddPerson(usize),
    /// Add a computer player at a level to bracket `i`.
    AddComputer(usize, Level),
    /// Entrant `j` of bracket `i` is now called this.
    EntrantName(usize, usize, String),
    /// Computer entrant `j` of bracket `i` now plays at this level.
    EntrantLevel(usize, usize, Level),
    /// Remove entrant `j` of bracket `i`.
    RemoveEntrant(usize, usize),
    /// Move entrant `j` of bracket `i` one place up.
    MoveUp(usize, usize),
    /// Seeding of bracket `i`: shuffled or as entered.
    Shuffle(usize, bool),
    /// A new shuffle seed for bracket `i`.
    Reseed(usize, u64),
}

impl Draft {
    /// An empty form: one bracket of two people.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        Draft {
            name: String::new(),
            game: GameChoice::Checkers,
            ballots: true,
            clock: None,
            // Seeds people can read out and type again.
            ballot_seed: seed % 1_000_000,
            brackets: vec![DraftBracket::new("Open", (seed >> 24) % 1_000_000)],
            error: None,
        }
    }

    /// Applies a change.
    pub fn apply(&mut self, action: DraftAction) {
        self.error = None;
        match action {
            DraftAction::Name(n) => self.name = n,
            DraftAction::Game(g) => self.game = g,
            DraftAction::Ballots(on) => self.ballots = on,
            DraftAction::Clock(c) => self.clock = c,
            DraftAction::AddBracket(seed) => {
                let name = match self.brackets.len() {
                    1 if self.brackets[0].name == "Open" => {
                        self.brackets[0].name = "Adults".into();
                        "Youth".to_string()
                    }
                    n => format!("Bracket {}", n + 1),
                };
                self.brackets.push(DraftBracket::new(&name, seed));
            }
            DraftAction::RemoveBracket(i) => {
                if self.brackets.len() > 1 && i < self.brackets.len() {
                    self.brackets.remove(i);
                }
            }
            DraftAction::BracketName(i, n) => {
                if let Some(b) = self.brackets.get_mut(i) {
                    b.name = n;
                }
            }
            DraftAction::AddPerson(i) => {
                if let Some(b) = self.brackets.get_mut(i) {
                    if b.entrants.len() < MAX_ENTRANTS {
                        b.entrants.push(DraftEntrant {
                            name: String::new(),
                            level: None,
                        });
                    }
                }
            }
            DraftAction::AddComputer(i, level) => {
                if let Some(b) = self.brackets.get_mut(i) {
                    if b.entrants.len() < MAX_ENTRANTS {
                        b.entrants.push(DraftEntrant {
                            name: String::new(),
                            level: Some(level),
                        });
                    }
                }
            }
            DraftAction::EntrantName(i, j, n) => {
                if let Some(e) = self.brackets.get_mut(i).and_then(|b| b.entrants.get_mut(j)) {
                    e.name = n;
                }
            }
            DraftAction::EntrantLevel(i, j, level) => {
                if let Some(e) = self.brackets.get_mut(i).and_then(|b| b.entrants.get_mut(j)) {
                    if e.level.is_some() {
                        e.level = Some(level);
                    }
                }
            }
            DraftAction::RemoveEntrant(i, j) => {
                if let Some(b) = self.brackets.get_mut(i) {
                    if j < b.entrants.len() {
                        b.entrants.remove(j);
                    }
                }
            }
            DraftAction::MoveUp(i, j) => {
                if let Some(b) = self.brackets.get_mut(i) {
                    if j > 0 && j < b.entrants.len() {
                        b.entrants.swap(j - 1, j);
                    }
                }
            }
            DraftAction::Shuffle(i, on) => {
                if let Some(b) = self.brackets.get_mut(i) {
                    b.shuffle = on;
                }
            }
            DraftAction::Reseed(i, seed) => {
                if let Some(b) = self.brackets.get_mut(i) {
                    b.seed = seed;
                }
            }
        }
    }

    /// The tournament this form describes, or what is wrong with it.
    /// Computer players are called "Computer (level N)", numbered when a
    /// bracket has several of one level.
    pub fn build(&self) -> Result<Tournament, Text> {
        let brackets = self
            .brackets
            .iter()
            .map(|b| {
                let mut entrants: Vec<Entrant> = b
                    .entrants
                    .iter()
                    .map(|e| match e.level {
                        Some(level) => Entrant::computer(level.number()),
                        None => Entrant::person(e.name.trim()),
                    })
                    .collect();
                number_repeats(&mut entrants);
                BracketSetup {
                    name: b.name.clone(),
                    entrants,
                    seeding: if b.shuffle {
                        Seeding::Shuffled(b.seed)
                    } else {
                        Seeding::AsEntered
                    },
                }
            })
            .collect();
        let setup = TournamentSetup {
            name: self.name.clone(),
            game: self.game,
            ballot_seed: (self.game == GameChoice::Checkers && self.ballots)
                .then_some(self.ballot_seed),
            brackets,
        };
        Tournament::new(setup).map_err(|e| sentence(&e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn filled() -> Draft {
        let mut d = Draft::new(42);
        d.apply(DraftAction::Name("Troop night".into()));
        d.apply(DraftAction::EntrantName(0, 0, " Ann ".into()));
        d.apply(DraftAction::EntrantName(0, 1, "Bob".into()));
        d.apply(DraftAction::AddComputer(0, Level::clamped(3)));
        d.apply(DraftAction::AddComputer(0, Level::clamped(3)));
        d
    }

    #[test]
    fn a_filled_form_builds_a_tournament() {
        let t = filled().build().unwrap();
        let names: Vec<&str> = t
            .bracket(0)
            .entrants()
            .iter()
            .map(|e| e.name.as_str())
            .collect();
        assert_eq!(
            names,
            ["Ann", "Bob", "Computer (level 3)", "Computer (level 3) #2"]
        );
        assert_eq!(t.ballot_seed(), Some(42));
    }

    #[test]
    fn errors_say_what_is_missing() {
        let mut d = filled();
        d.apply(DraftAction::Name("  ".into()));
        assert_eq!(
            crate::session::capitalise(&d.build().unwrap_err().english()),
            "The tournament needs a name."
        );
        let mut d = filled();
        d.apply(DraftAction::AddPerson(0));
        assert_eq!(
            crate::session::capitalise(&d.build().unwrap_err().english()),
            "Bracket 'Open': entrant 5 has no name."
        );
        let mut d = Draft::new(1);
        d.apply(DraftAction::Name("x".into()));
        d.apply(DraftAction::RemoveEntrant(0, 0));
        d.apply(DraftAction::EntrantName(0, 0, "Solo".into()));
        assert_eq!(
            crate::session::capitalise(&d.build().unwrap_err().english()),
            "Bracket 'Open' has 1 entrant; a bracket needs between 2 and 64."
        );
    }

    #[test]
    fn two_brackets_and_shuffling() {
        let mut d = filled();
        d.apply(DraftAction::AddBracket(9));
        assert_eq!(d.brackets[0].name, "Adults");
        assert_eq!(d.brackets[1].name, "Youth");
        d.apply(DraftAction::EntrantName(1, 0, "Kid".into()));
        d.apply(DraftAction::EntrantName(1, 1, "Ann".into()));
        d.apply(DraftAction::Shuffle(0, true));
        d.apply(DraftAction::Reseed(0, 77));
        d.apply(DraftAction::MoveUp(1, 1));
        let t = d.build().unwrap();
        assert_eq!(t.bracket(0).seeding(), Seeding::Shuffled(77));
        assert_eq!(t.bracket(1).entrants()[0].name, "Ann");
        d.apply(DraftAction::Game(GameChoice::Tiers));
        assert_eq!(d.build().unwrap().ballot_seed(), None);
        d.apply(DraftAction::RemoveBracket(0));
        d.apply(DraftAction::RemoveBracket(0));
        assert_eq!(d.brackets.len(), 1, "the last bracket stays");
    }
}
