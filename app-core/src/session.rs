//! The game session: one game being played on a live board (the play
//! screen's game, the embed's, a tournament match's). It holds the game,
//! who plays it, what the person has picked on the board, the computer's
//! progress and the draw offer, and reduces [`SessionAction`]s. What the
//! board shows ([`BoardInputs`]) and the status line ([`Session::status`])
//! are derived here, once for every screen that plays moves.

use tiers_engine::search::Level;
use tiers_engine::{BoardView, Color, GameKind, Outcome};

use super::ai::{AiReply, AiRequest, Budget};
use super::clock::{self, Clock};
use super::input::{self, ClickResult};
use super::record::{MoveOption, Record};
use super::spoken::{self, Seen, Typed};
use crate::i18n::{words, Text};
use crate::text;

/// Who plays against the person at the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// The computer, at a level; `human` is the person's colour.
    Computer {
        /// The computer's strength.
        level: Level,
        /// The person's colour.
        human: Color,
    },
    /// Two people on this device.
    Friend,
}

impl Opponent {
    /// Whether `color` is played by the computer.
    #[must_use]
    pub fn is_computer(self, color: Color) -> bool {
        matches!(self, Opponent::Computer { human, .. } if human != color)
    }

    /// The person's colour against the computer.
    #[must_use]
    pub fn human(self) -> Option<Color> {
        match self {
            Opponent::Computer { human, .. } => Some(human),
            Opponent::Friend => None,
        }
    }
}

/// What the computer reports while it thinks.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Thinking {
    /// The request this is about.
    pub id: u32,
    /// Depth reached.
    pub depth: u32,
    /// Score in hundredths of a man, from the computer's point of view.
    pub score: i32,
    /// Nodes searched.
    pub nodes: u64,
    /// The expected line.
    pub pv: String,
}

/// A game to play as it is: a new game, a saved one, an imported one, a
/// share link's, a position from the editor.
#[derive(Clone)]
pub struct LoadGame {
    /// The game, played from its cursor.
    pub record: Box<dyn Record>,
    /// Who plays.
    pub opponent: Opponent,
    /// Board seen from Black's side.
    pub flipped: bool,
    /// The clocks, in a game with a time control (RULES.md §3).
    pub clock: Option<Clock>,
}

impl PartialEq for LoadGame {
    fn eq(&self, other: &Self) -> bool {
        *self.record == *other.record
            && self.opponent == other.opponent
            && self.flipped == other.flipped
            && self.clock == other.clock
    }
}

impl std::fmt::Debug for LoadGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadGame")
            .field("start", &self.record.start_text())
            .field("moves", &self.record.move_texts())
            .field("opponent", &self.opponent)
            .field("flipped", &self.flipped)
            .field("clock", &self.clock)
            .finish()
    }
}

/// What the app knows about the game in progress besides its moves: a
/// stable id (the archive's key), when it started, and the tags of the file
/// it was imported from.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct GameMeta {
    /// A number unique to this game; 0 until one is given.
    pub id: u64,
    /// When it started, in milliseconds since 1970 (0: unknown).
    pub started: u64,
    /// PDN tags (Event, Site, player names…) to write back on export.
    pub tags: Vec<(String, String)>,
    /// A game played by link (correspondence): which side this device
    /// plays (the id is [`GameMeta::id`], the names are the White / Black
    /// tags).
    pub bylink: Option<ByLink>,
}

/// A game played by link with a friend far away: this device plays one
/// side, the other device the other; each move goes by a link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ByLink {
    /// The side this device plays.
    pub me: Color,
    /// Days per move (0: no limit).
    pub days: u8,
    /// When the last link was made (ms since 1970; 0: unknown).
    pub sent: u64,
}

/// The tag naming a game's opening; a game that began with a three-move
/// ballot ("ACF 58: 9-14 24-20 11-16") cannot take those moves back.
pub const OPENING_TAG: &str = "Opening";

impl GameMeta {
    /// The plies at the start that cannot be taken back: a ballot's three.
    #[must_use]
    pub fn fixed_plies(&self) -> usize {
        let ballot = self
            .tags
            .iter()
            .any(|(n, v)| n == OPENING_TAG && v.starts_with("ACF "));
        if ballot {
            3
        } else {
            0
        }
    }
}

/// Everything that can happen to a game on a live board.
#[derive(Clone, Debug, PartialEq)]
pub enum SessionAction {
    /// A square of the board was clicked (or chosen by keyboard).
    Square(u8),
    /// A piece was dragged from one square to another.
    Drag(u8, u8),
    /// End a move that could go on (a double ultra king's single action,
    /// a capture the player stops): "End the move here".
    Finish,
    /// Forget the selection.
    Cancel,
    /// Take back (against the computer: your move and its reply).
    Undo,
    /// Play again what was taken back.
    Redo,
    /// Look at the position after this many moves (None: the current one).
    View(Option<usize>),
    /// Turn the board around.
    Flip,
    /// The side to move (or the person, against the computer) resigns.
    Resign,
    /// The side to move offers a draw (two players).
    OfferDraw,
    /// The draw offer is accepted.
    AcceptDraw,
    /// The draw offer is declined.
    DeclineDraw,
    /// Close the game-over dialog.
    CloseDialog,
    /// A request for the computer's move went out with this id.
    AiSent(u32),
    /// What the computer answered.
    Ai(AiReply),
    /// Give the game its id, start date and file tags.
    Meta(GameMeta),
    /// Play the move waiting for confirmation.
    Confirm,
    /// The time is now this (milliseconds since 1970): the running clock is
    /// charged, and the side to move loses if it reaches zero.
    Tick(u64),
    /// Stop the clocks at this time (the page is hidden in a game against
    /// the computer).
    Pause(u64),
    /// Start (or restart) the clocks from this time.
    Resume(u64),
    /// Something typed in the move box at this time (milliseconds since
    /// 1970): a move in the game's notation, played if legal and explained
    /// if not, or a command whose answer is announced
    /// ([`crate::spoken::parse`]).
    Typed {
        /// What was typed.
        text: String,
        /// The time, for the clocks.
        now: u64,
    },
}

/// What a screen says about the players, for the status line: a name per
/// colour (Red's first) when the players have names (a tournament), else
/// the colours and "you" / "the computer".
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Names(pub Option<[String; 2]>);

/// The game on a live board.
#[derive(Clone)]
pub struct Session {
    /// The game, if one is being played.
    pub game: Option<Box<dyn Record>>,
    /// Who plays.
    pub opponent: Opponent,
    /// Bumped for every new game (stale computer replies are ignored).
    pub serial: u32,
    /// Looking at an earlier position: the ply shown.
    pub view_ply: Option<usize>,
    /// Board seen from Black's side.
    pub flipped: bool,
    /// Squares clicked so far for the move being entered.
    pub selection: Vec<u8>,
    /// A message to the player (why a move is illegal, …).
    pub message: Option<Text>,
    /// Text for screen readers (aria-live).
    pub announce: Text,
    /// Bumped with every announcement, even one that says the same as the
    /// last (a command asked twice): the live region is redrawn, so it is
    /// read again.
    pub said: u32,
    /// The computer's request being waited for.
    pub pending: Option<u32>,
    /// What the computer reported last.
    pub thinking: Option<Thinking>,
    /// The computer failed on this position: do not ask again until it
    /// changes.
    pub ai_stalled: bool,
    /// A draw offered by this colour (two players).
    pub draw_offer: Option<Color>,
    /// The game-over dialog was closed.
    pub dialog_closed: bool,
    /// Whether moves may be taken back (not in a tournament match, not in
    /// an embed that says `undo=0`).
    pub takebacks: bool,
    /// The game's id, start date and file tags (saved games, archive).
    pub meta: GameMeta,
    /// How many attempted moves were refused (each one sounds).
    pub refusals: u32,
    /// Moves are played only once confirmed (a preference).
    pub confirm: bool,
    /// The move entered and waiting for confirmation: its text and squares.
    pub proposed: Option<(String, Vec<u8>)>,
    /// The clocks, in a game with a time control.
    pub clock: Option<Clock>,
    /// The clocks are held (a live game whose connection is lost, or whose
    /// other side's clock reads zero here and whose own device has not
    /// said so yet: docs/live.md, "Clocks").
    pub held: bool,
}

impl Default for Session {
    fn default() -> Self {
        Session {
            game: None,
            opponent: Opponent::Friend,
            serial: 0,
            view_ply: None,
            flipped: false,
            selection: Vec::new(),
            message: None,
            announce: Text::new("announce.none"),
            said: 0,
            pending: None,
            thinking: None,
            ai_stalled: false,
            draw_offer: None,
            dialog_closed: false,
            takebacks: true,
            meta: GameMeta::default(),
            refusals: 0,
            confirm: false,
            proposed: None,
            clock: None,
            held: false,
        }
    }
}

/// What the board component is given for the position on screen
/// ([`Session::board_inputs`]).
#[derive(Clone, Debug, PartialEq)]
pub struct BoardInputs {
    /// The ply shown (the current one unless looking back).
    pub shown: usize,
    /// The pieces at that ply.
    pub view: BoardView,
    /// The squares that can be clicked next.
    pub targets: Vec<u8>,
    /// The pieces that must capture, while nothing is picked up.
    pub highlight: Vec<u8>,
    /// The squares of the pieces that can move.
    pub movable: Vec<u8>,
    /// The squares of the move that led to the shown position.
    pub last_move: Vec<u8>,
    /// Whether a capture is compulsory.
    pub must_capture: bool,
    /// Whether the squares picked so far make a whole move that could
    /// also go on (a "finish the move here" button).
    pub can_finish: bool,
}

impl Session {
    /// A session playing `load` (a new game: stale computer replies are
    /// dropped).
    #[must_use]
    pub fn playing(load: LoadGame) -> Session {
        let mut s = Session::default();
        s.load(load);
        s
    }

    /// A drill's board: `record` played on by the player as `side`, the
    /// board turned to that side, the computer at its full strength on the
    /// other (the drills decide when it replies), no clock.
    #[must_use]
    pub fn drill(record: Box<dyn Record>, side: Color) -> Session {
        Session::playing(LoadGame {
            record,
            opponent: Opponent::Computer {
                level: Level::MAX,
                human: side,
            },
            flipped: side == Color::Black,
            clock: None,
        })
    }

    /// Starts playing `load`, with a new serial and a fresh id to come.
    pub fn load(&mut self, load: LoadGame) {
        self.opponent = load.opponent;
        self.flipped = load.flipped;
        self.new_game(load.record);
        self.clock = load.clock;
    }

    /// The game as it is, to load elsewhere (a game kept aside).
    #[must_use]
    pub fn to_load(&self) -> Option<LoadGame> {
        Some(LoadGame {
            record: self.game.clone()?,
            opponent: self.opponent,
            flipped: self.flipped,
            clock: self.clock,
        })
    }

    /// Whether moves may be taken back now: not in a game with clocks (as
    /// over the board), not where the screen forbids it.
    #[must_use]
    pub fn takebacks_now(&self) -> bool {
        self.takebacks && self.clock.is_none()
    }

    /// Whether the clocks should be running: a game with clocks that goes
    /// on. `shown` says whether the screen playing it is visible (the
    /// screen is shown and the page is not hidden); against the computer
    /// the clocks stop while it is not (the computer cannot think then),
    /// between two people they keep running.
    #[must_use]
    pub fn clock_should_run(&self, shown: bool) -> bool {
        self.clock.is_some()
            && !self.held
            && self.outcome().is_none()
            && (shown || matches!(self.opponent, Opponent::Friend))
    }

    /// The clock action due now, if any: start the clocks (`Resume`), stop
    /// them (`Pause`), or nothing (`None`: running as it should, or no
    /// clocks).
    #[must_use]
    pub fn clock_change(&self, shown: bool, now: u64) -> Option<SessionAction> {
        let running = self.clock?.running();
        match (self.clock_should_run(shown), running) {
            (true, false) => Some(SessionAction::Resume(now)),
            (false, true) => Some(SessionAction::Pause(now)),
            _ => None,
        }
    }

    /// The record, if a game is in progress.
    #[must_use]
    pub fn record(&self) -> Option<&dyn Record> {
        self.game.as_deref()
    }

    /// Which game is being played.
    #[must_use]
    pub fn kind(&self) -> Option<GameKind> {
        self.record().map(Record::kind)
    }

    /// The outcome, once the game is over.
    #[must_use]
    pub fn outcome(&self) -> Option<Outcome> {
        self.record().and_then(Record::outcome)
    }

    /// The side to move at the cursor.
    #[must_use]
    pub fn side_to_move(&self) -> Option<Color> {
        self.record().and_then(|g| g.side_at(g.ply()))
    }

    /// The ply shown on the board.
    #[must_use]
    pub fn shown_ply(&self) -> usize {
        match (&self.game, self.view_ply) {
            (Some(g), Some(p)) => p.min(g.recorded()),
            (Some(g), None) => g.ply(),
            _ => 0,
        }
    }

    /// Whether the person(s) at the screen may enter a move now.
    #[must_use]
    pub fn human_to_move(&self) -> bool {
        let Some(g) = self.record() else {
            return false;
        };
        if self.view_ply.is_some() || g.outcome().is_some() {
            return false;
        }
        let side = g.side_at(g.ply()).unwrap_or(Color::Red);
        !self.opponent.is_computer(side) && self.meta.bylink.as_ref().is_none_or(|b| b.me == side)
    }

    /// Whether it is the computer's turn in a game that goes on.
    #[must_use]
    pub fn computer_to_move(&self) -> bool {
        let Some(g) = self.record() else {
            return false;
        };
        if g.outcome().is_some() || self.draw_offer.is_some() {
            return false;
        }
        let side = g.side_at(g.ply()).unwrap_or(Color::Red);
        self.opponent.is_computer(side)
    }

    /// Whether a request for the computer's move should go out now.
    #[must_use]
    pub fn ai_due(&self) -> bool {
        self.computer_to_move() && self.pending.is_none() && !self.ai_stalled
    }

    /// Whether the computer is thinking on its move.
    #[must_use]
    pub fn thinking_now(&self) -> bool {
        self.pending.is_some() && self.computer_to_move()
    }

    /// Whether a take-back is possible: moves may be taken back here and
    /// there is one to take back (against the computer, one of the
    /// person's own moves).
    #[must_use]
    pub fn can_undo(&self) -> bool {
        let Some(game) = self.record() else {
            return false;
        };
        let fixed = self.meta.fixed_plies();
        self.takebacks_now()
            && self.meta.bylink.is_none()
            && game.ply() > fixed
            && match self.opponent {
                Opponent::Computer { human, .. } => {
                    (fixed..game.ply()).any(|p| game.side_at(p) == Some(human))
                }
                Opponent::Friend => true,
            }
    }

    /// Whether a taken-back move can be played again.
    #[must_use]
    pub fn can_redo(&self) -> bool {
        self.takebacks_now()
            && self.meta.bylink.is_none()
            && self.record().is_some_and(|g| g.ply() < g.recorded())
    }

    /// The legal moves the person can enter now (empty when it is not
    /// their turn).
    #[must_use]
    pub fn enterable(&self) -> Vec<MoveOption> {
        match self.record() {
            Some(g) if self.human_to_move() => g.legal(),
            _ => Vec::new(),
        }
    }

    /// The request for the computer's move in the current position
    /// (`None` without a game or a computer opponent), with this id; its
    /// seed differs per game, request and side.
    #[must_use]
    pub fn ai_request(&self, id: u32) -> Option<AiRequest> {
        let (Some(game), Opponent::Computer { level, .. }) = (self.record(), self.opponent) else {
            return None;
        };
        let mut moves = game.move_texts();
        moves.truncate(game.ply());
        let side = game.side_at(game.ply()).unwrap_or(Color::Red);
        let red = side == Color::Red;
        let level_ms = level.settings().movetime_ms;
        let think_ms = match &self.clock {
            Some(c) => clock::think_ms(level_ms, c, side),
            None => level_ms,
        };
        Some(AiRequest {
            id,
            kind: game.kind(),
            start: game.start_text(),
            moves,
            level,
            seed: u64::from(self.serial) << 32 | u64::from(id) | if red { 1 << 31 } else { 0 },
            budget: Budget::Time(think_ms),
            lines: 0,
        })
    }

    /// What the board shows and accepts: the position at the shown ply,
    /// the move that led to it, the squares to click and the pieces to
    /// highlight (the ones that must capture). `None` without a game.
    #[must_use]
    pub fn board_inputs(&self) -> Option<BoardInputs> {
        let game = self.record()?;
        let shown = self.shown_ply();
        let legal = self.enterable();
        let paths: Vec<Vec<u8>> = legal.iter().map(|m| m.squares.clone()).collect();
        let must_capture = legal.iter().any(|m| !m.captures.is_empty());
        let mut movable: Vec<u8> = paths.iter().filter_map(|p| p.first().copied()).collect();
        movable.sort_unstable();
        movable.dedup();
        let highlight = if must_capture && self.selection.is_empty() {
            movable.clone()
        } else {
            Vec::new()
        };
        let last_move = match shown.checked_sub(1) {
            Some(ply) => game.move_at(ply).map(|m| m.squares).unwrap_or_default(),
            None => Vec::new(),
        };
        let (targets, can_finish) = match &self.proposed {
            // A move waiting for confirmation: its last square, tapped again.
            Some((_, squares)) => (squares.last().copied().into_iter().collect(), false),
            None => (
                input::next_targets(&paths, &self.selection),
                self.selection.len() > 1 && input::complete(&paths, &self.selection).is_some(),
            ),
        };
        Some(BoardInputs {
            shown,
            view: game.view_at(shown).unwrap_or([None; 64]),
            targets,
            can_finish,
            highlight,
            movable,
            last_move,
            must_capture,
        })
    }

    /// "Red", or with names "Ann (Red)" (a name that ends in a bracket,
    /// "Computer (level 3)", reads "Computer (level 3), Red,").
    fn who(names: &Names, side: Color) -> Text {
        match &names.0 {
            Some(n) if n[side.index()].ends_with(')') => {
                text!("status.who-bracket", name = &n[side.index()], side = side)
            }
            Some(n) => text!("status.who", name = &n[side.index()], side = side),
            None => words::side(side),
        }
    }

    /// The status line, the same words on every screen: looking back, the
    /// result, a draw offer, whose turn (yours, the computer's, a named
    /// player's), and that a capture is compulsory.
    #[must_use]
    pub fn status(&self, names: &Names) -> Option<Text> {
        let game = self.record()?;
        let side = game.side_at(game.ply()).unwrap_or(Color::Red);
        let text = if let Some(p) = self.view_ply {
            text!("status.looking-back", number = p)
        } else if let Some(o) = game.outcome() {
            text!("status.over", outcome = o)
        } else if let Some(offer) = self.draw_offer {
            text!("status.draw-offered", who = Self::who(names, offer))
        } else {
            match (self.opponent, &names.0) {
                (Opponent::Computer { human, .. }, None) if human == side => {
                    text!("status.your-turn", side = side)
                }
                (Opponent::Computer { .. }, None) => text!("status.computer-turn", side = side),
                (_, Some(_)) if self.opponent.is_computer(side) => {
                    text!("status.thinking", who = Self::who(names, side))
                }
                _ => text!("status.to-move", who = Self::who(names, side)),
            }
        };
        let must_capture =
            self.human_to_move() && game.legal().iter().any(|m| !m.captures.is_empty());
        Some(if must_capture {
            text!("status.must-capture", status = text)
        } else {
            text
        })
    }

    /// Reduces one action.
    pub fn apply(&mut self, action: SessionAction) {
        // Whatever is typed gets an answer, said even if it is the last one.
        let before = match action {
            SessionAction::Typed { .. } => None,
            _ => Some(self.announce.clone()),
        };
        self.reduce(action);
        if before.is_none_or(|b| b != self.announce) {
            self.said = self.said.wrapping_add(1);
        }
    }

    /// Applies an action of the player's on the board and, when it
    /// completed a move, says which: the ply it was played at and its text.
    /// What the drills ask after each of the player's gestures.
    pub fn apply_move(&mut self, action: SessionAction) -> Option<(usize, String)> {
        let before = self.record()?.ply();
        self.apply(action);
        let record = self.record()?;
        if record.ply() <= before {
            return None;
        }
        let played = record.move_texts().get(before).cloned().unwrap_or_default();
        Some((before, played))
    }

    fn reduce(&mut self, action: SessionAction) {
        match action {
            SessionAction::Square(sq) => self.click(sq),
            SessionAction::Drag(from, to) => {
                if self.view_ply.is_some() {
                    // Looking at an earlier position: back to the game.
                    self.view_ply = None;
                    self.selection.clear();
                } else if from != to && self.human_to_move() {
                    self.selection.clear();
                    self.click(from);
                    if self.selection == [from] {
                        self.click(to);
                    }
                }
            }
            SessionAction::Finish => {
                if let Some(&last) = self.selection.last() {
                    self.click(last);
                }
            }
            SessionAction::Cancel => {
                self.selection.clear();
                self.proposed = None;
                self.message = None;
            }
            SessionAction::Undo => {
                if self.can_undo() {
                    self.undo();
                }
            }
            SessionAction::Redo => {
                if self.can_redo() {
                    self.redo();
                }
            }
            SessionAction::View(ply) => {
                self.selection.clear();
                self.proposed = None;
                self.view_ply = match (&self.game, ply) {
                    (Some(g), Some(p)) if p < g.ply() => Some(p),
                    (Some(g), Some(p)) if p <= g.recorded() && p != g.ply() => Some(p),
                    _ => None,
                };
            }
            SessionAction::Flip => self.flipped = !self.flipped,
            SessionAction::Resign => {
                let opponent = self.opponent;
                if let Some(g) = self.game.as_mut() {
                    let side = g.side_at(g.ply()).unwrap_or(Color::Red);
                    let by_link_wait = self.meta.bylink.as_ref().is_some_and(|b| b.me != side);
                    if g.outcome().is_some() || by_link_wait {
                        return;
                    }
                    let color = match opponent {
                        Opponent::Computer { human, .. } => human,
                        Opponent::Friend => g.side_at(g.ply()).unwrap_or(Color::Red),
                    };
                    g.resign(color);
                    self.pending = None;
                    self.thinking = None;
                    self.dialog_closed = false;
                    self.announce = text!("announce.resigned", side = color);
                }
            }
            SessionAction::OfferDraw => {
                if let (Some(g), Opponent::Friend) = (self.game.as_ref(), self.opponent) {
                    if g.outcome().is_none() && self.meta.bylink.is_none() {
                        self.draw_offer = g.side_at(g.ply());
                        self.announce = text!("announce.draw-offered");
                    }
                }
            }
            SessionAction::AcceptDraw => {
                if self.draw_offer.take().is_some() {
                    if let Some(g) = self.game.as_mut() {
                        g.agree_draw();
                        self.dialog_closed = false;
                        self.announce = text!("announce.draw-agreed");
                    }
                }
            }
            SessionAction::DeclineDraw => {
                self.draw_offer = None;
                self.announce = text!("announce.draw-declined");
            }
            SessionAction::CloseDialog => self.dialog_closed = true,
            SessionAction::AiSent(id) => {
                self.pending = Some(id);
                self.thinking = None;
            }
            SessionAction::Ai(reply) => self.ai_reply(reply),
            SessionAction::Meta(meta) => self.meta = meta,
            SessionAction::Confirm => {
                if let Some((text, _)) = self.proposed.take() {
                    if self.human_to_move() {
                        self.play(&text);
                    }
                }
            }
            SessionAction::Tick(now) => self.tick(now, false),
            SessionAction::Pause(now) => self.tick(now, true),
            SessionAction::Resume(now) => {
                if self.clock_should_run(true) {
                    if let Some(c) = self.clock.as_mut() {
                        c.start(now);
                    }
                }
            }
            SessionAction::Typed { text, now } => self.typed(&text, now),
        }
    }

    /// What was typed in the move box: a command is answered through the
    /// announcement; a move is played (timed at `now`) or refused with the
    /// engine's reason, as message and announcement.
    fn typed(&mut self, text: &str, now: u64) {
        let Some(game) = self.game.as_ref() else {
            self.announce = spoken::words::no_game();
            return;
        };
        let say = match spoken::parse(game.kind(), text) {
            Err(e) => e,
            Ok(Typed::Command(command)) => {
                let legal = self.enterable();
                let seen = Seen {
                    game: game.as_ref(),
                    human: self.opponent.human(),
                    clock: self.clock.as_ref(),
                    now,
                    legal: &legal,
                };
                self.message = None;
                spoken::answer(&seen, command)
            }
            Ok(Typed::Move(m)) => {
                self.view_ply = None;
                self.selection.clear();
                self.proposed = None;
                let why = if let Some(outcome) = game.outcome() {
                    Some(spoken::words::over(outcome))
                } else if !self.human_to_move() {
                    Some(spoken::words::not_your_turn())
                } else {
                    game.explain(&m).map(|why| spoken::words::refused(&m, why))
                };
                match why {
                    Some(why) => {
                        self.refusals = self.refusals.wrapping_add(1);
                        self.message = Some(why.clone());
                        why
                    }
                    None => {
                        self.tick(now, false);
                        self.play(&m);
                        return;
                    }
                }
            }
        };
        self.announce = say;
    }

    /// Charges the running clock up to `now` (and stops the clocks if
    /// `stop`); a clock at zero loses the game (RULES.md §3). Once the game
    /// is over the clocks stop.
    fn tick(&mut self, now: u64, stop: bool) {
        let (Some(c), Some(g)) = (self.clock.as_mut(), self.game.as_mut()) else {
            return;
        };
        if g.outcome().is_some() {
            c.seen = None;
            return;
        }
        let side = g.side_at(g.ply()).unwrap_or(Color::Red);
        let flagged = if stop {
            c.stop(side, now)
        } else {
            c.charge(side, now)
        };
        if flagged && self.meta.bylink.as_ref().is_some_and(|b| b.me != side) {
            // A live game: the other side's own device says when its
            // clock is out (its moves carry its time); this page holds
            // the clocks at zero until it does.
            c.seen = None;
            self.held = true;
        } else if flagged {
            c.seen = None;
            g.lose_on_time(side);
            self.pending = None;
            self.thinking = None;
            self.selection.clear();
            self.draw_offer = None;
            self.dialog_closed = false;
            self.view_ply = None;
            self.announce = text!("announce.time", side = side);
        }
    }

    /// A reply of the computer: kept only if it answers the request being
    /// waited for.
    fn ai_reply(&mut self, reply: AiReply) {
        if self.pending != Some(reply.id()) {
            return;
        }
        match reply {
            AiReply::Info {
                id,
                depth,
                score,
                nodes,
                pv,
            } => {
                self.thinking = Some(Thinking {
                    id,
                    depth,
                    score,
                    nodes,
                    pv: pv.join(" "),
                });
            }
            AiReply::Move { text, .. } => {
                if self.computer_to_move() {
                    self.pending = None;
                    self.view_ply = None;
                    self.thinking = None;
                    self.selection.clear();
                    self.play(&text);
                }
            }
            AiReply::Unavailable { .. } | AiReply::Lines { .. } => {}
            AiReply::Error { problem, .. } => {
                self.pending = None;
                self.thinking = None;
                self.ai_stalled = true;
                self.message = Some(text!("message.computer-failed", why = problem.explain()));
            }
        }
    }

    fn click(&mut self, sq: u8) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        if self.view_ply.is_some() {
            self.view_ply = None;
            self.selection.clear();
            self.proposed = None;
            return;
        }
        // A move waiting for confirmation: its last square again plays it,
        // any other click starts afresh.
        if let Some((text, squares)) = self.proposed.take() {
            if squares.last() == Some(&sq) && self.human_to_move() {
                self.play(&text);
                return;
            }
            self.selection.clear();
            self.message = None;
        }
        if !self.human_to_move() {
            if let Some(outcome) = game.outcome() {
                self.message = Some(text!("message.game-over", outcome = outcome));
            } else if self.draw_offer.is_some() {
                self.message = Some(text!("message.answer-draw"));
            } else {
                self.message = Some(text!("message.wait-computer"));
            }
            return;
        }
        let (legal, result) = input::click_in(game.as_ref(), &self.selection, sq);
        match result {
            ClickResult::Cleared => {
                self.selection.clear();
                self.message = None;
            }
            ClickResult::Partial(p) => {
                self.message = None;
                if p.len() == 1 && !legal.iter().any(|m| m.squares.first() == Some(&p[0])) {
                    // One's own piece that cannot move: say why.
                    self.message = Some(why_immobile(game.as_ref(), p[0], &legal));
                }
                self.selection = p;
            }
            ClickResult::Ambiguous(p) => {
                self.selection = p;
                self.message = Some(text!("message.several-captures"));
            }
            ClickResult::Move(i) => {
                if let Some(mv) = legal.get(i) {
                    let text = mv.text.clone();
                    if self.confirm {
                        self.message = Some(text!("message.confirm", mv = &text));
                        self.selection = mv.squares.clone();
                        self.proposed = Some((text, mv.squares.clone()));
                    } else {
                        self.play(&text);
                    }
                }
            }
            ClickResult::Illegal(tried) => {
                self.message = Some(explain(game.as_ref(), &tried));
                self.selection.clear();
                self.refusals = self.refusals.wrapping_add(1);
            }
        }
    }

    fn play(&mut self, text: &str) {
        let Some(game) = self.game.as_mut() else {
            return;
        };
        let mover = game.side_at(game.ply()).unwrap_or(Color::Red);
        match game.play_text(text) {
            Ok(()) => {
                self.selection.clear();
                self.proposed = None;
                self.message = None;
                self.draw_offer = None;
                self.dialog_closed = false;
                if let Some(c) = self.clock.as_mut() {
                    c.moved(mover);
                    if game.outcome().is_some() {
                        c.seen = None;
                    }
                }
                let said = spoken::move_in_words(game.as_ref(), game.ply() - 1);
                self.announce = match game.outcome() {
                    Some(outcome) => text!("spoken.said-over", said = said, outcome = outcome),
                    None => said,
                };
            }
            Err(_) => {
                self.message = Some(
                    game.explain(text)
                        .unwrap_or_else(|| text!("message.not-possible")),
                );
                self.selection.clear();
            }
        }
    }

    fn forget_ai(&mut self) {
        self.proposed = None;
        self.pending = None;
        self.thinking = None;
        self.ai_stalled = false;
    }

    /// Takes back one move between two players; against the computer, the
    /// person's last move and the computer's reply (or, when the computer
    /// moved first and only its move is left, nothing).
    fn undo(&mut self) {
        let opponent = self.opponent;
        let fixed = self.meta.fixed_plies();
        let Some(game) = self.game.as_mut() else {
            return;
        };
        if game.ply() <= fixed {
            return;
        }
        self.view_ply = None;
        self.selection.clear();
        self.proposed = None;
        self.draw_offer = None;
        self.dialog_closed = false;
        self.pending = None;
        self.thinking = None;
        self.ai_stalled = false;
        match opponent {
            Opponent::Friend => {
                game.undo();
            }
            Opponent::Computer { human, .. } => {
                let start = game.ply();
                if !game.undo() {
                    return;
                }
                // Keep undoing until it is the person's turn again and one of
                // their moves was taken back.
                while game.side_at(game.ply()) != Some(human) && game.ply() > fixed {
                    game.undo();
                }
                if game.side_at(game.ply()) != Some(human) {
                    // Only the computer's first move was left: replay it.
                    while game.ply() < start && game.side_at(game.ply()) != Some(human) {
                        game.redo();
                    }
                }
            }
        }
        self.message = None;
        self.announce = text!("announce.undo");
    }

    /// Plays a taken-back move again; against the computer, up to the
    /// person's turn.
    fn redo(&mut self) {
        let opponent = self.opponent;
        let Some(game) = self.game.as_mut() else {
            return;
        };
        self.view_ply = None;
        self.selection.clear();
        self.proposed = None;
        self.pending = None;
        self.thinking = None;
        self.ai_stalled = false;
        if !game.redo() {
            return;
        }
        if let Opponent::Computer { human, .. } = opponent {
            while game.side_at(game.ply()) != Some(human) && game.redo() {}
        }
        self.announce = text!("announce.redo");
    }

    /// Puts a new game on the board (the opponent and orientation stay).
    pub fn new_game(&mut self, record: Box<dyn Record>) {
        self.game = Some(record);
        self.serial = self.serial.wrapping_add(1);
        self.view_ply = None;
        self.selection.clear();
        self.message = None;
        self.forget_ai();
        self.draw_offer = None;
        self.dialog_closed = false;
        self.announce = text!("announce.new-game");
        self.meta = GameMeta::default();
        self.clock = None;
        self.held = false;
    }

    /// Takes the game off the board (a Tiers game waiting for its
    /// formations); later computer replies are ignored.
    pub fn clear(&mut self) {
        self.game = None;
        self.clock = None;
        self.serial = self.serial.wrapping_add(1);
        self.forget_ai();
    }

    /// Forgets the computer's request (its worker was replaced: the reply
    /// will never come).
    pub fn forget_pending(&mut self) {
        self.forget_ai();
    }
}

pub(crate) fn why_immobile(game: &dyn Record, sq: u8, legal: &[MoveOption]) -> Text {
    let name = game.square_name(sq);
    let mut capturing: Vec<String> = Vec::new();
    for m in legal.iter().filter(|m| !m.captures.is_empty()) {
        if let Some(s) = m.squares.first().map(|&s| game.square_name(s)) {
            if !capturing.contains(&s) {
                capturing.push(s);
            }
        }
    }
    if capturing.is_empty() {
        text!("message.immobile", square = name)
    } else {
        text!("message.must-take", squares = capturing.join(" / "))
    }
}

/// Why the clicked sequence is illegal, in the engine's words.
pub(crate) fn explain(game: &dyn Record, tried: &[u8]) -> Text {
    let names: Vec<String> = tried.iter().map(|&s| game.square_name(s)).collect();
    let dash = names.join("-");
    let cross = names.join("x");
    let reason = game
        .explain(&dash)
        .and_then(|a| game.explain(&cross).map(|b| (a, b)));
    match reason {
        // Prefer the message about the written form that reads best.
        Some((a, b)) => {
            let capture_move = game.legal().iter().any(|m| !m.captures.is_empty());
            let text = if capture_move { b } else { a };
            text!("message.illegal", squares = names.join(" → "), why = text)
        }
        None => text!("message.not-possible"),
    }
}

/// "text" → "Text" (a leading square name such as "c4" is left alone).
#[must_use]
pub fn capitalise(text: &str) -> String {
    let b = text.as_bytes();
    if b.len() >= 2 && (b'a'..=b'h').contains(&b[0]) && b[1].is_ascii_digit() {
        return text.to_string();
    }
    let mut chars = text.chars();
    match chars.next() {
        Some(c) => c.to_uppercase().collect::<String>() + chars.as_str(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests;
