//! [`AnyTree`]: the engine's move tree ([`GameTree`]) of either game, seen
//! by the app as plain data (move texts, notes, a [`Record`] of the line to
//! a node), as [`crate::record`] does for a game.

use tiers_engine::pdn::{self, Annotation, Tags, Variant};

use tiers_engine::tree::{GameTree, NodeId};
use tiers_engine::{checkers, tiers, GameKind, Outcome, Position};

use crate::i18n::errors::Explain;
use crate::i18n::Text;
use crate::record::Record;

/// A move tree of checkers or Tiers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnyTree {
    /// American checkers.
    Checkers(GameTree<checkers::Position>),
    /// Tiers.
    Tiers(GameTree<tiers::Position>),
}

/// Runs `$e` with `$t` bound to the tree, whatever its game.
macro_rules! each {
    ($tree:expr, $t:ident => $e:expr) => {
        match $tree {
            AnyTree::Checkers($t) => $e,
            AnyTree::Tiers($t) => $e,
        }
    };
}

/// A game whose trees the app keeps as [`AnyTree`]s.
pub trait TreeOf: Variant<MoveError: Explain> {
    /// The tree as an [`AnyTree`].
    fn any_tree(tree: GameTree<Self>) -> AnyTree;
}

impl TreeOf for checkers::Position {
    fn any_tree(tree: GameTree<Self>) -> AnyTree {
        AnyTree::Checkers(tree)
    }
}

impl TreeOf for tiers::Position {
    fn any_tree(tree: GameTree<Self>) -> AnyTree {
        AnyTree::Tiers(tree)
    }
}

impl Default for AnyTree {
    fn default() -> Self {
        AnyTree::Checkers(GameTree::new(checkers::Position::start()))
    }
}

fn read_tree<P: Variant<MoveError: Explain>>(
    start: &str,
    moves: &[String],
    notes: &[Annotation],
) -> Result<GameTree<P>, Text> {
    let start = P::parse(start).map_err(|e| Text::plain(e.to_string()))?;
    let mut tree = GameTree::new(start);
    let mut at = tree.root();
    for (ply, text) in moves.iter().enumerate() {
        at = tree.play_text(at, text).map_err(|e| e.explain())?;
        if let Some(note) = notes.get(ply) {
            tree.node_mut(at).note = note.clone();
        }
    }
    Ok(tree)
}

impl AnyTree {
    /// The main line of `record` up to `plies` moves (all recorded moves
    /// when `plies` is larger), with `notes[ply]` on each move.
    ///
    /// # Errors
    /// When the record's moves cannot be replayed (not for a record the
    /// app made).
    pub fn from_record(
        record: &dyn Record,
        plies: usize,
        notes: &[Annotation],
    ) -> Result<AnyTree, Text> {
        let mut moves = record.move_texts();
        moves.truncate(plies);
        let start = record.start_text();
        Ok(match record.kind() {
            GameKind::Checkers => AnyTree::Checkers(read_tree(&start, &moves, notes)?),
            GameKind::Tiers => AnyTree::Tiers(read_tree(&start, &moves, notes)?),
        })
    }

    /// A tree with no move from the standard start of `kind` (Tiers: the
    /// default formations).
    #[must_use]
    pub fn start(kind: GameKind) -> AnyTree {
        match kind {
            GameKind::Checkers => AnyTree::Checkers(GameTree::new(checkers::Position::start())),
            GameKind::Tiers => AnyTree::Tiers(GameTree::new(tiers::Position::start())),
        }
    }

    /// The main line of a game's moves from `start` (FEN or TFEN).
    ///
    /// # Errors
    /// When the start cannot be read or a move cannot be played.
    pub fn from_moves(kind: GameKind, start: &str, moves: &[String]) -> Result<AnyTree, Text> {
        Ok(match kind {
            GameKind::Checkers => AnyTree::Checkers(read_tree(start, moves, &[])?),
            GameKind::Tiers => AnyTree::Tiers(read_tree(start, moves, &[])?),
        })
    }

    /// A tree with no move, from a position (FEN or TFEN).
    ///
    /// # Errors
    /// Why the position cannot be read.
    pub fn from_position(kind: GameKind, text: &str) -> Result<AnyTree, Text> {
        fn of<P: Variant>(text: &str) -> Result<GameTree<P>, Text> {
            P::parse(text)
                .map(GameTree::new)
                .map_err(|e| Text::plain(e.to_string()))
        }
        Ok(match kind {
            GameKind::Checkers => AnyTree::Checkers(of(text)?),
            GameKind::Tiers => AnyTree::Tiers(of(text)?),
        })
    }

    /// Writes the whole tree as PDN with these tags: variations in
    /// parentheses, comments in braces, NAGs ([`pdn::write_tree`]); the
    /// result is the main line's.
    #[must_use]
    pub fn to_pdn(&self, tags: &[(String, String)]) -> String {
        self.to_pdn_ending(tags, self.main_line_outcome())
    }

    /// How the main line's last position ends the game, if it does.
    #[must_use]
    pub fn main_line_outcome(&self) -> Option<Outcome> {
        each!(self, tree => tree.main_line_game().outcome())
    }

    /// [`AnyTree::to_pdn`] with the game's result given (a resignation or
    /// an agreed draw, which the board does not show).
    #[must_use]
    pub fn to_pdn_ending(&self, tags: &[(String, String)], outcome: Option<Outcome>) -> String {
        let mut t = Tags::new();
        for (name, value) in tags {
            t.set(name, value);
        }
        each!(self, tree => pdn::write_tree(&t, tree, outcome))
    }

    /// Which game.
    #[must_use]
    pub fn kind(&self) -> GameKind {
        match self {
            AnyTree::Checkers(_) => GameKind::Checkers,
            AnyTree::Tiers(_) => GameKind::Tiers,
        }
    }

    /// How many nodes (the root included).
    #[must_use]
    pub fn len(&self) -> usize {
        each!(self, t => t.len())
    }

    /// Whether it has no move.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        each!(self, t => t.is_empty())
    }

    /// Whether `id` is one of its nodes.
    #[must_use]
    pub fn contains(&self, id: NodeId) -> bool {
        each!(self, t => t.contains(id))
    }

    /// The node `id`'s move was played from.
    #[must_use]
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        each!(self, t => t.parent(id))
    }

    /// The moves played from `id`, the main continuation first.
    #[must_use]
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        each!(self, t => t.children(id))
    }

    /// The nodes from the first move to `id`.
    #[must_use]
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        each!(self, t => t.path(id))
    }

    /// The move of `id` in written form (empty at the root).
    #[must_use]
    pub fn text(&self, id: NodeId) -> &str {
        each!(self, t => t.node(id).text())
    }

    /// What is said about the move `id`.
    #[must_use]
    pub fn note(&self, id: NodeId) -> &Annotation {
        each!(self, t => &t.node(id).note)
    }

    /// What is said about the move `id`, to change it.
    pub fn note_mut(&mut self, id: NodeId) -> &mut Annotation {
        each!(self, t => &mut t.node_mut(id).note)
    }

    /// The move number of `id`'s move and whether the second player made
    /// it (`(1, true)` for `1... 23-19`).
    #[must_use]
    pub fn number(&self, id: NodeId) -> (u32, bool) {
        fn of<P: Variant>(t: &GameTree<P>, id: NodeId) -> (u32, bool) {
            let before = t.position(t.parent(id).unwrap_or(id));
            (before.move_number(), before.side_to_move() != P::FIRST)
        }
        each!(self, t => of(t, id))
    }

    /// The game from the start to `id`, cursor after its move.
    #[must_use]
    pub fn record(&self, id: NodeId) -> Box<dyn Record> {
        each!(self, t => Box::new(t.game_to(id)) as Box<dyn Record>)
    }

    /// Plays the move with this written form from `from` (the node of that
    /// move if it was played there already, else a new variation).
    ///
    /// # Errors
    /// Why the text is no legal move there.
    pub fn play_text(&mut self, from: NodeId, text: &str) -> Result<NodeId, Text> {
        each!(self, t => t.play_text(from, text).map_err(|e| e.explain()))
    }

    /// Moves the variation holding `id` one level up; whether anything changed.
    pub fn promote(&mut self, id: NodeId) -> bool {
        each!(self, t => t.promote(id))
    }

    /// Makes the line through `id` the main line.
    pub fn make_main_line(&mut self, id: NodeId) {
        each!(self, t => t.make_main_line(id));
    }

    /// Deletes `id` and what follows it; the new id of its parent.
    pub fn delete(&mut self, id: NodeId) -> Option<NodeId> {
        each!(self, t => t.delete(id))
    }

    /// How many variations the path to `id` enters (0 on the main line).
    #[must_use]
    pub fn variation_depth(&self, id: NodeId) -> usize {
        each!(self, t => t.variation_depth(id))
    }

    /// The last node of the main continuation from `id` (`id` itself when
    /// no move follows).
    #[must_use]
    pub fn line_end(&self, id: NodeId) -> NodeId {
        each!(self, t => t.line_from(id).last().unwrap_or(id))
    }

    /// The way to `id` from the root: at each node, which of its moves
    /// was taken (0 the main continuation). Kept instead of ids, which
    /// are the tree's own.
    #[must_use]
    pub fn way_to(&self, id: NodeId) -> Vec<usize> {
        self.path(id)
            .into_iter()
            .map(|n| {
                let parent = self.parent(n).unwrap_or(NodeId::ROOT);
                self.children(parent)
                    .iter()
                    .position(|&c| c == n)
                    .unwrap_or(0)
            })
            .collect()
    }

    /// The node [`AnyTree::way_to`] led to (None if the way leaves the tree).
    #[must_use]
    pub fn follow(&self, way: &[usize]) -> Option<NodeId> {
        way.iter()
            .try_fold(NodeId::ROOT, |at, &i| self.children(at).get(i).copied())
    }
}
