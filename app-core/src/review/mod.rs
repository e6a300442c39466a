//! Game review: the computer analyses every position of a finished game in
//! turn (in the analysis worker, [`REVIEW_BUDGET`] each: a number of
//! positions, not a time, so that a game gets the same verdicts on every
//! device, in every browser and natively), then each move is
//! classified by how much it lowered the mover's winning chances, and the
//! better move with its line is kept where one was better.
//!
//! **Winning chances** are [`bar_share`]'s (the evaluation bar's), in
//! thousandths, seen from the mover: before the move from the best move's
//! score of the position before, after it from the score of the position
//! after. The drop classifies the move: at least [`INACCURACY`] (100) an
//! inaccuracy, [`MISTAKE`] (150) a mistake, [`BLUNDER`] (220) a blunder.
//! From a level position (500) half a man lost drops about 135 (an
//! inaccuracy), three quarters of a man 195 (a mistake), a man 250 (a
//! blunder); a won position thrown to a level one drops 500. A score a
//! third of a man worse (drop under 100, about what one more ply changes
//! at this budget) is not marked, nor is a further loss in a
//! position already lost. The computer's own best move is never marked.
//!
//! A finished review is kept with the archived game (JSON,
//! [`Review::to_value`]) and written into the PDN as comments and NAGs
//! ([`Review::notes`]: `{[%eval -1.25/9] [%best 9-14 22-17] Blunder: 9-14
//! was better.}`, `?!` `?` `??`, the start's evaluation and the budget in
//! the `Review` tag), from which an imported game gets its review back
//! ([`Review::from_pdn`]).

use std::rc::Rc;

use tiers_engine::pdn::Annotation;
use tiers_engine::search::MATE;
use tiers_engine::Color;
use tiers_json::Json;

use super::ai::{AiReply, AiRequest, Budget};
use super::analysis::{bar_share, Analysis, Spot};
use super::nav::{Screen, Step};
use super::record::Record;
use crate::i18n::Text;
use mistakes::{Drill, DrillAction, Progress};

pub mod mistakes;

/// How far the computer looks at each position: a fixed number of
/// positions (the search's own limit, checked inside it), so the verdicts
/// do not depend on the device's speed. How long a game takes:
/// docs/measurements.md, "The app".
pub const REVIEW_BUDGET: Budget = Budget::Nodes(500_000);
/// The drop in winning chances (thousandths) from which a move is an
/// inaccuracy.
pub const INACCURACY: u32 = 100;
/// … a mistake.
pub const MISTAKE: u32 = 150;
/// … a blunder.
pub const BLUNDER: u32 = 220;
/// At most this many moves of a better line are kept.
pub const LINE_LEN: usize = 8;
/// The PDN tag of a reviewed game: the budget and the start's evaluation.
pub const REVIEW_TAG: &str = "Review";

/// How bad a move was.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Mark {
    /// A drop of at least [`INACCURACY`].
    Inaccuracy,
    /// … [`MISTAKE`].
    Mistake,
    /// … [`BLUNDER`].
    Blunder,
}

impl Mark {
    /// All, mildest first.
    pub const ALL: [Mark; 3] = [Mark::Inaccuracy, Mark::Mistake, Mark::Blunder];

    /// The mark of a drop in winning chances (thousandths), if any.
    #[must_use]
    pub fn of_drop(drop: u32) -> Option<Mark> {
        match drop {
            d if d >= BLUNDER => Some(Mark::Blunder),
            d if d >= MISTAKE => Some(Mark::Mistake),
            d if d >= INACCURACY => Some(Mark::Inaccuracy),
            _ => None,
        }
    }

    /// Its PDN NAG (`?!` 6, `?` 2, `??` 4).
    #[must_use]
    pub fn nag(self) -> u8 {
        match self {
            Mark::Inaccuracy => 6,
            Mark::Mistake => 2,
            Mark::Blunder => 4,
        }
    }

    /// Its move suffix.
    #[must_use]
    pub fn suffix(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "?!",
            Mark::Mistake => "?",
            Mark::Blunder => "??",
        }
    }

    /// "Blunder".
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Mark::Inaccuracy => "Inaccuracy",
            Mark::Mistake => "Mistake",
            Mark::Blunder => "Blunder",
        }
    }

    /// "Blunder", in the page's words.
    #[must_use]
    pub fn label(self) -> Text {
        Text::new(match self {
            Mark::Inaccuracy => "review.mark-inaccuracy",
            Mark::Mistake => "review.mark-mistake",
            Mark::Blunder => "review.mark-blunder",
        })
    }

    /// "1 blunder" / "2 blunders".
    #[must_use]
    pub fn count_text(self, n: u32) -> Text {
        Text::new(match self {
            Mark::Inaccuracy => "review.inaccuracies",
            Mark::Mistake => "review.mistakes",
            Mark::Blunder => "review.blunders",
        })
        .arg("count", n)
    }
}

/// A position's evaluation: Red's score (hundredths of a man) and the
/// depth searched (0: the game was over there).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Eval {
    /// The score for Red.
    pub red: i32,
    /// The depth reached.
    pub depth: u32,
}

impl Eval {
    /// Winning chances of `side` (thousandths).
    #[must_use]
    pub fn share(self, side: Color) -> u32 {
        let red = bar_share(self.red);
        if side == Color::Red {
            red
        } else {
            1000 - red
        }
    }

    /// `+0.35/9`: exact (hundredths) and readable.
    #[must_use]
    pub fn text(self) -> String {
        let sign = if self.red < 0 { '-' } else { '+' };
        let a = self.red.unsigned_abs();
        format!("{sign}{}.{:02}/{}", a / 100, a % 100, self.depth)
    }

    /// Reads [`Eval::text`].
    #[must_use]
    pub fn parse(text: &str) -> Option<Eval> {
        let (score, depth) = text.split_once('/')?;
        let (neg, score) = match score.as_bytes().first()? {
            b'-' => (true, &score[1..]),
            b'+' => (false, &score[1..]),
            _ => return None,
        };
        let (units, cents) = score.split_once('.')?;
        if cents.len() != 2 || !cents.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let v = units.parse::<i32>().ok()?.checked_mul(100)? + cents.parse::<i32>().ok()?;
        Some(Eval {
            red: if neg { -v } else { v },
            depth: depth.parse().ok()?,
        })
    }
}

/// What the review says about one move.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct MoveReview {
    /// The evaluation of the position after it.
    pub after: Eval,
    /// The computer's line from the position before, when its first move
    /// is not the one played (empty when it is).
    pub better: Vec<String>,
}

/// A finished review.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    /// The budget per position (a review kept from before it was a number
    /// of positions has a time).
    pub budget: Budget,
    /// The start position's evaluation.
    pub start: Eval,
    /// One per move.
    pub moves: Vec<MoveReview>,
}

/// One analysed position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Found {
    /// Its evaluation.
    pub eval: Eval,
    /// The computer's line there.
    pub line: Vec<String>,
}

impl Found {
    /// What a finished analysis found; `fallback` gives Red's score when
    /// there was no search (the game is over there, or the only move was
    /// played at once).
    #[must_use]
    pub fn of(a: &Analysis, fallback: impl FnOnce() -> i32) -> Found {
        match a.red_score() {
            Some(red) if a.error.is_none() => Found {
                eval: Eval {
                    red,
                    depth: a.depth,
                },
                line: if a.pv.is_empty() {
                    a.best.iter().cloned().collect()
                } else {
                    a.pv.clone()
                },
            },
            _ => Found {
                eval: Eval {
                    red: fallback(),
                    depth: 0,
                },
                line: a.best.iter().cloned().collect(),
            },
        }
    }
}

/// Red's score of a game's outcome at the ply shown: a win, a loss or a
/// draw (0, also when it is not over).
#[must_use]
pub fn outcome_score(record: &dyn Record) -> i32 {
    match record.outcome().and_then(|o| o.winner()) {
        Some(Color::Red) => MATE,
        Some(Color::Black) => -MATE,
        None => 0,
    }
}

/// How many moves of each mark a side made: `[inaccuracies, mistakes,
/// blunders]`.
pub type Counts = [u32; 3];

impl Review {
    /// The review of a game whose moves are `moves`, from the analysis of
    /// each of its positions (`found[i]` before move `i`, one more after
    /// the last).
    #[must_use]
    pub fn of(found: &[Found], moves: &[String], budget: Budget) -> Review {
        Review {
            budget,
            start: found.first().map(|f| f.eval).unwrap_or_default(),
            moves: moves
                .iter()
                .enumerate()
                .map(|(i, played)| {
                    let before = found.get(i);
                    let better = before
                        .filter(|f| f.line.first().is_some_and(|b| b != played))
                        .map(|f| f.line.iter().take(LINE_LEN).cloned().collect())
                        .unwrap_or_default();
                    MoveReview {
                        after: found.get(i + 1).map(|f| f.eval).unwrap_or_default(),
                        better,
                    }
                })
                .collect(),
        }
    }

    /// The evaluation of the position at `ply` (before move `ply`).
    #[must_use]
    pub fn eval_at(&self, ply: usize) -> Eval {
        match ply {
            0 => self.start,
            p => self.moves.get(p - 1).map_or(self.start, |m| m.after),
        }
    }

    /// How much move `i` lowered its mover's winning chances
    /// (thousandths; 0 when it did not, or was the computer's choice).
    #[must_use]
    pub fn drop(&self, i: usize, mover: Color) -> u32 {
        let Some(m) = self.moves.get(i) else { return 0 };
        if m.better.is_empty() {
            return 0;
        }
        self.eval_at(i)
            .share(mover)
            .saturating_sub(m.after.share(mover))
    }

    /// The mark of move `i` played by `mover`.
    #[must_use]
    pub fn mark(&self, i: usize, mover: Color) -> Option<Mark> {
        Mark::of_drop(self.drop(i, mover))
    }

    /// The marks of every move (`sides[i]` moved move `i`).
    #[must_use]
    pub fn marks(&self, sides: &[Color]) -> Vec<Option<Mark>> {
        (0..self.moves.len())
            .map(|i| sides.get(i).and_then(|&s| self.mark(i, s)))
            .collect()
    }

    /// Each side's counts, Red's first.
    #[must_use]
    pub fn counts(&self, sides: &[Color]) -> [Counts; 2] {
        let mut out = [[0; 3]; 2];
        for (i, m) in self.marks(sides).into_iter().enumerate() {
            if let (Some(m), Some(&s)) = (m, sides.get(i)) {
                out[usize::from(s == Color::Black)][m as usize] += 1;
            }
        }
        out
    }

    /// As JSON: `{"budget":"500000 nodes","start":[12,9],"moves":[[-40,9,"9-14 22-17"],…]}`
    /// (a review made with a time kept it as `"ms":350`).
    #[must_use]
    pub fn to_value(&self) -> Json {
        let eval = |e: Eval| [Json::Num(e.red.to_string()), Json::int(u64::from(e.depth))];
        let budget = match self.budget {
            Budget::Time(ms) => ("ms", Json::int(ms)),
            b => ("budget", Json::str(&b.to_string())),
        };
        Json::obj([
            budget,
            ("start", Json::List(eval(self.start).to_vec())),
            (
                "moves",
                Json::List(
                    self.moves
                        .iter()
                        .map(|m| {
                            let mut v = eval(m.after).to_vec();
                            v.push(Json::str(&m.better.join(" ")));
                            Json::List(v)
                        })
                        .collect(),
                ),
            ),
        ])
    }

    /// From [`Review::to_value`]'s JSON, for a game of `plies` moves.
    pub fn from_value(v: &Json, plies: usize) -> Result<Review, String> {
        fn eval(v: &Json) -> Result<Eval, String> {
            let l = v.as_list().ok_or("an evaluation is not a list")?;
            let red = match l.first() {
                Some(Json::Num(n)) => n.parse::<i32>().ok(),
                _ => None,
            }
            .filter(|r| r.abs() <= MATE)
            .ok_or("a score is not a whole number")?;
            let depth = l
                .get(1)
                .and_then(Json::as_u64)
                .and_then(|d| u32::try_from(d).ok())
                .ok_or("a depth is not a whole number")?;
            Ok(Eval { red, depth })
        }
        let budget = match v.get("budget") {
            Some(b) => b
                .as_str()
                .and_then(Budget::parse)
                .ok_or("the budget is not one")?,
            None => Budget::Time(v.number("ms")?),
        };
        let start = eval(v.get("start").ok_or("no start")?)?;
        let list = v
            .get("moves")
            .and_then(Json::as_list)
            .ok_or("no list of moves")?;
        if list.len() != plies {
            return Err(format!(
                "{} moves reviewed in a game of {plies}",
                list.len()
            ));
        }
        let moves = list
            .iter()
            .map(|m| {
                let line = m
                    .as_list()
                    .and_then(|l| l.get(2))
                    .and_then(Json::as_str)
                    .ok_or("a move has no line")?;
                Ok(MoveReview {
                    after: eval(m)?,
                    better: line.split_whitespace().map(str::to_string).collect(),
                })
            })
            .collect::<Result<_, String>>()?;
        Ok(Review {
            budget,
            start,
            moves,
        })
    }

    /// The `Review` tag's value: `500000 nodes, start +0.00/9` (or
    /// `350 ms, …` for a review made with a time).
    #[must_use]
    pub fn tag_value(&self) -> String {
        format!("{}, start {}", self.budget, self.start.text())
    }

    /// The PDN notes of each move: `{[%eval E] [%best line] words}` and
    /// the mark's NAG; the words ("Blunder: 9-14 was better.") put into
    /// the page's language by `say` (the commands in brackets, which are
    /// what is read back, are the same in every language).
    #[must_use]
    pub fn notes(&self, sides: &[Color], say: &dyn Fn(&Text) -> String) -> Vec<Annotation> {
        let marks = self.marks(sides);
        self.moves
            .iter()
            .zip(marks)
            .map(|(m, mark)| {
                let mut comment = format!("[%eval {}]", m.after.text());
                if !m.better.is_empty() {
                    comment.push_str(&format!(" [%best {}]", m.better.join(" ")));
                }
                if let (Some(mark), Some(b)) = (mark, m.better.first()) {
                    let words = crate::text!("review.pdn-better", mark = mark.label(), mv = b);
                    comment.push(' ');
                    comment.push_str(&say(&words));
                }
                Annotation {
                    nags: mark.map(|k| vec![k.nag()]).unwrap_or_default(),
                    comment,
                    shapes: Vec::new(),
                }
            })
            .collect()
    }

    /// The review written in a game's PDN by [`Review::notes`] and
    /// [`Review::tag_value`]; `None` unless every move has its evaluation.
    #[must_use]
    pub fn from_pdn(tag: Option<&str>, notes: &[Annotation], plies: usize) -> Option<Review> {
        let tag = tag?;
        let (budget, start) = tag.split_once(", start ")?;
        let mut out = Review {
            budget: Budget::parse(budget)?,
            start: Eval::parse(start.trim())?,
            moves: Vec::with_capacity(plies),
        };
        if notes.len() < plies {
            return None;
        }
        for note in &notes[..plies] {
            let c = &note.comment;
            let command = |name: &str| {
                let from = c.find(&format!("[%{name} "))? + name.len() + 3;
                let len = c[from..].find(']')?;
                Some(&c[from..from + len])
            };
            out.moves.push(MoveReview {
                after: Eval::parse(command("eval")?.trim())?,
                better: command("best")
                    .map(|l| l.split_whitespace().map(str::to_string).collect())
                    .unwrap_or_default(),
            });
        }
        Some(out)
    }
}

/// "Red: 1 blunder, 2 mistakes" (or "Red: no mistakes"), its messages put
/// into words by `say`.
#[must_use]
pub fn counts_text(side: Color, counts: Counts, say: &dyn Fn(&Text) -> String) -> String {
    let parts: Vec<String> = Mark::ALL
        .iter()
        .rev()
        .filter(|&&m| counts[m as usize] > 0)
        .map(|&m| say(&m.count_text(counts[m as usize])))
        .collect();
    if parts.is_empty() {
        say(&crate::text!("review.no-mistakes", side = side))
    } else {
        say(&crate::text!(
            "review.counts",
            side = side,
            list = parts.join(", ")
        ))
    }
}

/// Positions analysed one after another at [`REVIEW_BUDGET`] (the review's,
/// a move's verdict): the next one due, the one under way.
pub trait OneByOne {
    /// The analysis due now, if any.
    fn due(&self) -> Option<Analysis>;
    /// The analysis under way.
    fn current(&mut self) -> &mut Analysis;

    /// The request of [`OneByOne::due`], with this id.
    fn request(&self, id: u32) -> Option<AiRequest> {
        self.due()?.request(id, REVIEW_BUDGET)
    }

    /// The request went out with this id.
    fn sent(&mut self, id: u32) {
        if let Some(a) = self.due() {
            let current = self.current();
            *current = a;
            current.sent(id);
        }
    }
}

impl OneByOne for ReviewState {
    fn due(&self) -> Option<Analysis> {
        ReviewState::due(self)
    }
    fn current(&mut self) -> &mut Analysis {
        let reviewed = self.review.is_some();
        match self.drill.as_mut() {
            Some(d) if reviewed => &mut d.analysis,
            _ => &mut self.analysis,
        }
    }
}

/// The game reviewed.
#[derive(Clone)]
pub struct Subject {
    /// The game.
    pub record: Box<dyn Record>,
    /// Its tags.
    pub tags: Vec<(String, String)>,
    /// "Checkers · You vs Computer · level 3".
    pub title: Text,
    /// Its archive id, if it is archived (the review is kept there).
    pub id: Option<u64>,
    /// The person's colour, when they played the computer.
    pub human: Option<Color>,
}

impl Subject {
    /// Who moved each move.
    #[must_use]
    pub fn sides(&self) -> Vec<Color> {
        let n = self.plies();
        (0..n)
            .map(|i| self.record.side_at(i).unwrap_or(Color::Red))
            .collect()
    }

    /// The moves of the game.
    #[must_use]
    pub fn plies(&self) -> usize {
        self.record.ply()
    }

    fn spot(&self, ply: usize) -> (Spot, Option<Color>) {
        let mut moves = self.record.move_texts();
        moves.truncate(ply);
        let spot = Spot {
            kind: Some(self.record.kind()),
            start: self.record.start_text(),
            moves,
        };
        (spot, self.record.side_at(ply))
    }
}

/// The review screen's state.
#[derive(Clone, Default)]
pub struct ReviewState {
    /// The game reviewed.
    pub subject: Option<Rc<Subject>>,
    /// The positions analysed so far (index: ply).
    pub found: Vec<Found>,
    /// The analysis of the next position.
    pub analysis: Analysis,
    /// The finished review.
    pub review: Option<Review>,
    /// The analysis was cancelled.
    pub cancelled: bool,
    /// The ply shown.
    pub ply: usize,
    /// The marked moves of this side only (the review panel's list, the
    /// exercises); None: both sides'.
    pub only: Option<Color>,
    /// The screen to go back to.
    pub back: Option<Screen>,
    /// Learning from the mistakes ([`mistakes`]), when it is under way.
    pub drill: Option<Drill>,
    /// What was done of the exercises (kept with the archived game).
    pub progress: Progress,
    /// Learning from the mistakes was closed (the analysis board, shown
    /// again, gives the keyboard focus back to the button that opens it).
    pub drill_closed: bool,
}

/// Where a review is asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewFrom {
    /// The game just finished on the play screen.
    Play,
    /// The game chosen on the games screen.
    Games,
}

/// What can be done on the review screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewAction {
    /// Stop the analysis.
    Cancel,
    /// Go on with it after a cancel.
    Resume,
    /// Show this ply (in an exercise: of the computer's line).
    Ply(usize),
    /// Step through the game (a key).
    Step(Step),
    /// The marked moves of this side only (None: both sides').
    Only(Option<Color>),
}

impl ReviewState {
    /// Opens the review of a game: `saved` is its finished review if it
    /// has one (matching its moves), else the analysis starts.
    pub fn open(&mut self, subject: Subject, saved: Option<Review>, back: Screen) {
        self.open_with(subject, saved, back, Progress::default());
    }

    /// [`ReviewState::open`], with what was done of its exercises.
    pub fn open_with(
        &mut self,
        subject: Subject,
        saved: Option<Review>,
        back: Screen,
        progress: Progress,
    ) {
        let saved = saved.filter(|r| r.moves.len() == subject.plies());
        *self = ReviewState {
            only: subject.human,
            subject: Some(Rc::new(subject)),
            review: saved,
            back: Some(back),
            progress,
            ..ReviewState::default()
        };
    }

    /// The exercises of the finished review: the person's mistakes (or
    /// those of the side stepped through).
    #[must_use]
    pub fn exercises(&self) -> Vec<mistakes::Exercise> {
        match (&self.subject, &self.review) {
            (Some(s), Some(r)) => mistakes::exercises(s, r, self.only),
            _ => Vec::new(),
        }
    }

    /// Learning from the mistakes: returns whether what was done of the
    /// exercises changed (to be kept with the archived game).
    pub fn drill(&mut self, action: DrillAction) -> bool {
        match action {
            DrillAction::Open => {
                let (Some(s), Some(r)) = (&self.subject, &self.review) else {
                    return false;
                };
                let d = Drill::open(s, r, self.only, self.progress.clone());
                self.drill = (!d.exercises.is_empty()).then_some(d);
                self.drill_closed = false;
                false
            }
            DrillAction::Close => {
                if let Some(e) = self.drill.as_ref().and_then(Drill::exercise) {
                    self.ply = e.index;
                }
                self.drill_closed = self.drill.take().is_some();
                false
            }
            a => {
                let Some(d) = self.drill.as_mut() else {
                    return false;
                };
                let changed = d.apply(a);
                if changed {
                    self.progress = d.progress.clone();
                }
                changed
            }
        }
    }

    /// Reduces one action.
    pub fn apply(&mut self, action: ReviewAction) {
        if self.drill.is_some() {
            // The keys step through the computer's line of the exercise.
            let a = match action {
                ReviewAction::Step(s) => DrillAction::Step(s),
                ReviewAction::Ply(p) => DrillAction::LinePly(p),
                _ => return,
            };
            self.drill(a);
            return;
        }
        let last = self.subject.as_ref().map_or(0, |s| s.plies());
        match action {
            ReviewAction::Cancel => {
                if self.review.is_none() {
                    self.cancelled = true;
                    self.analysis.requested = false;
                    self.analysis.pending = None;
                }
            }
            ReviewAction::Resume => self.cancelled = false,
            ReviewAction::Ply(p) => self.ply = p.min(last),
            ReviewAction::Step(s) => self.ply = s.from(self.ply, last),
            ReviewAction::Only(side) => self.only = side,
        }
    }

    /// The moves marked (indices), of the side stepped through.
    #[must_use]
    pub fn marked(&self) -> Vec<usize> {
        let (Some(s), Some(r)) = (&self.subject, &self.review) else {
            return Vec::new();
        };
        let sides = s.sides();
        r.marks(&sides)
            .into_iter()
            .enumerate()
            .filter(|&(i, m)| m.is_some() && self.only.is_none_or(|o| sides.get(i) == Some(&o)))
            .map(|(i, _)| i)
            .collect()
    }

    /// Whether the computer is at it (asked or answering).
    #[must_use]
    pub fn running(&self) -> bool {
        self.analysis.running() || self.drill.as_ref().is_some_and(|d| d.analysis.running())
    }

    /// Whether the analysis is under way (not cancelled, not finished).
    #[must_use]
    pub fn analysing(&self) -> bool {
        self.subject.is_some() && self.review.is_none() && !self.cancelled
    }

    /// The analysis due now: the next position's, unless one is under way.
    #[must_use]
    pub fn due(&self) -> Option<Analysis> {
        if self.review.is_some() {
            return self.drill.as_ref()?.due();
        }
        if !self.analysing() || self.analysis.pending.is_some() {
            return None;
        }
        let s = self.subject.as_ref()?;
        let (spot, side) = s.spot(self.found.len());
        Some(Analysis::ask(spot, side))
    }

    /// Whether it waits for the reply to request `id`.
    #[must_use]
    pub fn waits_for(&self, id: u32) -> bool {
        self.analysis.waits_for(id) || self.drill.as_ref().is_some_and(|d| d.waits_for(id))
    }

    /// Whether a search of its own is under way (the review's or an
    /// exercise's answer).
    #[must_use]
    pub fn pending(&self) -> bool {
        self.analysis.pending.is_some()
            || self
                .drill
                .as_ref()
                .is_some_and(|d| d.analysis.pending.is_some())
    }

    /// Its worker was replaced: the position is asked again.
    pub fn reset(&mut self) {
        self.analysis.reset();
        if let Some(d) = self.drill.as_mut() {
            d.reset();
        }
    }

    /// What the computer found about an exercise's answer; returns whether
    /// what was done of the exercises changed.
    pub fn drill_reply(&mut self, reply: AiReply) -> bool {
        let Some(d) = self.drill.as_mut() else {
            return false;
        };
        let changed = d.reply(reply);
        if changed {
            self.progress = d.progress.clone();
        }
        changed
    }

    /// What the computer found (a reply to another request is ignored).
    /// Returns whether the review was finished by it.
    pub fn reply(&mut self, reply: AiReply) -> bool {
        if !self.waits_for(reply.id()) {
            return false;
        }
        self.analysis.reply(reply);
        if self.analysis.running() {
            return false;
        }
        let Some(s) = self.subject.clone() else {
            return false;
        };
        let ply = self.found.len();
        let found = Found::of(&self.analysis, || {
            if ply == s.plies() {
                outcome_score(&*s.record)
            } else {
                self.found.last().map_or(0, |f| f.eval.red)
            }
        });
        self.found.push(found);
        self.analysis = Analysis::default();
        if self.found.len() > s.plies() {
            let review = Review::of(&self.found, &s.record.move_texts(), REVIEW_BUDGET);
            self.review = Some(review);
            return true;
        }
        false
    }

    /// How far the analysis is: positions done and in all.
    #[must_use]
    pub fn progress(&self) -> (usize, usize) {
        let all = self.subject.as_ref().map_or(0, |s| s.plies() + 1);
        (self.found.len().min(all), all)
    }
}

#[cfg(test)]
mod tests;
