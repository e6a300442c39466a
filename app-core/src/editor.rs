//! The board editor's model: any arrangement of pieces for either game
//! (every tier, and what an ultra or double ultra king carries in Tiers),
//! the side to move, and its live validation by the engine: the
//! arrangement is written as FEN / TFEN and read back through the engine's
//! [`checkers::Setup`] / TFEN validation, whose message says what is wrong.
//! The position is played from ([`Editor::game_to_play`]) or analysed on
//! the analysis board (`AnalyseFrom::Editor`, its engine started there).

use tiers_engine::checkers::{self, index64_to_square};
use tiers_engine::search::Level;
use tiers_engine::tiers::{self, tfen};
use tiers_engine::{BoardView, Color, Game, GameKind, PieceKind, PieceView, Position};

use super::library::files::read_position;
use super::record::{is_dark, Record};
use super::session::{LoadGame, Opponent};
use crate::i18n::errors::Explain;
use crate::i18n::Text;

/// What a click on the board does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Brush {
    /// Puts this piece (a click on the same piece takes it away).
    Piece(PieceView),
    /// Empties the square.
    Erase,
}

/// What can be done in the editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EditorAction {
    /// Switch to the other game (its start position).
    Kind(GameKind),
    /// Choose what clicks put.
    Brush(Brush),
    /// Put pieces of this tier (in the palette's colour, with its load).
    Tier(PieceKind),
    /// The palette's colour.
    Colour(Color),
    /// What the palette's (double) ultra kings carry.
    Carried(Option<PieceKind>),
    /// Turn the board round.
    Flip,
    /// A square was clicked (or chosen by keyboard).
    Square(u8),
    /// A piece was dragged to another square.
    Move(u8, u8),
    /// Who moves first from here.
    Side(Color),
    /// The standard start position.
    Start,
    /// An empty board.
    Clear,
    /// Set up this FEN / TFEN (the error is shown if it cannot be read).
    Load(GameKind, String),
    /// The position's text field was edited.
    Type(String),
    /// Set up the text typed (its game told by its shape).
    SetTyped,
}

/// The position being set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Editor {
    /// Checkers or Tiers.
    pub kind: GameKind,
    /// The pieces.
    pub board: BoardView,
    /// The side to move.
    pub side: Color,
    /// Plies since the last capture (from a loaded position).
    pub plies: u32,
    /// The move number (from a loaded position).
    pub number: u32,
    /// What a click puts.
    pub brush: Brush,
    /// The palette's colour.
    pub colour: Color,
    /// What the palette's carriers carry.
    pub carried: Option<PieceKind>,
    /// Board seen from Black's side.
    pub flipped: bool,
    /// A note about the last action (a light square in checkers, a text
    /// that could not be read).
    pub note: Option<Text>,
    /// The position's text as typed, until it is set.
    pub typed: Option<String>,
}

impl Default for Editor {
    fn default() -> Self {
        Editor::start(GameKind::Checkers)
    }
}

/// A piece without a load.
#[must_use]
pub const fn piece(color: Color, kind: PieceKind) -> PieceView {
    PieceView {
        color,
        kind,
        carried: None,
    }
}

/// The tiers a game has, lowest first.
#[must_use]
pub fn tiers_of(kind: GameKind) -> &'static [PieceKind] {
    match kind {
        GameKind::Checkers => &PieceKind::ALL[..2],
        GameKind::Tiers => &PieceKind::ALL,
    }
}

/// Whether a piece of this tier can carry another.
#[must_use]
pub fn carries(kind: PieceKind) -> bool {
    matches!(kind, PieceKind::Ultra | PieceKind::DoubleUltra)
}

impl Editor {
    /// The standard start position of a game.
    #[must_use]
    pub fn start(kind: GameKind) -> Editor {
        let (board, side) = match kind {
            GameKind::Checkers => {
                let p = checkers::Position::start();
                (p.board_view(), p.side_to_move())
            }
            GameKind::Tiers => {
                let p = tiers::Position::start();
                (p.board_view(), p.side_to_move())
            }
        };
        Editor {
            kind,
            board,
            side,
            plies: 0,
            number: 1,
            brush: Brush::Piece(piece(Color::Red, PieceKind::Man)),
            colour: Color::Red,
            carried: None,
            flipped: false,
            note: None,
            typed: None,
        }
    }

    /// The piece of this tier the palette puts.
    #[must_use]
    pub fn palette_piece(&self, kind: PieceKind) -> PieceView {
        PieceView {
            color: self.colour,
            kind,
            carried: if carries(kind) { self.carried } else { None },
        }
    }

    /// The editor showing a position given as text (FEN or TFEN).
    pub fn from_text(kind: GameKind, text: &str) -> Result<Editor, Text> {
        let canon = read_position(kind, text)?;
        let (board, side, plies, number) = match kind {
            GameKind::Checkers => {
                let p = checkers::Position::parse(&canon).map_err(|e| e.explain())?;
                (
                    p.board_view(),
                    p.side_to_move(),
                    p.plies_since_capture(),
                    p.move_number(),
                )
            }
            GameKind::Tiers => {
                let p = tiers::Position::parse(&canon).map_err(|e| e.explain())?;
                (
                    p.board_view(),
                    p.side_to_move(),
                    p.plies_since_capture(),
                    p.move_number(),
                )
            }
        };
        Ok(Editor {
            kind,
            board,
            side,
            plies,
            number,
            brush: Brush::Piece(piece(Color::Red, PieceKind::Man)),
            colour: Color::Red,
            carried: None,
            flipped: false,
            note: None,
            typed: None,
        })
    }

    /// Applies an action.
    pub fn apply(&mut self, action: EditorAction) {
        if let EditorAction::Type(text) = action {
            self.typed = Some(text);
            return;
        }
        self.note = None;
        match action {
            EditorAction::Type(_) => {}
            EditorAction::SetTyped => {
                if let Some(t) = self.typed.take() {
                    let kind = if t.matches('/').count() >= 7 {
                        GameKind::Tiers
                    } else if t.contains(':') {
                        GameKind::Checkers
                    } else {
                        self.kind
                    };
                    self.apply(EditorAction::Load(kind, t));
                }
            }
            EditorAction::Kind(kind) => {
                if kind != self.kind {
                    let keep = self.clone();
                    *self = Editor::start(kind);
                    self.keep_palette(&keep);
                }
            }
            EditorAction::Brush(b) => self.brush = b,
            EditorAction::Tier(kind) => self.brush = Brush::Piece(self.palette_piece(kind)),
            EditorAction::Colour(c) => {
                self.colour = c;
                if let Brush::Piece(p) = self.brush {
                    self.brush = Brush::Piece(self.palette_piece(p.kind));
                }
            }
            EditorAction::Carried(c) => {
                self.carried = c;
                if let Brush::Piece(p) = self.brush {
                    self.brush = Brush::Piece(self.palette_piece(p.kind));
                }
            }
            EditorAction::Flip => self.flipped = !self.flipped,
            EditorAction::Square(sq) => self.click(sq),
            EditorAction::Move(from, to) => {
                let (f, t) = (usize::from(from), usize::from(to));
                if from == to || f >= 64 || t >= 64 {
                    return;
                }
                if let Some(p) = self.board[f] {
                    if !self.allowed(to) {
                        return;
                    }
                    self.board[f] = None;
                    self.board[t] = Some(p);
                }
            }
            EditorAction::Side(c) => self.side = c,
            EditorAction::Start => {
                let keep = self.clone();
                *self = Editor::start(self.kind);
                self.keep_palette(&keep);
            }
            EditorAction::Clear => {
                self.board = [None; 64];
                self.plies = 0;
                self.number = 1;
            }
            EditorAction::Load(kind, text) => match Editor::from_text(kind, &text) {
                Ok(e) => {
                    let keep = self.clone();
                    *self = e;
                    self.keep_palette(&keep);
                }
                Err(err) => self.note = Some(err),
            },
        }
    }

    /// The game to play from this position: two players (`human` None),
    /// or the person as `human` against the computer at `level`.
    pub fn game_to_play(&self, human: Option<Color>, level: Level) -> Result<LoadGame, Text> {
        let record = self.validate()?;
        if let Some(o) = record.outcome() {
            return Err(crate::text!("editor.valid-but-over", o = o));
        }
        let (opponent, flipped) = match human {
            None => (Opponent::Friend, false),
            Some(human) => (Opponent::Computer { level, human }, human == Color::Black),
        };
        Ok(LoadGame {
            record,
            opponent,
            flipped,
            clock: None,
        })
    }

    /// Keeps the palette and orientation of `old` (the brush only if it
    /// exists in this game).
    fn keep_palette(&mut self, old: &Editor) {
        self.colour = old.colour;
        self.carried = old.carried;
        self.flipped = old.flipped;
        self.brush = match old.brush {
            Brush::Piece(p) if !tiers_of(self.kind).contains(&p.kind) => {
                Brush::Piece(self.palette_piece(PieceKind::Man))
            }
            b => b,
        };
    }

    fn allowed(&mut self, sq: u8) -> bool {
        if self.kind == GameKind::Checkers && !is_dark(sq) {
            self.note = Some(crate::text!("editor.dark-only"));
            return false;
        }
        true
    }

    fn click(&mut self, sq: u8) {
        let i = usize::from(sq);
        if i >= 64 || !self.allowed(sq) {
            return;
        }
        self.board[i] = match self.brush {
            Brush::Erase => None,
            Brush::Piece(p) if self.board[i] == Some(p) => None,
            Brush::Piece(p) => Some(p),
        };
    }

    /// The arrangement as the checkers engine's setup; the error names
    /// what cannot be put there (a piece on a light square, a tier
    /// checkers does not have).
    fn checkers_setup(&self) -> Result<checkers::Setup, Text> {
        let mut setup = checkers::Setup::empty(self.side);
        setup.plies_since_capture = self.plies;
        setup.move_number = self.number.max(1);
        for sq in 0..64u8 {
            if let Some(p) = self.board[usize::from(sq)] {
                let n = index64_to_square(sq).ok_or(Text::new("error.dark-squares-only"))?;
                setup.put(n, p.color, p.kind).map_err(|e| e.explain())?;
            }
        }
        Ok(setup)
    }

    /// The arrangement as the Tiers engine's setup.
    fn tiers_setup(&self) -> tiers::Setup {
        tiers::Setup {
            squares: self.board,
            side: self.side,
            plies_since_capture: self.plies,
            move_number: self.number,
        }
    }

    /// The arrangement as FEN / TFEN, before validation (written by the
    /// engine from its setup).
    #[must_use]
    pub fn text(&self) -> String {
        match self.kind {
            // The editor puts checkers pieces on dark squares only, so the
            // setup is always there; an empty board stands in otherwise.
            GameKind::Checkers => checkers::fen::write_setup(
                &self
                    .checkers_setup()
                    .unwrap_or_else(|_| checkers::Setup::empty(self.side)),
            ),
            GameKind::Tiers => tfen::write_setup(&self.tiers_setup()),
        }
    }

    /// The playable position, or what is wrong with the arrangement (the
    /// engine's words).
    pub fn validate(&self) -> Result<Box<dyn Record>, Text> {
        match self.kind {
            GameKind::Checkers => {
                let pos = checkers::Position::from_setup(&self.checkers_setup()?)
                    .map_err(|e| e.explain())?;
                Ok(Box::new(Game::new(pos)))
            }
            GameKind::Tiers => {
                let pos =
                    tiers::Position::from_setup(&self.tiers_setup()).map_err(|e| e.explain())?;
                Ok(Box::new(Game::new(pos)))
            }
        }
    }

    /// How many pieces each side has (a stack counts its pieces), Red's first.
    #[must_use]
    pub fn counts(&self) -> [u32; 2] {
        let mut n = [0; 2];
        for p in self.board.iter().flatten() {
            let own = if p.kind == PieceKind::DoubleUltra {
                2
            } else {
                1
            };
            n[p.color.index()] += own + u32::from(p.carried.is_some());
        }
        n
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::record::square as sq;

    #[test]
    fn the_start_positions_are_valid_and_written_as_the_engine_writes_them() {
        let e = Editor::start(GameKind::Checkers);
        assert_eq!(e.text(), checkers::Position::start().to_text());
        assert_eq!(e.validate().unwrap().legal().len(), 7);
        let e = Editor::start(GameKind::Tiers);
        assert_eq!(e.text(), tiers::START_TFEN);
        assert!(e.validate().is_ok());
        assert_eq!(e.counts(), [12, 12]);
    }

    #[test]
    fn placing_and_removing_pieces() {
        let mut e = Editor::start(GameKind::Checkers);
        e.apply(EditorAction::Clear);
        e.apply(EditorAction::Brush(Brush::Piece(piece(
            Color::Red,
            PieceKind::King,
        ))));
        e.apply(EditorAction::Square(sq("b8")));
        e.apply(EditorAction::Brush(Brush::Piece(piece(
            Color::Black,
            PieceKind::Man,
        ))));
        e.apply(EditorAction::Square(sq("c7")));
        e.apply(EditorAction::Side(Color::Red));
        assert_eq!(e.text(), "W:WK1:B6");
        // A light square is refused with a note.
        e.apply(EditorAction::Square(sq("a8")));
        assert_eq!(
            e.note.as_ref().map(crate::i18n::Text::english).as_deref(),
            Some("Checkers is played on the dark squares only.")
        );
        // The same piece again takes it away.
        e.apply(EditorAction::Square(sq("c7")));
        assert_eq!(e.text(), "W:WK1:B");
        e.apply(EditorAction::Move(sq("b8"), sq("d6")));
        assert_eq!(e.text(), "W:WK10:B");
        e.apply(EditorAction::Brush(Brush::Erase));
        e.apply(EditorAction::Square(sq("d6")));
        assert_eq!(e.text(), "W:W:B");
    }

    #[test]
    fn the_engine_says_what_is_wrong() {
        let mut e = Editor::start(GameKind::Checkers);
        e.apply(EditorAction::Clear);
        e.apply(EditorAction::Brush(Brush::Piece(piece(
            Color::Red,
            PieceKind::Man,
        ))));
        e.apply(EditorAction::Square(sq("b8")));
        assert_eq!(
            e.validate().err().unwrap().english(),
            "the red man on 1 stands on its crowning row: it must be a king"
        );
        let mut t = Editor::start(GameKind::Tiers);
        t.apply(EditorAction::Clear);
        t.apply(EditorAction::Brush(Brush::Piece(PieceView {
            color: Color::Red,
            kind: PieceKind::Ultra,
            carried: Some(PieceKind::King),
        })));
        t.apply(EditorAction::Square(sq("a1")));
        t.apply(EditorAction::Brush(Brush::Piece(PieceView {
            color: Color::Black,
            kind: PieceKind::DoubleUltra,
            carried: Some(PieceKind::Man),
        })));
        t.apply(EditorAction::Square(sq("d5")));
        t.apply(EditorAction::Side(Color::Black));
        assert_eq!(t.text(), "8/8/8/3d[m]4/8/8/8/U[K]7 b 0 1");
        let g = t.validate().unwrap();
        assert_eq!(g.start_text(), "8/8/8/3d[m]4/8/8/8/U[K]7 b 0 1");
        assert_eq!(t.counts(), [2, 3]);
        // A carried ultra king is not a thing.
        t.board[0] = Some(PieceView {
            color: Color::Red,
            kind: PieceKind::Ultra,
            carried: Some(PieceKind::Ultra),
        });
        assert_eq!(
            t.validate().err().unwrap().english(),
            "a carried piece must be of tier 1–4 (rank 1)"
        );
    }

    #[test]
    fn loading_text() {
        let mut e = Editor::default();
        e.apply(EditorAction::Load(
            GameKind::Tiers,
            "8/8/8/3u[k]4/8/8/8/U[M]7 b 3 12".into(),
        ));
        assert_eq!(e.kind, GameKind::Tiers);
        assert_eq!(e.text(), "8/8/8/3u[k]4/8/8/8/U[M]7 b 3 12");
        e.apply(EditorAction::Load(GameKind::Checkers, "B:W40".into()));
        assert_eq!(e.kind, GameKind::Tiers, "a bad text changes nothing");
        assert_eq!(
            e.note.as_ref().map(crate::i18n::Text::english).as_deref(),
            Some("This FEN cannot be read: square 40 does not exist (squares are 1-32)")
        );
        e.apply(EditorAction::Kind(GameKind::Checkers));
        assert_eq!(e.text(), Editor::start(GameKind::Checkers).text());
    }

    #[test]
    fn the_palette() {
        let mut e = Editor::start(GameKind::Tiers);
        e.apply(EditorAction::Colour(Color::Black));
        e.apply(EditorAction::Carried(Some(PieceKind::Quad)));
        e.apply(EditorAction::Tier(PieceKind::Ultra));
        assert_eq!(
            e.brush,
            Brush::Piece(PieceView {
                color: Color::Black,
                kind: PieceKind::Ultra,
                carried: Some(PieceKind::Quad)
            })
        );
        e.apply(EditorAction::Tier(PieceKind::King));
        assert_eq!(e.brush, Brush::Piece(piece(Color::Black, PieceKind::King)));
        e.apply(EditorAction::Colour(Color::Red));
        assert_eq!(e.brush, Brush::Piece(piece(Color::Red, PieceKind::King)));
        e.apply(EditorAction::Tier(PieceKind::DoubleUltra));
        e.apply(EditorAction::Flip);
        // Checkers has no double ultra king: the brush becomes a man.
        e.apply(EditorAction::Kind(GameKind::Checkers));
        assert_eq!(e.brush, Brush::Piece(piece(Color::Red, PieceKind::Man)));
        assert!(e.flipped);
    }
}
