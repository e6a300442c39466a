//! Hooks that hide the plumbing: the AI worker.

pub mod use_ai;

pub use use_ai::use_ai;
