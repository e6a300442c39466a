//! The analysis board: a game as a move tree ([`AnyTree`], the engine's
//! [`tiers_engine::tree::GameTree`]) to study. A move played from an
//! earlier position makes a variation instead of cutting the game;
//! variations are promoted or deleted; any move gets a comment and NAGs;
//! the arrow keys walk the tree (left / right along the line, up / down
//! between the moves played from the same position); the whole tree is
//! written to and read from PDN. It is opened from the play screen, the
//! games screen, a review (whose verdicts it shows: [`review`]) and the
//! editor ([`crate::AnalyseFrom`]), and kept on the device
//! ([`AnalysisBoard::to_json`], [`AnalysisBoard::read`]).

pub mod engine;
pub mod link;
pub mod review;
pub mod tree;

use tiers_engine::pdn::Annotation;
use tiers_engine::shapes::{self, Shape};
use tiers_engine::tree::NodeId;
use tiers_engine::{GameKind, Outcome};
use tiers_json::Json;

use crate::i18n::Text;
use crate::input::{self, ClickResult};
use crate::library::files::{self, Reading};
use crate::nav::Screen;
use crate::record::Record;
use crate::versioned;
pub use engine::BoardEngine;
pub use tree::{AnyTree, TreeOf};

/// The version of the stored record this build writes and reads.
pub const VERSION: u64 = 1;
/// The stored record's name in messages.
const WHAT: &str = "record.analysis";

/// The move-assessment NAGs offered on every move: `!` `?` `!!` `??` `!?`
/// `?!` (the PDN standard's 1 to 6; one at a time).
pub const MOVE_NAGS: [u8; 6] = [1, 2, 3, 4, 5, 6];

/// A step through the tree asked for by a key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TreeStep {
    /// To the start (Home).
    First,
    /// One move back (left arrow).
    Back,
    /// The next move of the line (right arrow).
    On,
    /// The end of the line (End).
    Last,
    /// The previous move played from the same position (up arrow).
    Up,
    /// The next move played from the same position (down arrow).
    Down,
}

/// What can be done on the analysis board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnalysisAction {
    /// A square was clicked (or chosen by keyboard).
    Square(u8),
    /// A piece was dragged from one square to another.
    Drag(u8, u8),
    /// Escape: the squares clicked so far are forgotten.
    Cancel,
    /// Show the position after this move.
    Go(NodeId),
    /// A key's step.
    Step(TreeStep),
    /// Play this move (written form) from the position shown.
    Play(String),
    /// Move the variation of the move shown one level up.
    Promote,
    /// Make the line of the move shown the main line.
    MainLine,
    /// Delete the move shown and what follows it.
    Delete,
    /// Put this NAG on the move shown, or take it off.
    Nag(u8),
    /// The move shown's comment.
    Comment(String),
    /// Turn the board round.
    Flip,
    /// The import box changed.
    ImportText(String),
    /// Read the import box.
    Import,
    /// Read an opened file: its name and text.
    Take(String, String),
    /// An opened file could not be read: its name and why.
    FileError(String, Text),
    /// The engine's lines on or off.
    Engine(bool),
    /// How many lines the engine shows (1 to [`engine::MAX_LINES`]).
    Lines(u32),
    /// Every move's score shown or not.
    AllScores(bool),
    /// The threat shown or not.
    Threat(bool),
    /// Play these moves one after the other from the position shown (an
    /// engine line, up to the move clicked).
    PlayLine(Vec<String>),
    /// An arrow or a marked square drawn on the position shown: added,
    /// recoloured, or taken away when drawn again
    /// ([`tiers_engine::shapes::toggle`]).
    Shape(Shape),
    /// The drawings on the position shown are wiped.
    ClearShapes,
    /// A new board: the start position of this game, no move, no tags.
    Fresh(GameKind),
}

/// Where the board was opened from, with what it studies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Opening {
    /// The game: the tree, its tags.
    pub tree: AnyTree,
    /// Its tags.
    pub tags: Vec<(String, String)>,
    /// The move to show.
    pub at: NodeId,
    /// The screen to go back to.
    pub back: Screen,
    /// How the game ended where its main line ends, when the board does
    /// not show it (a resignation, an agreed draw, a loss on time).
    pub ending: Option<Outcome>,
}

/// The analysis board's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisBoard {
    /// The move tree.
    pub tree: AnyTree,
    /// The game's tags (players, event…), written in the PDN.
    pub tags: Vec<(String, String)>,
    /// The move shown (the root: the start).
    pub at: NodeId,
    /// Squares clicked so far.
    pub selection: Vec<u8>,
    /// Seen from Black's side.
    pub flipped: bool,
    /// The screen the back button returns to.
    pub back: Screen,
    /// What the last action said (a refused move, an import's error).
    pub message: Option<Text>,
    /// The import box's text.
    pub import: String,
    /// The engine: its lines, every move's score, the threat.
    pub engine: BoardEngine,
    /// The review of the game on the board, when it was opened from one
    /// (its panel: the graph, the marks); gone with the tree.
    pub review: Option<review::ReviewPanel>,
    /// How the game opened ended (a resignation, an agreed draw, a loss
    /// on time: what the board does not show) and its main line's moves;
    /// the PDN states it while the main line is still those moves.
    pub ending: Option<(Vec<String>, Outcome)>,
}

impl Default for AnalysisBoard {
    fn default() -> Self {
        AnalysisBoard {
            tree: AnyTree::default(),
            tags: Vec::new(),
            at: NodeId::ROOT,
            selection: Vec::new(),
            flipped: false,
            back: Screen::NewGame,
            message: None,
            import: String::new(),
            engine: BoardEngine::default(),
            review: None,
            ending: None,
        }
    }
}

/// One move as the move list shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cell {
    /// The node.
    pub id: NodeId,
    /// How many moves lead to it from the start.
    pub ply: usize,
    /// Its move number as written before it (`12.`, `12...`), if one is.
    pub number: Option<String>,
    /// The move and its NAG suffixes (`11-15?!`).
    pub text: String,
    /// Its comment (empty: none).
    pub comment: String,
}

/// A run of moves on one line of the move list: the main line's or a
/// variation's, indented by its depth.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Segment {
    /// 0 for the main line, 1 for its variations, …
    pub depth: usize,
    /// The moves, in order.
    pub cells: Vec<Cell>,
}

impl AnalysisBoard {
    /// The board opened on `opening`.
    #[must_use]
    pub fn open(opening: Opening, flipped: bool) -> AnalysisBoard {
        let at = if opening.tree.contains(opening.at) {
            opening.at
        } else {
            NodeId::ROOT
        };
        AnalysisBoard {
            ending: Self::ending_at(&opening.tree, opening.ending),
            tree: opening.tree,
            tags: opening.tags,
            at,
            flipped,
            back: opening.back,
            ..AnalysisBoard::default()
        }
    }

    /// The game from the start to the move shown.
    #[must_use]
    pub fn record(&self) -> Box<dyn Record> {
        self.tree.record(self.at)
    }

    /// The whole tree as PDN.
    #[must_use]
    pub fn pdn(&self) -> String {
        let stated = self
            .ending
            .as_ref()
            .filter(|(moves, _)| *moves == main_line(&self.tree))
            .map(|&(_, outcome)| outcome);
        let outcome = self.tree.main_line_outcome().or(stated);
        self.tree.to_pdn_ending(&self.tags, outcome)
    }

    /// `ending` with `tree`'s main line.
    fn ending_at(tree: &AnyTree, ending: Option<Outcome>) -> Option<(Vec<String>, Outcome)> {
        ending.map(|o| (main_line(tree), o))
    }

    /// The move list: runs of moves, the main line at depth 0 and each
    /// variation after the move it replaces, one deeper, in the order
    /// [`tiers_engine::pdn::write_tree`] writes them (so the list reads as
    /// the PDN does). Built without recursion (variations may nest deep).
    #[must_use]
    pub fn layout(&self) -> Vec<Segment> {
        let t = &self.tree;
        let mut out: Vec<Segment> = Vec::new();
        // Lines still to lay out, the next on top: their first node, depth
        // and ply.
        let mut todo: Vec<(NodeId, usize, usize)> = t
            .children(NodeId::ROOT)
            .first()
            .map(|&n| (n, 0, 1))
            .into_iter()
            .collect();
        while let Some((first, depth, mut ply)) = todo.pop() {
            let mut seg = Segment {
                depth,
                cells: Vec::new(),
            };
            let mut node = Some(first);
            while let Some(n) = node {
                let (number, second) = t.number(n);
                let number = if !second {
                    Some(format!("{number}."))
                } else if seg.cells.is_empty() {
                    Some(format!("{number}..."))
                } else {
                    None
                };
                let note = t.note(n);
                seg.cells.push(Cell {
                    id: n,
                    ply,
                    number,
                    text: format!("{}{}", t.text(n), suffixes(note)),
                    comment: note.comment.clone(),
                });
                let parent = t.parent(n).unwrap_or(NodeId::ROOT);
                let siblings = t.children(parent);
                let next = t.children(n).first().copied();
                if siblings.first() == Some(&n) && siblings.len() > 1 {
                    // The variations of this move come next, then the line
                    // goes on on a new run.
                    if let Some(next) = next {
                        todo.push((next, depth, ply + 1));
                    }
                    for &v in siblings[1..].iter().rev() {
                        todo.push((v, depth + 1, ply));
                    }
                    break;
                }
                node = next;
                ply += 1;
            }
            out.push(seg);
        }
        out
    }

    /// The ids of the moves played from the same position as the move
    /// shown (the move shown among them), main continuation first.
    fn siblings(&self) -> &[NodeId] {
        match self.tree.parent(self.at) {
            Some(p) => self.tree.children(p),
            None => &[],
        }
    }

    /// Whether the move shown is a variation's (not on the main line).
    #[must_use]
    pub fn in_variation(&self) -> bool {
        self.tree.variation_depth(self.at) > 0
    }

    /// Applies an action.
    pub fn apply(&mut self, action: AnalysisAction) {
        if let AnalysisAction::ImportText(text) = action {
            self.import = text;
            return;
        }
        self.message = None;
        match action {
            AnalysisAction::ImportText(_) => {}
            AnalysisAction::Square(sq) => {
                // A click on the board wipes the drawings, as on lichess.
                self.tree.note_mut(self.at).shapes.clear();
                self.click(sq);
            }
            AnalysisAction::Drag(from, to) => {
                if from != to {
                    self.selection.clear();
                    self.click(from);
                    if self.selection == [from] {
                        self.click(to);
                    }
                }
            }
            AnalysisAction::Cancel => self.selection.clear(),
            AnalysisAction::Go(id) => self.go(id),
            AnalysisAction::Step(step) => self.step(step),
            AnalysisAction::Play(text) => self.play(&text),
            AnalysisAction::Promote => {
                self.tree.promote(self.at);
            }
            AnalysisAction::MainLine => self.tree.make_main_line(self.at),
            AnalysisAction::Delete => {
                if let Some(parent) = self.tree.delete(self.at) {
                    self.at = parent;
                    self.selection.clear();
                }
            }
            AnalysisAction::Nag(nag) => {
                if self.at != NodeId::ROOT {
                    toggle_nag(self.tree.note_mut(self.at), nag);
                }
            }
            AnalysisAction::Comment(text) => {
                let note = self.tree.note_mut(self.at);
                note.comment = text.split_whitespace().collect::<Vec<_>>().join(" ");
            }
            AnalysisAction::Flip => self.flipped = !self.flipped,
            AnalysisAction::Import => {
                let text = self.import.clone();
                if let Err(why) = self.take(&text) {
                    self.message = Some(why);
                }
            }
            AnalysisAction::Take(name, text) => {
                if let Err(why) = self.take(&text) {
                    self.message = Some(crate::text!("error.file", name = name, why = why));
                }
            }
            AnalysisAction::FileError(name, why) => {
                self.message = Some(crate::text!("error.file", name = name, why = why));
            }
            AnalysisAction::Engine(on) => {
                if on {
                    self.engine.on = true;
                } else {
                    self.engine.stop();
                }
            }
            AnalysisAction::Lines(n) => self.engine.count = n.clamp(1, engine::MAX_LINES),
            AnalysisAction::AllScores(on) => self.engine.all = on,
            AnalysisAction::Threat(on) => self.engine.threat = on,
            AnalysisAction::PlayLine(moves) => {
                for m in moves {
                    self.play(&m);
                    if self.message.is_some() {
                        break;
                    }
                }
            }
            AnalysisAction::Shape(shape) => {
                // Checkers names only the dark squares.
                let named = |sq: u8| {
                    sq < 64 && (self.tree.kind() == GameKind::Tiers || crate::record::is_dark(sq))
                };
                if named(shape.from) && named(shape.to) {
                    shapes::toggle(&mut self.tree.note_mut(self.at).shapes, shape);
                }
            }
            AnalysisAction::ClearShapes => self.tree.note_mut(self.at).shapes.clear(),
            AnalysisAction::Fresh(kind) => {
                self.review = None;
                self.tree = AnyTree::start(kind);
                self.tags.clear();
                self.at = NodeId::ROOT;
                self.selection.clear();
            }
        }
    }

    /// The position shown, as the computer is asked about it.
    #[must_use]
    pub fn here(&self) -> crate::analysis::Spot {
        engine::spot_at(&self.tree, self.at)
    }

    /// The position shown after a pass (where the threat is looked for).
    #[must_use]
    pub fn passed(&self) -> Option<crate::analysis::Spot> {
        engine::passed_spot(&self.tree, self.at)
    }

    /// The engine's request due now, with id `id`, and for which job.
    #[must_use]
    pub fn engine_due(&self, id: u32) -> Option<(engine::Job, crate::ai::AiRequest)> {
        let passed = if self.engine.threat {
            self.passed()
        } else {
            None
        };
        self.engine.due(&self.here(), passed.as_ref(), id)
    }

    /// The engine's request due went out with id `id`.
    pub fn engine_sent(&mut self, id: u32) {
        if let Some((job, req)) = self.engine_due(id) {
            self.engine.sent(job, &req);
        }
    }

    fn go(&mut self, id: NodeId) {
        if self.tree.contains(id) {
            self.at = id;
            self.selection.clear();
        }
    }

    fn step(&mut self, step: TreeStep) {
        let t = &self.tree;
        let to = match step {
            TreeStep::First => Some(NodeId::ROOT),
            TreeStep::Back => t.parent(self.at),
            TreeStep::On => t.children(self.at).first().copied(),
            TreeStep::Last => Some(t.line_end(self.at)),
            TreeStep::Up | TreeStep::Down => {
                let kids = self.siblings();
                kids.iter().position(|&k| k == self.at).and_then(|i| {
                    let j = if step == TreeStep::Up {
                        i.checked_sub(1)?
                    } else {
                        i + 1
                    };
                    kids.get(j).copied()
                })
            }
        };
        if let Some(id) = to {
            self.go(id);
        }
    }

    /// Reads a PDN text (or a position): its first game replaces the tree;
    /// the tree in study is kept when it cannot be read.
    fn take(&mut self, text: &str) -> Result<(), Text> {
        let read = read_tree(text)?;
        self.review = None;
        self.ending = Self::ending_at(&read.tree, read.ending);
        self.tree = read.tree;
        self.tags = read.tags;
        self.at = NodeId::ROOT;
        self.selection.clear();
        self.import.clear();
        Ok(())
    }

    /// Plays a move (written form) from the position shown.
    fn play(&mut self, text: &str) {
        match self.tree.play_text(self.at, text) {
            Ok(id) => {
                self.at = id;
                self.selection.clear();
            }
            Err(e) => self.message = Some(e),
        }
    }

    fn click(&mut self, sq: u8) {
        let game = self.record();
        if let Some(outcome) = game.outcome() {
            self.message = Some(crate::text!("message.game-over", outcome = outcome));
            return;
        }
        let (legal, result) = input::click_in(game.as_ref(), &self.selection, sq);
        match result {
            ClickResult::Cleared => self.selection.clear(),
            ClickResult::Partial(p) => {
                if p.len() == 1 && !legal.iter().any(|m| m.squares.first() == Some(&p[0])) {
                    self.message = Some(crate::session::why_immobile(game.as_ref(), p[0], &legal));
                }
                self.selection = p;
            }
            ClickResult::Ambiguous(p) => {
                self.selection = p;
                self.message = Some(crate::text!("message.several-captures"));
            }
            ClickResult::Move(i) => {
                if let Some(mv) = legal.get(i) {
                    let text = mv.text.clone();
                    self.play(&text);
                }
            }
            ClickResult::Illegal(tried) => {
                self.message = Some(crate::session::explain(game.as_ref(), &tried));
                self.selection.clear();
            }
        }
    }

    /// The record kept on the device: the tree as PDN and the way to the
    /// move shown.
    #[must_use]
    pub fn to_json(&self) -> String {
        let way: Vec<Json> = self
            .tree
            .way_to(self.at)
            .into_iter()
            .map(|i| Json::int(i as u64))
            .collect();
        Json::obj([
            ("v", Json::int(VERSION)),
            ("pdn", Json::str(&self.pdn())),
            ("at", Json::List(way)),
            ("flipped", Json::Bool(self.flipped)),
        ])
        .to_string()
    }

    /// Reads a kept record: the board, or why it cannot be read (the
    /// caller sets the text aside and starts from an empty board).
    ///
    /// # Errors
    /// A record that is not JSON, of another version, or whose PDN cannot
    /// be read.
    pub fn read(text: &str) -> Result<AnalysisBoard, Text> {
        let what = || Text::new(WHAT);
        let value = Json::parse(text).map_err(|_| versioned::not_json(what()))?;
        versioned::check(&value, VERSION, what())?;
        let pdn = value
            .get("pdn")
            .and_then(Json::as_str)
            .ok_or_else(|| versioned::damaged(what()))?;
        let read = read_tree(pdn).map_err(|_| versioned::damaged(what()))?;
        let way: Vec<usize> = value
            .get("at")
            .and_then(Json::as_list)
            .map(|l| {
                l.iter()
                    .filter_map(Json::as_u64)
                    .map(|i| usize::try_from(i).unwrap_or(usize::MAX))
                    .collect()
            })
            .unwrap_or_default();
        let at = read.tree.follow(&way).unwrap_or(NodeId::ROOT);
        Ok(AnalysisBoard {
            ending: Self::ending_at(&read.tree, read.ending),
            // The review's panel comes back with the board.
            review: read.review,
            tree: read.tree,
            tags: read.tags,
            at,
            flipped: value
                .get("flipped")
                .and_then(Json::as_bool)
                .unwrap_or(false),
            ..AnalysisBoard::default()
        })
    }
}

/// The moves of `tree`'s main line (written form).
fn main_line(tree: &AnyTree) -> Vec<String> {
    tree.path(tree.line_end(NodeId::ROOT))
        .into_iter()
        .map(|n| tree.text(n).to_string())
        .collect()
}

/// A move's NAGs as suffixes: 1 to 6 as `!` `?` …, others as ` $n`.
#[must_use]
pub fn suffixes(note: &Annotation) -> String {
    note.nags
        .iter()
        .map(|&n| tiers_engine::pdn::nag_suffix(n).map_or_else(|| format!(" ${n}"), str::to_string))
        .collect()
}

/// Puts `nag` on a move or takes it off; a move assessment (1 to 6)
/// replaces the one there was.
fn toggle_nag(note: &mut Annotation, nag: u8) {
    if let Some(i) = note.nags.iter().position(|&n| n == nag) {
        note.nags.remove(i);
        return;
    }
    if MOVE_NAGS.contains(&nag) {
        note.nags.retain(|n| !MOVE_NAGS.contains(n));
    }
    note.nags.push(nag);
}

/// One game read from a PDN text: its tree and its tags.
pub struct ReadTree {
    /// The whole tree, variations and notes included.
    pub tree: AnyTree,
    /// Its tags, in file order (the `Result` tag left out: the result is
    /// the main line's).
    pub tags: Vec<(String, String)>,
    /// How the game ended as the file states it, when its main line does
    /// not show it (a resignation, an agreed draw, a loss on time).
    pub ending: Option<Outcome>,
    /// The review written in it, if any ([`review::ReviewPanel::written`]).
    pub review: Option<review::ReviewPanel>,
}

/// Reads what was pasted or opened, as the games screen does
/// ([`files::read`]): the first game of a PDN file (checkers or
/// Tiers) with its variations, comments and NAGs, or a position (FEN
/// or TFEN) to start from.
///
/// # Errors
/// The reader's message (what and where), or why the file's games
/// cannot be read.
pub fn read_tree(text: &str) -> Result<ReadTree, Text> {
    match files::read(text)? {
        Reading::Position { kind, text } => Ok(ReadTree {
            tree: AnyTree::from_position(kind, &text)?,
            tags: Vec::new(),
            ending: None,
            review: None,
        }),
        Reading::Games { games, .. } => {
            let mut first = None;
            for g in games {
                match g {
                    Ok(g) => {
                        first = Some(Ok(g));
                        break;
                    }
                    Err(e) => {
                        first.get_or_insert(Err(e));
                    }
                }
            }
            let game = first.unwrap_or_else(|| Err(Text::new("error.pdn-no-game")))?;
            Ok(ReadTree {
                ending: game.record.outcome(),
                review: review::ReviewPanel::written(
                    game.record.as_ref(),
                    game.tag(crate::review::REVIEW_TAG),
                    &game.notes,
                ),
                tree: game.tree,
                tags: game
                    .tags
                    .into_iter()
                    .filter(|(n, _)| n != "Result")
                    .collect(),
            })
        }
    }
}

#[cfg(test)]
mod tests;
