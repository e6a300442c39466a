//! A game as a move tree: the main line with variations, and what is said
//! about each move (its comments and NAGs), as an annotated PDN file holds
//! it and as the analysis board edits it.
//!
//! Each node but the root is a move, played in its parent's position; a
//! node's first child is its main continuation, the others are variations
//! (alternatives to the first child). Nodes live in one vector and are
//! named by [`NodeId`]s, so walking and editing never recurse (a file may
//! nest variations thousands deep).
//!
//! ```
//! use tiers_engine::{checkers, tree::GameTree, Position};
//!
//! let mut tree = GameTree::new(checkers::Position::start());
//! let a = tree.play_text(tree.root(), "11-15").unwrap();
//! let b = tree.play_text(a, "23-19").unwrap();
//! // Another answer to 11-15 is a variation, not a new game.
//! let c = tree.play_text(a, "22-18").unwrap();
//! assert_eq!(tree.children(a), &[b, c]);
//! assert_eq!(tree.main_line_texts(), ["11-15", "23-19"]);
//! tree.promote(c);
//! assert_eq!(tree.main_line_texts(), ["11-15", "22-18"]);
//! let a = tree.delete(c).unwrap();
//! assert_eq!(tree.main_line_texts(), ["11-15", "23-19"]);
//! assert_eq!(tree.children(a).len(), 1);
//! ```

use crate::pdn::Annotation;
use crate::{Game, Position};

/// A node of a [`GameTree`]: an index into it. Ids stay valid until a
/// [`GameTree::delete`], which says what its parent's id became.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct NodeId(u32);

impl NodeId {
    /// The root: the start position, before any move.
    pub const ROOT: NodeId = NodeId(0);

    /// The index of the node in its tree (0 for the root).
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// One node: a move with the position after it (the root has no move).
#[derive(Clone, Debug)]
pub struct Node<P: Position> {
    parent: Option<NodeId>,
    mv: Option<P::Move>,
    text: String,
    position: P,
    children: Vec<NodeId>,
    /// What is said about the move: NAGs and comment.
    pub note: Annotation,
}

impl<P: Position> Node<P> {
    /// The move (none at the root).
    #[must_use]
    pub fn mv(&self) -> Option<&P::Move> {
        self.mv.as_ref()
    }

    /// The move in its written form (empty at the root).
    #[must_use]
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The position after the move.
    #[must_use]
    pub fn position(&self) -> &P {
        &self.position
    }

    /// The node the move was played from (none at the root).
    #[must_use]
    pub fn parent(&self) -> Option<NodeId> {
        self.parent
    }

    /// The moves played from here: the main continuation first.
    #[must_use]
    pub fn children(&self) -> &[NodeId] {
        &self.children
    }
}

/// A move tree: the start position, the main line and its variations.
#[derive(Clone, Debug)]
pub struct GameTree<P: Position> {
    nodes: Vec<Node<P>>,
}

impl<P: Position> GameTree<P> {
    /// A tree with no move, from `start`.
    #[must_use]
    pub fn new(start: P) -> GameTree<P> {
        GameTree {
            nodes: vec![Node {
                parent: None,
                mv: None,
                text: String::new(),
                position: start,
                children: Vec::new(),
                note: Annotation::default(),
            }],
        }
    }

    /// The main line of `game` up to its cursor, with `notes[ply]` on each
    /// move (missing notes say nothing).
    #[must_use]
    pub fn from_game(game: &Game<P>, notes: &[Annotation]) -> GameTree<P> {
        let mut tree = GameTree::new(game.start().clone());
        let mut at = tree.root();
        for (ply, mv) in game.moves().iter().enumerate() {
            at = tree.play(at, *mv);
            if let Some(note) = notes.get(ply) {
                tree.node_mut(at).note = note.clone();
            }
        }
        tree
    }

    /// The root: the start position.
    #[must_use]
    pub const fn root(&self) -> NodeId {
        NodeId::ROOT
    }

    /// The start position.
    #[must_use]
    pub fn start(&self) -> &P {
        &self.nodes[0].position
    }

    /// How many nodes the tree has (the root included).
    #[must_use]
    pub fn len(&self) -> usize {
        self.nodes.len()
    }

    /// Whether the tree has no move.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.nodes.len() == 1
    }

    /// Whether `id` names a node of this tree.
    #[must_use]
    pub fn contains(&self, id: NodeId) -> bool {
        id.index() < self.nodes.len()
    }

    /// The node `id`.
    ///
    /// # Panics
    /// If `id` is not a node of this tree ([`GameTree::contains`]).
    #[must_use]
    pub fn node(&self, id: NodeId) -> &Node<P> {
        &self.nodes[id.index()]
    }

    /// The node `id`, to change its note.
    ///
    /// # Panics
    /// If `id` is not a node of this tree.
    pub fn node_mut(&mut self, id: NodeId) -> &mut Node<P> {
        &mut self.nodes[id.index()]
    }

    /// The position at node `id`.
    #[must_use]
    pub fn position(&self, id: NodeId) -> &P {
        &self.node(id).position
    }

    /// The moves played from `id`, the main continuation first.
    #[must_use]
    pub fn children(&self, id: NodeId) -> &[NodeId] {
        &self.node(id).children
    }

    /// The node `id`'s move was played from.
    #[must_use]
    pub fn parent(&self, id: NodeId) -> Option<NodeId> {
        self.node(id).parent
    }

    /// Plays `mv` (legal in `from`'s position) from `from`: the node of that
    /// move if it was played there already, else a new one (the main
    /// continuation if `from` had none, else a variation).
    pub fn play(&mut self, from: NodeId, mv: P::Move) -> NodeId {
        if let Some(&known) = self
            .children(from)
            .iter()
            .find(|&&c| self.node(c).mv == Some(mv))
        {
            return known;
        }
        let before = self.position(from);
        let text = before.move_to_string(&mv);
        let position = before.play(&mv);
        let id = NodeId(u32::try_from(self.nodes.len()).expect("fewer than 2^32 nodes"));
        self.nodes.push(Node {
            parent: Some(from),
            mv: Some(mv),
            text,
            position,
            children: Vec::new(),
            note: Annotation::default(),
        });
        self.nodes[from.index()].children.push(id);
        id
    }

    /// Reads `text` as a move of `from`'s position and plays it ([`GameTree::play`]).
    ///
    /// # Errors
    /// The position's error when the text is no legal move there.
    pub fn play_text(&mut self, from: NodeId, text: &str) -> Result<NodeId, P::MoveError> {
        let mv = self.position(from).parse_move(text)?;
        Ok(self.play(from, mv))
    }

    /// The nodes from the root's first move to `id`, in order (empty for the root).
    #[must_use]
    pub fn path(&self, id: NodeId) -> Vec<NodeId> {
        let mut path = Vec::new();
        let mut at = id;
        while let Some(parent) = self.parent(at) {
            path.push(at);
            at = parent;
        }
        path.reverse();
        path
    }

    /// The main continuation from `id`: its first child, that one's first
    /// child, and so on (`id` not included).
    pub fn line_from(&self, id: NodeId) -> impl Iterator<Item = NodeId> + '_ {
        core::iter::successors(self.children(id).first().copied(), |&n| {
            self.children(n).first().copied()
        })
    }

    /// The main line's moves in written form.
    #[must_use]
    pub fn main_line_texts(&self) -> Vec<String> {
        self.line_from(self.root())
            .map(|n| self.node(n).text.clone())
            .collect()
    }

    /// Whether `id` lies on the main line (the root does).
    #[must_use]
    pub fn is_main_line(&self, id: NodeId) -> bool {
        self.variation_depth(id) == 0
    }

    /// How many variations the path to `id` enters: 0 on the main line, 1
    /// in a variation of it, 2 in a variation of a variation, …
    #[must_use]
    pub fn variation_depth(&self, id: NodeId) -> usize {
        let mut depth = 0;
        let mut at = id;
        while let Some(parent) = self.parent(at) {
            if self.children(parent).first() != Some(&at) {
                depth += 1;
            }
            at = parent;
        }
        depth
    }

    /// Moves the variation holding `id` one level up: at the nearest branch
    /// above `id` where its line is not the first, it becomes the first
    /// (the main continuation there); the line it replaces becomes the
    /// first variation, the others keep their order. Returns whether anything changed (not on the main line).
    pub fn promote(&mut self, id: NodeId) -> bool {
        let mut at = id;
        while let Some(parent) = self.parent(at) {
            let kids = &mut self.nodes[parent.index()].children;
            if let Some(i) = kids.iter().position(|&k| k == at).filter(|&i| i > 0) {
                kids.remove(i);
                kids.insert(0, at);
                return true;
            }
            at = parent;
        }
        false
    }

    /// Makes the line through `id` the main line (promotes it until it is).
    pub fn make_main_line(&mut self, id: NodeId) {
        while self.promote(id) {}
    }

    /// Deletes node `id` with every move after it; returns the new id of
    /// its parent (ids of other nodes may change), or `None` for the root,
    /// which cannot be deleted.
    pub fn delete(&mut self, id: NodeId) -> Option<NodeId> {
        let parent = self.parent(id)?;
        self.nodes[parent.index()].children.retain(|&k| k != id);
        // Keep the nodes still reached, in their order: a parent always
        // comes before its children, so one pass renumbers them.
        let mut keep = vec![false; self.nodes.len()];
        keep[0] = true;
        for i in 1..self.nodes.len() {
            let p = self.nodes[i].parent.expect("only the root has no parent");
            keep[i] = keep[p.index()] && (i != id.index());
        }
        let mut new_id = vec![0u32; self.nodes.len()];
        let mut next = 0u32;
        for (i, &k) in keep.iter().enumerate() {
            if k {
                new_id[i] = next;
                next += 1;
            }
        }
        let old = core::mem::take(&mut self.nodes);
        for (i, mut node) in old.into_iter().enumerate() {
            if keep[i] {
                node.parent = node.parent.map(|p| NodeId(new_id[p.index()]));
                node.children = node
                    .children
                    .iter()
                    .filter(|c| keep[c.index()])
                    .map(|c| NodeId(new_id[c.index()]))
                    .collect();
                self.nodes.push(node);
            }
        }
        Some(NodeId(new_id[parent.index()]))
    }

    /// The game along the main line, cursor after its last move.
    #[must_use]
    pub fn main_line_game(&self) -> Game<P> {
        self.game_to(self.line_from(self.root()).last().unwrap_or(NodeId::ROOT))
    }

    /// The game from the start to node `id`, cursor after its move.
    #[must_use]
    pub fn game_to(&self, id: NodeId) -> Game<P> {
        let mut game = Game::new(self.start().clone());
        for n in self.path(id) {
            let mv = self.node(n).mv.expect("every node but the root has a move");
            game.play_recorded(mv)
                .expect("a tree holds legal moves only");
        }
        game
    }

    /// The notes of the main line's moves, in order.
    #[must_use]
    pub fn main_line_notes(&self) -> Vec<Annotation> {
        self.line_from(self.root())
            .map(|n| self.node(n).note.clone())
            .collect()
    }
}

/// Two trees are equal when they start from the same position and hold the
/// same moves in the same order, with the same notes (node ids aside).
impl<P: Position> PartialEq for GameTree<P> {
    fn eq(&self, other: &GameTree<P>) -> bool {
        if self.start() != other.start() || self.len() != other.len() {
            return false;
        }
        let mut stack = vec![(NodeId::ROOT, NodeId::ROOT)];
        while let Some((a, b)) = stack.pop() {
            let (na, nb) = (self.node(a), other.node(b));
            if na.mv != nb.mv || na.note != nb.note || na.children.len() != nb.children.len() {
                return false;
            }
            stack.extend(na.children.iter().copied().zip(nb.children.iter().copied()));
        }
        true
    }
}

impl<P: Position> Eq for GameTree<P> {}
