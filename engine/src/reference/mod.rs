//! Naive, slow reference move generators for both games, written straight
//! from RULES.md without the engine's bitboards, to check the engine's
//! move generation against ([`tiers::compare`], [`checkers::compare`]).
//! Used by the tests and by `tiers random-games`; behind the `reference`
//! feature (on by default), which the web app leaves off.

pub mod checkers;
pub mod tiers;
