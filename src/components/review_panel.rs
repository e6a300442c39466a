//! A game's review as a panel of the analysis board: each side's
//! inaccuracies, mistakes and blunders, learning from the mistakes, the
//! evaluation graph (Red's winning chances after each move; a click shows
//! that move on the board), the move shown with its verdict and the way to
//! its better line (a variation of the tree), stepping through the marked
//! moves (only the person's, if they like), and practising from the
//! position shown. The moves, their verdicts (NAGs and comments), the
//! engine and the export are the board's own.

use tiers_engine::search::{format_score, Level};
use tiers_engine::tree::NodeId;
use tiers_engine::Color;
use yew::prelude::*;

use crate::components::mistakes;
use crate::components::practice::PractiseForm;
use crate::components::widgets::seg;
use crate::components::{on_click, Dispatch};
use crate::core::analysis_board::review::ReviewPanel;
use crate::core::analysis_board::{AnalysisAction, AnalysisBoard};
use crate::core::practice::PractiseFrom;
use crate::core::review::{counts_text, Mark, ReviewAction, ReviewState};
use crate::core::AppAction;
use crate::i18n::say;
use crate::t;

/// The graph's size (SVG units).
const W: u32 = 600;
const H: u32 = 160;
const PAD: u32 = 8;

/// What the panel draws from.
struct View<'a> {
    b: &'a AnalysisBoard,
    p: &'a ReviewPanel,
    r: &'a ReviewState,
    d: &'a Dispatch,
    /// The game's moves.
    plies: usize,
    /// The move of the game shown (None: the board shows a position off
    /// the game's line).
    shown: Option<usize>,
    marks: Vec<Option<Mark>>,
}

impl View<'_> {
    /// A click showing the game after `ply` moves.
    fn go(&self, ply: usize) -> Callback<MouseEvent> {
        match self.p.node(&self.b.tree, ply) {
            Some(at) => on_click(self.d, AppAction::Analysis(AnalysisAction::Go(at))),
            None => Callback::noop(),
        }
    }

    /// The graph: Red's winning chances at each ply, Red up; a click on a
    /// move's column shows it.
    fn graph(&self) -> Html {
        let (plies, review) = (self.plies, &self.p.review);
        let x = |ply: usize| PAD + (ply as u32) * (W - 2 * PAD) / (plies.max(1) as u32);
        let y = |ply: usize| {
            PAD + (1000 - review.eval_at(ply).share(Color::Red)) * (H - 2 * PAD) / 1000
        };
        let line: Vec<String> = (0..=plies).map(|p| format!("{},{}", x(p), y(p))).collect();
        let points = (1..=plies).map(|p| {
            let mark = self.marks.get(p - 1).copied().flatten();
            let class = match mark {
                Some(Mark::Blunder) => "pt blunder",
                Some(Mark::Mistake) => "pt mistake",
                Some(Mark::Inaccuracy) => "pt inaccuracy",
                None if Some(p) == self.shown => "pt shown",
                None => "pt",
            };
            let label = format!(
                "{}{} {}",
                self.p.moves.get(p - 1).cloned().unwrap_or_default(),
                mark.map_or("", Mark::suffix),
                format_score(review.eval_at(p).red)
            );
            // The whole column of a move is its target (a finger on a
            // phone misses a dot).
            let band = (W - 2 * PAD) / (plies.max(1) as u32);
            html! {
                <g class="pt-move" onclick={self.go(p)}>
                    <title>{ label }</title>
                    <rect class="pt-hit" x={(x(p) - band / 2).to_string()} y="0" width={band.to_string()} height={H.to_string()} />
                    <circle class={class} data-ply={p.to_string()} cx={x(p).to_string()} cy={y(p).to_string()}
                        r={if mark.is_some() { "6" } else { "4" }} />
                </g>
            }
        });
        let at = self.shown.map(|s| {
            html! { <line class="graph-at" x1={x(s).to_string()} y1="0" x2={x(s).to_string()} y2={H.to_string()} /> }
        });
        html! {
            <svg class="review-graph" id="review-graph" viewBox={format!("0 0 {W} {H}")} role="img"
                aria-label={t!("review.red-s-winning-chances")}>
                <rect class="graph-bg" x="0" y="0" width={W.to_string()} height={H.to_string()} />
                <line class="graph-mid" x1="0" y1={(H / 2).to_string()} x2={W.to_string()} y2={(H / 2).to_string()} />
                { at.unwrap_or_default() }
                <polyline class="graph-line" points={line.join(" ")} />
                { for points }
            </svg>
        }
    }

    /// The move shown: its mark, the winning chances before and after, the
    /// computer's better move and the way to its line.
    fn detail(&self) -> Html {
        let review = &self.p.review;
        let Some(shown) = self.shown else {
            return html! { { t!("review.off-the-game") } };
        };
        if shown == 0 {
            return html! { { t!("review.start", eval = eval_words(review.eval_at(0).red)) } };
        }
        let i = shown - 1;
        let side = self.p.sides.get(i).copied().unwrap_or(Color::Red);
        let (number, second) = self.b.tree.number(self.b.at);
        let mark = self.marks.get(i).copied().flatten();
        let played = format!(
            "{number}{} {}{}",
            if second { "..." } else { "." },
            self.p.moves.get(i).cloned().unwrap_or_default(),
            mark.map_or("", Mark::suffix)
        );
        let chances = t!(
            "review.chances",
            side = side,
            before = (review.eval_at(i).share(side) + 5) / 10,
            after = (review.eval_at(shown).share(side) + 5) / 10
        );
        let better = &review.moves[i].better;
        // The better line is a variation from the position before.
        let line = better.first().and_then(|b| {
            let before = self.p.node(&self.b.tree, i)?;
            let tree = &self.b.tree;
            tree.children(before)
                .iter()
                .copied()
                .find(|&k| tree.text(k) == b.as_str())
        });
        let show = line.map(|at: NodeId| html! {
            <button type="button" id="review-show-line" onclick={on_click(self.d, AppAction::Analysis(AnalysisAction::Go(at)))}>{ t!("review.play-the-better-line") }</button>
        });
        let text = match (mark, better.first()) {
            (Some(m), Some(b)) => t!(
                "review.move-marked",
                played = played,
                side = side,
                mark = m.label(),
                chances = chances,
                better = b,
                line = better.join(" ")
            ),
            (None, Some(b)) => t!(
                "review.move-preferred",
                played = played,
                side = side,
                chances = chances,
                better = b
            ),
            _ => t!(
                "review.move-best",
                played = played,
                side = side,
                chances = chances
            ),
        };
        html! { <>{ text }{ " " }{ show.unwrap_or_default() }</> }
    }

    /// The marked moves, stepped through: whose (only the person's, or
    /// one side's), previous and next, the list.
    fn marked(&self) -> Html {
        let (r, d) = (self.r, self.d);
        let only = r.only;
        let marked = self.p.marked(only);
        let shown = self.shown.unwrap_or(0);
        let list = marked.iter().map(|&i| {
            let m = self.marks[i].unwrap_or(Mark::Inaccuracy);
            let mv = format!("{}{}", self.p.moves[i], m.suffix());
            let side = self.p.sides[i];
            let text = match self.p.review.moves[i].better.first() {
                Some(b) => t!("review.marked-better", side = side, mv = mv, mark = m.label(), better = b),
                None => t!("review.marked", side = side, mv = mv, mark = m.label()),
            };
            let active = self.shown == Some(i + 1);
            html! {
                <li><button type="button" class={if active { "mark-item active" } else { "mark-item" }}
                    onclick={self.go(i + 1)}>{ text }</button></li>
            }
        });
        let review = |a: ReviewAction| on_click(d, AppAction::Review(a));
        let filter = match r.subject.as_ref().and_then(|s| s.human) {
            Some(h) => {
                let d = d.clone();
                let onchange = Callback::from(move |e: Event| {
                    let on = e
                        .target_dyn_into::<web_sys::HtmlInputElement>()
                        .is_some_and(|i| i.checked());
                    d.dispatch(AppAction::Review(ReviewAction::Only(on.then_some(h))));
                });
                html! {
                    <label class="check"><input type="checkbox" id="review-only-mine" checked={only == Some(h)} {onchange} />
                        { t!("review.show-only-my-mistakes") }</label>
                }
            }
            None => html! {
                <div class="segmented" role="group" aria-label={t!("review.marked-moves-of")}>
                    { seg(only.is_none(), t!("review.both-sides"), review(ReviewAction::Only(None)), "review-only-both") }
                    { seg(only == Some(Color::Red), t!("side.red"), review(ReviewAction::Only(Some(Color::Red))), "review-only-red") }
                    { seg(only == Some(Color::Black), t!("side.black"), review(ReviewAction::Only(Some(Color::Black))), "review-only-black") }
                </div>
            },
        };
        // Off the game's line, the next mark is the first one.
        let prev = marked.iter().rev().find(|&&i| i + 1 < shown).copied();
        let next = marked.iter().find(|&&i| i + 1 > shown).copied();
        let step = |to: Option<usize>| to.map_or_else(Callback::noop, |i| self.go(i + 1));
        html! {
            <div class="review-marks">
                { filter }
                <div class="actions tight">
                    <button type="button" id="review-prev-mark" onclick={step(prev)} disabled={prev.is_none()}>{ t!("review.previous-mistake") }</button>
                    <button type="button" id="review-next-mark" onclick={step(next)} disabled={next.is_none()}>{ t!("review.next-mistake") }</button>
                </div>
                if marked.is_empty() {
                    <p class="empty" id="review-no-marks">{ t!("review.no-marked-moves") }</p>
                } else {
                    <ul class="mark-list" id="review-marks" aria-label={t!("review.marked-moves")}>{ for list }</ul>
                }
            </div>
        }
    }
}

/// The review's panel on the analysis board, when the board shows a
/// reviewed game (nothing otherwise).
pub fn panel(b: &AnalysisBoard, r: &ReviewState, level: Level, d: &Dispatch) -> Html {
    let Some(p) = &b.review else {
        return html! {};
    };
    let view = View {
        b,
        p,
        r,
        d,
        plies: p.moves.len(),
        shown: p.ply_of(&b.tree, b.at),
        marks: p.marks(),
    };
    let counts = p.counts();
    // Learning from the mistakes needs the review screen's state of this
    // same game.
    let same_game = r
        .subject
        .as_ref()
        .is_some_and(|s| s.record.move_texts() == p.moves)
        && r.review.as_ref() == Some(&p.review);
    let record = b.record();
    let position = record.position_text_at(record.ply());
    html! {
        <section class="review-panel" id="review-panel" aria-labelledby="review-panel-title">
            <h2 id="review-panel-title">{ t!("review.panel-title") }</h2>
            <p class="review-counts" id="review-counts">
                { counts_text(Color::Red, counts[0], &say) }<br />{ counts_text(Color::Black, counts[1], &say) }
            </p>
            if same_game {
                { mistakes::entry(r, d) }
            }
            { view.graph() }
            <div class="review-detail" id="review-detail" aria-live="polite">{ view.detail() }</div>
            { view.marked() }
            if let Some(position) = position.filter(|_| record.outcome().is_none()) {
                <PractiseForm id="review-practise" kind={b.tree.kind()} position={AttrValue::from(position)}
                    from={PractiseFrom::Review} level={level} dispatch={d.clone()} />
            }
        </section>
    }
}

/// "+0.35 for Red".
fn eval_words(red: i32) -> String {
    if red >= 0 {
        t!(
            "review.eval-for",
            score = format_score(red),
            side = Color::Red
        )
    } else {
        t!(
            "review.eval-for",
            score = format_score(-red),
            side = Color::Black
        )
    }
}
