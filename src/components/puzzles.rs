//! The puzzles screen: the game chosen (checkers or Tiers), the mode
//! (rated, with a theme filter; the daily puzzle; a streak; a rush of 3 or
//! 5 minutes), one puzzle at a time on the live board, the solver's
//! rating, streak and counts, a run's score and best. The puzzle files are
//! fetched when the screen first shows (the service worker has them
//! offline); the opponent's replies come after a short pause, and a solved
//! puzzle offers the next one (a run goes on by itself).

use gloo::timers::callback::{Interval, Timeout};
use tiers_engine::GameKind;
use yew::prelude::*;

use crate::browser;
use crate::components::live_board::{game_title, LiveBoard};
use crate::components::stats::table;
use crate::components::{to, Dispatch};
use crate::core::puzzles::history::START_RATING;
use crate::core::puzzles::modes::{Mode, Run, RushLength, RUSH_MISTAKES};
use crate::core::puzzles::{
    puzzle_path, theme_scores, Loading, Note, PuzzleAction, Puzzles, Solving, GAMES,
};
use crate::core::{AppAction, Slice};
use crate::i18n::say;
use crate::t;

/// Props of [`PuzzlesScreen`].
#[derive(Properties, PartialEq, Clone)]
pub struct PuzzlesProps {
    /// The puzzles, the puzzle on the board, the rating.
    pub puzzles: Slice<Puzzles>,
    /// The level a practice starts from (the new game screen's).
    pub level: tiers_engine::search::Level,
    /// Dispatches actions.
    pub dispatch: Dispatch,
}

/// How long the opponent's reply waits after the solver's move
/// (milliseconds).
const REPLY_MS: u32 = 600;

/// How often a rush's clock is read (milliseconds).
const TICK_MS: u32 = 250;

fn act(d: &Dispatch, a: impl Fn() -> PuzzleAction + 'static) -> Callback<MouseEvent> {
    let d = d.clone();
    Callback::from(move |_: MouseEvent| d.dispatch(AppAction::Puzzle(a())))
}

/// Fetches a puzzle file and hands it to the state.
fn fetch(d: &Dispatch, kind: GameKind) {
    d.dispatch(AppAction::Puzzle(PuzzleAction::Fetching(kind)));
    let d = d.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let text = browser::fetch_text(&puzzle_path(kind)).await;
        d.dispatch(AppAction::Puzzle(PuzzleAction::Loaded(kind, text)));
    });
}

/// The puzzles screen.
#[component]
pub fn PuzzlesScreen(props: &PuzzlesProps) -> Html {
    let d = &props.dispatch;
    let pz = &props.puzzles;
    let kind = pz.kind;
    // Fetch the chosen game's file; put a puzzle on the board once it is
    // read; play the opponent's reply after a pause.
    let idle = matches!(pz.set(kind), Loading::Idle).then_some(kind);
    let wants = pz.wants_puzzle();
    let due = pz
        .solving
        .as_ref()
        .filter(|s| s.reply_due)
        .map(|s| s.board.rev());
    // A rush under way: its clock.
    let rush = pz.current_run().filter(|r| !r.over).and_then(|r| r.ends_at);
    {
        let d = d.clone();
        use_effect_with(rush, move |rush| {
            let i = rush.map(|_| {
                Interval::new(TICK_MS, move || {
                    d.dispatch(AppAction::Puzzle(PuzzleAction::Tick(browser::now())));
                })
            });
            move || drop(i)
        });
    }
    {
        let d = d.clone();
        use_effect_with((idle, wants, due), move |(idle, wants, due)| {
            if let Some(k) = idle {
                fetch(&d, *k);
            }
            if *wants {
                d.dispatch(AppAction::Puzzle(
                    PuzzleAction::Next(browser::random_seed()),
                ));
            }
            let t = due.map(|_| {
                Timeout::new(REPLY_MS, move || {
                    d.dispatch(AppAction::Puzzle(PuzzleAction::Reply));
                })
            });
            move || drop(t)
        });
    }
    let tabs = GAMES.into_iter().map(|k| {
        let selected = k == kind;
        html! {
            <button type="button" aria-pressed={selected.to_string()}
                class={classes!("puzzle-tab", selected.then_some("selected"))}
                id={format!("puzzles-{}", k.name())}
                onclick={act(d, move || PuzzleAction::Choose(k, browser::random_seed()))}>
                { game_title(k) }
            </button>
        }
    });
    let (solved, failed) = pz.history().counts(kind);
    let rating = pz.history().rating(kind);
    let modes = mode_tabs(pz, d);
    let stats = html! {
        <p class="puzzle-stats" id="puzzle-stats">
            <span>{ t!("puzzles.your-rating") }{ " " }<strong id="puzzle-rating">{ rating }</strong></span>
            <span id="puzzle-counts">{ t!("puzzles.counts", solved = solved.to_string(), failed = failed.to_string()) }</span>
            <span id="puzzle-streak">{ t!("puzzles.streak", n = pz.history().streak.to_string()) }</span>
        </p>
    };
    let run_panel = pz.mode.is_run().then(|| run_panel(pz, d));
    let running = pz.current_run().is_some_and(|r| !r.over);
    let board = pz
        .solving
        .as_ref()
        .filter(|s| s.kind == kind && s.mode == pz.mode && (running || !pz.mode.is_run()));
    let body = match (pz.set(kind), board) {
        (_, Some(s)) => solving(s, d, props.level),
        (Loading::Ready(_), None) if pz.mode.is_run() => html! {},
        (Loading::Failed(e), None) => {
            let d = d.clone();
            html! {
                <>
                    <p class="error" role="alert">{ crate::i18n::say(e) }</p>
                    <button type="button" id="puzzles-retry" onclick={Callback::from(move |_: MouseEvent| fetch(&d, kind))}>{ t!("puzzles.try-again") }</button>
                </>
            }
        }
        _ => html! { <p class="hint">{ t!("puzzles.loading-the-puzzles") }</p> },
    };
    html! {
        <section class="puzzles" aria-labelledby="puzzles-title">
            <header class="puzzles-head">
                <h1 id="puzzles-title">{ t!("puzzles.puzzles") }</h1>
                <div class="puzzle-tabs" role="group" aria-label={t!("puzzles.game")}>{ for tabs }</div>
                { modes }
                { stats }
                <button type="button" class="link" id="show-openings"
                    onclick={crate::components::on_click(d, AppAction::Nav(crate::core::nav::NavAction::Show(crate::core::nav::Screen::Openings)))}>
                    { t!("openings.title") }
                </button>
            </header>
            { mode_line(pz, d) }
            if !pz.mode.is_run() { { dashboard(pz) } }
            { run_panel.unwrap_or_default() }
            { body }
        </section>
    }
}

/// What the solver is asked to do, from the puzzle's themes.
fn goal(themes: &[String]) -> String {
    if themes.iter().any(|t| t == "win") {
        t!("puzzles.goal-win")
    } else if themes.iter().any(|t| t == "endgame") {
        t!("puzzles.goal-endgame")
    } else {
        t!("puzzles.goal-material")
    }
}

/// A theme of the puzzle file (docs/content-formats.md, "Puzzle files") in
/// the page's words; an unknown one as it is written.
fn theme(name: &str) -> String {
    match name {
        "shot" => t!("puzzles.theme-shot"),
        "multi-jump" => t!("puzzles.theme-multi-jump"),
        "ultra king" | "ultra" => t!("puzzles.theme-ultra-king"),
        "crowning" => t!("puzzles.theme-crowning"),
        "upgrade" => t!("puzzles.theme-upgrade"),
        "win" => t!("puzzles.theme-win"),
        "endgame" => t!("puzzles.theme-endgame"),
        "quiet move" | "quiet" => t!("puzzles.theme-quiet-move"),
        "capture" => t!("puzzles.theme-capture"),
        "king" => t!("piece.king"),
        other => other.to_string(),
    }
}

/// The puzzle on the board, with what happened and the controls.
fn solving(s: &Solving, d: &Dispatch, level: tiers_engine::search::Level) -> Html {
    let p = &s.puzzle;
    let who = s.solver;
    let (done, of) = s.progress();
    let head = html! {
        <div class="puzzle-info">
            <p class="crumb">{ t!("puzzles.crumb", id = p.id.clone(), rating = p.rating.to_string(), themes = p.themes.iter().map(|t| theme(t)).collect::<Vec<_>>().join(", ")) }</p>
            <p class="puzzle-task" id="puzzle-task">
                { t!("puzzles.task", side = who, goal = goal(&p.themes), done = done, count = of) }
            </p>
        </div>
    };
    let note = s.note.as_ref().map(|n| {
        let (class, role, text) = match n {
            Note::Wrong => (
                "lesson-note wrong",
                "alert",
                format!("{}.", t!("puzzles.wrong")),
            ),
            Note::Broken(t) => ("lesson-note wrong", "alert", say(t)),
            Note::Hint(t) => ("lesson-note hint-note", "status", say(t)),
        };
        html! { <p {class} {role} id="puzzle-note">{ text }</p> }
    });
    let change = s.change.map(|(a, b)| {
        let diff = i64::from(b) - i64::from(a);
        html! { <p class="puzzle-change" id="puzzle-change">{ t!("puzzles.rating-change", a = a.to_string(), b = b.to_string(), diff = format!("{diff:+}")) }</p> }
    });
    // After the daily puzzle, the rated ones.
    let next = if matches!(s.mode, Mode::Daily(_)) {
        act(d, || PuzzleAction::Mode(Mode::Rated))
    } else {
        act(d, || PuzzleAction::Next(browser::random_seed()))
    };
    let on_analyse = {
        let d = d.clone();
        Callback::from(move |_: MouseEvent| {
            d.dispatch(crate::core::AppAction::Analyse(
                crate::core::AnalyseFrom::Puzzle,
            ));
        })
    };
    let result = s.solved.then(|| {
        html! {
            <div class="lesson-result" role="status" id="puzzle-result">
                <p class="solved">{ if s.failed { t!("puzzles.solved-counted-as-failed") } else { t!("puzzles.solved") } }</p>
                <button type="button" class="primary" id="puzzle-next" onclick={next}>{ t!("puzzles.next-puzzle") }</button>
                <button type="button" id="puzzle-analyse" onclick={on_analyse.clone()}>{ t!("analysis.open") }</button>
                if let Some(position) = s.board.record().and_then(|g| g.position_text_at(g.ply())) {
                    <crate::components::practice::PractiseForm id="puzzle-practise" kind={s.kind} position={AttrValue::from(position)}
                        from={crate::core::practice::PractiseFrom::Puzzle} {level} dispatch={d.clone()} />
                }
            </div>
        }
    });
    let controls = html! {
        <>
            { note.unwrap_or_default() }
            { result.unwrap_or_default() }
            { change.unwrap_or_default() }
            <div class="lesson-controls">
                if !s.solved && !s.mode.is_run() {
                    <button type="button" id="puzzle-hint" onclick={act(d, || PuzzleAction::Hint)} disabled={!s.can_hint()}>{ t!("puzzles.hint") }</button>
                    <button type="button" id="puzzle-skip" onclick={act(d, || PuzzleAction::Next(browser::random_seed()))}>{ t!("puzzles.another-puzzle") }</button>
                }
            </div>
        </>
    };
    let status = if s.solved {
        t!("puzzles.well-played")
    } else if s.reply_due {
        t!("puzzles.replies", side = who.opposite())
    } else {
        t!("puzzles.your-move", who = who)
    };
    html! {
        <div class="puzzle-board" data-puzzle={format!("{}/{}", s.kind.name(), p.id)} data-step={s.step.to_string()}>
            <LiveBoard session={s.board.clone()} on_action={to(d, |a| AppAction::Puzzle(PuzzleAction::Board(a)))}
                id="puzzle" live={!s.solved} marks={s.marks.clone()} status={AttrValue::from(status)} {head} {controls} />
        </div>
    }
}

/// The mode tabs: rated, daily, streak, rush.
fn mode_tabs(pz: &Puzzles, d: &Dispatch) -> Html {
    let kind = pz.kind;
    let tab = |id: &'static str, label: String, selected: bool, action: Callback<MouseEvent>| {
        html! {
            <button type="button" aria-pressed={selected.to_string()} {id}
                class={classes!("puzzle-tab", "mode-tab", selected.then_some("selected"))} onclick={action}>
                { label }
            </button>
        }
    };
    let rush = match pz.mode {
        Mode::Rush(l) => l,
        _ => RushLength::Three,
    };
    html! {
        <div class="puzzle-tabs puzzle-modes" role="group" aria-label={t!("puzzles.mode")}>
            { tab("puzzle-mode-rated", t!("puzzles.mode-rated"), pz.mode == Mode::Rated, act(d, || PuzzleAction::Mode(Mode::Rated))) }
            { tab("puzzle-mode-daily", t!("puzzles.mode-daily"), matches!(pz.mode, Mode::Daily(_)), act(d, move || PuzzleAction::Daily(kind, browser::today()))) }
            { tab("puzzle-mode-streak", t!("puzzles.mode-streak"), pz.mode == Mode::Streak, act(d, || PuzzleAction::Mode(Mode::Streak))) }
            { tab("puzzle-mode-rush", t!("puzzles.mode-rush"), matches!(pz.mode, Mode::Rush(_)), act(d, move || PuzzleAction::Mode(Mode::Rush(rush)))) }
        </div>
    }
}

/// Under the head: the theme filter (rated), the daily puzzle's date and
/// mark (daily).
fn mode_line(pz: &Puzzles, d: &Dispatch) -> Html {
    match pz.mode {
        Mode::Rated => {
            let Loading::Ready(set) = pz.set(pz.kind) else {
                return html! {};
            };
            let chosen = pz.theme.clone().unwrap_or_default();
            let options = set.themes().into_iter().map(|(name, count)| {
                let label = t!(
                    "puzzles.theme-option",
                    theme = theme(&name),
                    count = count.to_string()
                );
                html! { <option value={name.clone()} selected={chosen == name}>{ label }</option> }
            });
            let d = d.clone();
            let onchange = Callback::from(move |e: Event| {
                if let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                    let v = select.value();
                    let theme = (!v.is_empty()).then_some(v);
                    d.dispatch(AppAction::Puzzle(PuzzleAction::Theme(
                        theme,
                        browser::random_seed(),
                    )));
                }
            });
            html! {
                <p class="puzzle-theme">
                    <label for="puzzle-theme">{ t!("puzzles.theme") }</label>
                    <select id="puzzle-theme" {onchange}>
                        <option value="" selected={chosen.is_empty()}>{ t!("puzzles.theme-all") }</option>
                        { for options }
                    </select>
                </p>
            }
        }
        Mode::Daily(day) => {
            let solved = pz.history().dailies.solved_on(pz.kind, day);
            let days = pz.history().dailies.streak(day);
            html! {
                <p class="puzzle-daily" id="puzzle-daily" data-day={day.to_string()}>
                    <strong>{ t!("puzzles.daily-title", date = day.to_string()) }</strong>
                    if solved {
                        <span class="daily-mark" id="puzzle-daily-solved">{ "✓ " }{ t!("puzzles.daily-solved") }</span>
                    }
                    <span>{ t!("puzzles.daily-days", count = days) }</span>
                </p>
            }
        }
        Mode::Streak | Mode::Rush(_) => html! {},
    }
}

/// Minutes and seconds left (`2:05`).
fn clock(ms: u64) -> String {
    let s = ms.div_ceil(1000);
    format!("{}:{:02}", s / 60, s % 60)
}

/// A streak's or rush's panel: what it is, its length (rush), the best,
/// the start; under way, the score; over, the result.
fn run_panel(pz: &Puzzles, d: &Dispatch) -> Html {
    let mode = pz.mode;
    let best = pz.history().bests[pz.kind].of(mode).unwrap_or(0);
    let run = pz.current_run();
    if let Some(r) = run.filter(|r| !r.over) {
        return run_bar(r);
    }
    let lengths = matches!(mode, Mode::Rush(_)).then(|| {
        let buttons = RushLength::ALL.into_iter().map(|l| {
            let selected = mode == Mode::Rush(l);
            html! {
                <button type="button" aria-pressed={selected.to_string()} id={format!("rush-{}", l.minutes())}
                    class={classes!("puzzle-tab", selected.then_some("selected"))}
                    onclick={act(d, move || PuzzleAction::Mode(Mode::Rush(l)))}>
                    { t!("puzzles.rush-minutes", count = l.minutes()) }
                </button>
            }
        });
        html! { <div class="puzzle-tabs" role="group" aria-label={t!("puzzles.rush-length")}>{ for buttons }</div> }
    });
    let intro = if mode == Mode::Streak {
        t!("puzzles.streak-intro")
    } else {
        t!("puzzles.rush-intro")
    };
    let over = run.map(|r| {
        html! {
            <p class="run-over" role="status" id="run-over">
                <strong>{ t!("puzzles.run-over", count = r.solved) }</strong>
                if pz.new_best { { " " }{ t!("puzzles.new-best") } }
            </p>
        }
    });
    let ready = matches!(pz.set(pz.kind), Loading::Ready(_));
    html! {
        <div class="run-panel card">
            <p>{ intro }</p>
            { lengths.unwrap_or_default() }
            { over.unwrap_or_default() }
            <p class="run-best" id="run-best">{ t!("puzzles.best", n = best.to_string()) }</p>
            <button type="button" class="primary" id="run-start" disabled={!ready}
                onclick={act(d, || PuzzleAction::StartRun(browser::now()))}>
                { if run.is_some() { t!("puzzles.play-again") } else { t!("puzzles.start") } }
            </button>
        </div>
    }
}

/// A run under way: solved, mistakes (rush), time left (rush).
fn run_bar(r: &Run) -> Html {
    html! {
        <p class="run-bar" id="run-bar">
            <span id="run-solved">{ t!("puzzles.run-solved", n = r.solved.to_string()) }</span>
            if matches!(r.mode, Mode::Rush(_)) {
                <span id="run-mistakes">{ t!("puzzles.run-mistakes", n = r.mistakes.to_string(), max = RUSH_MISTAKES.to_string()) }</span>
                <span id="run-time" class="run-time">{ t!("puzzles.run-time", time = clock(r.left().unwrap_or(0))) }</span>
            }
        </p>
    }
}

/// The dashboard (a disclosure): the rating graph of the chosen game and
/// its themes' solved and failed puzzles, weakest first.
fn dashboard(pz: &Puzzles) -> Html {
    let kind = pz.kind;
    let log = &pz.history().log[kind];
    let graph = (!log.is_empty()).then(|| rating_graph(log));
    let scores = match pz.set(kind) {
        Loading::Ready(set) => theme_scores(pz.history(), kind, set),
        _ => Vec::new(),
    };
    let rows = scores.iter().map(|s| {
        html! {
            <tr data-theme={s.theme.clone()}>
                <th scope="row">{ theme(&s.theme) }</th>
                <td>{ s.solved }</td>
                <td>{ s.failed }</td>
                <td>{ format!("{}%", (s.per_mille() + 5) / 10) }</td>
            </tr>
        }
    });
    html! {
        <details class="puzzle-dashboard" id="puzzle-dashboard">
            <summary>{ t!("puzzles.dashboard") }</summary>
            if log.is_empty() && scores.is_empty() {
                <p class="hint" id="dashboard-empty">{ t!("puzzles.no-history") }</p>
            }
            { graph.unwrap_or_default() }
            if !scores.is_empty() {
                { table(Some("puzzle-themes"), t!("puzzles.themes-weakest"), Some(t!("puzzles.themes-weakest")),
                    &[t!("puzzles.theme"), t!("stats.solved"), t!("stats.failed"), t!("puzzles.share")], rows.collect::<Html>()) }
            }
        </details>
    }
}

/// The rating after each rated puzzle (from the start rating), as a line.
fn rating_graph(log: &[u32]) -> Html {
    const W: f64 = 320.0;
    const H: f64 = 110.0;
    const PAD: f64 = 30.0;
    let points: Vec<u32> = std::iter::once(START_RATING)
        .chain(log.iter().copied())
        .collect();
    let lo = points
        .iter()
        .copied()
        .min()
        .unwrap_or(START_RATING)
        .saturating_sub(10);
    let hi = points.iter().copied().max().unwrap_or(START_RATING) + 10;
    let x = |i: usize| PAD + (W - PAD - 6.0) * i as f64 / (points.len() - 1).max(1) as f64;
    let y = |r: u32| 6.0 + (H - 18.0) * f64::from(hi - r) / f64::from(hi - lo);
    let line = points
        .iter()
        .enumerate()
        .map(|(i, &r)| format!("{:.1},{:.1}", x(i), y(r)))
        .collect::<Vec<_>>()
        .join(" ");
    let (first, last) = (points[0], points[points.len() - 1]);
    let label = t!(
        "puzzles.rating-graph",
        count = log.len(),
        from = first.to_string(),
        to = last.to_string()
    );
    html! {
        <figure class="rating-graph">
            <svg viewBox={format!("0 0 {W} {H}")} role="img" aria-label={label.clone()} id="rating-graph">
                <text class="axis" x="2" y={format!("{:.1}", y(hi) + 8.0)}>{ hi }</text>
                <text class="axis" x="2" y={format!("{:.1}", y(lo))}>{ lo }</text>
                <line class="grid" x1={PAD.to_string()} x2={(W - 6.0).to_string()} y1={format!("{:.1}", y(START_RATING))} y2={format!("{:.1}", y(START_RATING))} />
                <polyline class="rating-line" points={line} />
            </svg>
            <figcaption>{ label }</figcaption>
        </figure>
    }
}
