//! The notice bar: what went wrong with stored data or a link (the saved
//! game could not be read, the archive had a bad entry, saving failed),
//! each dismissible. Its [`Keeper`] also runs the saving hook.

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::use_saving;
use crate::state::GameState;

/// The notices shown.
#[derive(Clone, Debug, Default, PartialEq)]
struct Notices(Vec<String>);

enum NoticeAction {
    Add(String),
    Dismiss(usize),
}

impl Reducible for Notices {
    type Action = NoticeAction;

    fn reduce(self: Rc<Self>, action: NoticeAction) -> Rc<Self> {
        let mut v = self.0.clone();
        match action {
            NoticeAction::Add(text) => {
                if !v.contains(&text) {
                    v.push(text);
                }
            }
            NoticeAction::Dismiss(i) => {
                if i < v.len() {
                    v.remove(i);
                }
            }
        }
        Rc::new(Notices(v))
    }
}

/// Props of [`Keeper`].
#[derive(Properties, PartialEq, Clone)]
pub struct KeeperProps {
    /// The app state (saved after every change).
    pub state: UseReducerHandle<GameState>,
    /// Notices from the start (stored data that could not be read).
    #[prop_or_default]
    pub notices: Vec<String>,
}

/// Saves the game as it goes and shows the notices.
#[component]
pub fn Keeper(props: &KeeperProps) -> Html {
    let notices = {
        let first = props.notices.clone();
        use_reducer(move || Notices(first))
    };
    let on_problem = {
        let notices = notices.clone();
        Callback::from(move |p: String| notices.dispatch(NoticeAction::Add(p)))
    };
    use_saving(&props.state, on_problem);
    if notices.0.is_empty() {
        return html! {};
    }
    let items = notices.0.iter().enumerate().map(|(i, text)| {
        let dismiss = {
            let notices = notices.clone();
            Callback::from(move |_: MouseEvent| notices.dispatch(NoticeAction::Dismiss(i)))
        };
        html! {
            <div class="notice" role="alert">
                <p>{ text.clone() }</p>
                <button type="button" class="notice-close" aria-label="Dismiss this notice" title="Dismiss" onclick={dismiss}>{ "×" }</button>
            </div>
        }
    });
    html! { <div class="notices" id="notices">{ for items }</div> }
}
