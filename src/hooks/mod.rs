//! Hooks that hide the plumbing: the AI worker, saving to the browser.

pub mod use_ai;
pub mod use_saving;

pub use use_ai::use_ai;
pub use use_saving::use_saving;
