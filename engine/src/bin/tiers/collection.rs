//! `tiers collection`: the opening explorer's games collection (checkers).
//! From each of the 156 ACF ballots, two games of the engine against
//! itself between two strong fixed settings (a search of N positions and
//! one of 2N per move, each from a cleared searcher, no book, no endgame
//! database), each setting once with each colour, so the file is the same
//! on every machine. Written to standard output, one game a line
//! (docs/content-formats.md, "The games collection").

use tiers_engine::pdn::{PdnResult, Variant};
use tiers_engine::search::{SearchConfig, SearchLimits, Searcher};
use tiers_engine::{checkers, Color, Game, Position};

use super::ballots;

/// `tiers collection --help`.
pub const HELP: &str = "\
tiers collection [--nodes N] [--max-plies P]
               the opening explorer's games collection: from each of the 156 ACF ballots,
               two games of the engine against itself, a search of N positions per move
               (default 20000) against one of 2N, each once with each colour; a game not
               over after P plies (default 300) is written unfinished (`*`);
               one `ballot|result|moves` a line";

/// Runs the command.
pub fn run(args: &[String]) -> Result<(), String> {
    let mut nodes = 20_000u64;
    let mut max_plies = 300usize;
    let mut it = args.iter();
    while let Some(name) = it.next() {
        let value = it.next().ok_or(format!("{name} needs a value"))?;
        match name.as_str() {
            "--nodes" => nodes = value.parse().map_err(|_| "--nodes: not a number")?,
            "--max-plies" => max_plies = value.parse().map_err(|_| "--max-plies: not a number")?,
            other => return Err(format!("unknown option `{other}`; {HELP}")),
        }
    }
    if nodes == 0 || max_plies < 3 {
        return Err("--nodes must be at least 1 and --max-plies at least 3".into());
    }
    println!("# The opening explorer's games collection (checkers): from each ACF ballot,");
    println!(
        "# the engine against itself, {nodes} and {} positions a move, each with both",
        2 * nodes
    );
    println!("# colours. Made by `tiers collection --nodes {nodes} --max-plies {max_plies}`");
    println!("# ballot|result|moves");
    let mut searcher = Searcher::default();
    for b in ballots::load() {
        for strong in [Color::Black, Color::Red] {
            let (result, moves) = play(&mut searcher, &b, nodes, strong, max_plies)?;
            println!("{}|{result}|{}", b.number, moves.join(" "));
        }
    }
    Ok(())
}

/// One game from ballot `b`: `strong` searches 2N positions a move, the
/// other side N. Its PDN result and its moves from the start.
fn play(
    searcher: &mut Searcher,
    b: &ballots::Ballot,
    nodes: u64,
    strong: Color,
    max_plies: usize,
) -> Result<(&'static str, Vec<String>), String> {
    let mut game = Game::new(checkers::Position::start());
    for mv in b.moves.split_whitespace() {
        game.play_text(mv)
            .map_err(|e| format!("ballot {}: {mv}: {e:?}", b.number))?;
    }
    while game.outcome().is_none() && game.ply() < max_plies {
        let pos = *game.position();
        let history: Vec<u64> = (0..game.ply())
            .filter_map(|p| game.position_at(p).map(Position::zobrist))
            .collect();
        searcher.clear();
        let budget = if pos.side_to_move() == strong {
            2 * nodes
        } else {
            nodes
        };
        let config = SearchConfig::analysis(SearchLimits::nodes(budget));
        let found = searcher
            .search(&pos, &history, &config, |_| {})
            .ok_or(format!("ballot {}: no move found", b.number))?;
        game.play(found.best)
            .map_err(|e| format!("ballot {}: {e:?}", b.number))?;
    }
    let result = PdnResult::of_outcome(game.outcome()).text(checkers::Position::FIRST);
    Ok((result, game.move_texts()))
}
