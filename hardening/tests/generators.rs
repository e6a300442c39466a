//! The structure-aware generators give near-valid inputs: from random
//! bytes, a good share of what they build is read and a good share is
//! refused, so the checks see both sides of every reader.

use arbitrary::Unstructured;
use tiers_bracket::Tournament;
use tiers_engine::{checkers, pdn, tiers, Position};
use tiers_hardening::gen;
use tiers_json::Json;

/// `n` byte strings of 600 bytes from a fixed seed (SplitMix64).
fn inputs(n: usize) -> Vec<Vec<u8>> {
    let mut state = 0x5EED_u64;
    (0..n)
        .map(|_| {
            (0..600)
                .map(|_| {
                    state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                    let mut z = state;
                    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                    (z ^ (z >> 31)) as u8
                })
                .collect()
        })
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
