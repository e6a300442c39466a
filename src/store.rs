//! The app core's state as Yew's reducer: [`AppStore`] holds an
//! [`AppState`] and reduces [`AppAction`]s with [`AppState::apply`] (the
//! core itself knows nothing of Yew).

use std::ops::Deref;
use std::rc::Rc;

use crate::core::{AppAction, AppState};

/// The state `use_reducer` keeps: the core's [`AppState`], read through
/// `Deref` (`app.session`, `app.nav.screen`, …).
#[derive(Clone, Default, PartialEq)]
pub struct AppStore(pub AppState);

impl Deref for AppStore {
    type Target = AppState;
    fn deref(&self) -> &AppState {
        &self.0
    }
}

impl From<AppState> for AppStore {
    fn from(state: AppState) -> Self {
        AppStore(state)
    }
}

impl yew::Reducible for AppStore {
    type Action = AppAction;

    fn reduce(self: Rc<Self>, action: AppAction) -> Rc<Self> {
        let mut s = self.0.clone();
        s.apply(action);
        Rc::new(AppStore(s))
    }
}
