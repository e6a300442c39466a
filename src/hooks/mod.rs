//! The side effects, each behind one hook: the AI worker ([`use_ai`]),
//! keeping the app's records on the device ([`use_persistence`]), the
//! game's sounds and the look of the preferences ([`use_game_events`]) and
//! the clocks' ticking ([`use_clock`]).

pub mod use_ai;
pub mod use_clock;
pub mod use_game_events;
pub mod use_language;
pub mod use_persistence;

pub use use_ai::use_ai;
pub use use_clock::use_clock;
pub use use_game_events::{use_game_events, use_look};
pub use use_language::use_language;
pub use use_persistence::use_persistence;
