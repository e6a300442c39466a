//! Tiers web app: play American checkers and Tiers (Ultra Checkers) in the
//! browser against the computer (searching in a web worker) or a friend.
//!
//! Layout: [`app`] (top component), [`state`] (the one reducer),
//! [`components`] (board, pieces, screens), [`hooks`] (the AI worker
//! plumbing), [`worker`] (the AI agent), [`input`] (clicks to moves),
//! [`record`] (the game record seen by the interface), [`setup`] (the
//! formation editor), [`params`] (game parameters from URLs and host
//! pages), [`embed`] (embed configuration and the postMessage protocol),
//! [`library`] (saved games, the archive, game files, share links and the
//! board editor's model), [`tournament`] (double-elimination tournaments: their own reducer,
//! storage and the computer players of a match).

pub mod app;
pub mod components;
pub mod embed;
pub mod hooks;
pub mod input;
pub mod library;
pub mod params;
pub mod record;
pub mod setup;
pub mod state;
pub mod tournament;
pub mod worker;
