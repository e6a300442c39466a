//! `tiers openings`: the opening trainer's lines (checkers). After each of
//! the 156 ACF ballots, the engine's main line a few plies deep: each move
//! the best of a search of a fixed number of positions from a cleared
//! searcher (no book, no endgame database), so the file is the same on
//! every machine. Written to standard output, one ballot a line
//! (docs/content-formats.md, "Opening trainer lines").

use tiers_engine::checkers;
use tiers_engine::search::{SearchConfig, SearchLimits, Searcher};
use tiers_engine::Position;

use super::ballots;

/// `tiers openings --help`.
pub const HELP: &str = "\
tiers openings [--plies P] [--nodes N]
               the opening trainer's lines: after each of the 156 ACF ballots, P plies
               (default 4) of the engine's main line, each move searched to N positions
               (default 300000) from a cleared searcher; one `number|ballot|line` a line";

/// Runs the command.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut plies = 4usize;
    let mut nodes = 300_000u64;
    let mut it = args.iter();
    while let Some(name) = it.next() {
        let value = it.next().ok_or(format!("{name} needs a value"))?;
        match name.as_str() {
            "--plies" => plies = value.parse().map_err(|_| "--plies: not a number")?,
            "--nodes" => nodes = value.parse().map_err(|_| "--nodes: not a number")?,
            other => return Err(format!("unknown option `{other}`; {HELP}")),
        }
    }
    if !(1..=12).contains(&plies) || nodes == 0 {
        return Err("--plies must be 1 to 12 and --nodes at least 1".into());
    }
    println!("# The opening trainer's lines (checkers): after each ACF ballot, the");
    println!("# engine's main line. Made by `tiers openings --plies {plies} --nodes {nodes}`");
    println!("# number|ballot|line");
    let mut searcher = Searcher::default();
    for b in ballots::load() {
        let mut pos =
            checkers::Position::parse(&b.fen).map_err(|e| format!("ballot {}: {e}", b.number))?;
        let mut history = Vec::new();
        let mut line = Vec::new();
        for _ in 0..plies {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            searcher.clear();
            let config = SearchConfig::analysis(SearchLimits::nodes(nodes));
            let found = searcher
                .search(&pos, &history, &config, |_| {})
                .ok_or(format!("ballot {}: no move found", b.number))?;
            line.push(pos.move_to_string(&found.best));
            history.push(pos.zobrist());
            pos = pos.play(&found.best);
        }
        println!("{}|{}|{}", b.number, b.moves, line.join(" "));
    }
    Ok(())
}
