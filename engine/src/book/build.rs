//! Building the opening book by drop-out expansion (T. Lincke, "Strategies
//! for the automatic construction of opening books", 2000).
//!
//! The book is a graph of positions grown from its roots (the start and
//! the ACF ballots). Expanding a position searches every one of its moves
//! (the position after it, to a fixed depth, with a fresh searcher: the
//! result does not depend on what was searched before, nor on the number
//! of threads). A position's value is its best move's, where a move that
//! leads to a book position takes that position's value (minimax over the
//! graph). Each move not yet followed has a cost: the sum, along the
//! cheapest way from a root, of how much worse than the best each move
//! on the way is (its *drop-out*), plus a little per ply. The cheapest is
//! expanded next, so the book grows along the lines that are likely to be
//! played, deeper where the best moves lead and wider where moves are
//! near-equal.

use std::collections::{BinaryHeap, HashMap};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::sync::Mutex;

use super::{Book, BookMove};
use crate::checkers::{Move, Position};
use crate::search::{Level, SearchConfig, SearchLimits, Searcher, MATE};
use crate::Position as _;

/// How to build a book.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BuildOptions {
    /// The depth of the search of each move (the position after it is
    /// searched one ply less).
    pub depth: u32,
    /// How many positions to expand.
    pub positions: usize,
    /// The cost of a ply, in hundredths of a man, added to the drop-outs.
    pub ply_cost: i32,
    /// Threads searching the moves of a position.
    pub threads: usize,
    /// Transposition table per thread, in MiB.
    pub tt_mb: usize,
}

impl Default for BuildOptions {
    fn default() -> Self {
        BuildOptions {
            depth: 18,
            positions: 1000,
            ply_cost: 2,
            threads: 1,
            tt_mb: 16,
        }
    }
}

/// What the builder reports after each expansion.
#[derive(Clone, Debug)]
pub struct Expanded {
    /// Positions expanded so far.
    pub done: usize,
    /// The position expanded, as a FEN.
    pub fen: String,
    /// Its cost (see the module documentation).
    pub cost: i32,
    /// Its best move and value after the expansion.
    pub best: String,
    /// The value of its best move.
    pub value: i32,
}

struct Edge {
    mv: Move,
    /// The search's value of the move for the side to move.
    score: i32,
    child: Option<usize>,
}

struct Node {
    pos: Position,
    edges: Vec<Edge>,
    value: i32,
}

/// The book graph while it grows.
struct Graph {
    nodes: Vec<Node>,
    index: HashMap<u64, usize>,
    roots: Vec<usize>,
}

impl Graph {
    fn edge_value(&self, e: &Edge) -> i32 {
        match e.child {
            Some(c) => -self.nodes[c].value,
            None => e.score,
        }
    }

    /// Minimax over the graph (children first; repeated until nothing
    /// changes, in case a later position leads to an earlier one).
    fn back_up(&mut self) {
        for _ in 0..64 {
            let mut changed = false;
            for i in (0..self.nodes.len()).rev() {
                let v = self.nodes[i]
                    .edges
                    .iter()
                    .map(|e| self.edge_value(e))
                    .max()
                    .unwrap_or(-MATE);
                if v != self.nodes[i].value {
                    self.nodes[i].value = v;
                    changed = true;
                }
            }
            if !changed {
                break;
            }
        }
    }

    /// The cheapest way to each position from a root (Dijkstra).
    fn costs(&self, ply_cost: i32) -> Vec<i32> {
        let mut cost = vec![i32::MAX; self.nodes.len()];
        let mut heap = BinaryHeap::new();
        for &r in &self.roots {
            cost[r] = 0;
            heap.push((0i32, core::cmp::Reverse(r)));
        }
        while let Some((c, core::cmp::Reverse(i))) = heap.pop() {
            let c = -c;
            if c > cost[i] {
                continue;
            }
            let node = &self.nodes[i];
            for e in &node.edges {
                if let Some(child) = e.child {
                    let next = c + (node.value - self.edge_value(e)) + ply_cost;
                    if next < cost[child] {
                        cost[child] = next;
                        heap.push((-next, core::cmp::Reverse(child)));
                    }
                }
            }
        }
        cost
    }

    /// The cheapest move not yet followed: its position, move index and
    /// cost.
    fn cheapest_leaf(&self, ply_cost: i32) -> Option<(usize, usize, i32)> {
        let cost = self.costs(ply_cost);
        let mut best: Option<(usize, usize, i32)> = None;
        for (i, node) in self.nodes.iter().enumerate() {
            if cost[i] == i32::MAX {
                continue;
            }
            for (k, e) in node.edges.iter().enumerate() {
                // Decided games are not worth a book line.
                if e.child.is_some() || e.score.abs() > MATE - 1_000 {
                    continue;
                }
                let c = cost[i] + (node.value - e.score) + ply_cost;
                if best.is_none_or(|(_, _, b)| c < b) {
                    best = Some((i, k, c));
                }
            }
        }
        best
    }
}

/// Searches every move of `pos` (the position after it to `depth - 1`
/// plies, a fresh searcher each), on `threads` threads.
fn search_moves(
    pos: &Position,
    options: &BuildOptions,
    searchers: &[Mutex<Searcher>],
) -> Vec<Edge> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let scores: Vec<Mutex<i32>> = moves.iter().map(|_| Mutex::new(0)).collect();
    let next = AtomicUsize::new(0);
    let work = |searcher: &Mutex<Searcher>| {
        let mut searcher = searcher
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        loop {
            let i = next.fetch_add(1, Relaxed);
            let Some(mv) = moves.get(i) else { break };
            let child = pos.play(mv);
            searcher.clear();
            let config = SearchConfig {
                limits: SearchLimits::depth(options.depth.saturating_sub(1).max(1)),
                level: Level::MAX,
                seed: 0,
            };
            // No legal move after it: the move wins.
            let score = searcher
                .search(&child, &[], &config, |_| {})
                .map_or(MATE - 1, |r| -r.score);
            *scores[i]
                .lock()
                .unwrap_or_else(std::sync::PoisonError::into_inner) = score;
        }
    };
    std::thread::scope(|scope| {
        for s in &searchers[1..] {
            scope.spawn(|| work(s));
        }
        work(&searchers[0]);
    });
    moves
        .into_iter()
        .zip(scores)
        .map(|(mv, s)| Edge {
            mv,
            score: s
                .into_inner()
                .unwrap_or_else(std::sync::PoisonError::into_inner),
            child: None,
        })
        .collect()
}

/// Builds a book from `roots` (positions that repeat are taken once),
/// calling `on_expanded` after each expansion; `checkpoint` is called
/// with the book so far every `every` expansions (to save it).
pub fn build(
    roots: &[Position],
    options: &BuildOptions,
    mut on_expanded: impl FnMut(&Expanded),
    every: usize,
    mut checkpoint: impl FnMut(&Book),
) -> Book {
    let searchers: Vec<Mutex<Searcher>> = (0..options.threads.max(1))
        .map(|_| Mutex::new(Searcher::new(options.tt_mb)))
        .collect();
    let mut g = Graph {
        nodes: Vec::new(),
        index: HashMap::new(),
        roots: Vec::new(),
    };
    let mut done = 0;
    let mut expand = |g: &mut Graph, pos: &Position, cost: i32| -> usize {
        let edges = search_moves(pos, options, &searchers);
        let i = g.nodes.len();
        g.nodes.push(Node {
            pos: *pos,
            edges,
            value: 0,
        });
        g.index.insert(pos.zobrist(), i);
        // Moves of book positions that lead here now follow the graph.
        let key = pos.zobrist();
        for node in &mut g.nodes {
            let from = node.pos;
            for e in &mut node.edges {
                if e.child.is_none() && from.play(&e.mv).zobrist() == key {
                    e.child = Some(i);
                }
            }
        }
        let own: Vec<Option<usize>> = g.nodes[i]
            .edges
            .iter()
            .map(|e| g.index.get(&pos.play(&e.mv).zobrist()).copied())
            .collect();
        for (e, c) in g.nodes[i].edges.iter_mut().zip(own) {
            e.child = c;
        }
        g.back_up();
        done += 1;
        let node = &g.nodes[i];
        let best = node
            .edges
            .iter()
            .max_by_key(|e| g.edge_value(e))
            .map(|e| pos.move_to_string(&e.mv))
            .unwrap_or_default();
        on_expanded(&Expanded {
            done,
            fen: pos.to_text(),
            cost,
            best,
            value: node.value,
        });
        i
    };
    for root in roots {
        if g.nodes.len() >= options.positions {
            break;
        }
        if g.index.contains_key(&root.zobrist()) {
            continue;
        }
        let mut moves = Vec::new();
        root.legal_moves(&mut moves);
        if moves.is_empty() {
            continue;
        }
        let i = expand(&mut g, root, 0);
        g.roots.push(i);
    }
    while g.nodes.len() < options.positions {
        let Some((node, edge, cost)) = g.cheapest_leaf(options.ply_cost) else {
            break;
        };
        let child = g.nodes[node].pos.play(&g.nodes[node].edges[edge].mv);
        let mut moves = Vec::new();
        child.legal_moves(&mut moves);
        if moves.is_empty() {
            // Cannot happen for a move not scored as a win; never expand it.
            g.nodes[node].edges[edge].score = MATE - 1;
            continue;
        }
        expand(&mut g, &child, cost);
        if g.nodes.len().checked_rem(every) == Some(0) {
            checkpoint(&to_book(&g));
        }
    }
    to_book(&g)
}

fn to_book(g: &Graph) -> Book {
    let mut book = Book::default();
    for node in &g.nodes {
        let moves = node
            .edges
            .iter()
            .map(|e| BookMove {
                mv: e.mv,
                score: g.edge_value(e),
            })
            .collect();
        book.insert(&node.pos, moves);
    }
    book
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_small_book_is_the_same_for_any_number_of_threads() {
        let options = BuildOptions {
            depth: 4,
            positions: 6,
            ply_cost: 2,
            threads: 1,
            tt_mb: 1,
        };
        let roots = [Position::start()];
        let mut seen = Vec::new();
        let one = build(&roots, &options, |e| seen.push(e.fen.clone()), 0, |_| {});
        assert_eq!(one.len(), 6);
        assert_eq!(seen[0], Position::start().to_text());
        let two = build(
            &roots,
            &BuildOptions {
                threads: 2,
                ..options
            },
            |_| {},
            0,
            |_| {},
        );
        assert_eq!(one, two);
        // Every book position but the root is reached by a book move, and
        // each position's moves are all its legal moves, best first.
        let start = Position::start();
        for (pos, moves) in one.iter() {
            let mut legal = Vec::new();
            pos.legal_moves(&mut legal);
            assert_eq!(moves.len(), legal.len());
            assert!(moves.windows(2).all(|w| w[0].score >= w[1].score));
            if *pos != start {
                assert!(one
                    .iter()
                    .any(|(p, ms)| ms.iter().any(|m| p.play(&m.mv) == *pos)));
            }
        }
        // The value of a followed move is the value of the position it
        // leads to, for the other side.
        for (pos, moves) in one.iter() {
            for m in moves {
                if let Some(next) = one.moves(&pos.play(&m.mv)) {
                    assert_eq!(m.score, -next[0].score);
                }
            }
        }
    }
}
