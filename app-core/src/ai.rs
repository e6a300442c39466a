//! What the page and the AI worker say to each other: a request (game,
//! start position, moves played, level, seed, budget) goes out tagged with
//! an id; progress reports and then the move (or an error) come back with
//! the same id, so that a reply nobody waits for any more (after undo or a
//! new game) is dropped.

use serde::{Deserialize, Serialize};
use tiers_engine::search::{Level, SearchLimits};
use tiers_engine::GameKind;

use crate::i18n::errors::FetchError;
use crate::i18n::Text;

/// How far the computer searches: for a time (a move in a game, the
/// coach: a faster device searches deeper), or to a depth or a number of
/// positions, whose answer is the same on every device (a game review).
/// The engine checks it inside the search ([`Budget::limits`]).
///
/// ```
/// use tiers_core::ai::Budget;
/// assert_eq!(Budget::Time(1).limits().time_ms, Some(50), "at least 50 ms");
/// assert_eq!(Budget::Nodes(500_000).limits().nodes, Some(500_000));
/// assert!(Budget::Depth(9).reproducible() && !Budget::Time(400).reproducible());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Budget {
    /// At most this many milliseconds (50 ms to 10 s).
    Time(u64),
    /// Iterations up to this depth, in plies (1 to 64).
    Depth(u32),
    /// At most this many positions visited (up to [`Budget::MAX_NODES`]).
    Nodes(u64),
}

impl std::fmt::Display for Budget {
    /// `350 ms`, `depth 12`, `500000 nodes` (read by [`Budget::parse`]).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Budget::Time(ms) => write!(f, "{ms} ms"),
            Budget::Depth(d) => write!(f, "depth {d}"),
            Budget::Nodes(n) => write!(f, "{n} nodes"),
        }
    }
}

impl Budget {
    /// Reads its text (`350 ms`, `depth 12`, `500000 nodes`).
    ///
    /// ```
    /// use tiers_core::ai::Budget;
    /// for b in [Budget::Time(350), Budget::Depth(12), Budget::Nodes(500_000)] {
    ///     assert_eq!(Budget::parse(&b.to_string()), Some(b));
    /// }
    /// assert_eq!(Budget::parse("fast"), None);
    /// ```
    #[must_use]
    pub fn parse(text: &str) -> Option<Budget> {
        let text = text.trim();
        if let Some(d) = text.strip_prefix("depth ") {
            return d.trim().parse().ok().map(Budget::Depth);
        }
        let (n, unit) = text.split_once(' ')?;
        let n = n.parse().ok()?;
        match unit.trim() {
            "ms" => Some(Budget::Time(n)),
            "nodes" => Some(Budget::Nodes(n)),
            _ => None,
        }
    }

    /// The most positions one request may ask for (some 20 s of search on
    /// a fast desktop): a worker cannot be interrupted.
    pub const MAX_NODES: u64 = 100_000_000;

    /// The engine's limits for it, brought within the ranges above.
    #[must_use]
    pub fn limits(self) -> SearchLimits {
        match self {
            Budget::Time(ms) => SearchLimits::time(ms.clamp(50, 10_000)),
            Budget::Depth(d) => SearchLimits::depth(d.clamp(1, 64)),
            Budget::Nodes(n) => SearchLimits::nodes(n.clamp(1, Budget::MAX_NODES)),
        }
    }

    /// Whether the answer depends only on the request (not on the
    /// device's speed or on what the worker searched before).
    #[must_use]
    pub fn reproducible(self) -> bool {
        !matches!(self, Budget::Time(_))
    }
}

/// What the page asks the computer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AiRequest {
    /// Tag echoed in every reply.
    pub id: u32,
    /// Which game.
    pub kind: GameKind,
    /// The start position (PDN FEN or TFEN).
    pub start: String,
    /// The moves played from the start, in written form.
    pub moves: Vec<String>,
    /// The computer's strength.
    pub level: Level,
    /// Seed of the level's randomness.
    pub seed: u64,
    /// How far to search.
    pub budget: Budget,
    /// 0: a search for the move to play (progress as [`AiReply::Info`]);
    /// 1 or more: that many best lines, each scored (multi-PV, the
    /// analysis board's), reported as [`AiReply::Lines`] after each depth;
    /// the best move ends both.
    #[serde(default)]
    pub lines: u32,
}

/// What the computer answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AiReply {
    /// A search depth was completed.
    Info {
        /// Request id.
        id: u32,
        /// Depth completed.
        depth: u32,
        /// Score for the computer, hundredths of a man.
        score: i32,
        /// Nodes searched.
        nodes: u64,
        /// Expected line.
        pv: Vec<String>,
    },
    /// A depth of a multi-PV search was completed: its lines, best first.
    Lines {
        /// Request id.
        id: u32,
        /// Depth completed.
        depth: u32,
        /// Nodes searched.
        nodes: u64,
        /// The lines, each with its score for the side to move.
        lines: Vec<tiers_engine::search::PvLine>,
    },
    /// The move to play.
    Move {
        /// Request id.
        id: u32,
        /// The move in written form.
        text: String,
    },
    /// The endgame database could not be had (sent once, before a search
    /// that would have used it): the computer plays on without it.
    Unavailable {
        /// Request id.
        id: u32,
        /// Why.
        problem: FetchError,
    },
    /// No move could be found (bad request or no legal move).
    Error {
        /// Request id.
        id: u32,
        /// Why.
        problem: AiProblem,
    },
}

/// Why the computer found no move, by code (the page says it in its
/// language).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AiProblem {
    /// The start position of the request cannot be read (the engine's
    /// words, for the console: the page sent something it should not).
    BadStart(String),
    /// A move of the request cannot be played.
    BadMove {
        /// Its number in the request, from 1.
        number: usize,
        /// The move as sent.
        text: String,
    },
    /// The side to move has no legal move.
    NoMove,
}

impl AiProblem {
    /// In words.
    #[must_use]
    pub fn explain(&self) -> Text {
        match self {
            AiProblem::BadStart(_) => Text::new("ai.bad-start"),
            AiProblem::BadMove { number, text } => {
                crate::text!("ai.bad-move", number = *number, mv = text)
            }
            AiProblem::NoMove => Text::new("ai.no-move"),
        }
    }
}

impl AiReply {
    /// The id of the request this answers.
    #[must_use]
    pub fn id(&self) -> u32 {
        match self {
            AiReply::Info { id, .. }
            | AiReply::Lines { id, .. }
            | AiReply::Move { id, .. }
            | AiReply::Unavailable { id, .. }
            | AiReply::Error { id, .. } => *id,
        }
    }
}

/// The worker a request goes to: the computer's moves in games, or
/// analysis (which may be cancelled by replacing its worker without
/// touching a game in progress).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Channel {
    /// The computer's moves (play screen, tournament matches).
    Play,
    /// Analysis: the board editor's, the play screen's evaluation bar and
    /// hints, game reviews.
    Analysis,
}

/// Which part of the state a request is for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AiTarget {
    /// The computer's move on the play screen.
    Game,
    /// A computer player's move in a tournament match.
    Match,
    /// The opponent's move in a lesson.
    Lesson,
    /// The play screen's evaluation bar and hints.
    Coach,
    /// A game's review.
    Review,
    /// The analysis board's engine (lines, every move's score, threat).
    Board,
}

impl AiTarget {
    /// The worker that answers it.
    #[must_use]
    pub fn channel(self) -> Channel {
        match self {
            AiTarget::Game | AiTarget::Match | AiTarget::Lesson => Channel::Play,
            AiTarget::Coach | AiTarget::Review | AiTarget::Board => Channel::Analysis,
        }
    }
}

/// A request due now, as [`super::AppState::ai_due`] finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DueRequest {
    /// Who asks.
    pub target: AiTarget,
    /// The request (its id is the next one the state gives out).
    pub request: AiRequest,
    /// Wait this long before sending it (two computers playing each other
    /// slowly enough for people to follow), in milliseconds.
    pub delay_ms: u32,
    /// Show the move no sooner than this after sending, in milliseconds
    /// (so that the person sees their own move land first).
    pub min_reply_ms: u32,
}
