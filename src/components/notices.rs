//! The notice bar: what went wrong with stored data, a link or saving (the
//! saved game could not be read, the archive had a bad entry, saving
//! failed), each dismissible, and the offer to go back to a game a share
//! link replaced.

use yew::prelude::*;

use crate::components::{on_click, Dispatch};
use crate::core::notices::{NoticeAction, Notices};
use crate::core::{AppAction, Slice};
use crate::i18n::say;
use crate::t;

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
                <p>{ say(text) }</p>
                <button type="button" class="notice-close" aria-label={t!("notice.dismiss-label")} title={t!("notice.dismiss")}
                    onclick={act(NoticeAction::Dismiss(i))}>{ "×" }</button>
            </div>
        }
    });
    html! {
        <>
        if let Some(c) = &n.conflict {
            <div class="dialog-backdrop">
                <div class="dialog" role="alertdialog" aria-modal="true" aria-labelledby="conflict-title" id="bylink-conflict">
                    <h2 id="conflict-title">{ t!("notice.conflict-title") }</h2>
                    <p>{ t!("notice.conflict-why", why = c.why.clone()) }</p>
                    <p>{ format!("{} {}", t!("notice.conflict-yours", count = c.mine.0.record.ply()), t!("notice.conflict-theirs", count = c.theirs.0.record.ply())) }</p>
                    <div class="actions">
                        <button type="button" id="conflict-mine" onclick={act(NoticeAction::KeepMine)}>{ t!("notice.keep-mine") }</button>
                        <button type="button" id="conflict-link" onclick={act(NoticeAction::TakeLink)}>{ t!("notice.take-link") }</button>
                    </div>
                </div>
            </div>
        }
        if !n.list.is_empty() || n.previous.is_some() {
            <div class="notices" id="notices">
                { for items }
                if n.previous.is_some() {
                    <div class="notice" role="status" id="previous-notice">
                        <p>{ t!("notice.previous-kept") }</p>
                        <button type="button" id="previous-resume" onclick={act(NoticeAction::ResumePrevious)}>{ t!("notice.back-to-mine") }</button>
                        <button type="button" class="notice-close" aria-label={t!("notice.dismiss-label")} title={t!("notice.dismiss")}
                            onclick={act(NoticeAction::DropPrevious)}>{ "×" }</button>
                    </div>
                }
            </div>
        }
        </>
    }
}
