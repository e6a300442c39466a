//! The Statistics screen (from the Games screen): the games against the
//! computer per game, level and colour with a small SVG chart, the longest
//! winning streak and the highest level beaten, the puzzles and the
//! lessons; all computed from what the device keeps
//! ([`crate::core::stats::Stats`]).

use tiers_engine::{Color, GameKind};
use yew::prelude::*;

use crate::components::live_board::game_title;
use crate::core::learn::Learn;
use crate::core::library::games::Library;
use crate::core::puzzles::{Puzzles, GAMES};
use crate::core::stats::{color_key, kind_key, Score, Stats};
use crate::core::Slice;
use crate::t;

/// Props of [`StatsScreen`].
#[derive(Properties, PartialEq, Clone)]
pub struct StatsProps {
    /// The games library (its archive).
    pub library: Slice<Library>,
    /// The puzzles (their history).
    pub puzzles: Slice<Puzzles>,
    /// The lessons (their stars).
    pub learn: Slice<Learn>,
}

/// The Statistics screen.
#[component]
pub fn StatsScreen(props: &StatsProps) -> Html {
    let s = Stats::of(
        &props.library.archive,
        props.puzzles.history(),
        &props.learn.progress,
    );
    let played = GAMES.iter().any(|&k| s.totals[k].games() > 0);
    let games = GAMES
        .into_iter()
        .filter(|&k| s.totals[k].games() > 0)
        .map(|k| game_section(&s, k));
    let puzzles = GAMES.into_iter().map(|k| {
        let p = s.puzzles[k];
        html! {
            <tr id={format!("stats-puzzles-{}", k.name())}>
                <th scope="row">{ game_title(k) }</th>
                <td>{ p.rating }</td>
                <td>{ p.solved }</td>
                <td>{ p.failed }</td>
                <td>{ p.bests.streak }</td>
                <td>{ p.bests.rush3 }</td>
                <td>{ p.bests.rush5 }</td>
            </tr>
        }
    });
    let lessons = GAMES.into_iter().map(|k| {
        let (done, stars) = s.lessons[k];
        html! {
            <li id={format!("stats-lessons-{}", k.name())}>
                <strong>{ game_title(k) }</strong>{ ": " }
                { t!("stats.exercises", count = done) }{ " · " }{ t!("stats.stars", n = stars.to_string()) }
            </li>
        }
    });
    let beaten = GAMES.into_iter().map(|k| {
        let level = s.highest_beaten[k].map_or_else(|| t!("stats.none-yet"), |l| l.number().to_string());
        html! { <li id={format!("stats-beaten-{}", k.name())}>{ t!("stats.highest-beaten", game = k, level = level) }</li> }
    });
    html! {
        <section class="stats card" aria-labelledby="stats-title">
            <h1 id="stats-title">{ t!("stats.title") }</h1>
            <p class="hint">{ t!("stats.source") }</p>
            <h2>{ t!("stats.vs-computer") }</h2>
            if played {
                <ul class="stats-facts">
                    <li id="stats-streak">{ t!("stats.longest-streak", count = s.longest_streak) }</li>
                    { for beaten }
                </ul>
                { for games }
            } else {
                <p class="empty" id="stats-no-games">{ t!("stats.no-games") }</p>
            }
            <h2>{ t!("stats.puzzles") }</h2>
            { table(Some("stats-puzzles"), t!("stats.puzzles"), None, &[
                t!("stats.game"), t!("stats.rating"), t!("stats.solved"), t!("stats.failed"),
                t!("stats.best-streak"), t!("stats.best-rush", count = 3), t!("stats.best-rush", count = 5),
            ], puzzles.collect::<Html>()) }
            <h2>{ t!("stats.lessons") }</h2>
            <ul class="stats-facts">{ for lessons }</ul>
        </section>
    }
}

/// One game's results against the computer: the chart by level, and the
/// table by level and colour.
fn game_section(s: &Stats, kind: GameKind) -> Html {
    let total = s.totals[kind];
    let rows = s.games.iter().filter(|((k, _, _), _)| *k == kind_key(kind)).map(|(&(_, level, c), score)| {
        let color = if c == color_key(Color::Red) { Color::Red } else { Color::Black };
        html! {
            <tr data-level={level.to_string()} data-color={if color == Color::Red { "red" } else { "black" }}>
                <td>{ level }</td>
                <td>{ t!("stats.side", side = color) }</td>
                <td>{ score.won }</td>
                <td>{ score.drawn }</td>
                <td>{ score.lost }</td>
            </tr>
        }
    });
    html! {
        <div class="stats-game" id={format!("stats-{}", kind.name())}>
            <h3>{ game_title(kind) }{ " · " }{ t!("stats.total", won = total.won.to_string(), drawn = total.drawn.to_string(), lost = total.lost.to_string()) }</h3>
            { chart(&s.by_level(kind), kind) }
            { table(None, game_title(kind), None, &[t!("stats.level"), t!("stats.colour"), t!("stats.won"), t!("stats.drawn"), t!("stats.lost")], rows.collect::<Html>()) }
        </div>
    }
}

/// A bar per level played: won, drawn and lost stacked, as wide as the
/// most games at one level.
fn chart(levels: &[(u8, Score)], kind: GameKind) -> Html {
    const ROW: f64 = 22.0;
    const LEFT: f64 = 28.0;
    const WIDTH: f64 = 300.0;
    let most = levels
        .iter()
        .map(|(_, s)| s.games())
        .max()
        .unwrap_or(1)
        .max(1);
    let unit = (WIDTH - LEFT - 4.0) / f64::from(most);
    let height = ROW * levels.len() as f64 + 4.0;
    let bars = levels.iter().enumerate().map(|(i, (level, s))| {
        let y = 2.0 + ROW * i as f64;
        let mut x = LEFT;
        let parts = [(s.won, "won"), (s.drawn, "drawn"), (s.lost, "lost")].map(|(n, class)| {
            let w = unit * f64::from(n);
            let r = html! { <rect class={classes!("bar", class)} x={format!("{x:.1}")} y={format!("{:.1}", y + 3.0)} width={format!("{w:.1}")} height={format!("{:.1}", ROW - 6.0)} /> };
            x += w;
            r
        });
        html! {
            <g>
                <text x="4" y={format!("{:.1}", y + ROW / 2.0 + 4.0)} class="axis">{ level }</text>
                { for parts }
            </g>
        }
    });
    let label = levels
        .iter()
        .map(|(l, s)| {
            t!(
                "stats.chart-level",
                level = l.to_string(),
                won = s.won.to_string(),
                drawn = s.drawn.to_string(),
                lost = s.lost.to_string()
            )
        })
        .collect::<Vec<_>>()
        .join("; ");
    html! {
        <figure class="stats-chart">
            <svg viewBox={format!("0 0 {WIDTH} {height}")} role="img" id={format!("stats-chart-{}", kind.name())}
                aria-label={format!("{}: {label}", t!("stats.chart"))}>
                { for bars }
            </svg>
            <figcaption class="stats-legend">
                <span class="key won"></span>{ t!("stats.won") }
                <span class="key drawn"></span>{ t!("stats.drawn") }
                <span class="key lost"></span>{ t!("stats.lost") }
            </figcaption>
        </figure>
    }
}

/// A table of numbers, scrolled sideways on a narrow screen (its frame
/// then takes the focus, named `label`, so that a keyboard can scroll it):
/// an optional id and caption, the column heads, the rows.
pub fn table(
    id: Option<&'static str>,
    label: String,
    caption: Option<String>,
    heads: &[String],
    rows: Html,
) -> Html {
    html! {
        <div class="stats-table-wrap" tabindex="0" role="region" aria-label={label}>
            <table class="stats-table" id={id}>
                if let Some(c) = caption {
                    <caption>{ c }</caption>
                }
                <thead><tr>{ for heads.iter().map(|h| html! { <th scope="col">{ h.clone() }</th> }) }</tr></thead>
                <tbody>{ rows }</tbody>
            </table>
        </div>
    }
}
