//! The top-level component: the app's state (started from what the device
//! keeps and the page's address), the hooks that do its side effects, the
//! title bar (its navigation: [`MainNav`]), the notices and the screen the
//! state asks for.

use tiers_engine::GameKind;
use yew::prelude::*;

use crate::browser;
use crate::components::analysis_board::AnalysisScreen;
use crate::components::editor::EditorScreen;
use crate::components::formation::FormationScreen;
use crate::components::games::GamesScreen;
use crate::components::learn::LearnScreen;
use crate::components::live::{use_live_outbox, use_live_view, LiveScreen};
use crate::components::nav::MainNav;
use crate::components::new_game::{DailyMarks, NewGame};
use crate::components::notices::NoticeBar;
use crate::components::openings::OpeningsScreen;
use crate::components::play::Play;
use crate::components::puzzles::PuzzlesScreen;
use crate::components::review::ReviewScreen;
use crate::components::rules::Rules;
use crate::components::settings::SettingsScreen;
use crate::components::stats::StatsScreen;
use crate::components::tournament::TournamentScreen;
use crate::components::{to, Dispatch};
use crate::core::boot::boot;
use crate::core::by_game::ByGame;
use crate::core::learn::LearnAction;
use crate::core::nav::{NavAction, Screen};
use crate::core::puzzles::history::History;
use crate::core::puzzles::PuzzleAction;
use crate::core::{AppAction, AppState};
use crate::hooks::{use_ai, use_clock, use_game_events, use_language, use_look, use_persistence};
use crate::i18n;
use crate::storage;
use crate::store::AppStore;
use crate::t;

/// The starting state: what the device keeps, and a share link's game
/// (taken off the address once read, so that a reload does not open it
/// again). Unreadable records are set aside.
fn start() -> AppState {
    let (_, query) = browser::location();
    let b = boot(&storage::read(), &query, browser::coin());
    for (kept, text) in &b.set_aside {
        storage::set_aside(*kept, text);
    }
    if b.forget_query {
        browser::forget_query();
    }
    b.state
}

/// The app.
#[component]
pub fn App() -> Html {
    let app = use_reducer(|| AppStore(start()));
    let language = use_language();
    {
        // Courses read in the former language are fetched again.
        let d = app.dispatcher();
        use_effect_with(language, move |&n| {
            if n > 0 {
                d.dispatch(AppAction::Learn(LearnAction::Unload));
            }
        });
    }
    use_ai(&app);
    use_clock(&app);
    use_persistence(&app);
    use_look(&app.preferences);
    // The game's sounds on the play screen, in lessons and in tournament
    // matches.
    use_game_events(app.session.rev(), Some(&app.session), &app.preferences);
    use_game_events(
        app.learn.rev(),
        app.learn.play.as_ref().map(|p| &*p.board),
        &app.preferences,
    );
    use_game_events(
        app.tournaments.rev(),
        app.tournaments.game.as_ref().map(|g| &g.session),
        &app.preferences,
    );
    use_live_outbox(&app.live, &app.dispatcher());
    // The live screen's steps outlive a visit to Settings or the rules.
    let live_view = use_live_view(app.nav.screen);
    // Another screen opens at its top, as another page would (a button at
    // the foot of a long screen left the next one scrolled to its middle).
    use_effect_with(app.nav.screen, |_| {
        if let Some(w) = web_sys::window() {
            w.scroll_to_with_x_and_y(0.0, 0.0);
        }
    });
    let d = app.dispatcher();
    let body = match app.nav.screen {
        Screen::NewGame => html! {
            <NewGame choices={app.new_game.clone()} on_change={to(&d, AppAction::NewGame)}
                on_start={to(&d, |()| AppAction::Start { coin: browser::coin(), roll: browser::random_seed() })}
                on_rules={to(&d, |()| AppAction::Nav(NavAction::ShowRules))}
                on_learn={to(&d, |()| AppAction::Nav(NavAction::Show(Screen::Learn)))}
                daily={daily_marks(app.puzzles.history())} on_daily={open_daily(&d)}
                on_openings={to(&d, |()| AppAction::Nav(NavAction::Show(Screen::Openings)))}
                on_live={to(&d, |()| AppAction::Nav(NavAction::Show(Screen::Live)))} />
        },
        Screen::Live => html! {
            <LiveScreen choices={*app.new_game} live={app.live.clone()} session={app.session.clone()} formation={app.formation.clone()} view={live_view.clone()} dispatch={d.clone()} on_back={to(&d, |()| AppAction::Nav(NavAction::Show(Screen::NewGame)))} />
        },
        Screen::Formation => html! {
            <FormationScreen formation={app.formation.clone()} session={app.session.clone()} dispatch={d.clone()} />
        },
        Screen::Play => {
            html! { <Play session={app.session.clone()} coach={app.coach.clone()} live={app.live.clone()} dispatch={d.clone()} /> }
        }
        Screen::Rules => {
            html! { <Rules on_close={to(&d, |()| AppAction::Nav(NavAction::Back))} /> }
        }
        Screen::Games => {
            html! { <GamesScreen library={app.library.clone()} dispatch={d.clone()} /> }
        }
        Screen::Editor => {
            html! { <EditorScreen editor={app.editor.clone()} level={app.new_game.level} dispatch={d.clone()} /> }
        }
        Screen::Tournaments => {
            html! { <TournamentScreen state={app.tournaments.clone()} dispatch={d.clone()} /> }
        }
        Screen::Learn => html! { <LearnScreen learn={app.learn.clone()} dispatch={d.clone()} /> },
        Screen::Settings => html! {
            <SettingsScreen preferences={app.preferences.clone()} on_change={to(&d, AppAction::Preferences)}
                language={i18n::lang()} on_language={Callback::from(i18n::switch)}
                on_close={to(&d, |()| AppAction::Nav(NavAction::Back))} />
        },
        Screen::Review => {
            html! { <ReviewScreen review={app.review.clone()} dispatch={d.clone()} /> }
        }
        Screen::Puzzles => {
            html! { <PuzzlesScreen puzzles={app.puzzles.clone()} level={app.new_game.level} dispatch={d.clone()} /> }
        }
        Screen::Openings => {
            html! { <OpeningsScreen openings={app.openings.clone()} dispatch={d.clone()} /> }
        }
        Screen::Analysis => html! {
            <AnalysisScreen board={app.analysis_board.clone()} dispatch={d.clone()} library={app.library.clone()}
                review={app.review.clone()} level={app.new_game.level} />
        },
        Screen::Statistics => html! {
            <StatsScreen library={app.library.clone()} puzzles={app.puzzles.clone()} learn={app.learn.clone()} />
        },
    };
    let resume =
        app.session.game.is_some() && !matches!(app.nav.screen, Screen::Play | Screen::Formation);
    let home = {
        let d = d.clone();
        Callback::from(move |e: MouseEvent| {
            e.prevent_default();
            d.dispatch(AppAction::Nav(NavAction::Show(Screen::NewGame)));
        })
    };
    html! {
        <div class="app" key={language}>
            <header class="topbar">
                <a class="brand" href="#" onclick={home}>
                    <span class="brand-mark" aria-hidden="true"></span>{ t!("app.brand") }
                </a>
                <MainNav screen={app.nav.screen} {resume} dispatch={d.clone()} />
            </header>
            <NoticeBar notices={app.notices.clone()} dispatch={d.clone()} />
            <main class="content">{ body }</main>
        </div>
    }
}

/// Today's daily puzzles as the new game screen marks them.
fn daily_marks(history: &History) -> DailyMarks {
    let today = browser::today();
    DailyMarks {
        solved: ByGame::new(
            history.dailies.solved_on(GameKind::Checkers, today),
            history.dailies.solved_on(GameKind::Tiers, today),
        ),
        days: history.dailies.streak(today),
    }
}

/// Opens a game's daily puzzle of today on the puzzles screen.
fn open_daily(d: &Dispatch) -> Callback<GameKind> {
    let d = d.clone();
    Callback::from(move |kind| {
        d.dispatch(AppAction::Puzzle(PuzzleAction::Daily(
            kind,
            browser::today(),
        )));
        d.dispatch(AppAction::Nav(NavAction::Show(Screen::Puzzles)));
    })
}
