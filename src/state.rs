//! All the app's state in one reducer ([`GameState`] + [`Action`]).
//! Side effects (the AI worker, timers) live in hooks; the reducer is pure:
//! randomness comes in through the actions.

use std::rc::Rc;

use tiers_engine::{BoardView, Color, GameKind};
use yew::Reducible;

use crate::input::{self, ClickResult};
use crate::record::{MoveOption, Record};
use crate::setup::{self, FormationSetup};

/// Which screen is shown.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Screen {
    /// Choosing the game and the opponent.
    NewGame,
    /// Placing the men (Tiers).
    Formation,
    /// Playing.
    Play,
    /// The rule books.
    Rules,
    /// The archive of finished games and imported files.
    Games,
    /// The board editor.
    Editor,
    /// Tournaments (their own state: [`crate::tournament::TourneyState`]).
    Tournaments,
}

/// Who plays against the person at the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// The computer, at a level 1–8; `human` is the person's colour.
    Computer {
        /// 1 (weakest) to 8.
        level: u8,
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
}

/// The colour the person asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ColorChoice {
    /// Play Red.
    Red,
    /// Play Black.
    Black,
    /// Toss a coin.
    Random,
}

/// The choices on the new game screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Checkers or Tiers.
    pub kind: GameKind,
    /// Against the computer (else a friend).
    pub vs_computer: bool,
    /// Computer level, 1–8.
    pub level: u8,
    /// The person's colour against the computer.
    pub color: ColorChoice,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            kind: GameKind::Checkers,
            vs_computer: true,
            level: 3,
            color: ColorChoice::Red,
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

/// The whole state of the app.
#[derive(Clone)]
pub struct GameState {
    /// The screen shown.
    pub screen: Screen,
    /// The screen to go back to from the rules.
    pub back: Screen,
    /// The new game choices.
    pub settings: Settings,
    /// The opponent of the game in progress.
    pub opponent: Opponent,
    /// The game in progress.
    pub game: Option<Box<dyn Record>>,
    /// Bumped for every new game (stale AI replies are ignored).
    pub serial: u32,
    /// Looking at an earlier position: the ply shown.
    pub view_ply: Option<usize>,
    /// Board seen from Black's side.
    pub flipped: bool,
    /// Squares clicked so far for the move being entered.
    pub selection: Vec<u8>,
    /// A message to the player (why a move is illegal, …).
    pub message: Option<String>,
    /// Text for screen readers (aria-live).
    pub announce: String,
    /// The AI request being waited for.
    pub pending: Option<u32>,
    /// The next AI request id.
    pub next_id: u32,
    /// What the AI reported last.
    pub thinking: Option<Thinking>,
    /// The AI failed on this position: do not ask again until it changes.
    pub ai_stalled: bool,
    /// A draw offered by this colour (two players).
    pub draw_offer: Option<Color>,
    /// The game-over dialog was closed.
    pub dialog_closed: bool,
    /// The Tiers formations being set up.
    pub formation: FormationSetup,
    /// The game's id, start date and file tags (saved games, archive).
    pub meta: crate::library::GameMeta,
    /// The board editor's position.
    pub editor: crate::library::editor::Editor,
}

impl PartialEq for GameState {
    fn eq(&self, other: &Self) -> bool {
        self.screen == other.screen
            && self.back == other.back
            && self.settings == other.settings
            && self.opponent == other.opponent
            && self.serial == other.serial
            && self.view_ply == other.view_ply
            && self.flipped == other.flipped
            && self.selection == other.selection
            && self.message == other.message
            && self.announce == other.announce
            && self.pending == other.pending
            && self.thinking == other.thinking
            && self.ai_stalled == other.ai_stalled
            && self.draw_offer == other.draw_offer
            && self.dialog_closed == other.dialog_closed
            && self.formation == other.formation
            && self.meta == other.meta
            && self.editor == other.editor
            && match (&self.game, &other.game) {
                (Some(a), Some(b)) => **a == **b,
                (None, None) => true,
                _ => false,
            }
    }
}

impl Default for GameState {
    fn default() -> Self {
        GameState {
            screen: Screen::NewGame,
            back: Screen::NewGame,
            settings: Settings::default(),
            opponent: Opponent::Friend,
            game: None,
            serial: 0,
            view_ply: None,
            flipped: false,
            selection: Vec::new(),
            message: None,
            announce: String::new(),
            pending: None,
            next_id: 1,
            thinking: None,
            ai_stalled: false,
            draw_offer: None,
            dialog_closed: false,
            formation: FormationSetup::default(),
            meta: crate::library::GameMeta::default(),
            editor: crate::library::editor::Editor::default(),
        }
    }
}

/// A game to play as it is: from an embed's parameters or a host page's
/// command (later: an imported game, a share link).
#[derive(Clone)]
pub struct LoadGame {
    /// The game, played from its cursor.
    pub record: Box<dyn Record>,
    /// Who plays.
    pub opponent: Opponent,
    /// Board seen from Black's side.
    pub flipped: bool,
}

impl PartialEq for LoadGame {
    fn eq(&self, other: &Self) -> bool {
        *self.record == *other.record
            && self.opponent == other.opponent
            && self.flipped == other.flipped
    }
}

impl std::fmt::Debug for LoadGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadGame")
            .field("start", &self.record.start_text())
            .field("moves", &self.record.move_texts())
            .field("opponent", &self.opponent)
            .field("flipped", &self.flipped)
            .finish()
    }
}

/// Everything that can happen.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Play this game (a new game: stale AI replies are dropped).
    Load(LoadGame),
    /// Show a screen.
    Show(Screen),
    /// Show the rules, remembering where to come back.
    ShowRules,
    /// Leave the rules.
    CloseRules,
    /// Change the new game choices.
    Settings(Settings),
    /// Start the game chosen in the settings; `coin` decides a random colour.
    Start {
        /// A random bit for the colour.
        coin: bool,
    },
    /// Formation editor.
    Formation(setup::FormationAction),
    /// Begin a Tiers game from the formations set up.
    BeginTiers,
    /// A square of the board was clicked (or chosen by keyboard).
    Square(u8),
    /// A piece was dragged from one square to another.
    Drag(u8, u8),
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
    /// An AI request was sent with this id.
    AiRequested(u32),
    /// Progress from the AI.
    AiInfo(Thinking),
    /// The AI's move.
    AiMove {
        /// Request id.
        id: u32,
        /// The move's text.
        text: String,
    },
    /// The AI could not answer.
    AiError {
        /// Request id.
        id: u32,
        /// Why.
        message: String,
    },
    /// Give the game in progress its id and start date.
    Meta(crate::library::GameMeta),
    /// Board editor.
    Editor(crate::library::editor::EditorAction),
}

impl GameState {
    /// The record, if a game is in progress.
    #[must_use]
    pub fn record(&self) -> Option<&dyn Record> {
        self.game.as_deref()
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
        !self.opponent.is_computer(side)
    }

    /// Whether the computer should be thinking now.
    #[must_use]
    pub fn computer_to_move(&self) -> bool {
        let Some(g) = self.record() else {
            return false;
        };
        if self.screen != Screen::Play || g.outcome().is_some() || self.draw_offer.is_some() {
            return false;
        }
        let side = g.side_at(g.ply()).unwrap_or(Color::Red);
        self.opponent.is_computer(side)
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
    /// (`None` without a game or a computer opponent), tagged with the next
    /// request id; its seed differs per game, request and side.
    #[must_use]
    pub fn ai_request(&self) -> Option<crate::worker::AiRequest> {
        let (Some(game), Opponent::Computer { level, .. }) = (self.record(), self.opponent) else {
            return None;
        };
        let id = self.next_id;
        let mut moves = game.move_texts();
        moves.truncate(game.ply());
        let red = game.side_at(game.ply()) == Some(Color::Red);
        Some(crate::worker::AiRequest {
            id,
            kind: game.kind(),
            start: game.start_text(),
            moves,
            level,
            seed: u64::from(self.serial) << 32 | u64::from(id) | if red { 1 << 31 } else { 0 },
            movetime_ms: crate::worker::movetime_for(level),
        })
    }

    /// What the board shows and accepts on screen: the position at the
    /// shown ply, the move that led to it, the squares to click and the
    /// pieces to highlight (the ones that must capture). `None` without a
    /// game.
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
        Some(BoardInputs {
            shown,
            view: game.view_at(shown).unwrap_or([None; 64]),
            targets: input::next_targets(&paths, &self.selection),
            can_finish: self.selection.len() > 1
                && input::complete(&paths, &self.selection).is_some(),
            highlight,
            movable,
            last_move,
            must_capture,
        })
    }

    fn click(&mut self, sq: u8) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        if self.view_ply.is_some() {
            self.view_ply = None;
            self.selection.clear();
            return;
        }
        if !self.human_to_move() {
            if let Some(outcome) = game.outcome() {
                self.message = Some(format!("The game is over: {outcome}."));
            } else if self.draw_offer.is_some() {
                self.message = Some("Answer the draw offer first.".into());
            } else {
                self.message = Some("Wait for the computer's move.".into());
            }
            return;
        }
        let legal = game.legal();
        let paths: Vec<Vec<u8>> = legal.iter().map(|m| m.squares.clone()).collect();
        let side = game.side_at(game.ply()).unwrap_or(Color::Red);
        let own = game
            .view_at(game.ply())
            .and_then(|v| v[usize::from(sq)])
            .is_some_and(|p| p.color == side);
        match input::click(&paths, &self.selection, sq, own) {
            ClickResult::Cleared => {
                self.selection.clear();
                self.message = None;
            }
            ClickResult::Partial(p) => {
                self.message = None;
                if p.len() == 1 && !input::is_origin(&paths, p[0]) {
                    // One's own piece that cannot move: say why.
                    self.message = Some(self.why_immobile(p[0], &legal));
                }
                self.selection = p;
            }
            ClickResult::Ambiguous(p) => {
                self.selection = p;
                self.message = Some(
                    "Several captures end there: click the landing squares one by one.".into(),
                );
            }
            ClickResult::Move(i) => {
                if let Some(mv) = legal.get(i) {
                    let text = mv.text.clone();
                    self.play(&text);
                }
            }
            ClickResult::Illegal(tried) => {
                self.message = Some(self.explain(&tried));
                self.selection.clear();
            }
        }
    }

    fn why_immobile(&self, sq: u8, legal: &[MoveOption]) -> String {
        let Some(game) = self.record() else {
            return String::new();
        };
        let name = game.square_name(sq);
        let capturing: Vec<String> = legal
            .iter()
            .filter(|m| !m.captures.is_empty())
            .filter_map(|m| m.squares.first().map(|&s| game.square_name(s)))
            .fold(Vec::new(), |mut acc, s| {
                if !acc.contains(&s) {
                    acc.push(s);
                }
                acc
            });
        if capturing.is_empty() {
            format!("The piece on {name} has no legal move.")
        } else {
            format!(
                "A capture is compulsory: {} must take.",
                capturing.join(" or ")
            )
        }
    }

    /// Why the clicked sequence is illegal, in the engine's words.
    fn explain(&self, tried: &[u8]) -> String {
        let Some(game) = self.record() else {
            return String::new();
        };
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
                format!("{}: {}", names.join(" → "), capitalise(&text))
            }
            None => "That move is not possible here.".into(),
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
                self.message = None;
                self.draw_offer = None;
                self.dialog_closed = false;
                let mut say = format!("{mover} played {text}.");
                if let Some(outcome) = game.outcome() {
                    say.push_str(&format!(" {outcome}."));
                }
                self.announce = say;
            }
            Err(e) => {
                self.message = Some(capitalise(&e));
                self.selection.clear();
            }
        }
    }

    fn undo(&mut self) {
        let opponent = self.opponent;
        let Some(game) = self.game.as_mut() else {
            return;
        };
        self.view_ply = None;
        self.selection.clear();
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
                let declared = game.outcome().is_some();
                if !game.undo() {
                    return;
                }
                // Keep undoing until it is the person's turn again and one of
                // their moves was taken back.
                while game.side_at(game.ply()) != Some(human) && game.ply() > 0 {
                    game.undo();
                }
                if game.side_at(game.ply()) != Some(human) {
                    // Only the computer's first move was left: replay it.
                    while game.ply() < start && game.side_at(game.ply()) != Some(human) {
                        game.redo();
                    }
                }
                let _ = declared;
            }
        }
        self.message = None;
        self.announce = "Move taken back.".into();
    }

    fn redo(&mut self) {
        let opponent = self.opponent;
        let Some(game) = self.game.as_mut() else {
            return;
        };
        self.view_ply = None;
        self.selection.clear();
        self.pending = None;
        self.thinking = None;
        self.ai_stalled = false;
        if !game.redo() {
            return;
        }
        if let Opponent::Computer { human, .. } = opponent {
            while game.side_at(game.ply()) != Some(human) && game.redo() {}
        }
        self.announce = "Move played again.".into();
    }

    fn new_game(&mut self, record: Box<dyn Record>) {
        self.game = Some(record);
        self.serial = self.serial.wrapping_add(1);
        self.view_ply = None;
        self.selection.clear();
        self.message = None;
        self.pending = None;
        self.thinking = None;
        self.ai_stalled = false;
        self.draw_offer = None;
        self.dialog_closed = false;
        self.screen = Screen::Play;
        self.announce = "New game.".into();
        self.meta = crate::library::GameMeta::default();
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

impl Reducible for GameState {
    type Action = Action;

    fn reduce(self: Rc<Self>, action: Action) -> Rc<Self> {
        let mut s = (*self).clone();
        match action {
            Action::Load(load) => {
                s.opponent = load.opponent;
                s.flipped = load.flipped;
                s.new_game(load.record);
            }
            Action::Show(screen) => s.screen = screen,
            Action::ShowRules => {
                if s.screen != Screen::Rules {
                    s.back = s.screen;
                }
                s.screen = Screen::Rules;
            }
            Action::CloseRules => s.screen = s.back,
            Action::Settings(settings) => s.settings = settings,
            Action::Start { coin } => {
                let settings = s.settings;
                s.opponent = if settings.vs_computer {
                    let human = match settings.color {
                        ColorChoice::Red => Color::Red,
                        ColorChoice::Black => Color::Black,
                        ColorChoice::Random if coin => Color::Red,
                        ColorChoice::Random => Color::Black,
                    };
                    Opponent::Computer {
                        level: settings.level.clamp(1, 8),
                        human,
                    }
                } else {
                    Opponent::Friend
                };
                s.flipped = matches!(
                    s.opponent,
                    Opponent::Computer {
                        human: Color::Black,
                        ..
                    }
                );
                match settings.kind {
                    GameKind::Checkers => {
                        s.new_game(crate::record::new_checkers());
                    }
                    GameKind::Tiers => {
                        s.formation = FormationSetup::new(s.opponent);
                        s.screen = Screen::Formation;
                        s.serial = s.serial.wrapping_add(1);
                        s.game = None;
                        s.pending = None;
                        s.thinking = None;
                    }
                }
            }
            Action::Formation(action) => {
                s.formation.apply(action);
            }
            Action::BeginTiers => match s.formation.build() {
                Ok(record) => s.new_game(record),
                Err(e) => s.formation.note = Some(e),
            },
            Action::Square(sq) => s.click(sq),
            Action::Drag(from, to) => {
                if s.view_ply.is_some() {
                    // Looking at an earlier position: back to the game.
                    s.view_ply = None;
                    s.selection.clear();
                } else if from != to && s.human_to_move() {
                    s.selection.clear();
                    s.click(from);
                    if s.selection == [from] {
                        s.click(to);
                    }
                }
            }
            Action::Cancel => {
                s.selection.clear();
                s.message = None;
            }
            Action::Undo => s.undo(),
            Action::Redo => s.redo(),
            Action::View(ply) => {
                s.selection.clear();
                s.view_ply = match (&s.game, ply) {
                    (Some(g), Some(p)) if p < g.ply() => Some(p),
                    (Some(g), Some(p)) if p <= g.recorded() && p != g.ply() => Some(p),
                    _ => None,
                };
            }
            Action::Flip => s.flipped = !s.flipped,
            Action::Resign => {
                let opponent = s.opponent;
                if let Some(g) = s.game.as_mut() {
                    let color = match opponent {
                        Opponent::Computer { human, .. } => human,
                        Opponent::Friend => g.side_at(g.ply()).unwrap_or(Color::Red),
                    };
                    g.resign(color);
                    s.pending = None;
                    s.thinking = None;
                    s.dialog_closed = false;
                    s.announce = format!("{color} resigned.");
                }
            }
            Action::OfferDraw => {
                if let (Some(g), Opponent::Friend) = (s.game.as_ref(), s.opponent) {
                    if g.outcome().is_none() {
                        s.draw_offer = g.side_at(g.ply());
                        s.announce = "A draw is offered.".into();
                    }
                }
            }
            Action::AcceptDraw => {
                if s.draw_offer.take().is_some() {
                    if let Some(g) = s.game.as_mut() {
                        g.agree_draw();
                        s.dialog_closed = false;
                        s.announce = "Draw agreed.".into();
                    }
                }
            }
            Action::DeclineDraw => {
                s.draw_offer = None;
                s.announce = "Draw offer declined.".into();
            }
            Action::CloseDialog => s.dialog_closed = true,
            Action::AiRequested(id) => {
                s.pending = Some(id);
                s.next_id = id.wrapping_add(1).max(1);
                s.thinking = None;
            }
            Action::AiInfo(info) => {
                if s.pending == Some(info.id) {
                    s.thinking = Some(info);
                }
            }
            Action::AiMove { id, text } => {
                if s.pending == Some(id) && s.computer_to_move() {
                    s.pending = None;
                    s.view_ply = None;
                    s.thinking = None;
                    s.selection.clear();
                    s.play(&text);
                }
            }
            Action::AiError { id, message } => {
                if s.pending == Some(id) {
                    s.pending = None;
                    s.thinking = None;
                    s.ai_stalled = true;
                    s.message = Some(format!("The computer could not move: {message}"));
                }
            }
            Action::Meta(meta) => s.meta = meta,
            Action::Editor(action) => s.editor.apply(action),
        }
        Rc::new(s)
    }
}

/// What the board component is given for the position on screen
/// ([`GameState::board_inputs`]).
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

#[cfg(test)]
mod tests {
    use super::*;
    use tiers_engine::{checkers, Game, Position as _};

    #[test]
    fn board_inputs_show_the_pieces_that_must_capture() {
        // 11-15 22-18: Black must take 15x22.
        let mut game = Game::new(checkers::Position::start());
        for mv in ["11-15", "22-18"] {
            game.play_text(mv).unwrap();
        }
        let state = Rc::new(GameState::default()).reduce(Action::Load(LoadGame {
            record: Box::new(game),
            opponent: Opponent::Friend,
            flipped: false,
        }));
        let b = state.board_inputs().unwrap();
        assert_eq!(b.shown, 2);
        assert!(b.must_capture);
        assert_eq!(b.movable.len(), 1, "only the man on 15 can move");
        assert_eq!(b.highlight, b.movable);
        assert!(b.targets.is_empty(), "nothing picked up: no target yet");
        assert_eq!(b.last_move.len(), 2, "22-18 from and to");
        assert!(!b.can_finish);
        // Picked up: no highlight, the landing square is the target.
        let state = state.reduce(Action::Square(b.movable[0]));
        let b2 = state.board_inputs().unwrap();
        assert!(b2.highlight.is_empty());
        assert_eq!(b2.targets.len(), 1);
        assert_ne!(b2.targets, b.movable);
        assert!(GameState::default().board_inputs().is_none());
    }

    #[test]
    fn the_ai_request_carries_the_game_up_to_the_shown_ply() {
        let mut game = Game::new(checkers::Position::start());
        game.play_text("11-15").unwrap();
        let friend = Rc::new(GameState::default()).reduce(Action::Load(LoadGame {
            record: Box::new(game.clone()),
            opponent: Opponent::Friend,
            flipped: false,
        }));
        assert!(friend.ai_request().is_none(), "no computer, no request");
        let state = Rc::new(GameState::default()).reduce(Action::Load(LoadGame {
            record: Box::new(game),
            opponent: Opponent::Computer {
                level: 5,
                human: Color::Black,
            },
            flipped: false,
        }));
        let r = state.ai_request().unwrap();
        assert_eq!(r.moves, ["11-15"]);
        assert_eq!(r.level, 5);
        assert_eq!(r.kind, GameKind::Checkers);
        assert_eq!(r.id, state.next_id);
        assert_eq!(r.movetime_ms, crate::worker::movetime_for(5));
        assert_ne!(r.seed & (1 << 31), 0, "Red to move sets the side bit");
    }
}
