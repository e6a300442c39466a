//! Large inputs that once took quadratic time, built here rather than
//! kept as files: each must pass its reader's checks, the time bound
//! (CPU time) included. Each was minutes or seconds before its fix.

use tiers_hardening::{alloc, check_json, check_pdn};

#[global_allocator]
static ALLOC: alloc::Counting = alloc::Counting;

#[test]
fn large_inputs_are_read_in_linear_time() {
    // A JSON object of 20,000 fields: each name was compared with every
    // earlier one to refuse repeats (1 MB took 18 s).
    let fields = (0..20_000)
        .map(|i| format!("\"f{i}\":{i}"))
        .collect::<Vec<_>>()
        .join(",");
    check_json(&format!("{{{fields}}}")).unwrap();
    // ... and a repeat far down the list is still refused.
    let repeat = format!("{{{fields},\"f17\":0}}");
    let err = tiers_json::Json::parse(&repeat).unwrap_err();
    assert!(err.starts_with("field \"f17\" given twice"), "{err}");

    // A game with 20,000 tags: each was looked up in the list of the
    // earlier ones (60,000 took 5 s).
    let tags: String = (0..20_000).map(|i| format!("[T{i} \"v\"]\n")).collect();
    check_pdn(&format!("{tags}[T5 \"last\"]\n1. 11-15 *\n")).unwrap();
    let games = tiers_engine::pdn::read_any(&format!("{tags}[T5 \"last\"]\n1. 11-15 *\n")).unwrap();
    let tiers_engine::pdn::AnyPdnGame::Checkers(g) = &games[0] else {
        panic!("a checkers game")
    };
    assert_eq!(g.tags.get("T5"), Some("last"), "a repeated tag replaces");
    assert_eq!(g.tags.iter().count(), 20_000);

    // A game of 20,000 plies of two kings going to and fro: the whole
    // outcome, with its repetition count over every earlier position, was
    // computed before each move.
    let mut movetext = String::new();
    for n in (1..10_000).step_by(2) {
        movetext.push_str(&format!("{n}. 1-5 32-28 {}. 5-1 28-32 ", n + 1));
    }
    check_pdn(&format!(
        "[SetUp \"1\"]\n[FEN \"B:WK32:BK1\"]\n{movetext}*\n"
    ))
    .unwrap();
}
