//! The computer as a coach on the play screen: the evaluation bar (the
//! position shown, analysed as the engine deepens) and hints (the best
//! move, after a short search). It analyses in the analysis worker, never
//! while the computer thinks on its own move, and only the position shown:
//! a move, a take-back or looking back makes a new analysis due and the
//! old one is dropped with its worker. On request it also judges the
//! person's last move ([`Verdict`], the review's thresholds).

use tiers_engine::Color;

use super::ai::{AiRequest, Budget};
use super::analysis::{Analysis, Spot};
use super::practice::Verdict;
use super::record::MoveOption;
use super::review::OneByOne;
use super::session::Session;

/// How long the bar's analysis of one position searches at most (ms).
pub const BAR_MS: u64 = 6_000;
/// How long a hint's search takes at most when the bar is off (ms).
pub const HINT_MS: u64 = 1_500;
/// The depth from which the bar's line may give a hint before its search
/// is over.
pub const HINT_DEPTH: u32 = 8;
/// The tag of the game record that counts the hints asked.
pub const HINTS_TAG: &str = "Hints";

/// The coach's state.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Coach {
    /// Hints may be asked in this game (the new game screen's choice).
    pub hints: bool,
    /// The evaluation bar is shown.
    pub bar: bool,
    /// The analysis of the position shown (or of one shown before).
    pub analysis: Analysis,
    /// A hint was asked for this position: it shows once found.
    pub hint: Option<Spot>,
    /// How many moves of the bar's best line are drawn on the board as
    /// arrows, for the position they were asked in.
    pub line: Option<(Spot, usize)>,
    /// The verdict asked for on the person's last move.
    pub verdict: Option<Verdict>,
}

/// What can be done with the coach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CoachAction {
    /// Show or hide the evaluation bar.
    ToggleBar,
    /// A new game, hints allowed or not: no hint, no analysis (the bar
    /// stays as it was).
    NewGame(bool),
    /// Draw the best line's first `n` moves on the board as arrows (0:
    /// none).
    ShowLine(usize),
}

impl Default for Coach {
    fn default() -> Self {
        Coach {
            hints: true,
            bar: false,
            analysis: Analysis::default(),
            hint: None,
            line: None,
            verdict: None,
        }
    }
}

/// The person's last move in the game on the play screen: the game's
/// moves up to it, and their colour. `None` in a game between two people
/// or before they moved.
#[must_use]
pub fn last_own_move(session: &Session) -> Option<(Vec<String>, Color)> {
    let human = session.opponent.human()?;
    let game = session.record()?;
    let i = (0..game.ply())
        .rev()
        .find(|&i| game.side_at(i) == Some(human))?;
    let mut moves = game.move_texts();
    moves.truncate(i + 1);
    Some((moves, human))
}

/// The position the play screen shows, as the coach analyses it, with the
/// side to move there; `None` without a game or when the game is over at
/// that point (nothing to analyse).
#[must_use]
pub fn spot_of(session: &Session) -> Option<(Spot, Option<Color>)> {
    let game = session.record()?;
    let ply = session.shown_ply();
    if session.view_ply.is_none() && game.outcome().is_some() {
        return None;
    }
    let mut moves = game.move_texts();
    moves.truncate(ply);
    let spot = Spot {
        kind: Some(game.kind()),
        start: game.start_text(),
        moves,
    };
    Some((spot, game.side_at(ply)))
}

impl Coach {
    /// Reduces one action.
    pub fn apply(&mut self, action: CoachAction) {
        match action {
            CoachAction::ToggleBar => {
                self.bar = !self.bar;
                if !self.bar && self.hint.is_none() {
                    self.analysis.stop();
                }
            }
            CoachAction::NewGame(hints) => {
                self.hints = hints;
                self.hint = None;
                self.line = None;
                self.verdict = None;
                self.analysis = Analysis::default();
            }
            CoachAction::ShowLine(n) => {
                self.line = (n > 0).then(|| (self.analysis.spot.clone(), n));
            }
        }
    }

    /// Whether hints may be asked now: the person's move, in a game that
    /// allows them, with no hint shown or coming for this position.
    #[must_use]
    pub fn can_hint(&self, session: &Session) -> bool {
        self.hints
            && session.human_to_move()
            && spot_of(session).is_some_and(|(spot, _)| self.hint.as_ref() != Some(&spot))
    }

    /// Asks for a hint on the position shown.
    pub fn ask_hint(&mut self, session: &Session) {
        if self.can_hint(session) {
            self.hint = spot_of(session).map(|(spot, _)| spot);
        }
    }

    /// The analysis due now for the play screen, if any: the bar is shown
    /// or a hint is asked for the position shown, the computer is not
    /// thinking on its own move, and this position has not been analysed.
    #[must_use]
    pub fn due(&self, session: &Session) -> Option<(Analysis, u64)> {
        if session.pending.is_some() || session.ai_due() {
            return None;
        }
        let (spot, side) = spot_of(session)?;
        let hint = self.hint.as_ref() == Some(&spot);
        if !(self.bar || hint) || self.analysis.spot == spot {
            return None;
        }
        let ms = if self.bar { BAR_MS } else { HINT_MS };
        Some((Analysis::ask(spot, side), ms))
    }

    /// The request of [`Coach::due`], with this id.
    #[must_use]
    pub fn request(&self, session: &Session, id: u32) -> Option<AiRequest> {
        if let Some(v) = self.verdict_due(session) {
            return v.request(id);
        }
        let (analysis, ms) = self.due(session)?;
        analysis.request(id, Budget::Time(ms))
    }

    /// The request went out with this id: its analysis is the one shown.
    pub fn sent(&mut self, session: &Session, id: u32) {
        if self.verdict_due(session).is_some() {
            // The verdict's search replaces the bar's in the worker: the
            // bar asks again afterwards.
            if self.analysis.pending.is_some() {
                self.analysis = Analysis::default();
            }
            if let Some(v) = &mut self.verdict {
                v.sent(id);
            }
            return;
        }
        if let Some((analysis, _)) = self.due(session) {
            self.analysis = analysis;
            self.analysis.sent(id);
        }
    }

    /// After the game changed: an analysis of a position no longer shown
    /// (or with the computer now to move) stops, so that its worker goes.
    pub fn follow(&mut self, session: &Session) {
        let shown = spot_of(session).map(|(spot, _)| spot);
        let stale = shown.as_ref() != Some(&self.analysis.spot)
            || session.pending.is_some()
            || session.ai_due();
        if self.analysis.running() && stale {
            self.analysis.requested = false;
            self.analysis.pending = None;
        }
        if self.hint.is_some() && self.hint != shown {
            self.hint = None;
        }
        // A verdict on a move taken back, or of another game, goes.
        if let Some(v) = &self.verdict {
            let holds = session.record().is_some_and(|g| {
                g.start_text() == v.start
                    && g.ply() >= v.moves.len()
                    && g.move_texts().starts_with(&v.moves)
            });
            if !holds {
                self.verdict = None;
            }
        }
        if self
            .line
            .as_ref()
            .is_some_and(|(spot, _)| Some(spot) != shown.as_ref())
        {
            self.line = None;
        }
    }

    /// The analysis of the position shown, if it is the one analysed.
    #[must_use]
    pub fn shown<'a>(&'a self, session: &Session) -> Option<&'a Analysis> {
        let (spot, _) = spot_of(session)?;
        (self.analysis.spot == spot).then_some(&self.analysis)
    }

    /// The hint to show: the best move found for the position shown, as
    /// the board's move (its squares).
    #[must_use]
    pub fn hint_move(&self, session: &Session) -> Option<MoveOption> {
        let (spot, _) = spot_of(session)?;
        if self.hint.as_ref() != Some(&spot) || self.analysis.spot != spot {
            return None;
        }
        let min_depth = if self.analysis.running() {
            HINT_DEPTH
        } else {
            0
        };
        let best = self.analysis.best_so_far(min_depth)?;
        session.enterable().into_iter().find(|m| m.text == best)
    }

    /// The best line's moves asked for as arrows, played out from the
    /// position shown: each move's squares (origin, then each landing
    /// square). Empty when none are asked for this position, the bar is
    /// off, or the line no longer plays (the search moved on).
    #[must_use]
    pub fn line_arrows(&self, session: &Session) -> Vec<Vec<u8>> {
        let (Some((spot, n)), Some((here, _)), Some(game)) =
            (&self.line, spot_of(session), session.record())
        else {
            return Vec::new();
        };
        if !self.bar || *spot != here || self.analysis.spot != here {
            return Vec::new();
        }
        let mut game = game.clone_box();
        while game.ply() > session.shown_ply() && game.undo() {}
        let mut out = Vec::new();
        for text in self.analysis.pv.iter().take(*n) {
            let Some(m) = game.legal().into_iter().find(|m| &m.text == text) else {
                break;
            };
            if game.play_text(text).is_err() {
                break;
            }
            out.push(m.squares);
        }
        out
    }
}

impl Coach {
    /// Whether a verdict on the person's last move may be asked now: in a
    /// game against the computer that allows hints, once they moved, and
    /// not already asked for that move.
    #[must_use]
    pub fn can_judge(&self, session: &Session) -> bool {
        self.hints
            && last_own_move(session)
                .is_some_and(|(moves, _)| self.verdict.as_ref().is_none_or(|v| v.moves != moves))
    }

    /// Asks for the verdict on the person's last move.
    pub fn ask_verdict(&mut self, session: &Session) {
        if !self.can_judge(session) {
            return;
        }
        if let (Some((moves, mover)), Some(game)) = (last_own_move(session), session.record()) {
            self.verdict = Some(Verdict::ask(game.kind(), game.start_text(), moves, mover));
        }
    }

    /// The verdict whose analysis is due now, if any (never while the
    /// computer thinks on its own move).
    fn verdict_due(&self, session: &Session) -> Option<&Verdict> {
        if session.pending.is_some() || session.ai_due() {
            return None;
        }
        self.verdict.as_ref().filter(|v| v.due().is_some())
    }

    /// Whether the verdict waits for the reply to request `id`.
    #[must_use]
    pub fn verdict_waits_for(&self, id: u32) -> bool {
        self.verdict.as_ref().is_some_and(|v| v.waits_for(id))
    }

    /// The analysis worker was replaced: every search of the coach is
    /// asked again.
    pub fn reset(&mut self) {
        self.analysis.reset();
        if let Some(v) = &mut self.verdict {
            v.reset();
        }
    }

    /// Whether a search of the coach (the bar's, a hint's or a verdict's)
    /// is being answered.
    #[must_use]
    pub fn pending(&self) -> bool {
        self.analysis.pending.is_some()
            || self
                .verdict
                .as_ref()
                .is_some_and(|v| v.analysis.pending.is_some())
    }
}

/// Counts one more hint in a game's tags ([`HINTS_TAG`]).
pub fn count_hint(tags: &mut Vec<(String, String)>) {
    let n = hints_in(tags) + 1;
    tags.retain(|(name, _)| name != HINTS_TAG);
    tags.push((HINTS_TAG.to_string(), n.to_string()));
}

/// The hints a game's tags count (0 when none or unreadable).
#[must_use]
pub fn hints_in(tags: &[(String, String)]) -> u32 {
    tags.iter()
        .find(|(name, _)| name == HINTS_TAG)
        .and_then(|(_, v)| v.trim().parse().ok())
        .unwrap_or(0)
}

#[cfg(test)]
pub(crate) mod tests;
