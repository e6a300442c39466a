//! The opening trainer's screen state (checkers): the lines file fetched
//! when the screen first shows ([`PATH`]), the ballots and side the
//! trainee chose, the item on the board and the progress kept on the
//! device (`tiers.openings`: the [`Schedule`] and the choices).
//!
//! An item is a ballot and the side the trainee plays (`58/red`). Its board
//! starts after the ballot's three moves; the trainee's moves of the
//! engine's line are asked one by one, the other side's are played by the
//! trainer after a pause ([`OpeningsAction::Reply`]). A move that is not
//! the line's is taken back and the expected one shown (an arrow and its
//! text), to be played then: the item counts as answered wrongly (due
//! again soon). An item played through without a wrong move counts as
//! answered well (due later each time).

use std::collections::BTreeSet;
use std::rc::Rc;

use tiers_engine::{Color, GameKind};
use tiers_json::Json;

use super::{read, Card, Line, Schedule};
use crate::ai::AiReply;
use crate::i18n::errors::{Explain, FetchError};
use crate::i18n::Text;
use crate::library::rebuild;
use crate::session::{Session, SessionAction};
use crate::versioned;
use crate::Slice;

/// Where the lines file is, relative to the page (under the data the
/// service worker caches after the first visit).
pub const PATH: &str = "data/openings/checkers.txt";

/// An id no request to the computer has: the line's replies go through the
/// session as if the computer had sent them.
const SCRIPT_ID: u32 = u32::MAX - 2;

/// The lines file: not asked for yet, on its way, read, or failed.
#[derive(Clone, Debug, Default, PartialEq)]
pub enum Lines {
    /// Not asked for yet.
    #[default]
    Idle,
    /// Being fetched.
    Fetching,
    /// Read.
    Ready(Rc<Vec<Line>>),
    /// It could not be fetched or read: why.
    Failed(Text),
}

/// The side or sides the trainee plays.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Sides {
    /// Red (who answers the ballot).
    #[default]
    Red,
    /// Black (who plays the ballot's first move).
    Black,
    /// Both, each ballot once as each.
    Both,
}

impl Sides {
    /// Every choice, in the order shown.
    pub const ALL: [Sides; 3] = [Sides::Red, Sides::Black, Sides::Both];

    /// Its name in the stored record.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Sides::Red => "red",
            Sides::Black => "black",
            Sides::Both => "both",
        }
    }

    fn parse(text: &str) -> Option<Sides> {
        Sides::ALL.into_iter().find(|s| s.name() == text)
    }

    /// The colours played, in the order an item's sides are introduced.
    #[must_use]
    pub fn colors(self) -> &'static [Color] {
        match self {
            Sides::Red => &[Color::Red],
            Sides::Black => &[Color::Black],
            Sides::Both => &[Color::Red, Color::Black],
        }
    }
}

/// What the trainee chose to train.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Choices {
    /// The side or sides played.
    pub sides: Sides,
    /// The ballots chosen (their ACF numbers); None: all of them.
    pub ballots: Option<BTreeSet<u32>>,
}

/// What the trainer keeps on the device: the schedule and the choices.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// The spaced-repetition schedule of the items.
    pub schedule: Schedule,
    /// The ballots and side chosen.
    pub choices: Choices,
}

/// A stored progress as read: what could be used, and what was wrong (the
/// text is then set aside).
#[derive(Clone, Debug, PartialEq)]
pub struct Read {
    /// The progress (the default when the record could not be read).
    pub progress: Progress,
    /// Why the record could not be read.
    pub problem: Option<Text>,
}

impl Progress {
    /// As JSON: the schedule's fields ([`Schedule::to_value`]), the side
    /// and the ballots chosen (left out: all), e.g. `{"v": 1, "turn": 2,
    /// "cards": {"58/red": [1, 5]}, "side": "red", "ballots": [1, 58]}`.
    #[must_use]
    pub fn to_json(&self) -> String {
        let mut v = self.schedule.to_value();
        v.set("side", Json::str(self.choices.sides.name()));
        if let Some(b) = &self.choices.ballots {
            let list = b.iter().map(|&n| Json::int(u64::from(n))).collect();
            v.set("ballots", Json::List(list));
        }
        v.to_string()
    }

    /// Reads [`Progress::to_json`]'s text; a record that does not read is
    /// named (a newer version, not JSON, damaged) and the default used.
    #[must_use]
    pub fn read(text: &str) -> Read {
        let record = || Text::new("record.openings");
        let fail = |problem: Text| Read {
            progress: Progress::default(),
            problem: Some(problem),
        };
        let Ok(v) = Json::parse(text) else {
            return fail(versioned::not_json(record()));
        };
        let schedule = match Schedule::from_value(&v) {
            Ok(s) => s,
            Err(e) => return fail(e),
        };
        let sides = match v.get("side") {
            None => Some(Sides::default()),
            Some(s) => s.as_str().and_then(Sides::parse),
        };
        let ballots = match v.get("ballots") {
            None => Some(None),
            Some(Json::List(l)) => l
                .iter()
                .map(|n| n.as_u64().and_then(|n| u32::try_from(n).ok()))
                .collect::<Option<BTreeSet<u32>>>()
                .map(Some),
            Some(_) => None,
        };
        let (Some(sides), Some(ballots)) = (sides, ballots) else {
            return fail(versioned::damaged(record()));
        };
        Read {
            progress: Progress {
                schedule,
                choices: Choices { sides, ballots },
            },
            problem: None,
        }
    }
}

/// A message under the item's board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// A move that is not the line's was taken back: it, and the line's.
    Wrong {
        /// The move played.
        played: String,
        /// The line's move.
        expected: String,
    },
    /// The line's reply cannot be played (a damaged file): the move.
    Broken(String),
}

/// The item on the board.
#[derive(Clone)]
pub struct Drill {
    /// Its key (`58/red`).
    pub key: String,
    /// The ballot and its line.
    pub line: Line,
    /// The side the trainee plays.
    pub side: Color,
    /// The board.
    pub board: Slice<Session>,
    /// The next move of the line to be played (index into `line.line`).
    pub step: usize,
    /// The trainee's last move of the line (index).
    pub last: usize,
    /// A wrong move was made (the item counted as answered wrongly).
    pub missed: bool,
    /// A message.
    pub note: Option<Note>,
    /// The line's move drawn as an arrow after a wrong one.
    pub arrows: Vec<Vec<u8>>,
    /// The trainee played the whole line.
    pub done: bool,
    /// The other side's move of the line is to be played.
    pub reply_due: bool,
    /// Where the item was in the schedule when it was put on the board
    /// (None: new).
    pub card: Option<Card>,
}

impl Drill {
    /// Sets an item up: the board after the ballot, the trainee as `side`
    /// (None when the line gives that side no move or the ballot does not
    /// play).
    #[must_use]
    pub fn start(key: String, line: Line, side: Color, card: Option<Card>) -> Option<Drill> {
        let last = *line.moves_of(side).last()?;
        let start = <tiers_engine::checkers::Position as tiers_engine::Position>::start();
        let record = rebuild(
            GameKind::Checkers,
            &tiers_engine::Position::to_text(&start),
            &line.ballot,
            line.ballot.len(),
            None,
        )
        .ok()?;
        let first = record.side_at(record.ply())?;
        let board = Session::drill(record, side);
        Some(Drill {
            key,
            line,
            side,
            board: Slice::new(board),
            step: 0,
            last,
            missed: false,
            note: None,
            arrows: Vec::new(),
            done: false,
            reply_due: first != side,
            card,
        })
    }

    /// The trainee's moves of the line: how many are played, of how many.
    #[must_use]
    pub fn progress(&self) -> (usize, usize) {
        let mine = self.line.moves_of(self.side);
        let played = mine.iter().filter(|&&i| i < self.step).count();
        (played, mine.len())
    }
}

/// How many of the chosen items are where.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    /// The items chosen.
    pub total: usize,
    /// Never asked.
    pub new: usize,
    /// Asked before and due now.
    pub due: usize,
    /// Answered well the last time and not due yet.
    pub learned: usize,
}

/// The opening trainer's state.
#[derive(Clone, Default)]
pub struct Trainer {
    /// The lines file.
    pub lines: Lines,
    /// The schedule and the choices (changed only through
    /// [`Trainer::progress_mut`], which counts the changes).
    progress: Progress,
    progress_rev: u64,
    /// The item on the board.
    pub drill: Option<Drill>,
}

/// What can be done on the opening trainer's screen.
#[derive(Clone, Debug, PartialEq)]
pub enum OpeningsAction {
    /// The lines file is being fetched.
    Fetching,
    /// The lines file arrived (its text) or could not be fetched (why).
    Loaded(Result<String, FetchError>),
    /// Play this side or these sides.
    Sides(Sides),
    /// Train every ballot (true) or the ones ticked (false).
    AllBallots(bool),
    /// Tick or untick a ballot (its ACF number).
    Ballot(u32, bool),
    /// The next item.
    Next,
    /// Something done on the item's board.
    Board(SessionAction),
    /// Play the line's reply now.
    Reply,
}

impl Trainer {
    /// A trainer with this progress (read at start).
    #[must_use]
    pub fn with(progress: Progress) -> Trainer {
        Trainer {
            progress,
            ..Trainer::default()
        }
    }

    /// The schedule and the choices.
    #[must_use]
    pub fn progress(&self) -> &Progress {
        &self.progress
    }

    fn progress_mut(&mut self) -> &mut Progress {
        self.progress_rev += 1;
        &mut self.progress
    }

    /// The revision of the progress: it moves with every change of it.
    #[must_use]
    pub fn progress_rev(&self) -> u64 {
        self.progress_rev
    }

    /// The lines of the ballots chosen, in the file's order (none until the
    /// file is read).
    #[must_use]
    pub fn chosen(&self) -> Vec<&Line> {
        let Lines::Ready(lines) = &self.lines else {
            return Vec::new();
        };
        let ballots = &self.progress.choices.ballots;
        lines
            .iter()
            .filter(|l| ballots.as_ref().is_none_or(|b| b.contains(&l.number)))
            .collect()
    }

    /// The keys of the items chosen, in the order new ones are introduced
    /// (each ballot as each side chosen, when the line gives it a move).
    #[must_use]
    pub fn keys(&self) -> Vec<String> {
        let sides = self.progress.choices.sides.colors();
        self.chosen()
            .into_iter()
            .flat_map(|l| {
                sides
                    .iter()
                    .filter(|&&c| !l.moves_of(c).is_empty())
                    .map(|&c| l.key(c))
            })
            .collect()
    }

    /// Where the chosen items are in the schedule.
    #[must_use]
    pub fn counts(&self) -> Counts {
        let s = &self.progress.schedule;
        let mut c = Counts::default();
        for k in self.keys() {
            c.total += 1;
            match s.cards.get(&k) {
                None => c.new += 1,
                Some(card) if card.due <= s.turn => c.due += 1,
                Some(card) if card.level > 0 => c.learned += 1,
                Some(_) => {}
            }
        }
        c
    }

    /// Reduces one action.
    pub fn apply(&mut self, action: OpeningsAction) {
        match action {
            OpeningsAction::Fetching => self.lines = Lines::Fetching,
            OpeningsAction::Loaded(text) => {
                self.lines = match text.map(|t| read(&t)) {
                    Ok(Ok(lines)) => Lines::Ready(Rc::new(lines)),
                    // A damaged copy (the shipped file is checked by the
                    // tests): its first problem is for the file's author.
                    Ok(Err(_)) => Lines::Failed(crate::text!(
                        "openings.unreadable",
                        why = Text::new("error.data-damaged")
                    )),
                    Err(e) => Lines::Failed(crate::text!("openings.not-loaded", why = e.explain())),
                };
                self.next();
            }
            OpeningsAction::Sides(sides) => {
                if sides != self.progress.choices.sides {
                    self.progress_mut().choices.sides = sides;
                    self.next();
                }
            }
            OpeningsAction::AllBallots(all) => {
                if all != self.progress.choices.ballots.is_none() {
                    // Ticking "chosen" starts from the ballot on the board.
                    let on_board = self.drill.as_ref().map(|d| d.line.number);
                    self.progress_mut().choices.ballots =
                        (!all).then(|| on_board.into_iter().collect());
                    self.next();
                }
            }
            OpeningsAction::Ballot(number, on) => {
                let Some(set) = self.progress.choices.ballots.as_ref() else {
                    return;
                };
                if set.contains(&number) != on {
                    if let Some(set) = self.progress_mut().choices.ballots.as_mut() {
                        if on {
                            set.insert(number);
                        } else {
                            set.remove(&number);
                        }
                    }
                    let keys = self.keys();
                    if self.drill.as_ref().is_none_or(|d| !keys.contains(&d.key)) {
                        self.next();
                    }
                }
            }
            OpeningsAction::Next => self.next(),
            OpeningsAction::Board(a) => self.board(a),
            OpeningsAction::Reply => self.reply(),
        }
    }

    /// Puts the next item of the schedule on the board (none: nothing is
    /// chosen, or the file is not read).
    fn next(&mut self) {
        let keys = self.keys();
        let next = self.progress.schedule.next(&keys).map(str::to_string);
        self.drill = next.and_then(|key| {
            let (number, side) = key.split_once('/')?;
            let side = if side == "black" {
                Color::Black
            } else {
                Color::Red
            };
            let number: u32 = number.parse().ok()?;
            let line = self
                .chosen()
                .into_iter()
                .find(|l| l.number == number)?
                .clone();
            let card = self.progress.schedule.cards.get(&key).copied();
            Drill::start(key, line, side, card)
        });
    }

    fn board(&mut self, action: SessionAction) {
        let Some(d) = self.drill.as_mut() else {
            return;
        };
        if d.done || d.reply_due || matches!(d.note, Some(Note::Broken(_))) {
            return;
        }
        let Some((before, played)) = d.board.update(|b| b.apply_move(action)) else {
            return;
        };
        let Some(expected) = d.line.line.get(d.step).cloned() else {
            return;
        };
        if played == expected {
            d.note = None;
            d.arrows.clear();
            d.step += 1;
            if d.step > d.last {
                d.done = true;
                if !d.missed {
                    let key = d.key.clone();
                    self.progress_mut().schedule.answer(&key, true);
                }
            } else {
                d.reply_due = true;
            }
            return;
        }
        d.board.update(|b| {
            if let Some(g) = b.game.as_mut() {
                while g.ply() > before && g.undo() {}
            }
            b.forget_pending();
            b.selection.clear();
            b.message = None;
            b.announce = crate::text!(
                "openings.wrong-announce",
                mv = &played,
                expected = &expected
            );
        });
        d.arrows = d
            .board
            .record()
            .and_then(|r| r.legal().into_iter().find(|m| m.text == expected))
            .map(|m| vec![m.squares])
            .unwrap_or_default();
        d.note = Some(Note::Wrong { played, expected });
        if !d.missed {
            d.missed = true;
            let key = d.key.clone();
            self.progress_mut().schedule.answer(&key, false);
        }
    }

    fn reply(&mut self) {
        let Some(d) = self.drill.as_mut() else {
            return;
        };
        if !d.reply_due {
            return;
        }
        d.reply_due = false;
        let Some(text) = d.line.line.get(d.step).cloned() else {
            return;
        };
        let Some(ply) = d.board.record().map(|r| r.ply()) else {
            return;
        };
        d.board.update(|b| {
            b.apply(SessionAction::AiSent(SCRIPT_ID));
            b.apply(SessionAction::Ai(AiReply::Move {
                id: SCRIPT_ID,
                text: text.clone(),
            }));
            b.pending = None;
        });
        if d.board.record().map(|r| r.ply()) == Some(ply) {
            d.note = Some(Note::Broken(text));
            return;
        }
        d.step += 1;
    }
}

#[cfg(test)]
mod tests;
