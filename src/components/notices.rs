//! The notice bar: what went wrong with stored data or a link (the saved
//! game could not be read, the archive had a bad entry, saving failed),
//! each dismissible. Its [`Keeper`] also runs the saving hook.

use yew::prelude::*;

use crate::hooks::use_saving;
use crate::state::GameState;

/// Props of [`Keeper`].
#[derive(Properties, PartialEq, Clone)]
pub struct KeeperProps {
    /// The app state (saved after every change).
    pub state: UseReducerHandle<GameState>,
    /// Notices from the start (stored data that could not be read).
    #[prop_or_default]
    pub notices: Vec<String>,
    /// A share link replaced an unfinished game: offer to go back to it.
    #[prop_or_default]
    pub previous: bool,
}

/// Saves the game as it goes and shows the notices.
#[component]
pub fn Keeper(props: &KeeperProps) -> Html {
    let notices = {
        let first = props.notices.clone();
        use_mut_ref(move || first)
    };
    let previous = {
        let p = props.previous;
        use_mut_ref(move || p)
    };
    let redraw = use_force_update();
    let on_problem = {
        let (notices, redraw) = (notices.clone(), redraw.clone());
        Callback::from(move |p: String| {
            let mut n = notices.borrow_mut();
            if !n.contains(&p) {
                n.push(p);
                drop(n);
                redraw.force_update();
            }
        })
    };
    use_saving(&props.state, on_problem);
    let list = notices.borrow();
    let items = list.iter().enumerate().map(|(i, text)| {
        let dismiss = {
            let (notices, redraw) = (notices.clone(), redraw.clone());
            Callback::from(move |_: MouseEvent| {
                let mut n = notices.borrow_mut();
                if i < n.len() {
                    n.remove(i);
                }
                drop(n);
                redraw.force_update();
            })
        };
        html! {
            <div class="notice" role="alert">
                <p>{ text.clone() }</p>
                <button type="button" class="notice-close" aria-label="Dismiss this notice" title="Dismiss" onclick={dismiss}>{ "×" }</button>
            </div>
        }
    });
    let back = *previous.borrow();
    let resume = {
        let (state, previous, redraw) = (props.state.clone(), previous.clone(), redraw.clone());
        Callback::from(move |_: MouseEvent| {
            if let Some((game, meta)) = crate::library::store::take_previous() {
                crate::library::load(&state, game, meta);
            }
            *previous.borrow_mut() = false;
            redraw.force_update();
        })
    };
    let keep = {
        let (previous, redraw) = (previous.clone(), redraw.clone());
        Callback::from(move |_: MouseEvent| {
            *previous.borrow_mut() = false;
            redraw.force_update();
        })
    };
    html! {
        if !list.is_empty() || back {
            <div class="notices" id="notices">
                { for items }
                if back {
                    <div class="notice" role="status" id="previous-notice">
                        <p>{ "The shared game is open. Your game in progress was kept aside." }</p>
                        <button type="button" id="previous-resume" onclick={resume}>{ "Back to my game" }</button>
                        <button type="button" class="notice-close" aria-label="Dismiss this notice" title="Dismiss" onclick={keep}>{ "×" }</button>
                    </div>
                }
            </div>
        }
    }
}
