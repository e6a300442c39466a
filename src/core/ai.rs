//! What the page and the AI worker say to each other: a request (game,
//! start position, moves played, level, seed, time) goes out tagged with an
//! id; progress reports and then the move (or an error) come back with the
//! same id, so that a reply nobody waits for any more (after undo or a new
//! game) is dropped.

use serde::{Deserialize, Serialize};
use tiers_engine::search::Level;
use tiers_engine::GameKind;

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
    /// Time limit in milliseconds.
    pub movetime_ms: u64,
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
        /// Why, in one line.
        message: String,
    },
    /// No move could be found (bad request or no legal move).
    Error {
        /// Request id.
        id: u32,
        /// Why.
        message: String,
    },
}

impl AiReply {
    /// The id of the request this answers.
    #[must_use]
    pub fn id(&self) -> u32 {
        match self {
            AiReply::Info { id, .. }
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
    /// The board editor's analysis.
    Analysis,
    /// The opponent's move in a lesson.
    Lesson,
    /// The play screen's evaluation bar and hints.
    Coach,
    /// A game's review.
    Review,
}

impl AiTarget {
    /// The worker that answers it.
    #[must_use]
    pub fn channel(self) -> Channel {
        match self {
            AiTarget::Game | AiTarget::Match | AiTarget::Lesson => Channel::Play,
            AiTarget::Analysis | AiTarget::Coach | AiTarget::Review => Channel::Analysis,
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
