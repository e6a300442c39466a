//! The new game screen: which game, against whom, and the time control;
//! below, today's daily puzzles (solved or not) and the streak of days.

use tiers_engine::search::Level;
use tiers_engine::GameKind;
use yew::prelude::*;

use tiers_bracket::ballots::DECK;
use tiers_bracket::svg::escape;
use tiers_bracket::Ballot;

use crate::core::by_game::ByGame;
use crate::core::clock::{TimeControl, PRESETS};
use crate::core::i18n::{words, Lang};
use crate::core::new_game::{ballot_name, ColorChoice, NewGameChoices, Opening};
use crate::core::Slice;
use crate::i18n::say;
use crate::t;

/// Props of [`NewGame`].
#[derive(Properties, PartialEq, Clone)]
pub struct NewGameProps {
    /// The current choices.
    pub choices: Slice<NewGameChoices>,
    /// A choice changed.
    pub on_change: Callback<NewGameChoices>,
    /// Start the game.
    pub on_start: Callback<()>,
    /// Show the rules.
    pub on_rules: Callback<()>,
    /// Open the lessons.
    #[prop_or_default]
    pub on_learn: Callback<()>,
    /// Play a friend on another device, live.
    #[prop_or_default]
    pub on_live: Callback<()>,
    /// Today's daily puzzles.
    #[prop_or_default]
    pub daily: DailyMarks,
    /// Open a game's daily puzzle.
    #[prop_or_default]
    pub on_daily: Callback<GameKind>,
    /// Open the opening trainer.
    #[prop_or_default]
    pub on_openings: Callback<()>,
}

/// Today's daily puzzles: which are solved, and the days in a row on which
/// one was.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DailyMarks {
    /// Solved today, per game.
    pub solved: ByGame<bool>,
    /// The streak of days.
    pub days: u32,
}

/// The new game screen.
#[component]
pub fn NewGame(props: &NewGameProps) -> Html {
    let form = Form {
        s: *props.choices,
        on_change: &props.on_change,
    };
    // "Custom" stays picked while its numbers happen to match a preset.
    let custom = use_state(|| form.s.clock.is_some_and(|c| !PRESETS.contains(&c)));
    // The choices shown and where a change goes, for the opening list's
    // handler: made once, so that the list is drawn again only when the
    // opening or the language changes.
    let latest = use_mut_ref(|| (form.s, props.on_change.clone()));
    *latest.borrow_mut() = (form.s, props.on_change.clone());
    let on_opening = use_callback((), move |opening: Opening, ()| {
        let (s, on_change) = latest.borrow().clone();
        on_change.emit(NewGameChoices { opening, ..s });
    });
    html! {
        <section class="new-game card" aria-labelledby="new-game-title">
            <h1 id="new-game-title">{ t!("newgame.title") }</h1>
            { game_field(form, &props.on_learn) }
            { opponent_field(form) }
            { clock_field(form, &custom) }
            { options_field(form, &on_opening) }
            <div class="actions">
                <button type="button" class="primary big" id="start-game" onclick={props.on_start.reform(|_: MouseEvent| ())}>{ t!("newgame.start") }</button>
                <button type="button" id="live-start" onclick={props.on_live.reform(|_: MouseEvent| ())}>{ t!("newgame.live") }</button>
                <button type="button" class="link" onclick={props.on_rules.reform(|_: MouseEvent| ())}>{ t!("newgame.how-to-play") }</button>
            </div>
            { daily(props.daily, &props.on_daily, &props.on_openings) }
        </section>
    }
}

/// The choices shown, and where a change goes.
#[derive(Clone, Copy)]
struct Form<'a> {
    s: NewGameChoices,
    on_change: &'a Callback<NewGameChoices>,
}

impl Form<'_> {
    /// A handler that sends the choices `change` makes of the ones shown
    /// (none: nothing changes).
    fn on<E: 'static>(
        self,
        change: impl Fn(NewGameChoices, E) -> Option<NewGameChoices> + 'static,
    ) -> Callback<E> {
        let (s, on_change) = (self.s, self.on_change.clone());
        Callback::from(move |e: E| {
            if let Some(next) = change(s, e) {
                on_change.emit(next);
            }
        })
    }

    /// A pressed-or-not button of a segmented choice.
    fn seg(
        self,
        class: Classes,
        active: bool,
        label: impl Into<Html>,
        change: impl Fn(NewGameChoices) -> NewGameChoices + 'static,
    ) -> Html {
        let onclick = self.on(move |s, _: MouseEvent| Some(change(s)));
        html! {
            <button type="button" class={classes!("seg", class, active.then_some("active"))}
                aria-pressed={active.to_string()} {onclick}>{ label.into() }</button>
        }
    }
}

/// Which game: checkers or Tiers (with the way to the Tiers lessons).
fn game_field(form: Form, on_learn: &Callback<()>) -> Html {
    let s = form.s;
    let pick_kind = |kind: GameKind, title: String, blurb: String| {
        let onclick = form.on(move |s, _: MouseEvent| Some(NewGameChoices { kind, ..s }));
        let active = s.kind == kind;
        html! {
            <button type="button" class={classes!("choice", "game-choice", active.then_some("active"))}
                aria-pressed={active.to_string()} {onclick} data-game={kind.name()}>
                <span class="choice-title">{ title }</span>
                <span class="choice-blurb">{ blurb }</span>
            </button>
        }
    };
    html! {
        <fieldset>
            <legend>{ t!("newgame.game") }</legend>
            <div class="choices">
                { pick_kind(GameKind::Checkers, t!("game.checkers"), t!("newgame.checkers-blurb")) }
                { pick_kind(GameKind::Tiers, t!("game.tiers"), t!("newgame.tiers-blurb")) }
            </div>
            if s.kind == GameKind::Tiers {
                <button type="button" class="link" id="learn-tiers" onclick={on_learn.reform(|_: MouseEvent| ())}>
                    { t!("newgame.learn-tiers") }
                </button>
            }
        </fieldset>
    }
}

/// Against whom: the computer (its level, the person's colour) or a
/// friend.
fn opponent_field(form: Form) -> Html {
    let s = form.s;
    let onlevel = form.on(|s, e: Event| {
        let input = e.target_dyn_into::<web_sys::HtmlInputElement>()?;
        let n = input.value().parse::<u8>().ok()?;
        Some(NewGameChoices {
            level: Level::clamped(n),
            ..s
        })
    });
    let color_button = |color: ColorChoice, label: String, class: &'static str| {
        form.seg(classes!(class), s.color == color, label, move |s| {
            NewGameChoices { color, ..s }
        })
    };
    let level = s.level.number();
    let level_name = say(&words::level(s.level));
    html! {
        <fieldset>
            <legend>{ t!("newgame.opponent") }</legend>
            <div class="segmented">
                { form.seg(classes!(), s.vs_computer, t!("newgame.computer"), |s| NewGameChoices { vs_computer: true, ..s }) }
                { form.seg(classes!(), !s.vs_computer, t!("newgame.friend"), |s| NewGameChoices { vs_computer: false, ..s }) }
            </div>
            if s.vs_computer {
                <label class="level">
                    <span>{ t!("newgame.level", level = level, name = level_name) }</span>
                    <input type="range" min="1" max="8" step="1" value={level.to_string()}
                        aria-label={t!("newgame.level-label")} onchange={onlevel.clone()} oninput={Callback::from(move |e: InputEvent| onlevel.emit(e.into()))} />
                </label>
                <div class="segmented colors" role="group" aria-label={t!("newgame.your-color")}>
                    { color_button(ColorChoice::Red, t!("newgame.play-red"), "red") }
                    { color_button(ColorChoice::Random, t!("newgame.random"), "random") }
                    { color_button(ColorChoice::Black, t!("newgame.play-black"), "black") }
                </div>
            }
        </fieldset>
    }
}

/// The time control: none, a preset or custom minutes and increment
/// (`custom`: "Custom" is picked).
fn clock_field(form: Form, custom: &UseStateHandle<bool>) -> Html {
    let s = form.s;
    let clock_button = |clock: Option<TimeControl>, label: String, id: String| {
        let active = !**custom && s.clock == clock;
        let custom = custom.clone();
        let onclick = form.on(move |s, _: MouseEvent| {
            custom.set(false);
            Some(NewGameChoices { clock, ..s })
        });
        html! {
            <button type="button" class={classes!("seg", active.then_some("active"))} {id}
                aria-pressed={active.to_string()} {onclick}>{ label }</button>
        }
    };
    let on_custom = {
        let custom = custom.clone();
        form.on(move |s, _: MouseEvent| {
            custom.set(true);
            let clock = s.clock.or(Some(TimeControl {
                minutes: 10,
                increment: 0,
            }));
            Some(NewGameChoices { clock, ..s })
        })
    };
    let custom_input = |minutes: bool| {
        form.on(move |s, e: Event| {
            let input = e.target_dyn_into::<web_sys::HtmlInputElement>()?;
            let n = input.value().trim().parse::<u32>().ok()?;
            let now = s.clock.unwrap_or(TimeControl {
                minutes: 10,
                increment: 0,
            });
            let clock = if minutes {
                TimeControl {
                    minutes: n.clamp(1, TimeControl::MAX_MINUTES),
                    ..now
                }
            } else {
                TimeControl {
                    increment: n.min(TimeControl::MAX_INCREMENT),
                    ..now
                }
            };
            input.set_value(
                &if minutes {
                    clock.minutes
                } else {
                    clock.increment
                }
                .to_string(),
            );
            Some(NewGameChoices {
                clock: Some(clock),
                ..s
            })
        })
    };
    let clock_note = match s.clock {
        None => t!("newgame.no-clock"),
        Some(c) => format!(
            "{} {} {}",
            t!("newgame.clock-minutes", count = c.minutes),
            t!("newgame.clock-increment", count = c.increment),
            t!("newgame.clock-runs-out")
        ),
    };
    html! {
        <fieldset>
            <legend>{ t!("newgame.clock") }</legend>
            <div class="segmented clocks" role="group" aria-label={t!("newgame.time-control")}>
                { clock_button(None, t!("newgame.clock-none"), "clock-none".into()) }
                { for PRESETS.iter().map(|&c| clock_button(Some(c), c.name(), format!("clock-{}", c.name().replace('+', "-")))) }
                <button type="button" class={classes!("seg", custom.then_some("active"))} id="clock-custom"
                    aria-pressed={custom.to_string()} onclick={on_custom}>{ t!("newgame.clock-custom") }</button>
            </div>
            if **custom {
                <div class="custom-clock">
                    <label>
                        <span>{ t!("newgame.minutes") }</span>
                        <input type="number" id="clock-minutes" min="1" max={TimeControl::MAX_MINUTES.to_string()} inputmode="numeric"
                            value={s.clock.map_or(10, |c| c.minutes).to_string()} onchange={custom_input(true)} />
                    </label>
                    <label>
                        <span>{ t!("newgame.increment") }</span>
                        <input type="number" id="clock-increment" min="0" max={TimeControl::MAX_INCREMENT.to_string()} inputmode="numeric"
                            value={s.clock.map_or(0, |c| c.increment).to_string()} onchange={custom_input(false)} />
                    </label>
                </div>
            }
            <p class="clock-note" id="clock-note">{ clock_note }</p>
        </fieldset>
    }
}

/// The options: a checkers opening (the start or a three-move ballot) and
/// hints.
fn options_field(form: Form, on_opening: &Callback<Opening>) -> Html {
    let s = form.s;
    let onhints = form.on(|s, _: Event| {
        Some(NewGameChoices {
            hints: !s.hints,
            ..s
        })
    });
    html! {
        <fieldset>
            <legend>{ t!("newgame.options") }</legend>
            if s.kind == GameKind::Checkers {
                <OpeningSelect opening={s.opening} lang={crate::i18n::lang()} on_pick={on_opening.clone()} />
            }
            <label class="check">
                <input type="checkbox" id="allow-hints" checked={s.hints} onchange={onhints} />
                { t!("newgame.allow-hints") }
            </label>
        </fieldset>
    }
}

/// Props of [`OpeningSelect`].
#[derive(Properties, PartialEq)]
struct OpeningSelectProps {
    opening: Opening,
    /// The page's language (the list's words change with it).
    lang: Lang,
    /// An opening picked (one handler for the screen's life).
    on_pick: Callback<Opening>,
}

/// The list of checkers openings: the start, a random ballot and the 156
/// ballots. Its own component, so that a tap elsewhere on the screen does
/// not build and compare its 158 options again (a slowed-down phone's
/// time from each tap to the screen drawn).
#[component]
fn OpeningSelect(props: &OpeningSelectProps) -> Html {
    let on_pick = props.on_pick.clone();
    let onchange = Callback::from(move |e: Event| {
        let picked = e.target_dyn_into::<web_sys::HtmlSelectElement>();
        if let Some(opening) = picked.and_then(|select| Opening::parse(&select.value())) {
            on_pick.emit(opening);
        }
    });
    // The 158 options as markup the browser builds in one step, as the
    // pieces are drawn (docs/build.md, "Load time"): built one element,
    // attribute and text at a time from the wasm they were two thirds of
    // the elements of the first screen and half of its first render on a
    // slowed-down phone. Made again only when the opening or the language
    // changes.
    let options = use_memo((props.opening, props.lang), |(chosen, _)| {
        let mut markup = String::new();
        let mut option = |opening: Opening, label: &str| {
            let selected = if *chosen == opening { " selected" } else { "" };
            markup.push_str(&format!(
                "<option value=\"{}\"{selected}>{}</option>",
                escape(&opening.name()),
                escape(label)
            ));
        };
        option(Opening::Standard, &t!("newgame.opening-start"));
        option(Opening::RandomBallot, &t!("newgame.opening-random"));
        for b in (1..=DECK.len() as u16).filter_map(Ballot::get) {
            option(Opening::Ballot(b.index), &ballot_name(b));
        }
        AttrValue::from(markup)
    });
    html! {
        <label class="opening">
            <span>{ t!("newgame.opening") }</span>
            <select id="opening" {onchange}>
                { Html::from_html_unchecked((*options).clone()) }
            </select>
        </label>
    }
}

/// Today's daily puzzles, one button per game, with the solved mark and the
/// streak of days; the way to the opening trainer.
fn daily(marks: DailyMarks, on_daily: &Callback<GameKind>, on_openings: &Callback<()>) -> Html {
    let buttons = crate::core::puzzles::GAMES.into_iter().map(|kind| {
        let solved = marks.solved[kind];
        html! {
            <button type="button" id={format!("daily-{}", kind.name())} class={classes!("daily-button", solved.then_some("solved"))}
                onclick={on_daily.reform(move |_: MouseEvent| kind)}>
                <span class="daily-game">{ t!("newgame.daily-game", game = kind) }</span>
                if solved {
                    <span class="daily-mark" id={format!("daily-{}-solved", kind.name())}>{ "✓ " }{ t!("puzzles.daily-solved") }</span>
                }
            </button>
        }
    });
    html! {
        <section class="daily" aria-labelledby="daily-title">
            <h2 id="daily-title">{ t!("newgame.daily") }</h2>
            <div class="daily-buttons">{ for buttons }</div>
            <p class="daily-days" id="daily-days">{ t!("puzzles.daily-days", count = marks.days) }</p>
            <button type="button" class="link" id="newgame-openings" onclick={on_openings.reform(|_: MouseEvent| ())}>{ t!("openings.title") }</button>
        </section>
    }
}
