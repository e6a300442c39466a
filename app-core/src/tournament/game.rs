//! A tournament match played on the board: one or more games between two
//! entrants (people or computer players) until one of them wins a game.
//!
//! The board itself is the app's own game session ([`Session`]) and
//! formation editor ([`FormationSetup`]): clicks, drags, formations and the
//! computer's moves go through their reducers, so a tournament game behaves
//! exactly like any other game (without take-backs). This module adds who
//! plays which colour, the ballot opening, the draw rule and the game
//! records.
//!
//! **Draw rule** (see docs/user-guide.md, "Tournaments"): a match is won by the first
//! player to win a game. A drawn game is replayed with the colours reversed
//! (a checkers replay starts from a new ballot). A match between two computer
//! players that has drawn [`MAX_COMPUTER_DRAWS`] games is decided for the
//! higher seed, so that it always ends; a match with a person in it goes on
//! until somebody wins (the organiser can always enter a result by hand).

use tiers_bracket::{Ballot, MatchId};
use tiers_engine::pdn::{PdnResult, Variant};
use tiers_engine::{checkers, tiers, Color, Game, GameKind, Outcome, Position};

use tiers_engine::search::Level;

use crate::clock::{Clock, TimeControl};
use crate::formation::{computer_formation, FormationAction, FormationSetup};
use crate::i18n::Text;
use crate::record::{new_checkers, Record};
use crate::session::{Opponent, Session, SessionAction};
use crate::text;

/// Drawn games after which a computer-against-computer match goes to the
/// higher seed.
pub const MAX_COMPUTER_DRAWS: u32 = 5;

/// Where the match stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The Tiers formations are being set up.
    Formation,
    /// A game is being played.
    Playing,
    /// The last game was drawn: the next one is about to start.
    Drawn {
        /// Why the game was drawn, e.g. "threefold repetition".
        reason: String,
    },
    /// The match is decided.
    Won {
        /// The winner's slot (0 or 1).
        slot: usize,
        /// How, e.g. "Black has no legal move".
        reason: String,
    },
}

/// The match in play.
#[derive(Clone)]
pub struct MatchGame {
    /// The tournament (its id in the saved list).
    pub tournament: u32,
    /// The bracket's index.
    pub bracket: usize,
    /// The match.
    pub id: MatchId,
    /// "Adults · match 5".
    pub title: String,
    /// The two players' seeds, in the order of the bracket.
    pub seeds: [usize; 2],
    /// Their names.
    pub names: [String; 2],
    /// Their computer levels (None: a person).
    pub levels: [Option<Level>; 2],
    /// Checkers or Tiers.
    pub kind: GameKind,
    /// The game being played, from 1.
    pub game_no: u32,
    /// Drawn games so far.
    pub draws: u32,
    /// The ballot of the game being played (checkers with ballots).
    pub ballot: Option<Ballot>,
    /// The PDN of every finished game of the match.
    pub records: Vec<String>,
    /// The game on the board.
    pub session: Session,
    /// The Tiers formations being set up.
    pub formation: FormationSetup,
    /// Computer moves without pause and with little thought ("finish
    /// quickly").
    pub fast: bool,
    /// Where the match stands.
    pub stage: Stage,
    /// The time control of its games (None: no clocks).
    pub clock: Option<TimeControl>,
    /// Whether the result went into the bracket.
    pub recorded: bool,
}

/// The colour that moves first.
#[must_use]
pub fn first_color(kind: GameKind) -> Color {
    match kind {
        GameKind::Checkers => Color::Black,
        GameKind::Tiers => Color::Red,
    }
}

impl MatchGame {
    /// A match about to start: `ballot` is the first game's opening.
    #[must_use]
    pub fn new(
        tournament: u32,
        bracket: usize,
        id: MatchId,
        title: String,
        players: [(usize, String, Option<Level>); 2],
        kind: GameKind,
        ballot: Option<Ballot>,
    ) -> Self {
        let [a, b] = players;
        MatchGame {
            tournament,
            bracket,
            id,
            title,
            seeds: [a.0, b.0],
            names: [a.1, b.1],
            levels: [a.2, b.2],
            kind,
            game_no: 1,
            draws: 0,
            ballot,
            records: Vec::new(),
            session: Session {
                takebacks: false,
                ..Session::default()
            },
            formation: FormationSetup::default(),
            fast: false,
            clock: None,
            stage: Stage::Formation,
            recorded: false,
        }
    }

    /// The slot (0 or 1) that plays `color` in the current game: the first
    /// player of the bracket moves first in game 1, and colours swap for
    /// every replay.
    #[must_use]
    pub fn slot_of(&self, color: Color) -> usize {
        let first_slot = ((self.game_no - 1) % 2) as usize;
        if color == first_color(self.kind) {
            first_slot
        } else {
            1 - first_slot
        }
    }

    /// The colour `slot` plays in the current game.
    #[must_use]
    pub fn color_of(&self, slot: usize) -> Color {
        if self.slot_of(first_color(self.kind)) == slot {
            first_color(self.kind)
        } else {
            first_color(self.kind).opposite()
        }
    }

    /// Whether both players are computers.
    #[must_use]
    pub fn computers_only(&self) -> bool {
        self.levels.iter().all(Option::is_some)
    }

    /// Whether both players are people.
    #[must_use]
    pub fn people_only(&self) -> bool {
        self.levels.iter().all(Option::is_none)
    }

    /// The name of the player of `color`.
    #[must_use]
    pub fn name_of(&self, color: Color) -> &str {
        &self.names[self.slot_of(color)]
    }

    /// Who the board's logic thinks it plays for: the person against the
    /// computer, both people, or (two computers) the side not to move.
    fn opponent(&self) -> Opponent {
        let computer = |slot: usize| self.levels[slot];
        match (computer(0), computer(1)) {
            (None, None) => Opponent::Friend,
            (Some(level), None) => Opponent::Computer {
                level,
                human: self.color_of(1),
            },
            (None, Some(level)) => Opponent::Computer {
                level,
                human: self.color_of(0),
            },
            (Some(_), Some(_)) => {
                let to_move = self
                    .session
                    .record()
                    .and_then(|g| g.side_at(g.ply()))
                    .unwrap_or(first_color(self.kind));
                Opponent::Computer {
                    level: computer(self.slot_of(to_move)).unwrap_or(Level::MIN),
                    human: to_move.opposite(),
                }
            }
        }
    }

    /// Starts the current game (game 1, or the replay after a draw).
    /// `seed` drives the computer's formation choices.
    pub fn begin(&mut self, seed: u64) {
        self.stage = Stage::Formation;
        let opponent = self.opponent();
        self.session.opponent = opponent;
        self.session.flipped = matches!(
            opponent,
            Opponent::Computer {
                human: Color::Black,
                ..
            }
        ) && !self.computers_only();
        match self.kind {
            GameKind::Checkers => {
                let mut game = Game::new(checkers::Position::start());
                if let Some(b) = self.ballot {
                    for mv in b.moves.split(' ') {
                        // The deck is checked against the engine in the tests.
                        let _ = game.play_text(mv);
                    }
                }
                self.load(Box::new(game));
            }
            GameKind::Tiers if self.computers_only() => {
                let mut squares = [Vec::new(), Vec::new()];
                for color in Color::ALL {
                    let level = self.levels[self.slot_of(color)].unwrap_or(Level::MIN);
                    let salt = if color == Color::Red { 1 } else { 2 };
                    let (f, _) = computer_formation(color, level, seed.wrapping_add(salt));
                    squares[color.index()] = f.square_list();
                }
                let mut setup = FormationSetup::new(Opponent::Friend);
                setup.squares = squares;
                setup.ready = [true, true];
                let built = setup.build();
                self.formation = setup;
                match built {
                    Ok(record) => self.load(record),
                    Err(e) => self.formation.note = Some(e),
                }
            }
            GameKind::Tiers => {
                self.formation = FormationSetup::new(opponent);
                self.session.clear();
            }
        }
    }

    fn load(&mut self, record: Box<dyn Record>) {
        self.session.new_game(record);
        self.session.clock = self.clock.map(Clock::new);
        self.session.announce = crate::text!(
            "tournament.game-begins",
            game = self.game_no,
            number = self.id + 1
        );
        self.stage = Stage::Playing;
        // Between computers, the side to move after a ballot may be either.
        if self.computers_only() {
            self.session.opponent = self.opponent();
        }
    }

    /// Restores a game in progress (a reload) from its moves and, for
    /// Tiers, the two formations (Red's squares, Black's). The error says
    /// what could not be read.
    pub fn restore(
        &mut self,
        formations: Option<[Vec<u8>; 2]>,
        moves: &[String],
    ) -> Result<(), Text> {
        let mut record = match (self.kind, formations) {
            (GameKind::Checkers, _) => new_checkers(),
            (GameKind::Tiers, Some(squares)) => {
                let mut setup = FormationSetup::new(Opponent::Friend);
                setup.squares = squares;
                setup.ready = [true, true];
                setup
                    .build()
                    .map_err(|e| text!("tournament.restore-formations", why = e))?
            }
            (GameKind::Tiers, None) => return Err(text!("tournament.restore-no-formations")),
        };
        for (i, mv) in moves.iter().enumerate() {
            // Why it cannot be played, in the page's language (the
            // engine's reason by its code), else the engine's own words.
            let why = record.explain(mv);
            record.play_text(mv).map_err(|e| {
                let number = i64::try_from(i + 1).unwrap_or(i64::MAX);
                match why {
                    Some(why) => text!(
                        "tournament.restore-move",
                        number = number,
                        mv = mv,
                        why = why
                    ),
                    None => text!("tournament.restore-move", number = number, mv = mv, why = e),
                }
            })?;
        }
        self.session.opponent = self.opponent();
        self.session.flipped = matches!(
            self.session.opponent,
            Opponent::Computer {
                human: Color::Black,
                ..
            }
        ) && !self.computers_only();
        self.load(record);
        self.check_end();
        Ok(())
    }

    /// The formations of a Tiers game in play (to save it).
    #[must_use]
    pub fn formations(&self) -> Option<[Vec<u8>; 2]> {
        (self.kind == GameKind::Tiers && self.stage == Stage::Playing)
            .then(|| self.formation.squares.clone())
    }

    /// Passes an action to the board and follows up: the computer of the
    /// side to move, and the end of the game. Only looking (views, flips)
    /// is possible once the game is over.
    pub fn apply(&mut self, action: SessionAction) {
        let looking = matches!(action, SessionAction::View(_) | SessionAction::Flip);
        if !looking && !matches!(self.stage, Stage::Formation | Stage::Playing) {
            return;
        }
        self.session.apply(action);
        if self.computers_only() {
            self.session.opponent = self.opponent();
        }
        self.check_end();
    }

    /// Passes an action to the formation editor (while formations are set
    /// up).
    pub fn set_up(&mut self, action: FormationAction) {
        if self.stage == Stage::Formation {
            self.formation.apply(action);
        }
    }

    /// Begins the Tiers game from the formations set up.
    pub fn begin_tiers(&mut self) {
        if self.stage != Stage::Formation {
            return;
        }
        match self.formation.build() {
            Ok(record) => self.load(record),
            Err(e) => self.formation.note = Some(e),
        }
    }

    /// Whether the computer should be asked for a move now.
    #[must_use]
    pub fn computer_due(&self) -> bool {
        self.stage == Stage::Playing && self.session.ai_due()
    }

    /// The person resigns: the side to move between two people, the person
    /// against the computer. Between two computers nobody resigns.
    pub fn resign(&mut self) {
        if !self.computers_only() {
            self.apply(SessionAction::Resign);
        }
    }

    /// Forget an AI request that will not be answered (the worker was
    /// dropped when the page changed).
    pub fn forget_pending(&mut self) {
        self.session.forget_pending();
    }

    fn check_end(&mut self) {
        if self.stage != Stage::Playing {
            return;
        }
        let Some(outcome) = self.session.outcome() else {
            return;
        };
        self.records.push(self.pdn(outcome));
        self.session.forget_pending();
        match outcome.winner() {
            Some(color) => {
                self.stage = Stage::Won {
                    slot: self.slot_of(color),
                    reason: outcome.reason_text(),
                };
            }
            None => {
                self.draws += 1;
                if self.computers_only() && self.draws >= MAX_COMPUTER_DRAWS {
                    let slot = usize::from(self.seeds[1] < self.seeds[0]);
                    self.stage = Stage::Won {
                        slot,
                        reason: format!("{} drawn games: the higher seed goes through", self.draws),
                    };
                } else {
                    self.stage = Stage::Drawn {
                        reason: outcome.reason_text(),
                    };
                }
            }
        }
    }

    /// After a draw: the next game, colours reversed, with `ballot` (a new
    /// checkers opening) and `seed` for the computer's formations.
    pub fn next_game(&mut self, ballot: Option<Ballot>, seed: u64) {
        if !matches!(self.stage, Stage::Drawn { .. }) {
            return;
        }
        self.game_no += 1;
        self.ballot = ballot;
        self.formation = FormationSetup::default();
        self.begin(seed);
    }

    /// The match's score line for the bracket, e.g. "won game 3 after 2
    /// draws (Red has no legal move)".
    #[must_use]
    pub fn score_text(&self) -> String {
        let Stage::Won { reason, .. } = &self.stage else {
            return String::new();
        };
        if reason.contains("drawn games") {
            return reason.clone();
        }
        match self.draws {
            0 => format!("won on the board: {reason}"),
            1 => format!("won game 2 after a draw: {reason}"),
            n => format!("won game {} after {n} draws: {reason}", n + 1),
        }
    }

    /// The PDN of the game at its end: the seven archival tags, the game
    /// type, the start position for Tiers (the formations, as a FEN), the
    /// ballot, then the moves (ballot moves included) and the result.
    fn pdn(&self, outcome: Outcome) -> String {
        let Some(g) = self.session.record() else {
            return String::new();
        };
        let first = first_color(self.kind);
        let result = PdnResult::of_outcome(Some(outcome)).text(first);
        let mut out = String::new();
        let mut tag = |name: &str, value: &str| {
            out.push('[');
            out.push_str(name);
            out.push_str(" \"");
            for c in value.chars() {
                if c == '"' || c == '\\' {
                    out.push('\\');
                }
                out.push(c);
            }
            out.push_str("\"]\n");
        };
        tag("Event", &self.title);
        tag("Site", "?");
        tag("Date", "????.??.??");
        tag("Round", &format!("{}.{}", self.id + 1, self.game_no));
        tag("White", self.name_of(Color::Red));
        tag("Black", self.name_of(Color::Black));
        tag("Result", result);
        match self.kind {
            GameKind::Checkers => tag("GameType", <checkers::Position as Variant>::GAME_TYPE),
            GameKind::Tiers => {
                tag("GameType", <tiers::Position as Variant>::GAME_TYPE);
                tag("SetUp", "1");
                tag("FEN", &g.start_text());
            }
        }
        if let Some(b) = self.ballot {
            tag("Opening", &format!("ACF ballot {}: {}", b.number, b.moves));
        }
        out.push('\n');
        let moves = g.move_texts();
        let mut line = String::new();
        let words = moves[..g.ply().min(moves.len())]
            .iter()
            .enumerate()
            .flat_map(|(i, m)| {
                [
                    (i % 2 == 0).then(|| format!("{}.", i / 2 + 1)),
                    Some(m.clone()),
                ]
            })
            .flatten()
            .chain(std::iter::once(result.to_string()));
        for word in words {
            if !line.is_empty() && line.len() + 1 + word.len() > 80 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&word);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ai::AiReply;
    use crate::i18n::Arg;

    fn players(a: Option<Level>, b: Option<Level>) -> [(usize, String, Option<Level>); 2] {
        [(0, "Ann".into(), a), (3, "Dee".into(), b)]
    }

    fn play_first_legal(m: &mut MatchGame) {
        let text = m.session.record().unwrap().legal()[0].text.clone();
        let id = m.session.serial * 1000 + m.session.record().unwrap().ply() as u32 + 1;
        m.apply(SessionAction::AiSent(id));
        m.apply(SessionAction::Ai(AiReply::Move { id, text }));
    }

    #[test]
    fn colours_swap_for_each_game() {
        let mut m = MatchGame::new(
            1,
            0,
            4,
            "Open · match 5".into(),
            players(None, None),
            GameKind::Checkers,
            None,
        );
        assert_eq!(m.color_of(0), Color::Black);
        assert_eq!(m.slot_of(Color::Black), 0);
        m.game_no = 2;
        assert_eq!(m.color_of(0), Color::Red);
        assert_eq!(m.name_of(Color::Black), "Dee");
        m.kind = GameKind::Tiers;
        assert_eq!(m.color_of(1), Color::Red);
    }

    #[test]
    fn a_checkers_game_starts_from_its_ballot() {
        let ballot = Ballot::get(1).unwrap();
        let mut m = MatchGame::new(
            1,
            0,
            0,
            "t".into(),
            players(None, Some(Level::clamped(3))),
            GameKind::Checkers,
            Some(ballot),
        );
        m.begin(1);
        let g = m.session.record().unwrap();
        assert_eq!(g.move_texts(), ["9-13", "21-17", "5-9"]);
        assert_eq!(m.stage, Stage::Playing);
        // Ann (slot 0) has Black in game 1; Red (the computer) is to move.
        assert_eq!(
            m.session.opponent,
            Opponent::Computer {
                level: Level::clamped(3),
                human: Color::Black
            }
        );
        assert!(m.computer_due());
    }

    #[test]
    fn every_ballot_of_the_deck_plays() {
        for i in 1..=tiers_bracket::BALLOT_COUNT {
            let b = Ballot::get(i).unwrap();
            let mut game = Game::new(checkers::Position::start());
            for mv in b.moves.split(' ') {
                game.play_text(mv)
                    .unwrap_or_else(|e| panic!("ballot {}: {mv}: {e}", b.number));
            }
        }
    }

    #[test]
    fn computers_play_a_game_to_its_end_and_the_pdn_is_kept() {
        let mut m = MatchGame::new(
            1,
            0,
            0,
            "t".into(),
            players(Some(Level::clamped(1)), Some(Level::clamped(2))),
            GameKind::Checkers,
            // From a ballot: Red is to move after its three moves.
            Ballot::get(7),
        );
        m.begin(7);
        let mut plies = 0;
        while m.stage == Stage::Playing {
            assert!(m.computer_due(), "a computer is always to move");
            // The level of the side to move is asked.
            let side = m
                .session
                .record()
                .unwrap()
                .side_at(m.session.record().unwrap().ply())
                .unwrap();
            let Opponent::Computer { level, human } = m.session.opponent else {
                panic!()
            };
            assert_eq!(human, side.opposite());
            assert_eq!(Some(level), m.levels[m.slot_of(side)]);
            play_first_legal(&mut m);
            plies += 1;
            assert!(plies < 2000);
        }
        assert_eq!(m.records.len(), 1);
        assert!(m.records[0].contains("[White \"Dee\"]"), "{}", m.records[0]);
        // The engine reads the record back: same moves, same result.
        let back = tiers_engine::pdn::read_games::<checkers::Position>(&m.records[0]).unwrap();
        let g = m.session.record().unwrap();
        assert_eq!(back[0].game.move_texts(), g.move_texts());
        assert_eq!(
            back[0].game.outcome().map(|o| o.winner()),
            g.outcome().map(|o| o.winner())
        );
    }

    #[test]
    fn a_draw_is_replayed_with_colours_reversed() {
        let mut m = MatchGame::new(
            1,
            0,
            0,
            "t".into(),
            players(None, None),
            GameKind::Checkers,
            None,
        );
        m.begin(1);
        m.apply(SessionAction::OfferDraw);
        m.apply(SessionAction::AcceptDraw);
        assert_eq!(
            m.stage,
            Stage::Drawn {
                reason: "draw agreed".into()
            }
        );
        assert!(m.records[0].contains("1/2-1/2"));
        m.next_game(Some(Ballot::get(2).unwrap()), 1);
        assert_eq!(m.game_no, 2);
        assert_eq!(m.color_of(0), Color::Red);
        assert_eq!(m.stage, Stage::Playing);
        // After the ballot's three moves Red is to move: Ann in game 2.
        m.apply(SessionAction::Resign);
        let Stage::Won { slot, .. } = m.stage.clone() else {
            panic!("{:?}", m.stage)
        };
        assert_eq!(slot, 1);
        assert_eq!(m.score_text(), "won game 2 after a draw: Red resigned");
        assert_eq!(m.records.len(), 2);
    }

    #[test]
    fn computers_that_keep_drawing_leave_it_to_the_seeds() {
        let mut m = MatchGame::new(
            1,
            0,
            0,
            "t".into(),
            [
                (5, "C5".into(), Some(Level::MIN)),
                (2, "C2".into(), Some(Level::MIN)),
            ],
            GameKind::Checkers,
            None,
        );
        m.begin(1);
        for _ in 0..MAX_COMPUTER_DRAWS {
            m.session.game.as_mut().unwrap().agree_draw();
            m.apply(SessionAction::Cancel);
            if matches!(m.stage, Stage::Drawn { .. }) {
                m.next_game(None, 1);
            }
        }
        assert_eq!(
            m.stage,
            Stage::Won {
                slot: 1,
                reason: "5 drawn games: the higher seed goes through".into()
            }
        );
    }

    #[test]
    fn tiers_between_computers_needs_no_formation_screen() {
        let mut m = MatchGame::new(
            1,
            0,
            0,
            "t".into(),
            players(Some(Level::clamped(2)), Some(Level::clamped(5))),
            GameKind::Tiers,
            None,
        );
        m.begin(11);
        assert_eq!(m.stage, Stage::Playing);
        assert!(m.session.record().is_some());
        // Its record, once over, reads back from the formations' FEN.
        for _ in 0..6 {
            play_first_legal(&mut m);
        }
        m.session.game.as_mut().unwrap().resign(Color::Black);
        m.apply(SessionAction::Cancel);
        let back = tiers_engine::pdn::read_games::<tiers::Position>(&m.records[0]).unwrap();
        assert_eq!(
            back[0].game.move_texts(),
            m.session.record().unwrap().move_texts()
        );
        assert_eq!(
            back[0].game.start().to_text(),
            m.session.record().unwrap().start_text()
        );
        let mut p = MatchGame::new(
            1,
            0,
            0,
            "t".into(),
            players(None, Some(Level::clamped(5))),
            GameKind::Tiers,
            None,
        );
        p.begin(11);
        assert_eq!(p.stage, Stage::Formation);
        assert!(p.session.record().is_none());
        p.set_up(FormationAction::Ready(3));
        p.begin_tiers();
        assert_eq!(p.stage, Stage::Playing, "{:?}", p.formation.note);
    }

    #[test]
    fn a_game_in_progress_is_restored_from_its_moves() {
        let mut m = MatchGame::new(
            1,
            0,
            0,
            "t".into(),
            players(None, None),
            GameKind::Checkers,
            None,
        );
        m.begin(1);
        let moves = vec!["11-15".to_string(), "23-19".to_string()];
        let mut again = MatchGame::new(
            1,
            0,
            0,
            "t".into(),
            players(None, None),
            GameKind::Checkers,
            None,
        );
        again.restore(None, &moves).unwrap();
        assert_eq!(again.session.record().unwrap().ply(), 2);
        let bad = again
            .restore(None, &["11-15".into(), "11-15".into()])
            .unwrap_err();
        // The reason is a message of the catalogue (said in the page's
        // language), not the engine's English.
        assert!(
            matches!(
                bad.args.iter().find(|(name, _)| *name == "why"),
                Some((_, Arg::Text(_)))
            ),
            "{bad:?}"
        );
        let bad = bad.english();
        assert!(bad.starts_with("move 2 (11-15)"), "{bad}");
        // Tiers: from the formations.
        let mut t = MatchGame::new(
            1,
            0,
            0,
            "t".into(),
            players(Some(Level::clamped(1)), Some(Level::clamped(1))),
            GameKind::Tiers,
            None,
        );
        t.begin(3);
        let first = t.session.record().unwrap().legal()[0].text.clone();
        let formations = t.formations().unwrap();
        let start = t.session.record().unwrap().start_text();
        let mut back = MatchGame::new(
            1,
            0,
            0,
            "t".into(),
            players(Some(Level::clamped(1)), Some(Level::clamped(1))),
            GameKind::Tiers,
            None,
        );
        back.restore(Some(formations), &[first]).unwrap();
        assert_eq!(back.session.record().unwrap().start_text(), start);
        assert_eq!(back.session.record().unwrap().ply(), 1);
        assert!(back
            .restore(None, &[])
            .unwrap_err()
            .english()
            .contains("formations"));
    }

    #[test]
    fn take_backs_are_refused() {
        let mut m = MatchGame::new(
            1,
            0,
            0,
            "t".into(),
            players(None, None),
            GameKind::Checkers,
            None,
        );
        m.begin(1);
        let text = m.session.record().unwrap().legal()[0].text.clone();
        let squares = m.session.record().unwrap().legal()[0].squares.clone();
        for sq in squares {
            m.apply(SessionAction::Square(sq));
        }
        assert_eq!(m.session.record().unwrap().move_texts(), [text]);
        m.apply(SessionAction::Undo);
        assert_eq!(m.session.record().unwrap().ply(), 1);
    }
}
