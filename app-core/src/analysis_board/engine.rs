//! The analysis board's engine, at the analysis strength, on the position
//! shown, in the analysis worker:
//!
//! - **lines**: the 1 to 5 best lines (multi-PV), deepening until stopped
//!   (a worker cannot be interrupted: stopping it, or asking about another
//!   position, replaces it), each line with its score and depth;
//! - **every move's score**: all legal moves, each scored by a search to a
//!   fixed depth ([`ALL_DEPTH`]), best first;
//! - **the threat**: what the opponent would play were it their move (the
//!   position after a pass, searched to [`THREAT_DEPTH`]).
//!
//! The three share the worker: a fixed-depth one goes first and the
//! lines resume after it.

use tiers_engine::search::PvLine;
use tiers_engine::tree::NodeId;
use tiers_engine::{checkers, tiers, GameKind, Position};

use super::AnyTree;
use crate::ai::{AiReply, AiRequest, Budget};
use crate::analysis::Spot;
use crate::i18n::Text;
use tiers_engine::search::Level;

/// The most lines the player may ask for.
pub const MAX_LINES: u32 = 5;

/// How deep the lines go: as deep as the search goes (until stopped).
pub const LINES_DEPTH: u32 = 64;

/// The depth every move is scored at, per game (a few seconds in a
/// browser for a middle game).
#[must_use]
pub fn all_depth(kind: GameKind) -> u32 {
    match kind {
        GameKind::Checkers => 10,
        GameKind::Tiers => 6,
    }
}

/// The depth the threat is searched to, per game.
#[must_use]
pub fn threat_depth(kind: GameKind) -> u32 {
    match kind {
        GameKind::Checkers => 10,
        GameKind::Tiers => 6,
    }
}

/// One of the engine's jobs on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Job {
    /// The best lines.
    Lines,
    /// Every move's score.
    All,
    /// The threat.
    Threat,
}

/// What a job found about one position.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct Found {
    /// The position asked about.
    pub spot: Option<Spot>,
    /// How many lines were asked for.
    pub count: u32,
    /// The depth completed.
    pub depth: u32,
    /// Positions searched.
    pub nodes: u64,
    /// The lines, best first.
    pub lines: Vec<PvLine>,
    /// The search is over (its last depth, or proven).
    pub done: bool,
    /// The request being answered.
    pub pending: Option<u32>,
    /// Why the computer could not answer.
    pub error: Option<Text>,
}

impl Found {
    /// Whether it must be asked (again) for `spot` with `count` lines.
    fn needs(&self, spot: &Spot, count: u32) -> bool {
        self.spot.as_ref() != Some(spot)
            || self.count != count
            || (self.pending.is_none() && !self.done)
    }

    /// What it found, if it is about `spot`.
    #[must_use]
    pub fn about(&self, spot: &Spot) -> Option<&Found> {
        (self.spot.as_ref() == Some(spot) && (self.depth > 0 || self.error.is_some()))
            .then_some(self)
    }
}

/// The engine's state on the analysis board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardEngine {
    /// The lines are wanted (the engine is on).
    pub on: bool,
    /// How many lines (1 to [`MAX_LINES`]).
    pub count: u32,
    /// Every move's score is wanted.
    pub all: bool,
    /// The threat is wanted.
    pub threat: bool,
    /// The lines found.
    pub lines: Found,
    /// Every move's score.
    pub scores: Found,
    /// The threat: its line, in the position after a pass.
    pub threats: Found,
}

impl Default for BoardEngine {
    fn default() -> Self {
        BoardEngine {
            on: false,
            count: 3,
            all: false,
            threat: false,
            lines: Found::default(),
            scores: Found::default(),
            threats: Found::default(),
        }
    }
}

/// The position after `at` in `tree`, as the computer is asked about it.
#[must_use]
pub fn spot_at(tree: &AnyTree, at: NodeId) -> Spot {
    let game = tree.record(at);
    let mut moves = game.move_texts();
    moves.truncate(game.ply());
    Spot {
        kind: Some(game.kind()),
        start: game.start_text(),
        moves,
    }
}

/// The position of `spot` after a pass (the other side to move), as a
/// spot of its own; `None` when there is none (the game is over there, or
/// the pass cannot be played).
#[must_use]
pub fn passed_spot(tree: &AnyTree, at: NodeId) -> Option<Spot> {
    let game = tree.record(at);
    if game.outcome().is_some() {
        return None;
    }
    let text = game.position_text_at(game.ply())?;
    let kind = game.kind();
    let passed = match kind {
        GameKind::Checkers => pass::<checkers::Position>(&text),
        GameKind::Tiers => pass::<tiers::Position>(&text),
    }?;
    Some(Spot {
        kind: Some(kind),
        start: passed,
        moves: Vec::new(),
    })
}

fn pass<P: Position>(text: &str) -> Option<String> {
    let pos = P::parse(text).ok()?;
    let after = tiers_engine::search::passed(&pos)?;
    let mut moves = Vec::new();
    after.legal_moves(&mut moves);
    (!moves.is_empty()).then(|| after.to_text())
}

/// The squares of a move (written form) in the position of `spot`, to
/// draw it as an arrow.
#[must_use]
pub fn move_squares(spot: &Spot, text: &str) -> Option<Vec<u8>> {
    let kind = spot.kind?;
    let mut game = AnyTree::from_position(kind, &spot.start)
        .ok()?
        .record(NodeId::ROOT);
    for m in &spot.moves {
        game.play_text(m).ok()?;
    }
    game.legal()
        .into_iter()
        .find(|m| m.text == text)
        .map(|m| m.squares)
}

impl BoardEngine {
    /// The job due now about the position `here` (after a pass: `passed`),
    /// with its request of id `id`: none while a fixed-depth one is being
    /// answered; every move's score first, then the threat, then the lines.
    #[must_use]
    pub fn due(&self, here: &Spot, passed: Option<&Spot>, id: u32) -> Option<(Job, AiRequest)> {
        if self.scores.pending.is_some() || self.threats.pending.is_some() {
            return None;
        }
        let kind = here.kind?;
        let ask = |spot: &Spot, lines: u32, depth: u32| AiRequest {
            id,
            kind,
            start: spot.start.clone(),
            moves: spot.moves.clone(),
            level: Level::ANALYSIS,
            seed: 1,
            budget: Budget::Depth(depth),
            lines,
        };
        if self.all && self.scores.needs(here, 0) {
            return Some((Job::All, ask(here, u32::from(u8::MAX), all_depth(kind))));
        }
        if let Some(passed) = passed.filter(|_| self.threat) {
            if self.threats.needs(passed, 1) {
                return Some((Job::Threat, ask(passed, 1, threat_depth(kind))));
            }
        }
        if self.on && self.lines.needs(here, self.count) {
            return Some((Job::Lines, ask(here, self.count, LINES_DEPTH)));
        }
        None
    }

    /// The request `req` for `job` went out: the worker searching before
    /// was replaced (a job it was answering is asked again later).
    pub fn sent(&mut self, job: Job, req: &AiRequest) {
        self.reset();
        let spot = Spot {
            kind: Some(req.kind),
            start: req.start.clone(),
            moves: req.moves.clone(),
        };
        let count = if job == Job::All { 0 } else { req.lines };
        let found = self.found_mut(job);
        if found.spot.as_ref() != Some(&spot) || found.count != count {
            *found = Found {
                spot: Some(spot),
                count,
                ..Found::default()
            };
        }
        found.pending = Some(req.id);
        found.done = false;
        found.error = None;
    }

    fn found_mut(&mut self, job: Job) -> &mut Found {
        match job {
            Job::Lines => &mut self.lines,
            Job::All => &mut self.scores,
            Job::Threat => &mut self.threats,
        }
    }

    /// Whether it waits for the reply to request `id`.
    #[must_use]
    pub fn waits_for(&self, id: u32) -> bool {
        [&self.lines, &self.scores, &self.threats]
            .iter()
            .any(|f| f.pending == Some(id))
    }

    /// Whether a request is being answered.
    #[must_use]
    pub fn busy(&self) -> bool {
        [&self.lines, &self.scores, &self.threats]
            .iter()
            .any(|f| f.pending.is_some())
    }

    /// A reply of the computer (one nobody waits for is ignored).
    pub fn reply(&mut self, reply: AiReply) {
        let id = reply.id();
        let Some(found) = [&mut self.lines, &mut self.scores, &mut self.threats]
            .into_iter()
            .find(|f| f.pending == Some(id))
        else {
            return;
        };
        match reply {
            AiReply::Lines {
                depth,
                nodes,
                lines,
                ..
            } => {
                found.depth = depth;
                found.nodes = nodes;
                found.lines = lines;
            }
            AiReply::Move { .. } => {
                found.pending = None;
                found.done = true;
            }
            AiReply::Error { problem, .. } => {
                found.pending = None;
                found.done = true;
                found.error = Some(problem.explain());
            }
            AiReply::Info { .. } | AiReply::Unavailable { .. } => {}
        }
    }

    /// The worker was replaced or let go: no reply will come (what was
    /// being searched is asked again when it is still wanted).
    pub fn reset(&mut self) {
        self.lines.pending = None;
        self.scores.pending = None;
        self.threats.pending = None;
    }

    /// Stops the lines (what they found stays shown).
    pub fn stop(&mut self) {
        self.on = false;
        self.lines.pending = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiers_engine::search::MATE;

    fn tree() -> AnyTree {
        let mut t =
            AnyTree::from_position(GameKind::Checkers, &checkers::Position::start().to_text())
                .unwrap();
        let a = t.play_text(NodeId::ROOT, "11-15").unwrap();
        t.play_text(a, "23-19").unwrap();
        t
    }

    fn line(score: i32, pv: &[&str]) -> PvLine {
        PvLine {
            score,
            pv: pv.iter().map(|s| (*s).to_string()).collect(),
            db: false,
        }
    }

    #[test]
    fn the_lines_go_on_until_stopped_and_follow_the_position_shown() {
        let t = tree();
        let first = t.children(NodeId::ROOT)[0];
        let here = spot_at(&t, first);
        assert_eq!(here.moves, ["11-15"]);
        let mut e = BoardEngine::default();
        assert!(e.due(&here, None, 1).is_none(), "off");
        e.on = true;
        let (job, req) = e.due(&here, None, 1).unwrap();
        assert_eq!(
            (job, req.lines, req.budget),
            (Job::Lines, 3, Budget::Depth(LINES_DEPTH))
        );
        e.sent(job, &req);
        assert!(e.due(&here, None, 2).is_none(), "being answered");
        e.reply(AiReply::Lines {
            id: 1,
            depth: 5,
            nodes: 900,
            lines: vec![
                line(20, &["23-19"]),
                line(0, &["22-18"]),
                line(-5, &["24-20"]),
            ],
        });
        let found = e.lines.about(&here).unwrap();
        assert_eq!((found.depth, found.lines.len()), (5, 3));
        e.reply(AiReply::Lines {
            id: 7,
            depth: 9,
            nodes: 1,
            lines: vec![],
        });
        assert_eq!(e.lines.depth, 5, "a stale reply is ignored");
        // Another position: asked again.
        let there = spot_at(&t, NodeId::ROOT);
        assert!(e.lines.about(&there).is_none());
        let (_, again) = e.due(&there, None, 2).unwrap();
        assert!(again.moves.is_empty());
        // Another number of lines: asked again.
        e.sent(Job::Lines, &again);
        e.count = 5;
        assert_eq!(e.due(&there, None, 3).unwrap().1.lines, 5);
        e.stop();
        assert!(e.due(&there, None, 3).is_none() && !e.busy());
    }

    #[test]
    fn every_move_and_the_threat_go_first_and_the_lines_resume_after() {
        let t = tree();
        let here = spot_at(&t, NodeId::ROOT);
        let passed = passed_spot(&t, NodeId::ROOT).unwrap();
        assert!(passed.start.starts_with('W'), "Red to move: {passed:?}");
        let mut e = BoardEngine {
            on: true,
            ..BoardEngine::default()
        };
        let (job, lines) = e.due(&here, Some(&passed), 1).unwrap();
        e.sent(job, &lines);
        e.all = true;
        e.threat = true;
        let (job, all) = e.due(&here, Some(&passed), 2).unwrap();
        assert_eq!(
            (job, all.budget),
            (Job::All, Budget::Depth(all_depth(GameKind::Checkers)))
        );
        assert!(all.lines >= 7, "every legal move");
        e.sent(job, &all);
        assert_eq!(e.lines.pending, None, "the lines' worker was replaced");
        assert!(e.due(&here, Some(&passed), 3).is_none(), "one at a time");
        e.reply(AiReply::Move {
            id: 2,
            text: "11-15".into(),
        });
        let (job, threat) = e.due(&here, Some(&passed), 3).unwrap();
        assert_eq!(
            (job, threat.lines, threat.start.as_str()),
            (Job::Threat, 1, passed.start.as_str())
        );
        e.sent(job, &threat);
        e.reply(AiReply::Lines {
            id: 3,
            depth: 10,
            nodes: 5,
            lines: vec![line(MATE - 9, &["22-18"])],
        });
        e.reply(AiReply::Move {
            id: 3,
            text: "22-18".into(),
        });
        let (job, again) = e.due(&here, Some(&passed), 4).unwrap();
        assert_eq!((job, again.lines), (Job::Lines, 3), "the lines resume");
        assert_eq!(
            move_squares(&passed, &e.threats.lines[0].pv[0]),
            Some(vec![
                crate::record::square("c3"),
                crate::record::square("d4")
            ]),
            "22-18 drawn from c3 to d4"
        );
    }

    #[test]
    fn an_error_is_kept_and_not_asked_again() {
        let t = tree();
        let here = spot_at(&t, NodeId::ROOT);
        let mut e = BoardEngine {
            on: true,
            ..BoardEngine::default()
        };
        let (job, req) = e.due(&here, None, 1).unwrap();
        e.sent(job, &req);
        e.reply(AiReply::Error {
            id: 1,
            problem: crate::ai::AiProblem::NoMove,
        });
        assert!(e.lines.about(&here).unwrap().error.is_some());
        assert!(e.due(&here, None, 2).is_none());
    }
}
