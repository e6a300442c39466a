//! The play screen's coach panel: the hint button, the evaluation bar's
//! toggle, and the bar itself (Red's share of the winning chances, the
//! score from the side to move's view, the depth and the expected line),
//! and the verdict on the person's last move when asked ("How was my
//! move?").

use tiers_engine::search::format_score;
use tiers_engine::Color;
use yew::prelude::*;

use crate::components::panels::Control;
use crate::components::{to, Dispatch};
use crate::core::analysis::bar_share;
use crate::core::coach::{Coach, CoachAction};
use crate::core::i18n::Text;
use crate::core::practice::{Judged, Verdict};
use crate::core::session::Session;
use crate::core::{AppAction, Slice};
use crate::t;

/// Props of [`CoachPanel`].
#[derive(Properties, PartialEq, Clone)]
pub struct CoachProps {
    /// The game.
    pub session: Slice<Session>,
    /// The bar and hints.
    pub coach: Slice<Coach>,
    /// Dispatches actions.
    pub dispatch: Dispatch,
}

/// The coach panel.
#[component]
pub fn CoachPanel(props: &CoachProps) -> Html {
    let (s, c, d) = (&props.session, &props.coach, &props.dispatch);
    let hint = c.hint_move(s);
    let hint_line = if let Some(m) = &hint {
        html! { <p class="hint-note" id="hint-text" role="status">{ t!("coach.hint-text", mv = m.text.clone()) }</p> }
    } else if c.hint.is_some() {
        html! { <p class="hint-note" id="hint-text" role="status">{ t!("coach.looking") }</p> }
    } else {
        html! {}
    };
    let bar = c.bar.then(|| {
        let analysis = c.shown(s);
        let red = analysis.and_then(|a| a.red_score());
        let share = red.map_or(500, bar_share);
        let bottom_red = !s.flipped;
        let text = match analysis {
            Some(a) if a.score.is_some() => {
                let side = a.side.unwrap_or(Color::Red);
                let score = format_score(a.score.unwrap_or(0));
                t!("coach.score", score = score, side = crate::core::i18n::words::side(side), depth = a.depth)
            }
            Some(a) if a.error.is_some() => t!("coach.no-evaluation", why = a.error.clone().unwrap_or(Text::new("ai.no-move"))),
            _ if s.thinking_now() => t!("coach.computer-thinking"),
            _ => t!("coach.evaluating"),
        };
        let pv = analysis.map_or(&[][..], |a| a.pv.as_slice());
        // Each move of the line shows the line up to it as arrows; the
        // last one shown hides them again.
        let shown = c.line.as_ref().map_or(0, |(_, n)| *n);
        let line = pv.iter().enumerate().map(|(i, m)| {
            let n = if shown == i + 1 { 0 } else { i + 1 };
            html! {
                <button type="button" class="pv-move" aria-pressed={(i < shown).to_string()}
                    onclick={to(d, move |_: MouseEvent| AppAction::Coach(CoachAction::ShowLine(n)))}>{ m.clone() }</button>
            }
        });
        // Red's share drawn from Red's end: the left as the board is seen
        // with Red at the bottom, the right when it is flipped.
        let (x, w) = if bottom_red { (0, share) } else { (1000 - share, share) };
        html! {
            <div class="eval" id="eval" aria-live="polite">
                <svg class="eval-bar" viewBox="0 0 1000 24" preserveAspectRatio="none" role="img"
                    aria-label={t!("coach.chances", side = crate::core::i18n::words::side(Color::Red), count = (share + 50) / 100)}>
                    <rect class="eval-black" x="0" y="0" width="1000" height="24" />
                    <rect class="eval-red" x={x.to_string()} y="0" width={w.to_string()} height="24" />
                    <line class="eval-mid" x1="500" y1="0" x2="500" y2="24" />
                </svg>
                <p class="eval-text" id="eval-text" data-share={share.to_string()}>{ text }</p>
                if !pv.is_empty() {
                    <p class="eval-line" id="eval-line">{ t!("coach.best-line") }{ " " }{ for line }</p>
                }
            </div>
        }
    });
    html! {
        <div class="coach">
            <div class="controls">
                if c.hints {
                    <Control id="hint" icon="?" label={t!("coach.hint")} on_click={to(d, |()| AppAction::Hint)}
                        disabled={!c.can_hint(s)} />
                }
                if c.hints && s.opponent.human().is_some() {
                    <Control id="judge" icon="✓" label={t!("coach.judge")} on_click={to(d, |()| AppAction::Judge)}
                        disabled={!c.can_judge(s)} />
                }
                <Control id="eval-toggle" icon="±" label={t!("coach.evaluation")} pressed={Some(c.bar)}
                    on_click={to(d, |()| AppAction::Coach(CoachAction::ToggleBar))} />
            </div>
            { hint_line }
            { c.verdict.as_ref().map(verdict).unwrap_or_default() }
            { bar.unwrap_or_default() }
        </div>
    }
}

/// The verdict on the person's move: under way, or what the coach says.
fn verdict(v: &Verdict) -> Html {
    let mv = v.played().to_string();
    let (class, text) = match v.judged() {
        None => ("verdict", t!("coach.judging", mv = mv)),
        Some(Judged::Best) => ("verdict good", t!("coach.verdict-best", mv = mv)),
        Some(Judged::Good(better)) => (
            "verdict good",
            t!("coach.verdict-good", mv = mv, better = better),
        ),
        Some(Judged::Marked(mark, line)) => (
            "verdict marked",
            t!(
                "coach.verdict-marked",
                mv = mv,
                mark = mark.label(),
                better = line.first().cloned().unwrap_or_default()
            ),
        ),
        Some(Judged::Failed(why)) => (
            "verdict",
            t!("coach.verdict-failed", mv = mv, why = why.clone()),
        ),
    };
    html! { <p {class} id="verdict-text" role="status">{ text }</p> }
}
