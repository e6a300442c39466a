//! The fuzz targets' bodies: a fuzzer input decoded and checked. The fuzz
//! targets in `fuzz/fuzz_targets/` and the corpus replay test call
//! [`run`] with the same bytes, so a kept input replays exactly.
//!
//! An input whose first byte is `0xF8` or more (never in UTF-8 text) is
//! structure-aware: the rest drives a generator of [`crate::gen`]. Any
//! other input is raw text (invalid UTF-8 replaced, as a browser reading a
//! file does). The move targets read their raw text as a position on the
//! first line (empty or `start` for the start) and the move below it; the
//! `boot` target splits its text on NUL into the kept records and the
//! page query ([`crate::app::boot_input`]); `egdb` and `weights` read
//! bytes as they are.

use crate::{gen, Checked, Violation};
use arbitrary::Unstructured;
use tiers_engine::{checkers, tiers, Position};

/// The targets, by name (the names of the fuzz targets and of the
/// corpus folders `fuzz/corpus/<name>/`).
pub const NAMES: [&str; 24] = [
    "fen",
    "tfen",
    "checkers_move",
    "tiers_move",
    "pdn",
    "tournament",
    "json",
    "url",
    "embed_command",
    "saved_game",
    "archive",
    "tournament_store",
    "lesson_progress",
    "preferences",
    "language",
    "boot",
    "course",
    "egdb",
    "weights",
    "live_link",
    "live_message",
    "stun",
    "collection",
    "openings",
];

/// The raw text of an input, or the generator's bytes.
enum Input<'a> {
    Text(String),
    Structured(Unstructured<'a>),
}

fn decode(data: &[u8]) -> Input<'_> {
    match data.split_first() {
        Some((&first, rest)) if first >= 0xF8 => Input::Structured(Unstructured::new(rest)),
        _ => Input::Text(String::from_utf8_lossy(data).into_owned()),
    }
}

/// Splits a raw move input into the position (first line) and the move.
fn position_and_move<P: Position>(text: &str) -> Option<(P, &str)> {
    let (head, mv) = text.split_once('\n').unwrap_or(("", text));
    let head = head.trim();
    if head.is_empty() || head == "start" {
        return Some((P::start(), mv));
    }
    P::parse(head).ok().map(|p| (p, mv))
}

/// Runs target `name` on one input.
pub fn run(name: &str, data: &[u8]) -> Checked {
    if name == "egdb" {
        // Bytes, not text: a leading 0xF8 or more drives the generator.
        return match data.split_first() {
            Some((&first, rest)) if first >= 0xF8 => {
                crate::check_egdb(&gen::near_egdb(&mut Unstructured::new(rest)))
            }
            _ => crate::check_egdb(data),
        };
    }
    if name == "weights" {
        return match data.split_first() {
            Some((&first, rest)) if first >= 0xF8 => {
                crate::check_weights(&gen::near_weights(&mut Unstructured::new(rest)))
            }
            _ => crate::check_weights(data),
        };
    }
    match (name, decode(data)) {
        ("fen", Input::Text(t)) => crate::check_fen(&t),
        ("fen", Input::Structured(mut u)) => {
            if u.arbitrary::<bool>().unwrap_or(false) {
                crate::check_checkers_setup(&gen::checkers_setup(&mut u))
            } else {
                crate::check_fen(&gen::near_fen(&mut u))
            }
        }
        ("tfen", Input::Text(t)) => crate::check_tfen(&t),
        ("tfen", Input::Structured(mut u)) => {
            if u.arbitrary::<bool>().unwrap_or(false) {
                crate::check_tiers_setup(&gen::tiers_setup(&mut u))
            } else {
                crate::check_tfen(&gen::near_tfen(&mut u))
            }
        }
        ("checkers_move", Input::Text(t)) => match position_and_move::<checkers::Position>(&t) {
            Some((pos, mv)) => crate::check_checkers_move(&pos, mv),
            None => Ok(()),
        },
        ("checkers_move", Input::Structured(mut u)) => {
            let (pos, mv) = gen::checkers_move(&mut u);
            crate::check_checkers_move(&pos, &mv)
        }
        ("tiers_move", Input::Text(t)) => match position_and_move::<tiers::Position>(&t) {
            Some((pos, mv)) => crate::check_tiers_move(&pos, mv),
            None => Ok(()),
        },
        ("tiers_move", Input::Structured(mut u)) => {
            let (pos, mv) = gen::tiers_move(&mut u);
            crate::check_tiers_move(&pos, &mv)
        }
        ("pdn", Input::Text(t)) => crate::check_pdn(&t),
        ("pdn", Input::Structured(mut u)) => crate::check_pdn(&gen::near_pdn(&mut u)),
        ("tournament", Input::Text(t)) => crate::check_tournament(&t),
        ("tournament", Input::Structured(mut u)) => {
            crate::check_tournament(&gen::near_tournament(&mut u))
        }
        ("json", Input::Text(t)) => crate::check_json(&t),
        ("json", Input::Structured(mut u)) => crate::check_json(&gen::near_json(&mut u)),
        ("url", Input::Text(t)) => crate::check_url(&t),
        ("url", Input::Structured(mut u)) => crate::check_url(&gen::near_url(&mut u)),
        ("embed_command", Input::Text(t)) => crate::check_embed_command(&t),
        ("embed_command", Input::Structured(mut u)) => {
            crate::check_embed_command(&gen::near_embed_command(&mut u))
        }
        ("saved_game", Input::Text(t)) => crate::check_saved_game(&t),
        ("saved_game", Input::Structured(mut u)) => {
            crate::check_saved_game(&gen::near_saved_game(&mut u))
        }
        ("archive", Input::Text(t)) => crate::check_archive(&t),
        ("archive", Input::Structured(mut u)) => crate::check_archive(&gen::near_archive(&mut u)),
        ("tournament_store", Input::Text(t)) => crate::check_tournament_store(&t),
        ("tournament_store", Input::Structured(mut u)) => {
            crate::check_tournament_store(&gen::near_tournament_store(&mut u))
        }
        ("lesson_progress", Input::Text(t)) => crate::check_lesson_progress(&t),
        ("lesson_progress", Input::Structured(mut u)) => {
            crate::check_lesson_progress(&gen::near_progress(&mut u))
        }
        ("preferences", Input::Text(t)) => crate::check_preferences(&t),
        ("preferences", Input::Structured(mut u)) => {
            crate::check_preferences(&gen::near_preferences(&mut u))
        }
        ("language", Input::Text(t)) => crate::check_language(&t),
        ("language", Input::Structured(mut u)) => {
            crate::check_language(&gen::near_language(&mut u))
        }
        ("boot", Input::Text(t)) => crate::check_boot(&t),
        ("boot", Input::Structured(mut u)) => crate::check_boot(&gen::near_boot(&mut u)),
        ("course", Input::Text(t)) => crate::check_course(&t),
        ("course", Input::Structured(mut u)) => crate::check_course(&gen::near_course(&mut u)),
        ("live_link", Input::Text(t)) => crate::check_live_link(&t),
        ("live_link", Input::Structured(mut u)) => {
            crate::check_live_link(&gen::near_live_link(&mut u))
        }
        ("live_message", Input::Text(t)) => crate::check_live_message(&t),
        ("live_message", Input::Structured(mut u)) => {
            crate::check_live_message(&gen::near_live_message(&mut u))
        }
        ("stun", Input::Text(t)) => crate::check_stun(&t),
        ("stun", Input::Structured(mut u)) => crate::check_stun(&gen::near_stun(&mut u)),
        ("collection", Input::Text(t)) => crate::check_collection(&t),
        ("collection", Input::Structured(mut u)) => {
            crate::check_collection(&gen::near_collection(&mut u))
        }
        ("openings", Input::Text(t)) => crate::check_openings(&t),
        ("openings", Input::Structured(mut u)) => {
            crate::check_openings(&gen::near_openings(&mut u))
        }
        (other, _) => Err(Violation(format!(
            "no target `{other}` (targets: {})",
            NAMES.join(", ")
        ))),
    }
}
