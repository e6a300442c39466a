//! A tournament: a name, a game, and one or more brackets.

use crate::ballots::{Ballot, DECK};
use crate::bracket::{Bracket, ResetNotice};
use crate::entrant::{Entrant, Seeding, MAX_NAME_CHARS};
use crate::error::{ResultError, SetupError};
use crate::structure::MatchId;
use std::fmt;
use tiers_rng::SplitMix64;

/// Number of ballots in the deck a checkers tournament draws from: the 156
/// crossboard and mail-play ACF three-move ballots ([`crate::ballots::DECK`]).
pub const BALLOT_COUNT: u16 = DECK.len() as u16;

/// The game every match of the tournament is played in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GameChoice {
    /// American checkers.
    Checkers,
    /// Tiers (Ultra Checkers).
    Tiers,
}

impl fmt::Display for GameChoice {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GameChoice::Checkers => "Checkers",
            GameChoice::Tiers => "Tiers",
        })
    }
}

/// What a bracket is made of before it exists.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BracketSetup {
    /// Name, e.g. "Adults".
    pub name: String,
    /// Entrants as entered.
    pub entrants: Vec<Entrant>,
    /// How to seed them.
    pub seeding: Seeding,
}

/// What a tournament is made of before it exists (the creation form).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentSetup {
    /// Name.
    pub name: String,
    /// Game.
    pub game: GameChoice,
    /// For checkers: draw each match's opening from the three-move ballots,
    /// with this seed. Ignored for Tiers.
    pub ballot_seed: Option<u64>,
    /// Brackets.
    pub brackets: Vec<BracketSetup>,
}

/// A tournament.
///
/// ```
/// use tiers_bracket::*;
/// let setup = TournamentSetup {
///     name: "Troop 12 open".into(),
///     game: GameChoice::Checkers,
///     ballot_seed: Some(2024),
///     brackets: vec![BracketSetup {
///         name: "Youth".into(),
///         entrants: vec![Entrant::person("Ann"), Entrant::person("Bob"), Entrant::computer(2)],
///         seeding: Seeding::AsEntered,
///     }],
/// };
/// let mut t = Tournament::new(setup).unwrap();
/// while let Some(&id) = t.bracket(0).ready_matches().first() {
///     let winner = t.bracket(0).players(id)[0].unwrap();
///     t.set_result(0, id, winner, "", "").unwrap();
/// }
/// assert_eq!(t.bracket(0).champion(), Some(0));
/// let json = t.to_json();
/// assert_eq!(Tournament::from_json(&json).unwrap(), t);
/// ```
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Tournament {
    name: String,
    game: GameChoice,
    ballot_seed: Option<u64>,
    brackets: Vec<Bracket>,
}

impl Tournament {
    /// Creates a tournament from its setup, checking every name and level.
    pub fn new(setup: TournamentSetup) -> Result<Tournament, SetupError> {
        // The form's first field first.
        if setup.name.trim().is_empty() {
            return Err(SetupError::EmptyTournamentName);
        }
        let brackets = setup
            .brackets
            .into_iter()
            .enumerate()
            .map(|(i, b)| {
                if b.name.trim().is_empty() {
                    return Err(SetupError::EmptyBracketName { bracket: i + 1 });
                }
                Bracket::new(b.name, b.entrants, b.seeding)
            })
            .collect::<Result<Vec<_>, _>>()?;
        Self::assemble(setup.name, setup.game, setup.ballot_seed, brackets)
    }

    pub(crate) fn assemble(
        name: String,
        game: GameChoice,
        ballot_seed: Option<u64>,
        brackets: Vec<Bracket>,
    ) -> Result<Tournament, SetupError> {
        let name = name.trim().to_string();
        if name.is_empty() {
            return Err(SetupError::EmptyTournamentName);
        }
        let chars = name.chars().count();
        if chars > MAX_NAME_CHARS {
            return Err(SetupError::NameTooLong {
                what: crate::error::NameOf::Tournament,
                chars,
            });
        }
        if brackets.is_empty() {
            return Err(SetupError::NoBrackets);
        }
        for (i, b) in brackets.iter().enumerate() {
            if brackets[..i]
                .iter()
                .any(|c| crate::same_name(c.name(), b.name()))
            {
                return Err(SetupError::DuplicateBracket {
                    name: b.name().to_string(),
                });
            }
        }
        Ok(Tournament {
            name,
            game,
            ballot_seed: if game == GameChoice::Checkers {
                ballot_seed
            } else {
                None
            },
            brackets,
        })
    }

    /// Name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Game.
    pub fn game(&self) -> GameChoice {
        self.game
    }

    /// The ballot seed (checkers tournaments with ballot openings only).
    pub fn ballot_seed(&self) -> Option<u64> {
        self.ballot_seed
    }

    /// All brackets.
    pub fn brackets(&self) -> &[Bracket] {
        &self.brackets
    }

    /// Bracket `index` (panics if out of range; see [`Self::brackets`]).
    pub fn bracket(&self, index: usize) -> &Bracket {
        &self.brackets[index]
    }

    /// Records or corrects a result; see [`Bracket::set_result`].
    pub fn set_result(
        &mut self,
        bracket: usize,
        id: MatchId,
        winner: usize,
        score: &str,
        record: &str,
    ) -> Result<Vec<ResetNotice>, ResultError> {
        let brackets = self.brackets.len();
        self.brackets
            .get_mut(bracket)
            .ok_or(ResultError::NoSuchBracket {
                index: bracket,
                brackets,
            })?
            .set_result(id, winner, score, record)
    }

    /// Removes a result; see [`Bracket::clear_result`].
    pub fn clear_result(
        &mut self,
        bracket: usize,
        id: MatchId,
    ) -> Result<Vec<ResetNotice>, ResultError> {
        let brackets = self.brackets.len();
        self.brackets
            .get_mut(bracket)
            .ok_or(ResultError::NoSuchBracket {
                index: bracket,
                brackets,
            })?
            .clear_result(id)
    }

    /// The three-move ballot that game `game` (from 1; a drawn game is
    /// replayed) of match `id` of bracket `bracket` starts from, when the
    /// tournament draws ballots. The same seed always gives the same draw.
    ///
    /// ```
    /// use tiers_bracket::*;
    /// let e = ["Ann", "Bob"].map(Entrant::person).to_vec();
    /// let t = Tournament::new(TournamentSetup {
    ///     name: "Club".into(),
    ///     game: GameChoice::Checkers,
    ///     ballot_seed: Some(5),
    ///     brackets: vec![BracketSetup { name: "Open".into(), entrants: e, seeding: Seeding::AsEntered }],
    /// }).unwrap();
    /// let b = t.ballot(0, 0, 1).unwrap();
    /// assert_eq!(t.ballot(0, 0, 1), Some(b)); // reproducible
    /// assert!((1..=174).contains(&b.number) && b.moves.split(' ').count() == 3);
    /// ```
    pub fn ballot(&self, bracket: usize, id: MatchId, game: u32) -> Option<Ballot> {
        let seed = self.ballot_seed?;
        let key = (bracket as u64) << 40 | (id as u64) << 16 | u64::from(game);
        let mut g = SplitMix64::new(seed ^ key.wrapping_mul(0x9E37_79B9_7F4A_7C15));
        Ballot::get(1 + g.below(u64::from(BALLOT_COUNT)) as u16)
    }

    /// Records (or corrects) a result on a copy and reports which results
    /// further on it would remove, without changing anything: what a page
    /// shows before asking "are you sure?".
    pub fn preview_result(
        &self,
        bracket: usize,
        id: MatchId,
        winner: usize,
    ) -> Result<Vec<ResetNotice>, ResultError> {
        self.clone().set_result(bracket, id, winner, "", "")
    }

    /// Like [`Self::preview_result`], for removing a result.
    pub fn preview_clear(
        &self,
        bracket: usize,
        id: MatchId,
    ) -> Result<Vec<ResetNotice>, ResultError> {
        self.clone().clear_result(bracket, id)
    }

    /// True when every bracket has its champion.
    pub fn is_finished(&self) -> bool {
        self.brackets.iter().all(Bracket::is_finished)
    }

    pub(crate) fn brackets_mut(&mut self) -> &mut [Bracket] {
        &mut self.brackets
    }
}
