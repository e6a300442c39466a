//! Double-elimination tournaments for Tiers, played on one device.
//!
//! * [`Structure`]: the shape of a bracket for 2–64 entrants (winners'
//!   bracket with standard seeding and byes for the top seeds, losers'
//!   bracket with a documented drop-in order, grand final and reset).
//! * [`Bracket`]: entrants, results (recorded, corrected, with everything
//!   downstream recomputed), standings and final placing.
//! * [`Tournament`]: a name, a game and one or more brackets; saved and
//!   exchanged as versioned JSON ([`Tournament::to_json`],
//!   [`Tournament::from_json`]).
//! * [`svg::render`]: the bracket drawn as an SVG picture.
//!
//! The crate has no web dependencies and does not need the engine: a
//! checkers tournament draws each game's three-move ballot from the standard
//! deck ([`Tournament::ballot`], [`ballots::DECK`]) and leaves playing it to
//! the caller.
//!
//! ```
//! use tiers_bracket::{Bracket, Entrant, Seeding, Stage};
//! let names = ["Ann", "Bob", "Cy", "Dee", "Eve"];
//! let mut b = Bracket::new("Adults", names.map(Entrant::person).to_vec(), Seeding::AsEntered)
//!     .unwrap();
//! // Play every match; the better seed (lower number) always wins.
//! while let Some(&id) = b.ready_matches().first() {
//!     let [x, y] = b.players(id).map(Option::unwrap);
//!     b.set_result(id, x.min(y), "", "").unwrap();
//! }
//! assert_eq!(b.champion(), Some(0));
//! assert_eq!(b.structure().matches.last().unwrap().stage, Stage::GrandFinalReset);
//! ```
#![deny(missing_docs)]

pub mod ballots;
pub mod bracket;
pub mod entrant;
pub mod error;
pub mod file;
pub mod structure;
pub mod svg;
pub mod tournament;

/// Whether two names are the same, ignoring case and surrounding spaces.
pub(crate) fn same_name(a: &str, b: &str) -> bool {
    a.trim().to_uppercase() == b.trim().to_uppercase()
}

/// The indices `0..n` in stable order of `key`.
pub(crate) fn order_by(n: usize, key: &dyn Fn(usize) -> u64) -> Vec<usize> {
    let mut out: Vec<usize> = (0..n).collect();
    out.sort_by_cached_key(|&i| key(i));
    out
}

pub use ballots::Ballot;
pub use bracket::{Bracket, MatchResult, MatchStatus, Place, ResetNotice, Standing};
pub use entrant::{Entrant, Seeding, LEVELS, MAX_NAME_CHARS};
pub use error::{NameOf, ResultError, SetupError};
pub use file::{Expected, ImportError, ShapeProblem, FORMAT, VERSION};
pub use structure::{
    DropOrder, MatchId, MatchSpec, SizeError, Source, Stage, Structure, MAX_ENTRANTS,
};
pub use tournament::{BracketSetup, GameChoice, Tournament, TournamentSetup, BALLOT_COUNT};
