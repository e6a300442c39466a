//! The review screen: the analysis's progress (cancellable), then the
//! evaluation graph (Red's winning chances after each move; a click shows
//! that position), each side's inaccuracies, mistakes and blunders, the
//! move shown with its mark and the better line, stepping through the
//! marked moves (only the person's, if they like), and the annotated PDN.

use tiers_engine::search::{format_score, Level};
use tiers_engine::Color;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::components::export::ExportBar;
use crate::components::mistakes;
use crate::components::picture::Picture;
use crate::components::practice::PractiseForm;
use crate::components::viewer::{use_replay_keys, viewer};
use crate::components::widgets::seg;
use crate::components::Dispatch;
use crate::core::library::files::{animation_name, picture_name};
use crate::core::library::{rebuild, tag};
use crate::core::nav::{NavAction, Screen};
use crate::core::practice::PractiseFrom;
use crate::core::review::{counts_text, Mark, Review, ReviewAction, ReviewState, Subject};
use crate::core::{AnalyseFrom, AppAction, Slice};
use crate::i18n::say;
use crate::t;

/// Props of [`ReviewScreen`].
#[derive(Properties, PartialEq, Clone)]
pub struct ReviewProps {
    /// The review.
    pub review: Slice<ReviewState>,
    /// The level a practice starts from (the new game screen's).
    pub level: Level,
    /// Dispatches actions.
    pub dispatch: Dispatch,
}

/// The graph's size (SVG units).
const W: u32 = 600;
const H: u32 = 160;
const PAD: u32 = 8;

fn act(d: &Dispatch, a: ReviewAction) -> Callback<MouseEvent> {
    let d = d.clone();
    Callback::from(move |_: MouseEvent| d.dispatch(AppAction::Review(a)))
}

/// The review screen.
#[component]
pub fn ReviewScreen(props: &ReviewProps) -> Html {
    let (r, d) = (&props.review, &props.dispatch);
    let on_ply = {
        let d = d.clone();
        Callback::from(move |p: usize| d.dispatch(AppAction::Review(ReviewAction::Ply(p))))
    };
    let on_step = {
        let d = d.clone();
        Callback::from(move |s| d.dispatch(AppAction::Review(ReviewAction::Step(s))))
    };
    use_replay_keys(r.subject.is_some(), on_step);
    // Learn from your mistakes opened or closed: the focus goes to its
    // title, or back to the button that opens it (a keyboard user is not
    // left at the top of the page).
    let was_open = use_mut_ref(|| false);
    use_effect_with(r.drill.is_some(), move |&open| {
        if std::mem::replace(&mut *was_open.borrow_mut(), open) == open {
            return;
        }
        let id = if open { "drill-title" } else { "drill-open" };
        if let Some(el) = gloo::utils::document()
            .get_element_by_id(id)
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
        {
            let _ = el.focus();
        }
    });
    let Some(s) = r.subject.clone() else {
        return html! { <section class="review card"><p>{ t!("review.no-game-to-review") }</p></section> };
    };
    if let Some(drill) = &r.drill {
        return mistakes::view(&s, drill, d, &on_ply);
    }
    let back = r.back.unwrap_or(Screen::Games);
    let back_click = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| d.dispatch(AppAction::Nav(NavAction::Show(back))))
    };
    // The board opens with the review's notes on the moves, in the page's
    // words.
    let analyse = {
        let (d, r) = (d.clone(), r.clone());
        Callback::from(move |_: MouseEvent| {
            let notes = match (&r.subject, &r.review) {
                (Some(s), Some(review)) => review.notes(&s.sides(), &say),
                _ => Vec::new(),
            };
            d.dispatch(AppAction::Analyse(AnalyseFrom::Review(notes)));
        })
    };
    let plies = s.plies();
    let view = View {
        r,
        d,
        plies,
        shown: r.ply.min(plies),
        sides: s.sides(),
        texts: s.record.move_texts(),
        on_ply,
        s: &s,
    };
    html! {
        <section class="review card" aria-labelledby="review-title">
            <div class="review-head">
                <h1 id="review-title">{ t!("review.title", game = s.record.kind()) }</h1>
                <div class="actions tight">
                    <button type="button" id="review-analyse" onclick={analyse}>{ t!("analysis.open") }</button>
                    <button type="button" id="review-back" onclick={back_click}>{ t!("review.back") }</button>
                </div>
            </div>
            <p class="review-game">{ crate::i18n::say(&s.title) }</p>
            { view.progress() }
            <div class="review-body">
                <div class="review-board">{ view.board() }</div>
                <div class="review-info">
                    { r.review.as_ref().map(|review| view.analysis(review)).unwrap_or_default() }
                    if let Some(position) = s.record.position_text_at(view.shown) {
                        <PractiseForm id="review-practise" kind={s.record.kind()} position={AttrValue::from(position)}
                            from={PractiseFrom::Review} level={props.level} dispatch={d.clone()} />
                    }
                </div>
            </div>
        </section>
    }
}

/// What the review screen draws from: the review, the game reviewed and
/// the move shown.
struct View<'a> {
    r: &'a ReviewState,
    s: &'a Subject,
    d: &'a Dispatch,
    /// The game's plies.
    plies: usize,
    /// The ply shown.
    shown: usize,
    /// The side that played each move.
    sides: Vec<Color>,
    /// Each move's text.
    texts: Vec<String>,
    /// Show this ply.
    on_ply: Callback<usize>,
}

impl View<'_> {
    /// The analysis's progress, while it runs or once cancelled.
    fn progress(&self) -> Html {
        let (r, d, plies) = (self.r, self.d, self.plies);
        if r.review.is_some() {
            return html! {};
        }
        let (done, all) = r.progress();
        let text = if r.cancelled {
            t!("review.cancelled", done = done, count = all)
        } else {
            t!(
                "review.analysing",
                number = (done + 1).min(plies.max(1)),
                count = plies
            )
        };
        html! {
            <div class="review-progress" role="status">
                <progress id="review-progress" max={all.to_string()} value={done.to_string()} />
                <span id="review-progress-text">{ text }</span>
                if r.cancelled {
                    <button type="button" class="primary" id="review-resume" onclick={act(d, ReviewAction::Resume)}>{ t!("review.go-on") }</button>
                } else {
                    <button type="button" id="review-cancel" onclick={act(d, ReviewAction::Cancel)}>{ t!("review.cancel") }</button>
                }
            </div>
        }
    }

    /// The finished review: each side's counts, the graph, the move shown,
    /// the marked moves and the annotated PDN.
    fn analysis(&self, review: &Review) -> Html {
        let marks = review.marks(&self.sides);
        let counts = review.counts(&self.sides);
        let pdn = self.r.annotated_pdn(&crate::i18n::say).unwrap_or_default();
        let file = format!("tiers-review-{}.pdn", self.s.record.kind().name());
        // The pictures are drawn when a button is pressed, not on a render.
        let date = tag(&self.s.tags, "Date").unwrap_or_default().to_string();
        let picture = {
            let (record, shown) = (self.s.record.clone(), self.shown);
            let name = picture_name(record.kind(), &date, shown);
            Some(Callback::from(move |()| {
                (Picture::of_record(&*record, shown, false), name.clone())
            }))
        };
        let animation = {
            let (record, plies) = (self.s.record.clone(), self.plies);
            let name = animation_name(record.kind(), &date);
            Some(Callback::from(move |()| {
                let frames = (0..=plies)
                    .map(|ply| Picture::of_record(&*record, ply, false))
                    .collect();
                (frames, name.clone())
            }))
        };
        html! {
            <>
                <p class="review-counts" id="review-counts">
                    { counts_text(Color::Red, counts[0], &say) }<br />{ counts_text(Color::Black, counts[1], &say) }
                </p>
                { mistakes::entry(self.r, self.d) }
                { self.graph(review, &marks) }
                <div class="review-detail" id="review-detail" aria-live="polite">{ self.detail(review, &marks) }</div>
                { self.marked(review, &marks) }
                <ExportBar pdn={Callback::from(move |()| (pdn.clone(), file.clone()))} {picture} {animation} id="review-export" />
            </>
        }
    }

    /// The graph: Red's winning chances at each ply, Red up; a click on a
    /// move's column shows it.
    fn graph(&self, review: &Review, marks: &[Option<Mark>]) -> Html {
        let (plies, shown) = (self.plies, self.shown);
        let x = |ply: usize| PAD + (ply as u32) * (W - 2 * PAD) / (plies.max(1) as u32);
        let y = |ply: usize| {
            PAD + (1000 - review.eval_at(ply).share(Color::Red)) * (H - 2 * PAD) / 1000
        };
        let line: Vec<String> = (0..=plies).map(|p| format!("{},{}", x(p), y(p))).collect();
        let points = (1..=plies).map(|p| {
            let mark = marks.get(p - 1).copied().flatten();
            let class = match mark {
                Some(Mark::Blunder) => "pt blunder",
                Some(Mark::Mistake) => "pt mistake",
                Some(Mark::Inaccuracy) => "pt inaccuracy",
                None if p == shown => "pt shown",
                None => "pt",
            };
            let onclick = self.on_ply.reform(move |_: MouseEvent| p);
            let label = format!(
                "{}{} {}",
                self.texts.get(p - 1).cloned().unwrap_or_default(),
                mark.map_or("", Mark::suffix),
                format_score(review.eval_at(p).red)
            );
            // The whole column of a move is its target (a finger on a
            // phone misses a dot).
            let band = (W - 2 * PAD) / (plies.max(1) as u32);
            html! {
                <g class="pt-move" {onclick}>
                    <title>{ label }</title>
                    <rect class="pt-hit" x={(x(p) - band / 2).to_string()} y="0" width={band.to_string()} height={H.to_string()} />
                    <circle class={class} data-ply={p.to_string()} cx={x(p).to_string()} cy={y(p).to_string()}
                        r={if mark.is_some() { "6" } else { "4" }} />
                </g>
            }
        });
        html! {
            <svg class="review-graph" id="review-graph" viewBox={format!("0 0 {W} {H}")} role="img"
                aria-label={t!("review.red-s-winning-chances")}>
                <rect class="graph-bg" x="0" y="0" width={W.to_string()} height={H.to_string()} />
                <line class="graph-mid" x1="0" y1={(H / 2).to_string()} x2={W.to_string()} y2={(H / 2).to_string()} />
                <line class="graph-at" x1={x(shown).to_string()} y1="0" x2={x(shown).to_string()} y2={H.to_string()} />
                <polyline class="graph-line" points={line.join(" ")} />
                { for points }
            </svg>
        }
    }

    /// The move shown: its mark, the winning chances before and after, the
    /// computer's better move and the way to play its line.
    fn detail(&self, review: &Review, marks: &[Option<Mark>]) -> Html {
        let shown = self.shown;
        if shown == 0 {
            return html! { { t!("review.start", eval = eval_words(review.eval_at(0).red)) } };
        }
        let i = shown - 1;
        let side = self.sides.get(i).copied().unwrap_or(Color::Red);
        let (first, second) = self.s.record.first_move_number();
        let number = first as usize + (i + usize::from(second)) / 2;
        let mark = marks.get(i).copied().flatten();
        let played = format!(
            "{number}{} {}{}",
            if (i + usize::from(second)).is_multiple_of(2) {
                "."
            } else {
                "..."
            },
            self.texts.get(i).cloned().unwrap_or_default(),
            mark.map_or("", Mark::suffix)
        );
        let chances = t!(
            "review.chances",
            side = side,
            before = (review.eval_at(i).share(side) + 5) / 10,
            after = (review.eval_at(shown).share(side) + 5) / 10
        );
        let better = &review.moves[i].better;
        let show = (!better.is_empty()).then(|| html! {
            <button type="button" id="review-show-line" onclick={act(self.d, ReviewAction::ShowLine(i))}>{ t!("review.play-the-better-line") }</button>
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
    fn marked(&self, review: &Review, marks: &[Option<Mark>]) -> Html {
        let (r, d, shown) = (self.r, self.d, self.shown);
        let only = r.only;
        let marked = r.marked();
        let list = marked.iter().map(|&i| {
            let m = marks[i].unwrap_or(Mark::Inaccuracy);
            let text = match review.moves[i].better.first() {
                Some(b) => t!("review.marked-better", side = self.sides[i], mv = format!("{}{}", self.texts[i], m.suffix()), mark = m.label(), better = b),
                None => t!("review.marked", side = self.sides[i], mv = format!("{}{}", self.texts[i], m.suffix()), mark = m.label()),
            };
            let active = shown == i + 1;
            html! {
                <li><button type="button" class={if active { "mark-item active" } else { "mark-item" }}
                    onclick={act(d, ReviewAction::Ply(i + 1))}>{ text }</button></li>
            }
        });
        let filter = match self.s.human {
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
                    { seg(only.is_none(), t!("review.both-sides"), act(d, ReviewAction::Only(None)), "review-only-both") }
                    { seg(only == Some(Color::Red), t!("side.red"), act(d, ReviewAction::Only(Some(Color::Red))), "review-only-red") }
                    { seg(only == Some(Color::Black), t!("side.black"), act(d, ReviewAction::Only(Some(Color::Black))), "review-only-black") }
                </div>
            },
        };
        let has_prev = marked.iter().any(|&i| i + 1 < shown);
        let has_next = marked.iter().any(|&i| i + 1 > shown);
        html! {
            <div class="review-marks">
                { filter }
                <div class="actions tight">
                    <button type="button" id="review-prev-mark" onclick={act(d, ReviewAction::PrevMark)} disabled={!has_prev}>{ t!("review.previous-mistake") }</button>
                    <button type="button" id="review-next-mark" onclick={act(d, ReviewAction::NextMark)} disabled={!has_next}>{ t!("review.next-mistake") }</button>
                </div>
                if marked.is_empty() {
                    <p class="empty" id="review-no-marks">{ t!("review.no-marked-moves") }</p>
                } else {
                    <ul class="mark-list" id="review-marks" aria-label={t!("review.marked-moves")}>{ for list }</ul>
                }
            </div>
        }
    }

    /// The board: the game, or a better line played out.
    fn board(&self) -> Html {
        let (r, s) = (self.r, self.s);
        let line = r.line_moves().and_then(|moves| {
            let rec = rebuild(
                s.record.kind(),
                &s.record.start_text(),
                &moves,
                moves.len(),
                None,
            )
            .ok()?;
            Some((rec, r.line.unwrap_or(0)))
        });
        match line {
            Some((rec, from)) => html! {
                <>
                    <p class="review-line-note" id="review-line-note">
                        { t!("review.line-instead", number = from + 1, mv = self.texts.get(from).cloned().unwrap_or_default()) }
                        { " " }
                        <button type="button" id="review-hide-line" onclick={act(self.d, ReviewAction::HideLine)}>{ t!("review.back-to-the-game") }</button>
                    </p>
                    { viewer(&*rec, r.line_ply, &self.on_ply, "review") }
                </>
            },
            None => viewer(&*s.record, self.shown, &self.on_ply, "review"),
        }
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
