//! Game files with variations: the move tree read from and written to PDN
//! (and the Tiers game record), by the one reader and writer.

use proptest::prelude::*;
use tiers_engine::pdn::{self, Annotation, PdnErrorKind, Tags, Variant};
use tiers_engine::shapes::{self, Shape, ShapeColor};
use tiers_engine::tree::{GameTree, NodeId};
use tiers_engine::{checkers, tiers, Position};
use tiers_rng::SplitMix64;

/// A hand-written file in the way CheckerBoard annotates games: a comment
/// before the first move, nested variations, comments and NAGs (as `$n`
/// and as suffixes), a `;` line comment.
const ANNOTATED: &str = include_str!("data/annotated.pdn");

fn texts<P: Position>(tree: &GameTree<P>, ids: &[NodeId]) -> Vec<String> {
    ids.iter()
        .map(|&n| tree.node(n).text().to_string())
        .collect()
}

#[test]
fn an_annotated_file_reads_as_a_tree() {
    let games = checkers::pdn::read_games(ANNOTATED).unwrap();
    assert_eq!(games.len(), 2);
    let g = &games[0];
    let tree = &g.tree;
    assert_eq!(
        tree.main_line_texts(),
        ["11-15", "23-19", "8-11", "22-17", "4-8", "17-13", "15-18", "24-20"]
    );
    // The game is the main line; the notes are the main line's.
    assert_eq!(g.game.move_texts(), tree.main_line_texts());
    assert_eq!(g.notes.len(), 8);
    assert!(tree
        .node(tree.root())
        .note
        .comment
        .starts_with("The Old Fourteenth, with the Single Corner and the Denny as sidelines;"));
    let first = tree.children(tree.root())[0];
    // Three answers to 11-15: the game's and two variations.
    let answers = tree.children(first);
    assert_eq!(texts(tree, answers), ["23-19", "22-18", "22-17"]);
    let single_corner = answers[1];
    assert_eq!(tree.node(single_corner).note.comment, "the Single Corner");
    assert_eq!(tree.variation_depth(single_corner), 1);
    // The variation inside the variation: 26x17 instead of 25x18.
    let takes = tree.children(single_corner)[0];
    let recaptures = tree.children(takes);
    assert_eq!(texts(tree, recaptures), ["25x18", "26x17"]);
    assert_eq!(tree.variation_depth(recaptures[1]), 2);
    let reply = tree.children(recaptures[1])[0];
    assert_eq!(tree.node(reply).note.nags, [6]);
    assert_eq!(
        texts(tree, &tree.line_from(answers[2]).collect::<Vec<_>>()),
        ["9-13", "17-14", "10x17"]
    );
    let denny = tree.line_from(answers[2]).collect::<Vec<_>>();
    assert_eq!(tree.node(denny[0]).note.nags, [5]);
    assert_eq!(tree.node(denny[1]).note.nags, [2]);
    assert_eq!(tree.node(denny[2]).note.nags, [14]);
    // `4-8! $1`: both NAGs are kept.
    let main: Vec<NodeId> = tree.line_from(tree.root()).collect();
    assert_eq!(tree.node(main[4]).note.nags, [1, 1]);
    assert_eq!(tree.node(main[4]).note.comment, "the Old Fourteenth proper");
    // 17-13 has two variations, one with a variation of its own.
    assert_eq!(
        texts(tree, tree.children(main[4])),
        ["17-13", "25-22", "24-20"]
    );
    let other_try = tree.children(main[4])[1];
    assert_eq!(texts(tree, tree.children(other_try)), ["10-14", "11-16"]);
    assert_eq!(tree.node(tree.children(main[4])[2]).note.nags, [10]);
    // The second game: a suffix `?!` written apart from its move.
    let second = &games[1].tree;
    let m: Vec<NodeId> = second.line_from(second.root()).collect();
    assert_eq!(second.node(m[2]).note.nags, [6]);
    assert_eq!(second.node(m[3]).note.nags, [2]);
}

#[test]
fn an_annotated_file_is_written_back_with_the_same_meaning() {
    let once = pdn::rewrite(ANNOTATED).unwrap();
    assert_eq!(
        pdn::rewrite(&once).unwrap(),
        once,
        "writing is a fixed point"
    );
    let before = checkers::pdn::read_games(ANNOTATED).unwrap();
    let after = checkers::pdn::read_games(&once).unwrap();
    assert_eq!(before.len(), after.len());
    for (a, b) in before.iter().zip(&after) {
        assert_eq!(a.tree, b.tree);
        assert_eq!(a.game.outcome(), b.game.outcome());
        assert_eq!(a.tags.get("Black"), b.tags.get("Black"));
    }
    // Variations in parentheses after the move they replace, numbered.
    let flat = once.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("1. 11-15 23-19 (1... 22-18 {the Single Corner} 2. 15x22 25x18 (2... 26x17"),
        "{once}"
    );
    assert!(
        flat.contains("(3... 24-20 $10) 4. 15-18 24-20 {a drawn line} 1/2-1/2"),
        "{once}"
    );
    assert!(once.lines().all(|l| l.chars().count() <= 80), "{once}");
}

/// A random tree: `size` moves, each played from a random node already in
/// the tree, some with notes.
fn random_tree<P: Variant>(seed: u64, size: usize) -> GameTree<P> {
    const WORDS: [&str; 8] = [
        "good", "a trap!", "(see", "move)", "only", "50%", "draw;", "\"win\"",
    ];
    const NAGS: [u8; 8] = [1, 2, 3, 4, 5, 6, 14, 146];
    let mut rng = SplitMix64::new(seed);
    let mut tree = GameTree::new(P::start());
    let mut ids = vec![tree.root()];
    let mut moves = Vec::new();
    let below = |rng: &mut SplitMix64, n: usize| rng.below(n as u64) as usize;
    for _ in 0..size {
        // Mostly extend the last node (long lines), sometimes branch.
        let from = if rng.below(4) == 0 {
            ids[below(&mut rng, ids.len())]
        } else {
            *ids.last().unwrap()
        };
        moves.clear();
        tree.position(from).legal_moves(&mut moves);
        if moves.is_empty() {
            continue;
        }
        let id = tree.play(from, moves[below(&mut rng, moves.len())]);
        if !ids.contains(&id) {
            ids.push(id);
        }
        let mut note = Annotation::default();
        for _ in 0..below(&mut rng, 3) {
            note.nags.push(NAGS[below(&mut rng, NAGS.len())]);
        }
        let words: Vec<&str> = (0..below(&mut rng, 4).saturating_sub(1))
            .map(|_| WORDS[below(&mut rng, WORDS.len())])
            .collect();
        note.comment = words.join(" ");
        add_shapes::<P>(&mut rng, &mut note);
        tree.node_mut(id).note = note;
    }
    if rng.below(3) == 0 {
        tree.node_mut(NodeId::ROOT).note.comment = "from the start".to_string();
    }
    if rng.below(3) == 0 {
        add_shapes::<P>(&mut rng, &mut tree.node_mut(NodeId::ROOT).note);
    }
    tree
}

/// Up to three drawn shapes (arrows and marks) on squares the game names.
fn add_shapes<P: Variant>(rng: &mut SplitMix64, note: &mut Annotation) {
    let squares: Vec<u8> = (0..64)
        .filter(|&s| P::shape_square_name(s).is_some())
        .collect();
    for _ in 0..rng.below(4) {
        let from = squares[rng.below(squares.len() as u64) as usize];
        let to = if rng.below(3) == 0 {
            from
        } else {
            squares[rng.below(squares.len() as u64) as usize]
        };
        let color = ShapeColor::ALL[rng.below(4) as usize];
        shapes::toggle(&mut note.shapes, Shape::arrow(from, to, color));
    }
}

fn round_trip<P: Variant>(seed: u64, size: usize) {
    let tree = random_tree::<P>(seed, size);
    let text = pdn::write_tree(&Tags::new(), &tree, None);
    let games = pdn::read_games::<P>(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(games.len(), 1);
    assert!(games[0].tree == tree, "another tree read back from\n{text}");
    assert_eq!(pdn::write_tree(&games[0].tags, &games[0].tree, None), text);
}

proptest! {
    #[test]
    fn random_checkers_trees_round_trip(seed in any::<u64>(), size in 0usize..80) {
        round_trip::<checkers::Position>(seed, size);
    }

    #[test]
    fn random_tiers_trees_round_trip(seed in any::<u64>(), size in 0usize..60) {
        round_trip::<tiers::Position>(seed, size);
    }
}

#[test]
fn editing_a_tree_keeps_it_writable() {
    let mut tree = checkers::pdn::read_games(ANNOTATED).unwrap().remove(0).tree;
    let first = tree.children(tree.root())[0];
    let denny = tree.children(first)[2];
    tree.make_main_line(denny);
    assert_eq!(
        tree.main_line_texts(),
        ["11-15", "22-17", "9-13", "17-14", "10x17"]
    );
    let text = pdn::write_tree(&Tags::new(), &tree, None);
    let flat = text.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        flat.contains("1. 11-15 22-17 (1... 23-19 2. 8-11"),
        "{text}"
    );
    assert!(flat.contains("(1... 22-18 {the Single Corner}"), "{text}");
    assert!(
        flat.ends_with("Corner}) 2. 9-13!? 17-14? 3. 10x17 $14 *"),
        "{text}"
    );
    let first = tree.children(tree.root())[0];
    let old_main = tree.children(first)[1];
    let parent = tree.delete(old_main).unwrap();
    assert_eq!(parent, first);
    assert_eq!(texts(&tree, tree.children(first)), ["22-17", "22-18"]);
    let back = checkers::pdn::read_games(&pdn::write_tree(&Tags::new(), &tree, None)).unwrap();
    assert!(back[0].tree == tree);
    // A comment with braces is written with parentheses, so it reads back.
    tree.node_mut(first).note.comment = "a {nested} note".to_string();
    let text = pdn::write_tree(&Tags::new(), &tree, None);
    assert!(text.contains("{a (nested) note}"), "{text}");
}

#[test]
fn variations_as_deep_as_a_file_likes_are_read_and_written() {
    // Ten thousand nested variations: no recursion, no stack overflow.
    let mut tree = GameTree::new(checkers::Position::start());
    let mut at = tree.root();
    let mut moves = Vec::new();
    for _ in 0..200 {
        moves.clear();
        tree.position(at).legal_moves(&mut moves);
        let Some(&last) = moves.last() else { break };
        // Each move's second choice is a variation: a staircase.
        let main = tree.play(at, moves[0]);
        let _ = main;
        at = tree.play(at, last);
    }
    let text = pdn::write_tree(&Tags::new(), &tree, None);
    assert!(checkers::pdn::read_games(&text).unwrap()[0].tree == tree);
    let deep = format!("1. 11-15 {}", "(1. 9-14 ".repeat(10_000));
    let err = checkers::pdn::read_games(&deep).unwrap_err();
    assert_eq!((err.line, err.column), (1, 10));
    assert_eq!(err.kind, PdnErrorKind::Unclosed('('));
}

#[test]
fn malformed_variations_give_clear_errors() {
    let cases: [(&str, &str); 5] = [
        (
            "1. 11-15 (1. 9-14 22-18 (22-17\n",
            "game 1, line 1, column 10: `(` is never closed by `)`",
        ),
        (
            "1. 11-15 23-19 (1... 24-28) *",
            "game 1, line 1, column 22: move 1 (Red): 24-28 is not legal here",
        ),
        (
            "1. 11-15 23-19\n  (1... 22-18 2. 15x22 (2. 12-16) 25x18) *",
            "game 1, line 2, column 28: move 2 (Black): 12-16 is not legal here",
        ),
        (
            "[Event \"a\"]\n1. 11-15 (9-14 \n[Event \"b\"]\n1. 9-14 *",
            "game 1, line 2, column 10: `(` is never closed by `)`",
        ),
        ("(", "game 1, line 1, column 1: `(` is never closed by `)`"),
    ];
    for (text, expected) in cases {
        let err = checkers::pdn::read_games(text).unwrap_err().to_string();
        assert!(err.starts_with(expected), "{text:?}: {err}");
    }
    // A stray `)` is ignored; a variation before its line's first move
    // replaces nothing and is skipped.
    let g = checkers::pdn::read_games(") (9-14 (10-14)) 1. 11-15 ) 23-19 (22-18 {x}) *").unwrap();
    assert_eq!(g[0].tree.main_line_texts(), ["11-15", "23-19"]);
    assert_eq!(g[0].tree.len(), 4);
}
