//! The side effects, each behind one hook: the AI worker ([`use_ai`]) and
//! keeping the app's records on the device ([`use_persistence`]).

pub mod use_ai;
pub mod use_persistence;

pub use use_ai::use_ai;
pub use use_persistence::use_persistence;
