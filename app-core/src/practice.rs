//! Practice with the computer from any position: the board editor's
//! position, any position of a reviewed game or the end of a puzzle is
//! played out against the computer at a chosen level, as a normal game
//! (filed in the archive with its start position); the coach's verdict on
//! each of the person's moves is there on request ([`Verdict`]): the
//! position before the move and the one after it are analysed at the
//! review's budget ([`REVIEW_BUDGET`], a number of positions, so the
//! verdict is the same on every device) and the move is classified by the
//! review's thresholds ([`Mark`]).

use tiers_engine::search::Level;
use tiers_engine::{Color, GameKind};

use super::ai::AiReply;
use super::analysis::{Analysis, Spot};
use super::i18n::Text;
use super::library::rebuild;
use super::review::{outcome_score, Found, Mark, OneByOne, Review, REVIEW_BUDGET};
use super::session::{GameMeta, LoadGame, Opponent};

/// The PDN tag that says where a practice game's position came from
/// ([`PractiseFrom::name`]).
pub const PRACTICE_TAG: &str = "Practice";

/// Where a position to practise comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PractiseFrom {
    /// The board editor.
    Editor,
    /// A position of a game's review.
    Review,
    /// The end of a puzzle.
    Puzzle,
}

impl PractiseFrom {
    /// As written in the [`PRACTICE_TAG`]: `editor`, `review`, `puzzle`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            PractiseFrom::Editor => "editor",
            PractiseFrom::Review => "review",
            PractiseFrom::Puzzle => "puzzle",
        }
    }
}

/// A practice game asked for: the position, the computer's level and the
/// person's side.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Practice {
    /// Which game.
    pub kind: GameKind,
    /// The position (FEN / TFEN).
    pub position: String,
    /// The computer's level.
    pub level: Level,
    /// The person's side.
    pub human: Color,
    /// Where the position comes from.
    pub from: PractiseFrom,
}

impl Practice {
    /// The game to play, with its tags; an unreadable position or one
    /// where the game is already over is refused with the reason.
    pub fn game(&self) -> Result<(LoadGame, GameMeta), Text> {
        let record = rebuild(self.kind, &self.position, &[], 0, None).map_err(Text::plain)?;
        if record.outcome().is_some() {
            return Err(crate::text!("practice.over"));
        }
        let meta = GameMeta {
            tags: vec![
                ("Event".into(), "Tiers: practice".into()),
                (PRACTICE_TAG.into(), self.from.name().into()),
            ],
            ..GameMeta::default()
        };
        let game = LoadGame {
            record,
            opponent: Opponent::Computer {
                level: self.level,
                human: self.human,
            },
            flipped: self.human == Color::Black,
            clock: None,
        };
        Ok((game, meta))
    }
}

/// Whether a position can be practised: it reads, and the game is not
/// over there.
#[must_use]
pub fn playable(kind: GameKind, position: &str) -> bool {
    rebuild(kind, position, &[], 0, None).is_ok_and(|r| r.outcome().is_none())
}

/// The coach's verdict on one of the person's moves, asked for: the
/// position before it and the one after it are analysed in turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Verdict {
    /// Which game.
    pub kind: GameKind,
    /// The game's start.
    pub start: String,
    /// The game's moves up to and including the move judged.
    pub moves: Vec<String>,
    /// Who played it.
    pub mover: Color,
    /// The positions analysed: before the move, then after it.
    pub found: Vec<Found>,
    /// The analysis under way.
    pub analysis: Analysis,
}

impl OneByOne for Verdict {
    fn due(&self) -> Option<Analysis> {
        Verdict::due(self)
    }
    fn current(&mut self) -> &mut Analysis {
        &mut self.analysis
    }
}

/// What the coach says about a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Judged {
    /// The move the computer would have played too.
    Best,
    /// Another move was better, but not by enough to mark this one.
    Good(String),
    /// An inaccuracy, a mistake or a blunder, and the better line.
    Marked(Mark, Vec<String>),
    /// The computer could not analyse (its reason).
    Failed(Text),
}

impl Verdict {
    /// A verdict on the last of `moves`, played by `mover`, from `start`.
    #[must_use]
    pub fn ask(kind: GameKind, start: String, moves: Vec<String>, mover: Color) -> Verdict {
        Verdict {
            kind,
            start,
            moves,
            mover,
            found: Vec::new(),
            analysis: Analysis::default(),
        }
    }

    /// The move judged.
    #[must_use]
    pub fn played(&self) -> &str {
        self.moves.last().map_or("", String::as_str)
    }

    /// Whether both positions are analysed (or one failed).
    #[must_use]
    pub fn done(&self) -> bool {
        self.found.len() >= 2 || self.analysis.error.is_some()
    }

    /// The analysis due now: the next position's, unless one is under way.
    #[must_use]
    pub fn due(&self) -> Option<Analysis> {
        if self.done() || self.analysis.pending.is_some() {
            return None;
        }
        let n = self.moves.len() - 1 + self.found.len();
        let record = rebuild(self.kind, &self.start, &self.moves, n, None).ok()?;
        let spot = Spot {
            kind: Some(self.kind),
            start: self.start.clone(),
            moves: self.moves[..n].to_vec(),
        };
        Some(Analysis::ask(spot, record.side_at(n)))
    }

    /// Whether it waits for the reply to request `id`.
    #[must_use]
    pub fn waits_for(&self, id: u32) -> bool {
        self.analysis.waits_for(id)
    }

    /// What the computer found (a reply to another request is ignored).
    pub fn reply(&mut self, reply: AiReply) {
        if !self.waits_for(reply.id()) {
            return;
        }
        self.analysis.reply(reply);
        if self.analysis.running() || self.analysis.error.is_some() {
            return;
        }
        let after = self.found.len() == 1;
        let before = self.found.first().map_or(0, |f| f.eval.red);
        let (kind, start, moves) = (self.kind, &self.start, &self.moves);
        let found = Found::of(&self.analysis, || {
            // No search: the game is over after the move, or the move
            // was the only one.
            rebuild(kind, start, moves, moves.len(), None)
                .ok()
                .filter(|r| after && r.outcome().is_some())
                .map_or(before, |r| outcome_score(&*r))
        });
        self.found.push(found);
        self.analysis = Analysis::default();
    }

    /// Its worker was replaced: the position is asked again.
    pub fn reset(&mut self) {
        self.analysis.reset();
    }

    /// The verdict, once both positions are analysed.
    #[must_use]
    pub fn judged(&self) -> Option<Judged> {
        if let Some(e) = &self.analysis.error {
            return Some(Judged::Failed(e.clone()));
        }
        if !self.done() {
            return None;
        }
        let review = Review::of(&self.found, &[self.played().to_string()], REVIEW_BUDGET);
        let better = review.moves.first().map(|m| m.better.clone())?;
        Some(match (review.mark(0, self.mover), better.first()) {
            (_, None) => Judged::Best,
            (None, Some(b)) => Judged::Good(b.clone()),
            (Some(mark), Some(_)) => Judged::Marked(mark, better),
        })
    }
}

#[cfg(test)]
mod tests;
