//! The notice bar: what went wrong with stored data, a link or saving (the
//! saved game could not be read, the archive had a bad entry, saving
//! failed), each dismissible, and the offer to go back to a game a share
//! link replaced.

use yew::prelude::*;

use crate::components::{on_click, Dispatch};
use crate::core::notices::{NoticeAction, Notices};
use crate::core::{AppAction, Slice};

/// Props of [`NoticeBar`].
#[derive(Properties, PartialEq, Clone)]
pub struct NoticeBarProps {
    /// The notices.
    pub notices: Slice<Notices>,
    /// Dispatches actions.
    pub dispatch: Dispatch,
}

/// The notices.
#[component]
pub fn NoticeBar(props: &NoticeBarProps) -> Html {
    let n = &props.notices;
    let d = &props.dispatch;
    let act = |a: NoticeAction| on_click(d, AppAction::Notice(a));
    let items = n.list.iter().enumerate().map(|(i, text)| {
        html! {
            <div class="notice" role="alert">
                <p>{ text.clone() }</p>
                <button type="button" class="notice-close" aria-label="Dismiss this notice" title="Dismiss"
                    onclick={act(NoticeAction::Dismiss(i))}>{ "×" }</button>
            </div>
        }
    });
    html! {
        if !n.list.is_empty() || n.previous.is_some() {
            <div class="notices" id="notices">
                { for items }
                if n.previous.is_some() {
                    <div class="notice" role="status" id="previous-notice">
                        <p>{ "The shared game is open. Your game in progress was kept aside." }</p>
                        <button type="button" id="previous-resume" onclick={act(NoticeAction::ResumePrevious)}>{ "Back to my game" }</button>
                        <button type="button" class="notice-close" aria-label="Dismiss this notice" title="Dismiss"
                            onclick={act(NoticeAction::DropPrevious)}>{ "×" }</button>
                    </div>
                }
            </div>
        }
    }
}
