//! Puzzles: tactical positions found in the engine's own games, their file
//! format, and the checks of a puzzle.
//!
//! A puzzle is a position where the side to move (the *solver*) has
//! exactly one move that wins material by a clear margin (or wins the
//! game, or reaches an endgame database win), with its solution line: the
//! solver's moves and the opponent's best replies, always ending with a
//! solver's move (1–4 of them).
//!
//! # The file format
//!
//! Plain text, one puzzle per line, five fields separated by `|`:
//!
//! ```text
//! # comment lines start with `#`; blank lines are skipped
//! c0003 | W:WK1,15,19,29,32:B6,8,10,12,28 | 29-25 6-9 15x6 | 1160 | quiet move
//! ```
//!
//! id (letters, digits, `-`), position (PDN FEN or TFEN), the solution
//! moves separated by spaces (solver first, an odd count), the rating
//! (a whole number, 400–3000) and the themes (comma separated, possibly
//! none). [`read`] reads a file and names the line and field of the first
//! problem; it only parses (the checks against the rules are
//! [`Puzzle::check`]). [`read_each`] goes on past a bad line and names
//! every one: the web app reads the shipped files with it and leaves out,
//! with a notice, any puzzle that does not read or play.
//!
//! # Generation
//!
//! [`generate`] plays games of the engine against itself at a noisy level
//! (so that it makes mistakes), scans every position with a search, and
//! keeps a position when a search of every legal move (each move, then
//! a search of the reply at `verify_depth - 1`) shows one move ahead of
//! all others by at least `threshold` (hundredths of a man) and its line
//! realises the gain within four solver moves; each later solver move of
//! the line must be just as clearly the only good one (or the only legal
//! move). Everything is depth-limited, so the same configuration gives the
//! same puzzles. The rating is [`rating`] of the depth at which the search
//! first finds the move, the length of the line and the number of legal
//! alternatives.
//!
//! # One check for the generator and the verifier
//!
//! [`confirm`] searches a puzzle again with a fresh [`verifier`] (a cleared
//! transposition table, so the answer depends only on the puzzle): at
//! each solver move with a choice, the solution's move must stand out
//! ([`stands_out`], the same test the generator applies to the later
//! moves of a line). The generator keeps a puzzle only when [`confirm`]
//! passes at `verify_depth` and `margin`, and `tiers puzzles verify` runs
//! the same [`confirm`] on a file: a file straight from the generator
//! verifies, and one the engine no longer agrees with fails.

use std::collections::HashSet;
use std::fmt;
use std::sync::Arc;

use crate::egdb::Egdb;
use crate::search::{
    Evaluate, Level, Mobility, SearchConfig, SearchLimits, Searcher, EGDB_BOUND, MATE_BOUND,
};
use crate::{PieceKind, Position};

/// The most solver moves in a solution line.
pub const MAX_SOLVER_MOVES: usize = 4;
/// The lowest and highest rating written.
pub const RATING_RANGE: (u32, u32) = (400, 3000);

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// Its id, unique in its file (`c0001`).
    pub id: String,
    /// The position (PDN FEN or TFEN); the solver is the side to move.
    pub position: String,
    /// The solution line: solver, reply, solver, … (odd length).
    pub solution: Vec<String>,
    /// The difficulty, Elo-like (400–3000).
    pub rating: u32,
    /// Themes ("shot", "multi-jump", …).
    pub themes: Vec<String>,
}

/// A problem in a puzzle file: the line (from 1) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadError {
    /// The line number, from 1.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

impl std::error::Error for ReadError {}

impl Puzzle {
    /// The puzzle as one line of a file.
    #[must_use]
    pub fn to_line(&self) -> String {
        format!(
            "{} | {} | {} | {} | {}",
            self.id,
            self.position,
            self.solution.join(" "),
            self.rating,
            self.themes.join(",")
        )
    }

    /// Reads one line (not a comment or blank).
    ///
    /// ```
    /// use tiers_engine::puzzle::Puzzle;
    /// let p = Puzzle::parse_line("c1 | B:W18:B14 | 14x23 | 900 | ").unwrap();
    /// assert_eq!(p.solution, vec!["14x23"]);
    /// assert!(p.themes.is_empty());
    /// assert_eq!(Puzzle::parse_line("c1 | B:W18:B14 | 14x23 | hard | ").unwrap_err(),
    ///     "the rating must be a whole number from 400 to 3000, found `hard`");
    /// ```
    pub fn parse_line(line: &str) -> Result<Puzzle, String> {
        let fields: Vec<&str> = line.split('|').map(str::trim).collect();
        let [id, position, solution, rating, themes] = fields[..] else {
            return Err(format!(
                "a puzzle has 5 fields separated by `|` (id, position, solution, rating, themes); found {}",
                fields.len()
            ));
        };
        if id.is_empty()
            || id.len() > 32
            || !id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
        {
            return Err(format!(
                "the id must be 1-32 letters, digits, `-` or `_`, found `{id}`"
            ));
        }
        if position.is_empty() {
            return Err("the position is empty".into());
        }
        let solution: Vec<String> = solution.split_whitespace().map(String::from).collect();
        if solution.len().is_multiple_of(2) {
            return Err(format!(
                "the solution must have an odd number of moves (it ends with the solver's move), found {}",
                solution.len()
            ));
        }
        if solution.len() > 2 * MAX_SOLVER_MOVES - 1 {
            return Err(format!(
                "the solution has {} moves, at most {} are allowed",
                solution.len(),
                2 * MAX_SOLVER_MOVES - 1
            ));
        }
        let rating = rating
            .parse::<u32>()
            .ok()
            .filter(|r| (RATING_RANGE.0..=RATING_RANGE.1).contains(r))
            .ok_or_else(|| {
                format!(
                    "the rating must be a whole number from {} to {}, found `{rating}`",
                    RATING_RANGE.0, RATING_RANGE.1
                )
            })?;
        let themes: Vec<String> = themes
            .split(',')
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .map(String::from)
            .collect();
        if let Some(t) = themes.iter().find(|t| {
            !t.chars()
                .all(|c| c.is_ascii_lowercase() || c == '-' || c == ' ')
        }) {
            return Err(format!("a theme is lower-case words, found `{t}`"));
        }
        Ok(Puzzle {
            id: id.to_string(),
            position: position.to_string(),
            solution,
            rating,
            themes,
        })
    }

    /// Checks the puzzle against the rules of `P`: the position reads, the
    /// solver has a choice (more than one legal move), and every move of the
    /// solution is legal in turn and written as the engine writes it.
    /// Returns the position.
    pub fn check<P: Position>(&self) -> Result<P, String> {
        let start = P::parse(&self.position)
            .map_err(|e| format!("puzzle {}: the position cannot be read: {e}", self.id))?;
        let mut moves = Vec::new();
        start.legal_moves(&mut moves);
        if moves.len() < 2 {
            return Err(format!(
                "puzzle {}: the side to move has {} legal move(s), no choice",
                self.id,
                moves.len()
            ));
        }
        let mut pos = start.clone();
        for (i, text) in self.solution.iter().enumerate() {
            let mv = pos.parse_move(text).map_err(|e| {
                format!(
                    "puzzle {}: move {} ({text}) cannot be played: {e}",
                    self.id,
                    i + 1
                )
            })?;
            let written = pos.move_to_string(&mv);
            if &written != text {
                return Err(format!(
                    "puzzle {}: move {} is written `{text}`, the engine writes `{written}`",
                    self.id,
                    i + 1
                ));
            }
            pos = pos.play(&mv);
        }
        Ok(start)
    }
}

/// Reads a puzzle file (see the module's format); the error names the first
/// bad line. Ids must be unique.
///
/// ```
/// use tiers_engine::puzzle::read;
/// let text = "# checkers\nc1 | B:W18:B14 | 14x23 | 900 | \n\nc2 | B:W18:B14 | 14x23 | 950 | shot\n";
/// assert_eq!(read(text).unwrap().len(), 2);
/// assert_eq!(read("c1 | x").unwrap_err().to_string(),
///     "line 1: a puzzle has 5 fields separated by `|` (id, position, solution, rating, themes); found 2");
/// ```
pub fn read(text: &str) -> Result<Vec<Puzzle>, ReadError> {
    let (list, mut problems) = read_each(text);
    if problems.is_empty() {
        Ok(list)
    } else {
        Err(problems.swap_remove(0))
    }
}

/// Reads a puzzle file as far as it goes: the puzzles of the lines that
/// read, and the problem of every line that does not (a second use of an
/// id is one; the first use is kept), in the order of the lines. A file
/// with no puzzle line at all is one problem. [`read`] is the strict form.
///
/// ```
/// use tiers_engine::puzzle::read_each;
/// let (list, problems) = read_each("c1 | B:W18:B14 | 14x23 | 900 | \nc2 | x\nc1 | B:W18:B14 | 14x23 | 900 | \n");
/// assert_eq!(list.len(), 1);
/// assert_eq!(problems.iter().map(|p| p.line).collect::<Vec<_>>(), [2, 3]);
/// assert_eq!(problems[1].message, "the id c1 is used twice");
/// ```
#[must_use]
pub fn read_each(text: &str) -> (Vec<Puzzle>, Vec<ReadError>) {
    let mut out = Vec::new();
    let mut problems = Vec::new();
    let mut ids = HashSet::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let message = match Puzzle::parse_line(line) {
            Ok(p) if ids.insert(p.id.clone()) => {
                out.push(p);
                continue;
            }
            Ok(p) => format!("the id {} is used twice", p.id),
            Err(message) => message,
        };
        problems.push(ReadError {
            line: i + 1,
            message,
        });
    }
    if out.is_empty() && problems.is_empty() {
        problems.push(ReadError {
            line: text.lines().count().max(1),
            message: "the file holds no puzzle".into(),
        });
    }
    (out, problems)
}

/// The rating of a puzzle: 600, plus 90 for each ply of search depth the
/// engine needed to find the first move, plus 150 for each solver move
/// after the first, plus 20 for each legal alternative (at most 10), plus
/// 150 when the first move captures nothing (a quiet move or a sacrifice
/// is harder to see), within [`RATING_RANGE`].
///
/// ```
/// use tiers_engine::puzzle::rating;
/// assert_eq!(rating(2, 1, 3, false), 600 + 180 + 60);
/// assert_eq!(rating(9, 3, 20, true), 600 + 810 + 300 + 200 + 150);
/// ```
#[must_use]
pub fn rating(depth_needed: u32, solver_moves: usize, alternatives: usize, quiet: bool) -> u32 {
    let r = 600
        + 90 * depth_needed
        + 150 * (solver_moves.saturating_sub(1) as u32)
        + 20 * (alternatives.min(10) as u32)
        + if quiet { 150 } else { 0 };
    r.clamp(RATING_RANGE.0, RATING_RANGE.1)
}

/// How to generate puzzles.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenConfig {
    /// How many puzzles to find.
    pub count: usize,
    /// Seed of the self-play games.
    pub seed: u64,
    /// The level the games are played at (with its noise).
    pub play_level: Level,
    /// The depth of the scan of every position.
    pub scan_depth: u32,
    /// The depth of the check of every legal move of a candidate.
    pub verify_depth: u32,
    /// The margin of the solution over every other move (1/100 man).
    pub threshold: i32,
    /// The margin [`confirm`] asks of every puzzle found, with a fresh
    /// searcher at `verify_depth` (1/100 man; `tiers puzzles verify
    /// --margin`, 100 by default).
    pub margin: i32,
    /// The longest game (plies).
    pub max_plies: usize,
    /// The most games played (the generator stops there even if it has
    /// found fewer than `count`).
    pub max_games: u64,
    /// The id prefix (`c`, `t`).
    pub prefix: char,
}

/// What the generator has done so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct GenStats {
    /// Games played.
    pub games: u64,
    /// Positions scanned.
    pub scanned: u64,
    /// Positions checked move by move.
    pub candidates: u64,
    /// Puzzles [`examine`] found that [`confirm`] then refused (a fresh
    /// search no longer sees the solution stand out by `margin`).
    pub refused: u64,
    /// Puzzles found.
    pub found: usize,
}

/// The score of every legal move of `pos` for the side to move (best
/// first, ties in move order), each from a search of the position after it
/// to `depth - 1`; the principal variation starts with the move.
pub fn score_moves<P: Evaluate>(
    searcher: &mut Searcher,
    pos: &P,
    history: &[u64],
    depth: u32,
) -> Vec<(i32, P::Move, Vec<String>)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut hist = history.to_vec();
    hist.push(pos.zobrist());
    let config = SearchConfig {
        limits: SearchLimits::depth(depth.saturating_sub(1).max(1)),
        level: Level::MAX,
        seed: 0,
    };
    let mut out: Vec<(i32, P::Move, Vec<String>)> = moves
        .iter()
        .map(|m| {
            let child = pos.play(m);
            let text = pos.move_to_string(m);
            match searcher.search(&child, &hist, &config, |_| {}) {
                None => (crate::search::MATE - 1, *m, vec![text]),
                Some(r) => {
                    let mut s = -r.score;
                    // One ply further from the root.
                    if s.abs() > EGDB_BOUND {
                        s -= s.signum();
                    }
                    let mut pv = vec![text];
                    pv.extend(r.pv);
                    (s, *m, pv)
                }
            }
        })
        .collect();
    out.sort_by_key(|b| std::cmp::Reverse(b.0));
    out
}

/// The searcher [`confirm`] is meant to run with, the same for the
/// generator, `tiers puzzles verify` and the tests: a 16 MiB
/// transposition table and the endgame database (checkers), if any.
#[must_use]
pub fn verifier(egdb: Option<Arc<Egdb>>) -> Searcher {
    let mut searcher = Searcher::new(16);
    searcher.set_egdb(egdb);
    searcher
}

/// Whether `mv` stands out among the legal moves of `pos` (with the game's
/// `history` before it): it is the only legal move, or every legal move
/// searched to `depth` ([`score_moves`]) puts it first, ahead of the next
/// by `margin` (1/100 man) or as the only win. The error says what the
/// search found instead: `the search to depth 6 gives a1-c3 (992), then
/// b2-b1 (990)`.
pub fn stands_out<P: Evaluate>(
    searcher: &mut Searcher,
    pos: &P,
    history: &[u64],
    mv: &P::Move,
    depth: u32,
    margin: i32,
) -> Result<(), String> {
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    if legal.len() < 2 {
        return Ok(());
    }
    let scores = score_moves(searcher, pos, history, depth);
    let (a, b) = (scores[0].0, scores[1].0);
    if scores[0].1 == *mv && clear(a, b, margin) {
        return Ok(());
    }
    Err(format!(
        "the search to depth {depth} gives {} ({a}), then {} ({b})",
        pos.move_to_string(&scores[0].1),
        pos.move_to_string(&scores[1].1),
    ))
}

/// Whether a score is a win (by search or database).
fn is_win(score: i32) -> bool {
    score > EGDB_BOUND
}

/// Whether `best` stands clear of `second` by `threshold`: a win against
/// no win, or a margin of `threshold` between two evaluations.
fn clear(best: i32, second: i32, threshold: i32) -> bool {
    if is_win(best) {
        !is_win(second)
    } else {
        best - second >= threshold
    }
}

/// Material for `solver` (the side to move's material, turned).
fn material_for<P: Evaluate>(pos: &P, solver: crate::Color) -> i32 {
    if pos.side_to_move() == solver {
        pos.material()
    } else {
        -pos.material()
    }
}

/// Checks the position as a puzzle with its history; returns the puzzle
/// without id when it is one.
#[allow(clippy::too_many_lines)]
pub fn examine<P: Evaluate>(
    searcher: &mut Searcher,
    pos: &P,
    history: &[u64],
    config: &GenConfig,
) -> Option<Puzzle> {
    let solver = pos.side_to_move();
    let scores = score_moves(searcher, pos, history, config.verify_depth);
    if scores.len() < 2 || !clear(scores[0].0, scores[1].0, config.threshold) {
        return None;
    }
    let best = scores[0].0;
    if !is_win(best) && best < config.threshold / 2 {
        // Only move to hold on: a defence, not a win of material.
        return None;
    }
    let start_material = material_for(pos, solver);
    // Walk the line: solver, reply, solver, …
    let pv = &scores[0].2;
    let mut line = Vec::new();
    let mut cur = pos.clone();
    let mut hist = history.to_vec();
    let mut realised = false;
    let mut solver_moves = 0;
    for (i, text) in pv.iter().enumerate() {
        let mv = cur.parse_move(text).ok()?;
        if i % 2 == 0 && i > 0 {
            // A later solver move must be the only good one as well.
            let depth = config.verify_depth.saturating_sub(i as u32).max(4);
            stands_out(searcher, &cur, &hist, &mv, depth, config.threshold).ok()?;
        }
        line.push(text.clone());
        hist.push(cur.zobrist());
        cur = cur.play(&mv);
        if i % 2 == 0 {
            solver_moves += 1;
            let gained = material_for(&cur, solver) - start_material >= 100;
            let over = cur.mobility() == Mobility::Stuck;
            let calm = cur.mobility() != Mobility::Captures;
            if over || (gained && calm) {
                realised = true;
                break;
            }
            if solver_moves == MAX_SOLVER_MOVES {
                break;
            }
        }
    }
    if line.len().is_multiple_of(2) {
        // The line ended on a reply: drop it.
        line.pop();
    }
    if !realised {
        if best > EGDB_BOUND && best <= MATE_BOUND {
            // A database win: the first move is the puzzle.
            line.truncate(1);
        } else {
            return None;
        }
    }
    // The depth at which the search first settles on the move.
    let first = scores[0].1;
    let first_text = pos.move_to_string(&first);
    let mut depth_needed = config.verify_depth;
    let mut settled_since: Option<u32> = None;
    let cfg = SearchConfig {
        limits: SearchLimits::depth(config.verify_depth),
        level: Level::MAX,
        seed: 0,
    };
    searcher.search(pos, history, &cfg, |info| {
        if info.pv.first() == Some(&first_text) {
            settled_since.get_or_insert(info.depth);
        } else {
            settled_since = None;
        }
    });
    if let Some(d) = settled_since {
        depth_needed = d;
    }
    let quiet = !pos.is_capture(&first);
    let solver_count = line.len().div_ceil(2);
    let themes = themes(pos, &line, best, quiet);
    Some(Puzzle {
        id: String::new(),
        position: pos.to_text(),
        solution: line,
        rating: rating(depth_needed, solver_count, scores.len() - 1, quiet),
        themes,
    })
}

/// The themes recognised in a solution line.
fn themes<P: Evaluate>(pos: &P, line: &[String], best: i32, quiet: bool) -> Vec<String> {
    let mut out: Vec<&str> = Vec::new();
    let mut cur = pos.clone();
    let mut multi = false;
    let mut ultra = false;
    let mut crowned = false;
    let mut reply_captures = false;
    for (i, text) in line.iter().enumerate() {
        let Ok(mv) = cur.parse_move(text) else { break };
        if i % 2 == 0 {
            if cur.captured_squares(&mv).len() >= 2 {
                multi = true;
            }
            let view = cur.board_view();
            let squares = cur.move_squares(&mv);
            let from = squares.first().map(|&s| view[usize::from(s)]);
            let kind_before = from.flatten().map(|p| p.kind);
            if matches!(kind_before, Some(PieceKind::Ultra | PieceKind::DoubleUltra)) {
                ultra = true;
            }
            let next = cur.play(&mv);
            let to = squares
                .last()
                .and_then(|&s| next.board_view()[usize::from(s)]);
            if let (Some(a), Some(b)) = (kind_before, to.map(|p| p.kind)) {
                if b > a && a < PieceKind::Ultra {
                    crowned = true;
                }
            }
        } else if i == 1 && cur.is_capture(&mv) {
            reply_captures = true;
        }
        cur = cur.play(&mv);
    }
    if quiet && reply_captures {
        out.push("shot");
    }
    if multi {
        out.push("multi-jump");
    }
    if ultra {
        out.push("ultra king");
    }
    if crowned {
        out.push(if P::KIND == crate::GameKind::Tiers {
            "upgrade"
        } else {
            "crowning"
        });
    }
    if best > MATE_BOUND {
        out.push("win");
    } else if best > EGDB_BOUND {
        out.push("endgame");
    }
    if out.is_empty() {
        out.push(if quiet { "quiet move" } else { "capture" });
    }
    out.into_iter().map(String::from).collect()
}

/// Generates puzzles from self-play games: game `g` starts from
/// `start(g)`; `on_found` hears of every puzzle as it is found (for
/// progress lines). With `egdb` (checkers), the searches use the endgame
/// database.
pub fn generate<P: Evaluate>(
    config: &GenConfig,
    egdb: Option<Arc<Egdb>>,
    start: impl Fn(u64) -> P,
    mut on_found: impl FnMut(&Puzzle, &GenStats),
) -> (Vec<Puzzle>, GenStats) {
    let mut player = Searcher::new(8);
    let mut analyst = Searcher::new(16);
    analyst.set_egdb(egdb.clone());
    let mut judge = verifier(egdb);
    let mut stats = GenStats::default();
    let mut found: Vec<Puzzle> = Vec::new();
    let mut seen: HashSet<u64> = HashSet::new();
    let play_config = |g: u64, ply: usize| SearchConfig {
        limits: SearchLimits {
            depth: Some(64),
            nodes: Some(2_000_000),
            time_ms: None,
            target_ms: None,
        },
        level: config.play_level,
        seed: config
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(g.wrapping_mul(1_000))
            .wrapping_add(ply as u64),
    };
    let scan = SearchConfig {
        limits: SearchLimits::depth(config.scan_depth),
        level: Level::MAX,
        seed: 0,
    };
    for g in 0..config.max_games {
        if found.len() >= config.count {
            break;
        }
        stats.games += 1;
        let mut pos = start(g);
        let mut history: Vec<u64> = Vec::new();
        let mut quiet_until = 0;
        for ply in 0..config.max_plies {
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            if moves.is_empty() || pos.plies_since_capture() >= 100 {
                break;
            }
            if moves.len() >= 2 && ply >= quiet_until && !seen.contains(&pos.zobrist()) {
                stats.scanned += 1;
                let material = pos.material();
                let worth = analyst
                    .search(&pos, &history, &scan, |_| {})
                    .is_some_and(|r| {
                        is_win(r.score) || r.score - material >= config.threshold * 2 / 3
                    });
                if worth {
                    stats.candidates += 1;
                    let found_one = examine(&mut analyst, &pos, &history, config);
                    let confirmed = found_one.filter(|p| {
                        let ok =
                            confirm::<P>(&mut judge, p, config.verify_depth, config.margin).is_ok();
                        stats.refused += u64::from(!ok);
                        ok
                    });
                    if let Some(mut p) = confirmed {
                        seen.insert(pos.zobrist());
                        found.push({
                            p.id = format!("{}{:04}", config.prefix, found.len() + 1);
                            p
                        });
                        stats.found = found.len();
                        on_found(found.last().expect("just pushed"), &stats);
                        quiet_until = ply + 4;
                        if found.len() >= config.count {
                            break;
                        }
                    }
                }
            }
            let Some(r) = player.search(&pos, &history, &play_config(g, ply), |_| {}) else {
                break;
            };
            history.push(pos.zobrist());
            pos = pos.play(&r.best);
        }
    }
    (found, stats)
}

/// Confirms a puzzle with a fresh search (the searcher is cleared first,
/// so the answer does not depend on earlier searches; use a
/// [`verifier`]): at every solver move of the solution, the solution's
/// move must stand out at `depth` by `margin` ([`stands_out`]). The error
/// names the step and the rival move. The generator keeps only the
/// puzzles this confirms; `tiers puzzles verify` runs it on a file.
pub fn confirm<P: Evaluate>(
    searcher: &mut Searcher,
    p: &Puzzle,
    depth: u32,
    margin: i32,
) -> Result<(), String> {
    searcher.clear();
    let mut pos: P = p.check()?;
    let mut history = Vec::new();
    for (i, text) in p.solution.iter().enumerate() {
        let mv = pos
            .parse_move(text)
            .map_err(|e| format!("puzzle {}: {text}: {e}", p.id))?;
        if i % 2 == 0 {
            stands_out(searcher, &pos, &history, &mv, depth, margin).map_err(|e| {
                format!(
                    "puzzle {}: at move {} {e}; the solution says {text}",
                    p.id,
                    i + 1
                )
            })?;
        }
        history.push(pos.zobrist());
        pos = pos.play(&mv);
    }
    Ok(())
}
