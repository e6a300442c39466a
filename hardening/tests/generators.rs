//! The structure-aware generators give near-valid inputs: from random
//! bytes, a good share of what they build is read and a good share is
//! refused, so the checks see both sides of every reader.

use arbitrary::Unstructured;
use tiers_bracket::Tournament;
use tiers_engine::{checkers, pdn, tiers, Position};
use tiers_hardening::gen;
use tiers_json::Json;
use tiers_rng::SplitMix64;

/// `n` byte strings of 600 bytes from a fixed seed (SplitMix64).
fn inputs(n: usize) -> Vec<Vec<u8>> {
    let mut rng = SplitMix64::new(0x5EED);
    (0..n)
        .map(|_| (0..600).map(|_| rng.next_u64() as u8).collect())
        .collect()
}

/// How many of 200 generated inputs the reader accepts.
fn accepted(make: impl Fn(&mut Unstructured<'_>) -> bool) -> usize {
    inputs(200)
        .iter()
        .filter(|bytes| make(&mut Unstructured::new(bytes)))
        .count()
}

fn both_sides(name: &str, n: usize) {
    assert!((20..=180).contains(&n), "{name}: {n} of 200 accepted");
}

#[test]
fn generated_inputs_are_near_valid() {
    both_sides(
        "FEN",
        accepted(|u| checkers::Position::parse(&gen::near_fen(u)).is_ok()),
    );
    both_sides(
        "TFEN",
        accepted(|u| tiers::Position::parse(&gen::near_tfen(u)).is_ok()),
    );
    both_sides(
        "checkers move",
        accepted(|u| {
            let (pos, text) = gen::checkers_move(u);
            pos.parse_move(&text).is_ok()
        }),
    );
    both_sides(
        "Tiers move",
        accepted(|u| {
            let (pos, text) = gen::tiers_move(u);
            pos.parse_move(&text).is_ok()
        }),
    );
    both_sides(
        "PDN",
        accepted(|u| pdn::read_any(&gen::near_pdn(u)).is_ok()),
    );
    both_sides(
        "tournament",
        accepted(|u| Tournament::from_json(&gen::near_tournament(u)).is_ok()),
    );
    both_sides(
        "JSON",
        accepted(|u| Json::parse(&gen::near_json(u)).is_ok()),
    );
}

#[test]
fn generated_app_inputs_are_near_valid() {
    use tiers_core::boot::boot;
    use tiers_core::embed::parse_command;
    use tiers_core::learn::{course, progress::Progress};
    use tiers_core::library::{archive::Archive, saved, share};
    use tiers_core::tournament::store;
    use tiers_engine::egdb::Egdb;
    use tiers_hardening::app::boot_input;

    both_sides(
        "share link",
        accepted(|u| share::open(&gen::near_url(u), false).is_ok()),
    );
    both_sides(
        "embed command",
        accepted(|u| {
            Json::parse(&gen::near_embed_command(u)).is_ok_and(|m| parse_command(&m).is_ok())
        }),
    );
    both_sides(
        "live link",
        accepted(|u| tiers_core::live::link::decode(&gen::near_live_link(u)).is_ok()),
    );
    both_sides(
        "live message",
        accepted(|u| tiers_core::live::parse(&gen::near_live_message(u)).is_ok()),
    );
    both_sides(
        "saved game",
        accepted(|u| saved::read(&gen::near_saved_game(u)).problem.is_none()),
    );
    both_sides(
        "archive",
        accepted(|u| Archive::read(&gen::near_archive(u)).problem.is_none()),
    );
    both_sides(
        "tournaments",
        accepted(|u| {
            store::decode(Some(&gen::near_tournament_store(u)))
                .problems
                .is_empty()
        }),
    );
    both_sides(
        "lesson progress",
        accepted(|u| Progress::read(&gen::near_progress(u)).problem.is_none()),
    );
    both_sides(
        "boot",
        accepted(|u| {
            let (stored, query) = boot_input(&gen::near_boot(u));
            let b = boot(&stored, &query, false);
            b.set_aside.is_empty()
        }),
    );
    both_sides(
        "course",
        accepted(|u| course::read(&gen::near_course(u)).is_ok()),
    );
    assert!(
        Egdb::from_bytes(gen::egdb_file()).is_ok(),
        "the small database loads"
    );
    both_sides(
        "endgame database",
        accepted(|u| Egdb::from_bytes(&gen::near_egdb(u)).is_ok()),
    );
    both_sides(
        "weights",
        accepted(|u| {
            use tiers_engine::search::eval::learned::Weights;
            let bytes = gen::near_weights(u);
            Weights::parse::<checkers::Position>(&bytes).is_ok()
                || Weights::parse::<tiers::Position>(&bytes).is_ok()
        }),
    );
}
