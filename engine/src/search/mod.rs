//! The AI: iterative deepening PVS, evaluation and levels for both games.
//!
//! The search is written once, against [`Evaluate`] (a [`Position`] with a
//! static evaluation), and plays both games:
//!
//! - iterative deepening principal variation search with a transposition
//!   table ([`tt`]) of fixed size (32 MiB by default), keyed by the
//!   position's Zobrist hash; nodes at the last ply and capture sequences
//!   beyond the horizon skip the table (a memory access costs more than
//!   searching them);
//! - move ordering by hash move, killers and history ([`ordering`]), big
//!   captures first; late quiet moves are searched one or two plies
//!   shallower first and searched again at full depth if they look good;
//! - forced captures are always searched to the end (a position whose side
//!   to move must capture is never evaluated statically), so the search
//!   never stops in the middle of an exchange; a single legal move is not
//!   counted as a ply;
//! - repetitions (with the game's history) and the 100-ply rule score as
//!   draws; a win in `n` plies scores `MATE - n`, so the search prefers the
//!   fastest win and the slowest loss;
//! - with an endgame database ([`Searcher::set_egdb`], checkers only, level
//!   8 and the analysis strength), every position with few enough pieces
//!   and no capture pending is looked up instead of searched (no search
//!   below a known result; a pending capture is searched first, as
//!   always): a database win `n` plies from the root scores
//!   `EGDB_WIN - n`, below every mate the search finds and above every
//!   evaluation, so the search takes the fastest database win and converts
//!   it over the board;
//! - limits are data ([`SearchLimits`]), checked inside the search (the
//!   clock every 256 nodes, through `web-time`, which works in a browser
//!   worker), so every search ends by itself (a web worker cannot be
//!   interrupted), within its limit plus 10 %;
//! - after each iteration it reports depth, score, nodes, nodes/s and the
//!   principal variation ([`SearchInfo`]);
//! - deterministic: the same position, history, limits (depth or nodes),
//!   level and seed give the same move; no global state.
//!
//! Nothing allocates per node: move lists, ordering scores and principal
//! variations live in per-ply buffers that are reused.
//!
//! The web app calls it from its worker roughly like this (`pos` is a
//! `checkers::Position` or a `tiers::Position`, `history` the Zobrist
//! hashes of the earlier positions of the game):
//!
//! ```text
//! let mut searcher = Searcher::new(DEFAULT_TT_MB);
//! let config = SearchConfig { limits: SearchLimits::time(1000), level: Level::MAX, seed: 7 };
//! let result = searcher.search(&pos, &history, &config, |info| post(info));
//! ```

pub mod baseline;
pub mod eval;
mod formation;
mod level;
pub mod limits;
mod lines;
pub mod ordering;
mod probe;
mod techniques;
mod time;
pub mod train;
pub mod train_nnue;
pub mod tt;

pub use eval::{EvalStack, Evaluate, Mobility};
pub use formation::{choose_formation, choose_formation_for};
pub use level::{BadLevel, Level, LevelSettings};
pub use limits::SearchLimits;
pub use lines::{passed, LinesInfo, PvLine};
pub use probe::egdb_score;
pub use techniques::{BadTechnique, Techniques};

use crate::book::Book;
use crate::egdb::Egdb;
use crate::{GameKind, Position};
use limits::Deadline;
use ordering::{Ordering, COUNTER, HASH_MOVE, KILLER, MAX_PLY, NO_MOVE};
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Arc;
use tt::{Bound, TranspositionTable};

/// The score of a win on the spot (the side to move has won). A win in `n`
/// plies scores `MATE - n`; a loss in `n` plies `-(MATE - n)`.
pub const MATE: i32 = 30_000;
/// Scores beyond ±`MATE_BOUND` are wins or losses found by the search.
pub const MATE_BOUND: i32 = MATE - 1_000;
/// The score of an endgame database win on the spot: a database win in
/// `n` plies (from the root) scores `EGDB_WIN - n`, a loss `-(EGDB_WIN - n)`.
pub const EGDB_WIN: i32 = MATE_BOUND;
/// Scores beyond ±`EGDB_BOUND` (and within ±[`MATE_BOUND`]) are endgame
/// database results; evaluations stay within it.
pub const EGDB_BOUND: i32 = EGDB_WIN - 1_000;
const INFINITY: i32 = MATE + 1;

/// The first aspiration window's half-width, in hundredths of a man.
const ASPIRATION_WINDOW: i32 = 25;

/// What a draw by repetition or by the 100-ply rule costs the side that
/// searches, with the contempt technique ([`Techniques::contempt`]), in
/// hundredths of a man: a level position is played on rather than
/// repeated (the opponent still repeats when that is its best).
pub const CONTEMPT: i32 = 15;

/// The most threads a search uses.
pub const MAX_THREADS: usize = 64;

/// The default transposition table size, in MiB.
pub const DEFAULT_TT_MB: usize = 32;

/// How to search: limits, playing level and the seed of its randomness.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SearchConfig {
    /// When to stop (the level may stop earlier, see [`LevelSettings`]).
    pub limits: SearchLimits,
    /// Playing strength, 1 (beginner) to 8 (master).
    pub level: Level,
    /// Seed of the level's evaluation noise: the same seed, position,
    /// history and depth or node limit give the same move.
    pub seed: u64,
}

impl SearchConfig {
    /// The analysis strength (no evaluation noise, no level cap) within
    /// `limits`, seed 0: what the commands that build data files use, so
    /// that a node or depth limit gives the same move on any machine.
    ///
    /// ```
    /// use tiers_engine::search::{Level, SearchConfig, SearchLimits};
    /// let config = SearchConfig::analysis(SearchLimits::nodes(1_000));
    /// assert_eq!((config.level, config.limits.nodes), (Level::ANALYSIS, Some(1_000)));
    /// ```
    #[must_use]
    pub const fn analysis(limits: SearchLimits) -> Self {
        SearchConfig {
            limits,
            level: Level::ANALYSIS,
            seed: 0,
        }
    }
}

impl Default for SearchConfig {
    fn default() -> Self {
        SearchConfig {
            limits: SearchLimits::time(SearchLimits::DEFAULT_TIME_MS),
            level: Level::MAX,
            seed: 0,
        }
    }
}

/// What the search reports after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SearchInfo {
    /// The depth just completed, in plies.
    pub depth: u32,
    /// The deepest ply reached (forced captures go beyond `depth`).
    pub seldepth: u32,
    /// The score for the side to move, in hundredths of a man, or a win /
    /// loss score (see [`MATE`] and [`format_score`]).
    pub score: i32,
    /// Positions visited so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nps: u64,
    /// Milliseconds since the search started.
    pub time_ms: u64,
    /// The principal variation, in written form.
    pub pv: Vec<String>,
}

/// The search's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult<M> {
    /// The move to play.
    pub best: M,
    /// Its score for the side to move (see [`SearchInfo::score`]).
    pub score: i32,
    /// The deepest completed iteration.
    pub depth: u32,
    /// Positions visited.
    pub nodes: u64,
    /// The principal variation in written form; `pv[0]` is `best`.
    pub pv: Vec<String>,
}

/// Writes a score for people: `+1.25` (men), `win in 7` / `loss in 4`
/// (plies) for scores beyond [`MATE_BOUND`], `db win in 23` / `db loss in
/// 30` (plies to the end with best play, from the endgame database) for
/// scores beyond [`EGDB_BOUND`].
///
/// ```
/// use tiers_engine::search::{format_score, EGDB_WIN, MATE};
/// assert_eq!(format_score(125), "+1.25");
/// assert_eq!(format_score(-40), "-0.40");
/// assert_eq!(format_score(MATE - 7), "win in 7");
/// assert_eq!(format_score(-(MATE - 4)), "loss in 4");
/// assert_eq!(format_score(EGDB_WIN - 23), "db win in 23");
/// assert_eq!(format_score(-(EGDB_WIN - 30)), "db loss in 30");
/// ```
#[must_use]
pub fn format_score(score: i32) -> String {
    if score > MATE_BOUND {
        format!("win in {}", MATE - score)
    } else if score < -MATE_BOUND {
        format!("loss in {}", MATE + score)
    } else if score > EGDB_BOUND {
        format!("db win in {}", EGDB_WIN - score)
    } else if score < -EGDB_BOUND {
        format!("db loss in {}", EGDB_WIN + score)
    } else {
        let sign = if score < 0 { '-' } else { '+' };
        let a = score.unsigned_abs();
        format!("{sign}{}.{:02}", a / 100, a % 100)
    }
}

/// The AI: a transposition table and ordering tables that live across
/// searches (so thinking on the next move reuses what was learned).
///
/// Reusing a searcher makes later searches depend on earlier ones; call
/// [`Searcher::clear`] (or use a new searcher) for exactly reproducible
/// results.
#[derive(Clone, Debug)]
pub struct Searcher {
    tt: TranspositionTable,
    ordering: Ordering,
    kind: Option<GameKind>,
    egdb: Option<Arc<Egdb>>,
    probes: probe::ProbeCache,
    techniques: Techniques,
    book: Option<Arc<Book>>,
    /// Level 8 plays from the book too.
    book_at_top: bool,
    /// Threads per search (1: this one only).
    threads: usize,
    /// The helper threads' own tables.
    helpers: Vec<Helper>,
    /// The evaluation's state along the search's path.
    eval_stack: EvalStack,
}

impl Default for Searcher {
    fn default() -> Self {
        Searcher::new(DEFAULT_TT_MB)
    }
}

impl Searcher {
    /// A searcher whose transposition table uses at most `tt_mb` MiB.
    #[must_use]
    pub fn new(tt_mb: usize) -> Self {
        Searcher {
            tt: TranspositionTable::new(tt_mb),
            ordering: Ordering::new(),
            kind: None,
            egdb: None,
            probes: probe::ProbeCache::new(),
            techniques: Techniques::default(),
            book: None,
            book_at_top: false,
            threads: 1,
            helpers: Vec::new(),
            eval_stack: EvalStack::default(),
        }
    }

    /// Gives the searcher an opening book (or takes it away with `None`):
    /// checkers searches of the levels that use it
    /// ([`LevelSettings::book_moves`]) then play a book position's move
    /// without searching.
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book = book;
    }

    /// Whether the top level ([`Level::MAX`]) plays from the book too: the
    /// best book move, where the book follows it to another book position.
    /// Off by default: it did not pass its gate
    /// (docs/ai.md, "Opening book"); `tiers selfplay` plays it as `8:book`.
    pub fn set_book_at_top(&mut self, on: bool) {
        self.book_at_top = on;
    }

    /// The opening book given by [`Searcher::set_book`].
    #[must_use]
    pub fn book(&self) -> Option<&Arc<Book>> {
        self.book.as_ref()
    }

    /// Searches with `threads` threads (Lazy SMP: they share the
    /// transposition table; the first one's answer is played). With one
    /// thread (the default) the search is deterministic for a depth or
    /// node limit; with more it is not. In WebAssembly there is one
    /// thread whatever is asked.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    /// The threads per search.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Chooses the optional techniques the search uses (all the adopted
    /// ones by default; [`Techniques::NONE`] searches as commit 797a82b
    /// did). Forgets what earlier searches learned.
    pub fn set_techniques(&mut self, techniques: Techniques) {
        self.techniques = techniques;
        self.clear();
    }

    /// The techniques the search uses.
    #[must_use]
    pub fn techniques(&self) -> Techniques {
        self.techniques
    }

    /// Gives the searcher an endgame database (or takes it away with
    /// `None`): checkers searches at level 8 and at the analysis strength
    /// then look up every position it holds. The transposition table is
    /// cleared (its scores were found with or without the database).
    pub fn set_egdb(&mut self, egdb: Option<Arc<Egdb>>) {
        self.egdb = egdb;
        self.probes.clear();
        self.clear();
    }

    /// The endgame database given by [`Searcher::set_egdb`].
    #[must_use]
    pub fn egdb(&self) -> Option<&Arc<Egdb>> {
        self.egdb.as_ref()
    }

    /// Forgets everything learned in earlier searches.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.ordering.clear();
        for h in &mut self.helpers {
            h.ordering.clear();
        }
    }

    /// Starts a search of a position of game `P`: the tables of another
    /// game are cleared, the transposition table and the move ordering's
    /// history aged.
    fn begin<P: Position>(&mut self) {
        if self.kind != Some(P::KIND) {
            self.clear();
            self.kind = Some(P::KIND);
        }
        self.tt.new_search();
        self.ordering.age();
    }

    /// Searches `pos` and returns the move to play, or `None` when there is
    /// no legal move (the game is lost).
    ///
    /// `history` holds the Zobrist hashes ([`Position::zobrist`]) of the
    /// positions of the game before `pos`, oldest first (not `pos` itself),
    /// so that the search sees repetitions. `on_info` is called after every
    /// completed iteration.
    pub fn search<P, F>(
        &mut self,
        pos: &P,
        history: &[u64],
        config: &SearchConfig,
        mut on_info: F,
    ) -> Option<SearchResult<P::Move>>
    where
        P: Evaluate,
        F: FnMut(&SearchInfo),
    {
        let mut root_moves = Vec::new();
        pos.legal_moves(&mut root_moves);
        if root_moves.is_empty() {
            return None;
        }
        self.begin::<P>();
        let settings = config.level.settings();
        if let Some(found) = self.book_move(pos, &root_moves, config) {
            return Some(found);
        }
        let (limits, max_depth) = budget(config, &settings);
        let egdb = self
            .egdb
            .as_deref()
            .filter(|_| settings.egdb && P::KIND == GameKind::Checkers);
        // A root the database holds is settled by its children's values
        // (pending captures are searched to the end at any depth).
        let root_known = egdb.is_some_and(|db| probe::knows_every_move(db, pos));

        // A player with a single legal move plays it at once; the analysis
        // strength searches it like any position, since what it reports is
        // the score (a game review judges the move before by it).
        let single = root_moves.len() == 1 && config.level != Level::ANALYSIS;
        let threads = if single || cfg!(target_arch = "wasm32") {
            1
        } else {
            self.threads
        };
        let shared = Shared {
            tt: &self.tt,
            egdb,
            techniques: self.techniques,
            noise: settings.noise,
            seed: config.seed,
            stop: AtomicBool::new(false),
            helper_nodes: AtomicU64::new(0),
        };
        let helpers = &mut self.helpers;
        while helpers.len() + 1 < threads {
            helpers.push(Helper::default());
        }
        let (ordering, probes, eval_stack) =
            (&mut self.ordering, &mut self.probes, &mut self.eval_stack);
        let root_moves = &root_moves;
        let (best, completed, order, nodes) = std::thread::scope(|scope| {
            for (i, helper) in helpers.iter_mut().take(threads - 1).enumerate() {
                let shared = &shared;
                helper.ordering.age();
                scope.spawn(move || {
                    let deadline = Deadline::start(&SearchLimits::default());
                    let mut w = Worker::<P>::new(
                        shared,
                        &mut helper.ordering,
                        &mut helper.probes,
                        &mut helper.eval_stack,
                        deadline,
                        pos,
                        history,
                    );
                    w.helper = true;
                    // Half the helpers search one ply deeper at each
                    // iteration: the threads then fill the table ahead of
                    // each other.
                    let first = 1 + (i as u32 & 1);
                    w.iterate(pos, root_moves, first, max_depth, |_, _| true);
                    shared.stop.store(true, Relaxed);
                });
            }
            let mut w = Worker::<P>::new(
                &shared,
                ordering,
                probes,
                eval_stack,
                Deadline::start(&limits),
                pos,
                history,
            );
            let mut manager = limits.target_ms.map(time::TimeManager::new);
            let (best, completed, order) =
                w.iterate(pos, root_moves, 1, max_depth, |w, it: &Iteration<P>| {
                    let elapsed = w.deadline.elapsed_secs();
                    let nodes = w.nodes + shared.helper_nodes.load(Relaxed);
                    on_info(&SearchInfo {
                        depth: it.depth,
                        seldepth: w.seldepth as u32,
                        score: it.score,
                        nodes,
                        nps: nps(nodes, elapsed),
                        time_ms: w.deadline.elapsed_ms(),
                        pv: written(pos, it.pv),
                    });
                    // A proven result cannot change with more depth.
                    let proven = it.score.abs() > MATE_BOUND
                        && (MATE - it.score.abs()) as u32 + 1 < it.depth;
                    if single
                        || proven
                        || root_known
                        || w.deadline.time_up()
                        || w.nodes >= w.deadline.node_limit()
                    {
                        return false;
                    }
                    match &mut manager {
                        Some(m) => {
                            match m.after_iteration(it.best, it.score, w.deadline.elapsed_ms()) {
                                Some(ms) => {
                                    w.deadline.set_time_ms(ms);
                                    true
                                }
                                None => false,
                            }
                        }
                        None => true,
                    }
                });
            shared.stop.store(true, Relaxed);
            (best, completed, order, w.nodes)
        });
        let nodes = nodes + shared.helper_nodes.load(Relaxed);
        let (idx, score, pv) = match best {
            Some(b) => b,
            None => {
                // Stopped before the first move was searched: fall back on
                // the best-ordered move.
                let (idx, mv) = order[0];
                let score = pos.play(&mv).evaluate().saturating_neg();
                (idx, score, vec![mv])
            }
        };
        let pv = written(pos, &pv);
        Some(SearchResult {
            best: root_moves[idx],
            score,
            depth: completed,
            nodes,
            pv,
        })
    }
}

impl Searcher {
    /// The book's move for `pos` at the level of `config`, if it has one.
    fn book_move<P: Evaluate>(
        &self,
        pos: &P,
        root_moves: &[P::Move],
        config: &SearchConfig,
    ) -> Option<SearchResult<P::Move>> {
        let settings = config.level.settings();
        let (moves, margin) = if self.book_at_top && config.level == Level::MAX {
            (u32::MAX, 0)
        } else {
            (settings.book_moves, settings.book_margin)
        };
        if pos.move_number() > moves {
            return None;
        }
        let book = self
            .book
            .as_ref()
            .filter(|_| P::KIND == GameKind::Checkers)?;
        // Through the text, so that a position wrapped with another
        // evaluation (`Handset`, `Patterns`) finds its book moves too.
        let checkers = crate::checkers::Position::parse(&pos.to_text()).ok()?;
        let chosen = book.choose(&checkers, margin, config.seed)?;
        let text = checkers.move_to_string(&chosen.mv);
        let best = *root_moves.iter().find(|m| pos.move_to_string(m) == text)?;
        Some(SearchResult {
            best,
            score: chosen.score,
            depth: 0,
            nodes: 0,
            pv: vec![text],
        })
    }
}

/// What the threads of one search share.
struct Shared<'a> {
    tt: &'a TranspositionTable,
    egdb: Option<&'a Egdb>,
    techniques: Techniques,
    noise: i32,
    seed: u64,
    /// Set when the main thread has its answer: the helpers stop.
    stop: AtomicBool,
    /// Nodes the helpers visited so far (counted in steps of 256).
    helper_nodes: AtomicU64,
}

/// The tables a helper thread keeps between searches.
#[derive(Clone, Debug)]
struct Helper {
    ordering: Ordering,
    probes: probe::ProbeCache,
    eval_stack: EvalStack,
}

impl Default for Helper {
    fn default() -> Self {
        Helper {
            ordering: Ordering::new(),
            probes: probe::ProbeCache::new(),
            eval_stack: EvalStack::default(),
        }
    }
}

/// A completed iteration, as the main thread sees it.
struct Iteration<'p, P: Position> {
    depth: u32,
    /// The best move's index in the root moves.
    best: usize,
    score: i32,
    pv: &'p [P::Move],
}

fn nps(nodes: u64, secs: f64) -> u64 {
    if secs > 0.0 {
        (nodes as f64 / secs) as u64
    } else {
        0
    }
}

/// Plays `pv` from `pos`, writing each move.
fn written<P: Position>(pos: &P, pv: &[P::Move]) -> Vec<String> {
    let mut out = Vec::with_capacity(pv.len());
    let mut p = pos.clone();
    for mv in pv {
        out.push(p.move_to_string(mv));
        p = p.play(mv);
    }
    out
}

/// Selection: moves the best-ordered of `order[n..]` to `order[n]` (most
/// nodes cut off after one or two moves, so no full sort).
#[inline]
fn select(order: &mut [(i32, u16)], n: usize) {
    let mut pick = n;
    for j in n + 1..order.len() {
        if order[j].0 > order[pick].0 {
            pick = j;
        }
    }
    order.swap(n, pick);
}

/// How many plies shallower the `n`-th move (from 0) of a node at `depth`
/// is searched first ([`Techniques::lmr_table`]): ½ + ln(depth)·ln(n + 1)/2,
/// rounded down.
fn reduction(depth: i32, n: usize) -> i32 {
    static TABLE: std::sync::OnceLock<[[u8; 32]; 64]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        let mut t = [[0u8; 32]; 64];
        for (d, row) in t.iter_mut().enumerate().skip(1) {
            for (n, r) in row.iter_mut().enumerate().skip(1) {
                let x = 0.5 + (d as f64).ln() * ((n + 1) as f64).ln() / 2.0;
                *r = x as u8;
            }
        }
        t
    });
    i32::from(table[depth.clamp(0, 63) as usize][n.min(31)])
}

/// The shallowest node where ProbCut is tried, its depth reduction and its
/// margin (hundredths of a man).
const PROBCUT_DEPTH: i32 = 6;
const PROBCUT_REDUCTION: i32 = 4;
const PROBCUT_MARGIN: i32 = 80;
/// How many moves ProbCut tries.
const PROBCUT_MOVES: usize = 2;

/// Mate and database scores are stored relative to the node, not to the
/// root.
fn to_tt(score: i32, ply: usize) -> i32 {
    if score > EGDB_BOUND {
        score + ply as i32
    } else if score < -EGDB_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_tt(score: i32, ply: usize) -> i32 {
    if score > EGDB_BOUND {
        score - ply as i32
    } else if score < -EGDB_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// What an inner node is.
#[derive(Clone, Copy)]
struct NodeKind {
    /// The side to move must capture.
    capture: bool,
    /// The node probes and stores the transposition table.
    use_tt: bool,
}

/// One running search.
struct Worker<'a, P: Evaluate> {
    tt: &'a TranspositionTable,
    ordering: &'a mut Ordering,
    deadline: Deadline,
    nodes: u64,
    stopped: bool,
    /// Zobrist hashes: the game history, the root, then the current path.
    keys: Vec<u64>,
    /// Where the root is in `keys`.
    root_index: usize,
    noise: i32,
    seed: u64,
    /// Per-ply move buffers, order buffers and principal variations.
    moves: Vec<Vec<P::Move>>,
    order: Vec<Vec<(i32, u16)>>,
    pv: Vec<Vec<P::Move>>,
    seldepth: usize,
    /// The endgame database, when this search uses one.
    egdb: Option<&'a Egdb>,
    probes: &'a mut probe::ProbeCache,
    techniques: Techniques,
    /// The key ([`Evaluate::move_key`]) of the move that led to each ply
    /// (for counter moves).
    previous: [u32; MAX_PLY + 2],
    shared: &'a Shared<'a>,
    /// A helper thread: stops when the main thread does.
    helper: bool,
    /// The evaluation's state along the path (neural accumulators).
    eval_stack: &'a mut EvalStack,
}

impl<'a, P: Evaluate> Worker<'a, P> {
    /// A worker for one thread of a search from `pos` (`history`: the
    /// game's earlier positions).
    fn new(
        shared: &'a Shared<'a>,
        ordering: &'a mut Ordering,
        probes: &'a mut probe::ProbeCache,
        eval_stack: &'a mut EvalStack,
        deadline: Deadline,
        pos: &P,
        history: &[u64],
    ) -> Self {
        let mut keys = Vec::with_capacity(history.len() + MAX_PLY + 2);
        keys.extend_from_slice(history);
        keys.resize(history.len() + MAX_PLY + 2, 0);
        keys[history.len()] = pos.zobrist();
        Worker {
            tt: shared.tt,
            ordering,
            deadline,
            nodes: 1,
            stopped: false,
            root_index: history.len(),
            keys,
            noise: shared.noise,
            seed: shared.seed,
            moves: (0..=MAX_PLY + 1).map(|_| Vec::new()).collect(),
            order: (0..=MAX_PLY + 1).map(|_| Vec::new()).collect(),
            pv: (0..=MAX_PLY + 1).map(|_| Vec::new()).collect(),
            seldepth: 0,
            egdb: shared.egdb,
            probes,
            techniques: shared.techniques,
            previous: [NO_MOVE; MAX_PLY + 2],
            shared,
            helper: false,
            eval_stack,
        }
    }

    /// Iterative deepening from `first` to `max_depth` plies over
    /// `root_moves`, until the search stops or `go_on` (called after each
    /// completed iteration) says no. Returns the best move's index in
    /// `root_moves`, its score and principal variation (`None` if stopped
    /// before the first move was searched), the deepest completed
    /// iteration and the root moves in their last order.
    #[allow(clippy::type_complexity)]
    fn iterate(
        &mut self,
        pos: &P,
        root_moves: &[P::Move],
        first: u32,
        max_depth: u32,
        mut go_on: impl FnMut(&mut Self, &Iteration<P>) -> bool,
    ) -> (
        Option<(usize, i32, Vec<P::Move>)>,
        u32,
        Vec<(usize, P::Move)>,
    ) {
        let mut order = self.root_order(pos, root_moves);
        let mut best: Option<(usize, i32, Vec<P::Move>)> = None;
        let mut completed = 0u32;
        let single = root_moves.len() == 1;
        for depth in first..=max_depth {
            // Aspiration: a window around the last score, widened (twice
            // as much each time) on the side that failed.
            let last = best.as_ref().map(|b| b.1);
            let mut delta = ASPIRATION_WINDOW;
            let (mut alpha, mut beta) = match last {
                Some(s) if self.techniques.aspiration && depth >= 4 && s.abs() < EGDB_BOUND / 2 => {
                    (s - delta, s + delta)
                }
                _ => (-INFINITY, INFINITY),
            };
            loop {
                let outcome = self.root(pos, depth as i32, &mut order, alpha, beta, single);
                let Some((pos_in_order, score, pv)) = outcome else {
                    if self.stopped || alpha == -INFINITY {
                        break;
                    }
                    // Failed low: every move is worse than thought.
                    delta *= 2;
                    alpha = if delta > 8 * ASPIRATION_WINDOW {
                        -INFINITY
                    } else {
                        (alpha - delta).max(-INFINITY)
                    };
                    continue;
                };
                // A partial iteration still gives a move that was fully
                // searched at the new depth and beat everything before it.
                let idx = order[pos_in_order].0;
                best = Some((idx, score, pv));
                // Best move first for the next iteration.
                let entry = order.remove(pos_in_order);
                order.insert(0, entry);
                if self.stopped || score < beta || beta == INFINITY {
                    break;
                }
                // Failed high: this move is better than thought.
                delta *= 2;
                beta = if delta > 8 * ASPIRATION_WINDOW {
                    INFINITY
                } else {
                    (beta + delta).min(INFINITY)
                };
            }
            if self.stopped {
                break;
            }
            completed = depth;
            let (idx, score, pv) = best.as_ref().expect("a finished iteration has a best move");
            self.tt.store(
                pos.zobrist(),
                depth as i32,
                to_tt(*score, 0),
                Bound::Exact,
                Some(*idx),
            );
            let it = Iteration {
                depth,
                best: *idx,
                score: *score,
                pv,
            };
            if !go_on(self, &it) {
                break;
            }
        }
        (best, completed, order)
    }

    /// The root moves in their first order: the hash move, then by
    /// killers and history; each with its index in `root_moves`.
    fn root_order(&self, pos: &P, root_moves: &[P::Move]) -> Vec<(usize, P::Move)> {
        let hash_idx = self
            .tt
            .probe(pos.zobrist())
            .and_then(|e| e.move_index())
            .filter(|&i| i < root_moves.len());
        let side = pos.side_to_move().index();
        let mut scored: Vec<(i32, usize)> = root_moves
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let s = if Some(i) == hash_idx {
                    HASH_MOVE
                } else {
                    self.ordering.score(0, side, pos.move_key(m))
                };
                (s, i)
            })
            .collect();
        scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
        scored.iter().map(|&(_, i)| (i, root_moves[i])).collect()
    }

    /// One iteration at the root. Returns the position in `order` of the
    /// best move, its score and principal variation, or `None` if stopped
    /// before the first move was searched.
    /// Searches within `alpha..beta`: no move is returned when none beat
    /// `alpha` (a fail low); a move scoring `beta` or more ends the
    /// iteration (a fail high). `single`: the root has one legal move
    /// (searched a ply deeper, as it is not counted).
    fn root(
        &mut self,
        pos: &P,
        depth: i32,
        order: &mut [(usize, P::Move)],
        mut alpha: i32,
        beta: i32,
        single: bool,
    ) -> Option<(usize, i32, Vec<P::Move>)> {
        let mut best = None;
        let capture = order.iter().any(|(_, m)| pos.is_capture(m));
        let ext = i32::from(single);
        for (n, &(_, mv)) in order.iter().enumerate() {
            let child = pos.play(&mv);
            self.previous[1] = pos.move_key(&mv);
            let new_depth = depth - 1 + ext;
            let mut score;
            if n == 0 {
                score = -self.pvs(&child, pos, new_depth, 1, -beta, -alpha);
            } else {
                score = -self.pvs(&child, pos, new_depth, 1, -alpha - 1, -alpha);
                if score > alpha && !self.stopped {
                    score = -self.pvs(&child, pos, new_depth, 1, -beta, -alpha);
                }
            }
            if self.stopped {
                break;
            }
            if score > alpha {
                alpha = score;
                let mut pv = Vec::with_capacity(self.pv[1].len() + 1);
                pv.push(mv);
                pv.extend_from_slice(&self.pv[1]);
                best = Some((n, score, pv));
                if !capture {
                    // Root moves that improve keep their place in history.
                    let key = pos.move_key(&mv);
                    self.ordering
                        .record_cutoff(0, pos.side_to_move().index(), key, depth);
                }
                if score >= beta {
                    break;
                }
            }
        }
        best
    }

    /// ProbCut ([`Techniques::probcut`]): the first moves in `order` are
    /// searched [`PROBCUT_REDUCTION`] plies shallower against `beta` plus
    /// a margin; a move that reaches it is taken as a cutoff (stored as a
    /// lower bound at the depth that was searched, plus one).
    #[allow(clippy::too_many_arguments)]
    fn probcut(
        &mut self,
        pos: &P,
        moves: &[P::Move],
        order: &mut [(i32, u16)],
        key: u64,
        depth: i32,
        ply: usize,
        beta: i32,
    ) -> Option<i32> {
        if beta.abs() >= EGDB_BOUND / 2 {
            return None;
        }
        let raised = beta + PROBCUT_MARGIN;
        for n in 0..order.len().min(PROBCUT_MOVES) {
            select(order, n);
            let idx = order[n].1 as usize;
            let mv = moves[idx];
            let child = pos.play(&mv);
            self.previous[ply + 1] = pos.move_key(&mv);
            let s = -self.pvs(
                &child,
                pos,
                depth - 1 - PROBCUT_REDUCTION,
                ply + 1,
                -raised,
                -raised + 1,
            );
            if self.stopped {
                return None;
            }
            if s >= raised {
                self.tt.store(
                    key,
                    depth - PROBCUT_REDUCTION,
                    to_tt(s, ply),
                    Bound::Lower,
                    Some(idx),
                );
                return Some(s);
            }
        }
        None
    }

    #[inline]
    fn eval(&mut self, pos: &P, parent: &P, ply: usize) -> i32 {
        let e = pos.evaluate_in(self.eval_stack, Some(parent), ply)
            + eval::noise(pos.zobrist(), self.seed, self.noise);
        e.clamp(-EGDB_BOUND + 1, EGDB_BOUND - 1)
    }

    /// Whether the position at `ply` (hash `key`) repeats: once on the
    /// search path (or the root), or twice in the game before the root.
    fn is_repetition(&self, ply: usize, key: u64, plies_since_capture: u32) -> bool {
        let idx = self.root_index + ply;
        let lowest = idx.saturating_sub(plies_since_capture as usize);
        let mut seen = 0;
        let mut j = idx;
        while j >= lowest + 2 {
            j -= 2;
            if self.keys[j] == key {
                if j >= self.root_index {
                    return true;
                }
                seen += 1;
                if seen >= 2 {
                    return true;
                }
            }
        }
        false
    }

    /// The score of a draw by the game's rules at `ply`, for the side to
    /// move there: 0, or with contempt [`CONTEMPT`] less for the side that
    /// searches (to move at even plies) and as much more for the other.
    fn draw_score(&self, ply: usize) -> i32 {
        match (self.techniques.contempt, ply % 2) {
            (false, _) => 0,
            (true, 0) => -CONTEMPT,
            (true, _) => CONTEMPT,
        }
    }

    fn pvs(
        &mut self,
        pos: &P,
        parent: &P,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        self.pv[ply].clear();
        if self.nodes & 255 == 0 {
            if self.helper {
                self.shared.helper_nodes.fetch_add(256, Relaxed);
                self.stopped |= self.shared.stop.load(Relaxed);
            } else if self.deadline.time_up() {
                self.stopped = true;
            }
        }
        if self.nodes >= self.deadline.node_limit() {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        self.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        let key = pos.zobrist();
        self.keys[self.root_index + ply] = key;

        let psc = pos.plies_since_capture();
        // A repetition needs two moves of each side without a capture.
        if psc >= 4 && self.is_repetition(ply, key, psc) {
            return self.draw_score(ply);
        }
        let mobility = pos.mobility();
        if mobility == Mobility::Stuck {
            return -(MATE - ply as i32);
        }
        if psc >= 100 {
            // The 100-ply rule: a draw (the side to move is not lost).
            return self.draw_score(ply);
        }
        let must_capture = mobility == Mobility::Captures;
        // A position the endgame database holds is not searched.
        if !must_capture {
            if let Some(db) = self.egdb {
                if let Some(v) = self.probes.value(db, pos) {
                    return egdb_score(v, ply);
                }
            }
        }
        // Forced captures are searched at any depth: never stop mid-exchange.
        if (depth <= 0 && !must_capture) || ply >= MAX_PLY - 1 {
            return self.eval(pos, parent, ply);
        }
        // Mate distance pruning: nothing here can beat a faster win found.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        // Capture sequences past the horizon (depth 0) skip the table: they
        // are short, and a table access costs more than searching them.
        let use_tt = depth > 1;
        if use_tt {
            // Ask for the table entry now; generating the moves hides the wait.
            self.tt.prefetch(key);
        }
        let mut moves = core::mem::take(&mut self.moves[ply]);
        moves.clear();
        pos.legal_moves(&mut moves);
        let result = if moves.is_empty() {
            // Only if `mobility` and `legal_moves` disagree.
            -(MATE - ply as i32)
        } else {
            let kind = NodeKind {
                capture: must_capture,
                use_tt,
            };
            self.node(pos, &moves, key, depth.max(0), ply, alpha, beta, kind)
        };
        self.moves[ply] = moves;
        result
    }

    /// An inner node with its legal moves (at least one).
    #[allow(clippy::too_many_arguments)]
    fn node(
        &mut self,
        pos: &P,
        moves: &[P::Move],
        key: u64,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        kind: NodeKind,
    ) -> i32 {
        let capture = kind.capture;
        let pv_node = beta - alpha > 1;
        let mut hash_idx = usize::MAX;
        if let Some(e) = kind.use_tt.then(|| self.tt.probe(key)).flatten() {
            if let Some(i) = e.move_index() {
                hash_idx = i;
            }
            if !pv_node && e.depth() >= depth {
                let s = from_tt(e.score(), ply);
                let hit = match e.bound() {
                    Bound::Exact => true,
                    Bound::Lower => s >= beta,
                    Bound::Upper => s <= alpha,
                };
                if hit {
                    return s;
                }
            }
        }

        let side = pos.side_to_move().index();
        let techniques = self.techniques;
        let previous = if techniques.counter_moves {
            self.previous[ply]
        } else {
            NO_MOVE
        };
        let mut order = core::mem::take(&mut self.order[ply]);
        order.clear();
        for (i, m) in moves.iter().enumerate() {
            let s = if i == hash_idx {
                HASH_MOVE
            } else if capture {
                self.ordering.score(ply, side, pos.move_key(m)) + 64 * pos.capture_value(m)
            } else {
                self.ordering
                    .score_with_counter(ply, side, pos.move_key(m), previous)
            };
            order.push((s, i as u16));
        }

        // A single legal move is not counted as a ply.
        let ext = i32::from(moves.len() == 1 && ply < MAX_PLY / 2);
        if techniques.probcut && !pv_node && !capture && depth >= PROBCUT_DEPTH {
            if let Some(s) = self.probcut(pos, moves, &mut order, key, depth + ext, ply, beta) {
                self.order[ply] = order;
                return s;
            }
            if self.stopped {
                self.order[ply] = order;
                return 0;
            }
        }
        // Moves ordered below this are late: searched shallower first.
        let late = if techniques.counter_moves {
            COUNTER
        } else {
            KILLER - 1
        };
        let original_alpha = alpha;
        let mut best = -INFINITY;
        let mut best_idx = None;
        for n in 0..order.len() {
            select(&mut order, n);
            let (order_score, idx) = order[n];
            let idx = idx as usize;
            let mv = moves[idx];
            let child = pos.play(&mv);
            self.previous[ply + 1] = pos.move_key(&mv);
            let new_depth = depth - 1 + ext;
            let score = if n == 0 {
                -self.pvs(&child, pos, new_depth, ply + 1, -beta, -alpha)
            } else {
                // Late quiet moves are searched a little shallower first.
                let r = if techniques.lmr_table {
                    if !capture && depth >= 3 && n >= 2 && order_score < late {
                        let mut r = reduction(depth, n);
                        if pv_node {
                            r -= 1;
                        }
                        if order_score < 0 {
                            r += 1;
                        }
                        r.clamp(0, depth - 2)
                    } else {
                        0
                    }
                } else if !capture && depth >= 3 && n >= 3 && order_score < KILLER - 1 {
                    1 + i32::from(n >= 8 && depth >= 6)
                } else {
                    0
                };
                let mut s = -self.pvs(&child, pos, new_depth - r, ply + 1, -alpha - 1, -alpha);
                if s > alpha && r > 0 && !self.stopped {
                    s = -self.pvs(&child, pos, new_depth, ply + 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta && !self.stopped {
                    s = -self.pvs(&child, pos, new_depth, ply + 1, -beta, -alpha);
                }
                s
            };
            if self.stopped {
                self.order[ply] = order;
                return 0;
            }
            if score > best {
                best = score;
                if score > alpha {
                    best_idx = Some(idx);
                    alpha = score;
                    if pv_node {
                        let (head, tail) = self.pv.split_at_mut(ply + 1);
                        let line = &mut head[ply];
                        line.clear();
                        line.push(mv);
                        line.extend_from_slice(&tail[0]);
                    }
                    if score >= beta {
                        if !capture {
                            let key = pos.move_key(&mv);
                            self.ordering.record_cutoff(ply, side, key, depth);
                            if techniques.counter_moves {
                                self.ordering.record_counter(side, previous, key);
                            }
                            for &(_, earlier) in &order[..n] {
                                let k = pos.move_key(&moves[earlier as usize]);
                                self.ordering.record_failure(side, k, depth);
                            }
                        }
                        break;
                    }
                }
            }
        }
        self.order[ply] = order;
        let bound = if best >= beta {
            Bound::Lower
        } else if alpha > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        if kind.use_tt {
            self.tt.store(key, depth, to_tt(best, ply), bound, best_idx);
        }
        best
    }
}

/// A search's limits (an unlimited search stops after the level's move
/// time at the analysis strength, else after the default time) and its
/// deepest iteration (the level's, within the stack's plies).
fn budget(config: &SearchConfig, settings: &LevelSettings) -> (SearchLimits, u32) {
    let mut limits = config.limits;
    if limits.is_unlimited() {
        limits.time_ms = Some(if config.level == Level::ANALYSIS {
            settings.movetime_ms
        } else {
            SearchLimits::DEFAULT_TIME_MS
        });
    }
    let max_depth = limits
        .depth
        .unwrap_or(u32::MAX)
        .min(settings.max_depth)
        .clamp(1, (MAX_PLY / 2) as u32);
    (limits, max_depth)
}

#[cfg(test)]
mod tests {
    //! The search on a game small enough to know every answer: a pile of
    //! stones, each move takes 1 to 3, and the side that cannot move loses.
    //! Piles that are multiples of 4 are lost for the side to move.

    use super::*;
    use crate::{BoardView, Color};
    use core::fmt;

    #[derive(Clone, Debug, PartialEq, Eq, Hash)]
    struct Nim {
        pile: u32,
        side: Color,
    }

    #[derive(Clone, Debug, PartialEq, Eq)]
    struct NimError;

    impl fmt::Display for NimError {
        fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
            f.write_str("not a pile")
        }
    }

    impl std::error::Error for NimError {}

    impl Position for Nim {
        type Move = u32;
        type ParseError = NimError;
        type MoveError = NimError;
        const KIND: GameKind = GameKind::Checkers;

        fn start() -> Self {
            Nim {
                pile: 21,
                side: Color::Red,
            }
        }
        fn parse(text: &str) -> Result<Self, NimError> {
            text.parse()
                .map(|pile| Nim {
                    pile,
                    side: Color::Red,
                })
                .map_err(|_| NimError)
        }
        fn to_text(&self) -> String {
            self.pile.to_string()
        }
        fn side_to_move(&self) -> Color {
            self.side
        }
        fn legal_moves(&self, out: &mut Vec<u32>) {
            out.extend((1..=3).filter(|&k| k <= self.pile));
        }
        fn play(&self, mv: &u32) -> Self {
            Nim {
                pile: self.pile - mv,
                side: self.side.opposite(),
            }
        }
        fn is_capture(&self, _: &u32) -> bool {
            false
        }
        fn plies_since_capture(&self) -> u32 {
            50
        }
        fn move_number(&self) -> u32 {
            1
        }
        fn zobrist(&self) -> u64 {
            eval::mix64(u64::from(self.pile) * 2 + self.side as u64)
        }
        fn piece_count(&self, _: Color) -> u32 {
            self.pile
        }
        fn move_to_string(&self, mv: &u32) -> String {
            format!("take{mv}")
        }
        fn parse_move(&self, _: &str) -> Result<u32, NimError> {
            Err(NimError)
        }
        fn move_squares(&self, _: &u32) -> Vec<u8> {
            Vec::new()
        }
        fn captured_squares(&self, _: &u32) -> Vec<u8> {
            Vec::new()
        }
        fn board_view(&self) -> BoardView {
            [None; 64]
        }
    }

    impl Evaluate for Nim {
        fn evaluate(&self) -> i32 {
            0
        }
        fn material(&self) -> i32 {
            0
        }
    }

    fn config(depth: u32) -> SearchConfig {
        SearchConfig {
            limits: SearchLimits::depth(depth),
            level: Level::MAX,
            seed: 0,
        }
    }

    fn search(pile: u32, depth: u32) -> SearchResult<u32> {
        let pos = Nim {
            pile,
            side: Color::Red,
        };
        Searcher::new(1)
            .search(&pos, &[], &config(depth), |_| {})
            .unwrap()
    }

    #[test]
    fn wins_as_fast_as_possible_and_loses_as_slowly_as_possible() {
        for pile in 1..=3 {
            let r = search(pile, 6);
            assert_eq!((r.best, r.score), (pile, MATE - 1), "pile {pile}");
        }
        let r = search(5, 8);
        assert_eq!((r.best, r.score), (1, MATE - 3));
        let r = search(7, 8);
        assert_eq!((r.best, r.score), (3, MATE - 3));
        // Lost: the longest resistance takes one stone.
        let r = search(8, 10);
        assert_eq!(r.score, -(MATE - 4));
        assert_eq!(r.best, 1);
        assert_eq!(r.pv.len(), 4);
    }

    #[test]
    fn no_legal_move_gives_none() {
        let pos = Nim {
            pile: 0,
            side: Color::Black,
        };
        assert!(Searcher::new(1)
            .search(&pos, &[], &config(3), |_| {})
            .is_none());
    }

    #[test]
    fn reports_every_iteration_and_respects_the_depth() {
        let pos = Nim::start();
        let mut depths = Vec::new();
        let r = Searcher::new(1)
            .search(&pos, &[], &config(5), |info| depths.push(info.depth))
            .unwrap();
        assert_eq!(depths, vec![1, 2, 3, 4, 5]);
        assert_eq!(r.depth, 5);
    }

    #[test]
    fn respects_the_node_limit() {
        let pos = Nim {
            pile: 60,
            side: Color::Red,
        };
        for limit in [1, 10, 100, 1000] {
            let cfg = SearchConfig {
                limits: SearchLimits::nodes(limit),
                level: Level::MAX,
                seed: 0,
            };
            let r = Searcher::new(1).search(&pos, &[], &cfg, |_| {}).unwrap();
            assert!(r.nodes <= limit, "{} nodes for a limit of {limit}", r.nodes);
            assert!((1..=3).contains(&r.best));
        }
    }

    #[test]
    fn a_repetition_in_the_history_counts() {
        // The history says the position after taking 1 was seen twice
        // before, so reaching it again is a draw (score 0) instead of a loss.
        let pos = Nim {
            pile: 5,
            side: Color::Red,
        };
        let after = pos.play(&1);
        let after2 = after.play(&1);
        let hist = vec![0, after2.zobrist(), 0, after2.zobrist()];
        let r = Searcher::new(1)
            .search(&after, &hist, &config(6), |_| {})
            .unwrap();
        assert_eq!(r.score, 0);
        assert_eq!(r.best, 1);
        let r = Searcher::new(1)
            .search(&after, &[], &config(6), |_| {})
            .unwrap();
        assert_eq!(r.score, -(MATE - 2));
        // Seen only once before: not yet a draw.
        let r = Searcher::new(1)
            .search(&after, &hist[2..], &config(6), |_| {})
            .unwrap();
        assert_eq!(r.score, -(MATE - 2));
    }

    #[test]
    fn contempt_makes_a_draw_cost_the_side_that_searches() {
        // As above, the repetition saves a lost position: worth 0 without
        // contempt, CONTEMPT less with it (the draw comes after our move,
        // at an odd ply, where it is worth as much more to the opponent).
        let after = Nim {
            pile: 5,
            side: Color::Red,
        }
        .play(&1);
        let again = after.play(&1).zobrist();
        let hist = vec![0, again, 0, again];
        for (contempt, score) in [(false, 0), (true, -CONTEMPT)] {
            let mut searcher = Searcher::new(1);
            searcher.set_techniques(Techniques {
                contempt,
                ..Techniques::ADOPTED
            });
            let r = searcher.search(&after, &hist, &config(6), |_| {}).unwrap();
            assert_eq!((r.score, r.best), (score, 1), "contempt {contempt}");
        }
        // Off by default; a player turns it on with `+contempt`.
        assert!(!Techniques::default().contempt);
        let on = Techniques::parse_changes(Techniques::default(), "+contempt").unwrap();
        assert!(on.contempt);
        assert_eq!(on.changes_from(Techniques::default()), "+contempt");
    }
}
