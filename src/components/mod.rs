//! The app's components: the screens and their parts, each a view of the
//! core's state ([`crate::core::AppState`]) that dispatches
//! [`AppAction`]s. The board and its parts hold no rules; one live board
//! ([`live_board::LiveBoard`]) serves every screen that plays moves.

pub mod analysis_board;
pub mod analysis_engine;
pub mod app;
pub mod board;
pub mod bylink;
pub mod coach;
pub mod editor;
pub mod embed;
pub mod explorer;
pub mod export;
pub mod formation;
pub mod game_over;
pub mod game_tools;
pub mod games;
pub mod learn;
pub mod live;
pub mod live_board;
pub mod mistakes;
pub mod move_box;
pub mod move_list;
pub mod nav;
pub mod new_game;
pub mod notices;
pub mod openings;
pub mod panels;
pub mod picture;
pub mod piece;
pub mod play;
pub mod practice;
pub mod puzzles;
pub mod review;
pub mod review_panel;
pub mod rules;
pub mod scan;
pub mod settings;
pub mod square;
pub mod stats;
pub mod tournament;
pub mod viewer;
pub mod widgets;

use yew::prelude::*;

use crate::core::AppAction;
use crate::store::AppStore;

/// How a screen changes the state: the app's dispatcher, passed as a prop.
pub type Dispatch = UseReducerDispatcher<AppStore>;

/// A click that dispatches `action`.
#[must_use]
pub fn on_click(d: &Dispatch, action: AppAction) -> Callback<MouseEvent> {
    let d = d.clone();
    Callback::from(move |_: MouseEvent| d.dispatch(action.clone()))
}

/// A callback that dispatches the action `make` builds from its value.
#[must_use]
pub fn to<T: 'static>(d: &Dispatch, make: impl Fn(T) -> AppAction + 'static) -> Callback<T> {
    let d = d.clone();
    Callback::from(move |x: T| d.dispatch(make(x)))
}
