//! The Tiers formation editor's state: the squares of each side's men while
//! they are being placed, checked live by the engine
//! ([`tiers::Formation::problems`]).

use crate::clock::TimeControl;
use tiers_engine::search::{choose_formation_for, Level};
use tiers_engine::tiers::{self, Formation, Preset};
use tiers_engine::{BoardView, Color, Game, PieceKind, PieceView};

use crate::i18n::{words, Text};
use crate::record::Record;
use crate::session::Opponent;
use crate::text;
use tiers_engine::tiers::FormationError;

/// What can be done in the formation editor.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormationAction {
    /// Switch to editing this side (two players).
    Edit(Color),
    /// Place a man on an empty square or take it away.
    Toggle(u8),
    /// Move a man to another square (drag and drop).
    Move(u8, u8),
    /// Use a named formation.
    Preset(Preset),
    /// A random formation from this seed.
    Random(u64),
    /// Copy the other side's formation, turned round.
    Mirror,
    /// Take every man away.
    Clear,
    /// The side being edited is ready (against the computer, the computer
    /// then chooses its formation with this seed).
    Ready(u64),
    /// Go back to editing.
    Unready,
    /// Typed in the formation box (the non-visual mode, and everyone):
    /// square names toggle men (`a1 c1 e1`), or one of the words `clear`,
    /// `random`, `mirror`, `preset NAME`, `ready`, `change`, `list`; what
    /// was done is said in the note. `start` is the screen's
    /// ([`is_start`]). `seed` serves `random` and `ready`.
    Typed {
        /// What was typed.
        text: String,
        /// A random seed.
        seed: u64,
    },
}

/// Whether the formation box's text asks to start the game.
#[must_use]
pub fn is_start(text: &str) -> bool {
    matches!(text.trim().to_ascii_lowercase().as_str(), "start" | "begin")
}

/// The formation box's texts, in one place (catalogue keys
/// `formation.typed-…`; the typed words stay as they are).
mod typed_words {
    use crate::i18n::Text;
    use crate::text;

    /// What the box takes.
    pub fn help() -> Text {
        text!("formation.typed-help")
    }
    /// A word or square not understood.
    pub fn unknown(word: &str) -> Text {
        text!("formation.typed-unknown", word = word, help = help())
    }
    /// One side is ready, the other sets up: `then` follows.
    pub fn ready(side: tiers_engine::Color, next: tiers_engine::Color, then: Text) -> Text {
        text!(
            "formation.typed-ready",
            side = side,
            next = next,
            then = then
        )
    }
    /// A side's men, listed.
    pub fn men(side: tiers_engine::Color, list: String, n: usize) -> Text {
        if n == 0 {
            text!("formation.typed-no-men", side = side)
        } else {
            text!("formation.typed-men", side = side, count = n, list = list)
        }
    }
    /// A preset name not known.
    pub fn unknown_preset(name: &str, names: String) -> Text {
        text!("formation.typed-presets", name = name, names = names)
    }
}

/// Both formations while they are set up.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FormationSetup {
    /// The men's squares, indexed by `Color::index`.
    pub squares: [Vec<u8>; 2],
    /// The side being edited.
    pub editing: Color,
    /// Who plays.
    pub opponent: Opponent,
    /// Each side has said it is ready.
    pub ready: [bool; 2],
    /// A note shown to the player (the computer's choice, errors).
    pub note: Option<Text>,
    /// The time control of the game to come (None: no clocks).
    pub clock: Option<TimeControl>,
    /// A live game's: this device sets `editing`'s formation only; the
    /// other is set on the other device and shown once both are
    /// (docs/live.md, "Formations").
    pub live: bool,
}

impl Default for FormationSetup {
    fn default() -> Self {
        FormationSetup::new(Opponent::Friend)
    }
}

/// The computer's formation at a level (the engine's choice,
/// [`choose_formation_for`]) and how to name it on screen.
#[must_use]
pub fn computer_formation(color: Color, level: Level, seed: u64) -> (Formation, Text) {
    let f = choose_formation_for(color, level, seed);
    let name = match f.preset_name() {
        Some(p) => text!("formation.preset-name", name = p.name()),
        None => text!("formation.own"),
    };
    (f, name)
}

impl FormationSetup {
    /// Default formations on both sides; against the computer its side is
    /// left empty until the person is ready.
    #[must_use]
    pub fn new(opponent: Opponent) -> Self {
        let mut squares = [
            Formation::default_for(Color::Red).square_list(),
            Formation::default_for(Color::Black).square_list(),
        ];
        let editing = match opponent {
            Opponent::Computer { human, .. } => {
                squares[human.opposite().index()].clear();
                human
            }
            Opponent::Friend => Color::Red,
        };
        FormationSetup {
            clock: None,
            live: false,
            squares,
            editing,
            opponent,
            ready: [false; 2],
            note: None,
        }
    }

    /// A live game's formations: this device sets `me`'s; the other side's
    /// is empty until it is revealed.
    #[must_use]
    pub fn live(me: Color, clock: Option<TimeControl>) -> Self {
        let mut f = FormationSetup::new(Opponent::Friend);
        f.squares[me.opposite().index()].clear();
        f.editing = me;
        f.clock = clock;
        f.live = true;
        f
    }

    /// The computer's colour, if it plays.
    #[must_use]
    pub fn computer(&self) -> Option<Color> {
        match self.opponent {
            Opponent::Computer { human, .. } => Some(human.opposite()),
            Opponent::Friend => None,
        }
    }

    /// The problems of one side's formation, in the engine's words.
    #[must_use]
    pub fn problems(&self, color: Color) -> Vec<Text> {
        Formation::problems(color, &self.squares[color.index()])
            .iter()
            .map(words::formation_error)
            .collect()
    }

    /// Whether both sides are ready and valid.
    #[must_use]
    pub fn complete(&self) -> bool {
        Color::ALL
            .iter()
            .all(|&c| self.ready[c.index()] && self.problems(c).is_empty())
    }

    /// The men, for the board.
    #[must_use]
    pub fn view(&self) -> BoardView {
        let mut v: BoardView = [None; 64];
        for color in Color::ALL {
            for &sq in &self.squares[color.index()] {
                if let Some(slot) = v.get_mut(usize::from(sq)) {
                    *slot = Some(PieceView {
                        color,
                        kind: PieceKind::Man,
                        carried: None,
                    });
                }
            }
        }
        v
    }

    /// The home-row squares of a side.
    #[must_use]
    pub fn home_squares(color: Color) -> Vec<u8> {
        (0..64u8)
            .filter(|&sq| tiers::formation::home_rows(color) & (1u64 << sq) != 0)
            .collect()
    }

    fn owner(&self, sq: u8) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|c| self.squares[c.index()].contains(&sq))
    }

    fn editable(&mut self) -> bool {
        let c = self.editing;
        if self.ready[c.index()] {
            self.note = Some(text!("formation.note-set", side = c));
            return false;
        }
        true
    }

    /// Applies an editor action.
    pub fn apply(&mut self, action: FormationAction) {
        let c = self.editing;
        let i = c.index();
        self.note = None;
        match action {
            FormationAction::Edit(color) => {
                if self.live && color != c {
                    self.note = Some(text!("formation.note-live-other"));
                } else if self.computer() == Some(color) {
                    self.note = Some(text!("formation.note-computer-sets"));
                } else {
                    self.editing = color;
                }
            }
            FormationAction::Toggle(sq) => {
                if !self.editable() || sq >= 64 {
                    return;
                }
                match self.owner(sq) {
                    Some(owner) if owner == c => self.squares[i].retain(|&s| s != sq),
                    Some(owner) => {
                        self.note = Some(text!("formation.note-other-men", side = owner));
                    }
                    None => self.squares[i].push(sq),
                }
            }
            FormationAction::Move(from, to) => {
                if !self.editable() || to >= 64 {
                    return;
                }
                if self.owner(from) != Some(c) {
                    self.note = Some(text!("formation.note-drag", side = c));
                    return;
                }
                if self.owner(to).is_some() {
                    self.note = Some(text!("formation.note-taken"));
                    return;
                }
                for s in &mut self.squares[i] {
                    if *s == from {
                        *s = to;
                    }
                }
            }
            FormationAction::Preset(p) => {
                if self.editable() {
                    self.squares[i] = Formation::preset(p, c).square_list();
                }
            }
            FormationAction::Random(seed) => {
                if self.editable() {
                    self.squares[i] = Formation::random(c, seed).square_list();
                }
            }
            FormationAction::Mirror => {
                if !self.editable() {
                    return;
                }
                let other = c.opposite();
                if self.computer() == Some(other) && !self.ready[other.index()] {
                    self.note = Some(text!("formation.note-not-revealed"));
                    return;
                }
                if self.live && self.squares[other.index()].is_empty() {
                    self.note = Some(text!("formation.note-live-hidden"));
                    return;
                }
                match Formation::new(other, &self.squares[other.index()]) {
                    Ok(f) => self.squares[i] = f.mirrored().square_list(),
                    Err(e) => {
                        self.note = Some(text!(
                            "formation.note-incomplete",
                            side = other,
                            problem = words::formation_error(&e)
                        ));
                    }
                }
            }
            FormationAction::Clear => {
                if self.editable() {
                    self.squares[i].clear();
                }
            }
            FormationAction::Ready(seed) => {
                let problems = self.problems(c);
                if let Some(p) = problems.first() {
                    self.note = Some(text!("formation.note-not-yet", problem = p.clone()));
                    return;
                }
                self.ready[i] = true;
                if self.live {
                    // The live game commits to it (AppState::live_formation).
                } else if let Opponent::Computer { level, .. } = self.opponent {
                    let them = c.opposite();
                    let (f, name) = computer_formation(them, level, seed);
                    self.squares[them.index()] = f.square_list();
                    self.ready[them.index()] = true;
                    self.note = Some(text!("formation.note-revealed", name = name));
                } else if !self.ready[c.opposite().index()] {
                    self.editing = c.opposite();
                }
            }
            FormationAction::Unready => {
                if self.live {
                    self.note = Some(text!("formation.note-live-committed"));
                    return;
                }
                self.ready[i] = false;
                if let Some(them) = self.computer() {
                    self.ready[them.index()] = false;
                    self.squares[them.index()].clear();
                }
            }
            FormationAction::Typed { text, seed } => self.typed(&text, seed),
        }
    }

    /// The formation box: a word, or squares toggled one by one; the note
    /// then lists the side's men (or says what went wrong).
    fn typed(&mut self, text: &str, seed: u64) {
        let lower = text.trim().to_ascii_lowercase();
        let words: Vec<&str> = lower
            .split(|c: char| c.is_whitespace() || c == ',')
            .filter(|w| !w.is_empty())
            .collect();
        let c = self.editing;
        let action = match words.as_slice() {
            [] | ["help" | "h" | "?"] => {
                self.note = Some(typed_words::help());
                return;
            }
            ["list" | "l" | "p"] => None,
            ["clear"] => Some(FormationAction::Clear),
            ["random"] => Some(FormationAction::Random(seed)),
            ["mirror"] => Some(FormationAction::Mirror),
            ["ready"] => Some(FormationAction::Ready(seed)),
            ["change"] => Some(FormationAction::Unready),
            ["preset", name] => match Preset::from_name(name) {
                Some(p) => Some(FormationAction::Preset(p)),
                None => {
                    let names: Vec<&str> = Preset::ALL.iter().map(|p| p.name()).collect();
                    self.note = Some(typed_words::unknown_preset(name, names.join(", ")));
                    return;
                }
            },
            squares => {
                let mut parsed = Vec::new();
                for w in squares {
                    match crate::spoken::parse_square(tiers_engine::GameKind::Tiers, w) {
                        Some(sq) => parsed.push(sq),
                        None => {
                            self.note = Some(typed_words::unknown(w));
                            return;
                        }
                    }
                }
                for sq in parsed {
                    self.apply(FormationAction::Toggle(sq));
                    if self.note.is_some() {
                        return;
                    }
                }
                None
            }
        };
        if let Some(a) = action {
            self.apply(a);
            if self.note.is_some() {
                return;
            }
        }
        let now = self.editing;
        let mut men = self.squares[now.index()].clone();
        men.sort_unstable();
        let list: Vec<String> = men.iter().map(|&sq| crate::record::algebraic(sq)).collect();
        let mut note = typed_words::men(now, list.join(", "), men.len());
        if now != c {
            note = typed_words::ready(c, now, note);
        }
        self.note = Some(note);
    }

    /// The game these formations start.
    pub fn build(&self) -> Result<Box<dyn Record>, Text> {
        let side_error = |side: Color, e: FormationError| {
            text!(
                "formation.side-error",
                side = side,
                problem = words::formation_error(&e)
            )
        };
        let red =
            Formation::new(Color::Red, &self.squares[0]).map_err(|e| side_error(Color::Red, e))?;
        let black = Formation::new(Color::Black, &self.squares[1])
            .map_err(|e| side_error(Color::Black, e))?;
        if !self.complete() {
            return Err(text!("formation.both-ready"));
        }
        Ok(Box::new(Game::new(tiers::Position::from_formations(
            &red, &black,
        ))))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::record::square as sq;

    fn typed(f: &mut FormationSetup, text: &str) -> String {
        f.apply(FormationAction::Typed {
            text: text.into(),
            seed: 7,
        });
        f.note.as_ref().map(Text::english).unwrap_or_default()
    }

    #[test]
    fn formations_are_set_up_by_typing() {
        let mut f = FormationSetup::new(Opponent::Friend);
        assert!(typed(&mut f, "clear").starts_with("Red has no men placed."));
        let note = typed(&mut f, "a1 b1 c1 d1 e1 f1 g1 h1, a2 b2 c2 d2");
        assert_eq!(
            note,
            "Red's men (12 of 12): a1, b1, c1, d1, e1, f1, g1, h1, a2, b2, c2, d2."
        );
        assert!(f.problems(Color::Red).is_empty());
        assert!(typed(&mut f, "e3").starts_with("Red's men (13 of 12)"));
        assert_eq!(red_problems(&f), ["1 man too many"]);
        typed(&mut f, "e3");
        assert!(typed(&mut f, "z9").starts_with("z9 is not a square"));
        assert!(typed(&mut f, "preset nonsense").contains("the presets are Checkers"));
        let note = typed(&mut f, "ready");
        assert!(
            note.starts_with("Red is ready; Black sets up now. Black's men (12 of 12): "),
            "{note}"
        );
        assert_eq!(f.editing, Color::Black);
        typed(&mut f, "preset phalanx");
        typed(&mut f, "ready");
        assert!(f.complete());
        assert!(f.build().is_ok());
        assert!(is_start(" Start ") && !is_start("ready"));
    }

    /// What is wrong with Red's formation, in English.
    fn red_problems(f: &FormationSetup) -> Vec<String> {
        f.problems(Color::Red).iter().map(Text::english).collect()
    }

    #[test]
    fn men_are_placed_moved_and_checked_live() {
        let mut f = FormationSetup::new(Opponent::Friend);
        assert!(red_problems(&f).is_empty(), "the default formation");
        f.apply(FormationAction::Toggle(sq("a1")));
        assert_eq!(red_problems(&f), ["place 1 more man"]);
        f.apply(FormationAction::Toggle(sq("a4")));
        assert_eq!(
            red_problems(&f),
            [
                "a4 is outside Red's home rows (ranks 1–3)",
                "place 1 more man"
            ]
        );
        f.apply(FormationAction::Move(sq("a4"), sq("a1")));
        assert!(red_problems(&f).is_empty());
        // Black's men are not Red's to move.
        f.apply(FormationAction::Move(sq("b6"), sq("a6")));
        assert_eq!(
            f.note.as_ref().map(Text::english).as_deref(),
            Some("Drag one of Red's men.")
        );
        f.apply(FormationAction::Toggle(sq("b6")));
        assert_eq!(
            f.note.as_ref().map(Text::english).as_deref(),
            Some("That square holds one of Black's men.")
        );
        f.apply(FormationAction::Clear);
        assert_eq!(red_problems(&f), ["place 12 more men"]);
        f.apply(FormationAction::Mirror);
        assert_eq!(f.squares[0].len(), 12);
        assert!(red_problems(&f).is_empty(), "Black's turned round");
    }

    #[test]
    fn two_people_get_ready_in_turn_and_the_game_starts() {
        let mut f = FormationSetup::new(Opponent::Friend);
        assert_eq!(
            f.build()
                .err()
                .as_ref()
                .map(crate::i18n::Text::english)
                .as_deref(),
            Some("Both sides must be ready first.")
        );
        f.apply(FormationAction::Ready(1));
        assert_eq!(f.editing, Color::Black, "Black's turn to set up");
        f.apply(FormationAction::Preset(Preset::ALL[1]));
        f.apply(FormationAction::Ready(2));
        assert!(f.complete());
        let game = f.build().unwrap();
        assert_eq!(game.side_at(0), Some(Color::Red));
        // Changing one's mind.
        f.apply(FormationAction::Unready);
        assert!(!f.complete());
    }

    #[test]
    fn the_computer_reveals_its_formation_when_the_person_is_ready() {
        let opponent = Opponent::Computer {
            level: Level::clamped(3),
            human: Color::Red,
        };
        let mut f = FormationSetup::new(opponent);
        assert!(f.squares[Color::Black.index()].is_empty(), "hidden");
        f.apply(FormationAction::Edit(Color::Black));
        assert_eq!(
            f.note.as_ref().map(Text::english).as_deref(),
            Some("The computer sets its own formation.")
        );
        f.apply(FormationAction::Mirror);
        assert_eq!(
            f.note.as_ref().map(Text::english).as_deref(),
            Some("The computer's formation is not revealed yet.")
        );
        f.apply(FormationAction::Ready(7));
        assert!(f.complete());
        assert_eq!(f.squares[Color::Black.index()].len(), 12);
        assert!(f
            .note
            .as_ref()
            .map(crate::i18n::Text::english)
            .as_deref()
            .unwrap()
            .starts_with("The computer has revealed its formation: it chose "));
        f.apply(FormationAction::Unready);
        assert!(f.squares[Color::Black.index()].is_empty(), "hidden again");
    }
}
