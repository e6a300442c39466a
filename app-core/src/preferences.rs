//! The person's preferences (the Settings screen), kept on the device
//! (`tiers.preferences`) in a versioned JSON record: the board theme and
//! piece style, light or dark, sound, animation, what the board shows,
//! confirming moves, and the computer's default level and colour. A
//! damaged record keeps what can be read of it and names the rest.
//!
//! The look is applied as classes on the page's root element
//! ([`Preferences::root_classes`], read by the CSS in `styles/settings.css`).

use tiers_engine::search::Level;
use tiers_json::Json;

use super::new_game::ColorChoice;
use super::versioned;
use crate::i18n::Text;

/// The format version written now.
pub const VERSION: u64 = 1;

/// A choice among named values, stored by name.
pub trait Named: Sized + Copy + PartialEq + 'static {
    /// Every value, in the order shown.
    const ALL: &'static [Self];
    /// As stored and in class names.
    fn name(self) -> &'static str;
    /// Its catalogue key, as shown on the Settings screen.
    fn label(self) -> &'static str;
    /// Reads [`Named::name`].
    fn parse(text: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|v| v.name() == text)
    }
}

macro_rules! named {
    ($(#[$m:meta])* $ty:ident { $($(#[$vm:meta])* $v:ident = $name:literal, $label:literal;)* }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum $ty { $($(#[$vm])* $v,)* }
        impl Named for $ty {
            const ALL: &'static [Self] = &[$($ty::$v,)*];
            fn name(self) -> &'static str { match self { $($ty::$v => $name,)* } }
            fn label(self) -> &'static str { match self { $($ty::$v => $label,)* } }
        }
    };
}

named!(
    /// The colours of the board's squares.
    BoardTheme {
        /// Light and dark wood (the first look).
        Wood = "wood", "settings.theme-wood";
        /// Cream and green.
        Green = "green", "settings.theme-green";
        /// Pale and steel blue.
        Blue = "blue", "settings.theme-blue";
        /// White and near-black squares, strong outlines.
        Contrast = "contrast", "settings.theme-contrast";
    }
);

named!(
    /// How pieces are drawn.
    PieceStyle {
        /// Plain discs.
        Flat = "flat", "settings.pieces-flat";
        /// Discs with grooved rings and a bevel, like wooden draughtsmen.
        Classic = "classic", "settings.pieces-classic";
    }
);

named!(
    /// Light or dark pages.
    ColorMode {
        /// As the device says (`prefers-color-scheme`).
        System = "system", "settings.mode-system";
        /// Light.
        Light = "light", "settings.mode-light";
        /// Dark (the first look).
        Dark = "dark", "settings.mode-dark";
    }
);

named!(
    /// How fast pieces move on the board.
    Animation {
        /// No motion.
        Off = "off", "settings.anim-off";
        /// Twice as fast.
        Fast = "fast", "settings.anim-fast";
        /// Normal.
        Normal = "normal", "settings.anim-normal";
    }
);

named!(
    /// How a checkers board names its squares: numbers 1–32 on the dark
    /// squares, or letters and digits on its edges (Tiers boards always
    /// show a1–h8 on the edges).
    CheckersCoords {
        /// The square numbers (the first look).
        Numbers = "numbers", "settings.coords-numbers";
        /// Letters and digits on the edges.
        Edge = "edge", "settings.coords-edge";
    }
);

impl Named for ColorChoice {
    const ALL: &'static [Self] = &[ColorChoice::Red, ColorChoice::Random, ColorChoice::Black];
    fn name(self) -> &'static str {
        ColorChoice::name(self)
    }
    fn label(self) -> &'static str {
        match self {
            ColorChoice::Red => "side.red",
            ColorChoice::Random => "newgame.random",
            ColorChoice::Black => "side.black",
        }
    }
}

/// The person's preferences.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Preferences {
    /// The board's colours.
    pub board: BoardTheme,
    /// How pieces are drawn.
    pub pieces: PieceStyle,
    /// Light, dark or as the system says.
    pub mode: ColorMode,
    /// Sounds on.
    pub sound: bool,
    /// Their volume, 0 to 100.
    pub volume: u8,
    /// How fast pieces move (off whatever this says when the device asks
    /// for reduced motion).
    pub animation: Animation,
    /// Dots and rings on the squares a picked-up piece can go to.
    pub dots: bool,
    /// Coordinates on the board's edges and checkers' square numbers.
    pub coords: bool,
    /// How checkers boards name their squares.
    pub checkers_coords: CheckersCoords,
    /// The squares of the last move tinted.
    pub last_move: bool,
    /// A move is played only once confirmed (a second tap on its last
    /// square, or the Confirm button).
    pub confirm: bool,
    /// The non-visual mode: the board as text and the move box's commands
    /// for a screen reader, instead of the drawn board.
    pub non_visual: bool,
    /// The computer's level on the new game screen.
    pub level: Level,
    /// The person's colour against the computer on the new game screen.
    pub color: ColorChoice,
}

impl Default for Preferences {
    fn default() -> Self {
        Preferences {
            board: BoardTheme::Wood,
            pieces: PieceStyle::Flat,
            mode: ColorMode::Dark,
            sound: true,
            volume: 60,
            animation: Animation::Normal,
            dots: true,
            coords: true,
            checkers_coords: CheckersCoords::Numbers,
            last_move: true,
            confirm: false,
            non_visual: false,
            level: Level::clamped(3),
            color: ColorChoice::Red,
        }
    }
}

/// What could be read of a stored record, and what was wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Read {
    /// The preferences read (defaults for what could not be).
    pub preferences: Preferences,
    /// What was wrong (None: all was read).
    pub problem: Option<Text>,
}

const WHAT: &str = "record.settings";

impl Preferences {
    /// Whether pages are light, given whether the device prefers light
    /// ones (`prefers-color-scheme`).
    #[must_use]
    pub fn light(&self, system_light: bool) -> bool {
        match self.mode {
            ColorMode::Light => true,
            ColorMode::Dark => false,
            ColorMode::System => system_light,
        }
    }

    /// The classes of the page's root element that give this look
    /// (`theme-wood pieces-flat mode-dark anim-normal coords-numbers`, `page-light` for
    /// light pages, and `hide-dots`, `hide-coords`, `hide-last` for what is
    /// turned off); `system_light`: the device prefers light pages.
    #[must_use]
    pub fn root_classes(&self, system_light: bool) -> String {
        let mut c = format!(
            "theme-{} pieces-{} mode-{} anim-{} coords-{}",
            self.board.name(),
            self.pieces.name(),
            self.mode.name(),
            self.animation.name(),
            self.checkers_coords.name()
        );
        if self.light(system_light) {
            c.push_str(" page-light");
        }
        for (on, class) in [
            (self.dots, "hide-dots"),
            (self.coords, "hide-coords"),
            (self.last_move, "hide-last"),
        ] {
            if !on {
                c.push(' ');
                c.push_str(class);
            }
        }
        if self.non_visual {
            c.push_str(" non-visual");
        }
        c
    }

    /// As its stored text.
    #[must_use]
    pub fn to_json(&self) -> String {
        Json::obj([
            ("v", Json::int(VERSION)),
            ("board", Json::str(self.board.name())),
            ("pieces", Json::str(self.pieces.name())),
            ("mode", Json::str(self.mode.name())),
            ("sound", Json::Bool(self.sound)),
            ("volume", Json::int(u64::from(self.volume))),
            ("animation", Json::str(self.animation.name())),
            ("dots", Json::Bool(self.dots)),
            ("coords", Json::Bool(self.coords)),
            ("checkers_coords", Json::str(self.checkers_coords.name())),
            ("last_move", Json::Bool(self.last_move)),
            ("confirm", Json::Bool(self.confirm)),
            ("non_visual", Json::Bool(self.non_visual)),
            ("level", Json::int(u64::from(self.level.number()))),
            ("color", Json::str(self.color.name())),
        ])
        .to_string()
    }

    /// Reads a stored record. A field missing or unreadable keeps its
    /// default and is named in the problem; a record that is not JSON or
    /// of another version gives the defaults.
    #[must_use]
    pub fn read(text: &str) -> Read {
        let fail = |problem: Text| Read {
            preferences: Preferences::default(),
            problem: Some(problem),
        };
        let value = match Json::parse(text) {
            Ok(v) => v,
            Err(_) => return fail(versioned::not_json(Text::new(WHAT))),
        };
        if let Err(e) = versioned::check(&value, VERSION, Text::new(WHAT)) {
            return fail(e);
        }
        let mut p = Preferences::default();
        let mut bad: Vec<&str> = Vec::new();
        fn named<T: Named>(value: &Json, field: &'static str, into: &mut T, bad: &mut Vec<&str>) {
            match value.get(field).and_then(Json::as_str).and_then(T::parse) {
                Some(v) => *into = v,
                None => bad.push(field),
            }
        }
        fn flag(value: &Json, field: &'static str, into: &mut bool, bad: &mut Vec<&str>) {
            match value.get(field).and_then(Json::as_bool) {
                Some(v) => *into = v,
                None => bad.push(field),
            }
        }
        named(&value, "board", &mut p.board, &mut bad);
        named(&value, "pieces", &mut p.pieces, &mut bad);
        named(&value, "mode", &mut p.mode, &mut bad);
        named(&value, "animation", &mut p.animation, &mut bad);
        flag(&value, "sound", &mut p.sound, &mut bad);
        flag(&value, "dots", &mut p.dots, &mut bad);
        flag(&value, "coords", &mut p.coords, &mut bad);
        // Newer than the first records: missing means the default.
        if value.get("checkers_coords").is_some() {
            named(&value, "checkers_coords", &mut p.checkers_coords, &mut bad);
        }
        flag(&value, "last_move", &mut p.last_move, &mut bad);
        flag(&value, "confirm", &mut p.confirm, &mut bad);
        // Added after version 1 was first written: a record without it is
        // whole.
        if value.get("non_visual").is_some() {
            flag(&value, "non_visual", &mut p.non_visual, &mut bad);
        }
        match value.get("volume").and_then(Json::as_u64) {
            Some(v @ 0..=100) => p.volume = v as u8,
            _ => bad.push("volume"),
        }
        match value
            .get("level")
            .and_then(Json::as_u64)
            .and_then(|n| u8::try_from(n).ok())
            .and_then(Level::playing)
        {
            Some(l) => p.level = l,
            None => bad.push("level"),
        }
        match value
            .get("color")
            .and_then(Json::as_str)
            .and_then(ColorChoice::parse)
        {
            Some(c) => p.color = c,
            None => bad.push("color"),
        }
        let problem =
            (!bad.is_empty()).then(|| crate::text!("error.some-settings", count = bad.len()));
        Read {
            preferences: p,
            problem,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_defaults_are_the_first_look() {
        let p = Preferences::default();
        assert_eq!(p.board, BoardTheme::Wood);
        assert_eq!(p.pieces, PieceStyle::Flat);
        assert_eq!(p.mode, ColorMode::Dark);
        assert!(p.sound && p.dots && p.coords && p.last_move && !p.confirm);
        assert_eq!(p.level.number(), 3);
        assert_eq!(
            p.root_classes(true),
            "theme-wood pieces-flat mode-dark anim-normal coords-numbers"
        );
    }

    #[test]
    fn every_choice_survives_writing_and_reading() {
        for &board in BoardTheme::ALL {
            for &pieces in PieceStyle::ALL {
                for &mode in ColorMode::ALL {
                    for &animation in Animation::ALL {
                        let p = Preferences {
                            board,
                            pieces,
                            mode,
                            animation,
                            sound: false,
                            volume: 17,
                            dots: false,
                            coords: false,
                            checkers_coords: CheckersCoords::Edge,
                            last_move: false,
                            confirm: true,
                            non_visual: animation == Animation::Fast,
                            level: Level::clamped(7),
                            color: ColorChoice::Random,
                        };
                        let read = Preferences::read(&p.to_json());
                        assert_eq!(read.problem, None);
                        assert_eq!(read.preferences, p);
                    }
                }
            }
        }
    }

    #[test]
    fn what_is_turned_off_is_a_class() {
        let p = Preferences {
            board: BoardTheme::Contrast,
            pieces: PieceStyle::Classic,
            mode: ColorMode::System,
            animation: Animation::Off,
            checkers_coords: CheckersCoords::Edge,
            dots: false,
            coords: false,
            last_move: false,
            ..Preferences::default()
        };
        assert_eq!(
            p.root_classes(false),
            "theme-contrast pieces-classic mode-system anim-off coords-edge hide-dots hide-coords hide-last"
        );
        assert_eq!(
            p.root_classes(true),
            "theme-contrast pieces-classic mode-system anim-off coords-edge page-light hide-dots hide-coords hide-last"
        );
        let light = Preferences {
            mode: ColorMode::Light,
            ..Preferences::default()
        };
        assert!(light.light(false) && !Preferences::default().light(true));
        let non_visual = Preferences {
            non_visual: true,
            ..Preferences::default()
        };
        assert!(non_visual.root_classes(false).ends_with(" non-visual"));
    }

    #[test]
    fn a_record_from_before_the_non_visual_mode_is_whole() {
        let old = r#"{"v":1,"board":"blue","pieces":"flat","mode":"light","sound":true,"volume":60,"animation":"normal","dots":true,"coords":true,"last_move":true,"confirm":false,"level":3,"color":"red"}"#;
        let read = Preferences::read(old);
        assert_eq!(read.problem, None);
        assert!(!read.preferences.non_visual);
        assert_eq!(read.preferences.board, BoardTheme::Blue);
        let bad = old.replace("\"red\"}", "\"red\",\"non_visual\":3}");
        let read = Preferences::read(&bad);
        assert!(!read.preferences.non_visual);
        assert_eq!(
            read.problem.unwrap().english(),
            "1 of your settings could not be read; its default is used"
        );
    }

    #[test]
    fn a_damaged_record_keeps_what_can_be_read() {
        let mut text = Preferences {
            board: BoardTheme::Blue,
            sound: false,
            ..Preferences::default()
        }
        .to_json();
        text = text.replace("\"volume\":60", "\"volume\":400");
        text = text.replace("\"mode\":\"dark\"", "\"mode\":\"purple\"");
        let read = Preferences::read(&text);
        assert_eq!(read.preferences.board, BoardTheme::Blue);
        assert!(!read.preferences.sound);
        assert_eq!(read.preferences.volume, 60);
        assert_eq!(read.preferences.mode, ColorMode::Dark);
        assert_eq!(
            read.problem.unwrap().english(),
            "2 of your settings could not be read; their defaults are used"
        );
    }

    #[test]
    fn an_unreadable_record_gives_the_defaults_and_says_why() {
        let read = Preferences::read("{not json");
        assert_eq!(read.preferences, Preferences::default());
        assert_eq!(
            read.problem.unwrap().english(),
            "Your settings record could not be read (it is not valid JSON)"
        );
        let read = Preferences::read(r#"{"v": 7, "board": "green"}"#);
        assert_eq!(read.preferences, Preferences::default());
        assert_eq!(
            read.problem.unwrap().english(),
            "Your settings record was written by a newer version of Tiers (format 7; this one reads format 1)"
        );
    }
}
