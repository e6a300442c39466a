//! The library's tools on the play screen: download or copy the game as
//! PDN, copy a share link, set up the position shown in the board editor.

use yew::prelude::*;

use crate::components::export::ExportBar;
use crate::library::editor::EditorAction;
use crate::library::files::{export, file_name};
use crate::library::{game_tags, share, store, tag};
use crate::state::{Action, GameState, Screen};

/// Export and editor buttons for the game in progress (a function, not a
/// component: a component costs page size).
pub fn game_tools(state: &UseReducerHandle<GameState>) -> Html {
    let pdn = {
        let state = state.clone();
        Callback::from(move |()| {
            let tags = game_tags(state.opponent, &state.meta);
            let date = tag(&tags, "Date").unwrap_or_default().to_string();
            match state.record() {
                Some(g) => (export(g, &tags), file_name(g.kind(), &date)),
                None => (String::new(), String::new()),
            }
        })
    };
    let link = {
        let state = state.clone();
        Some(Callback::from(move |()| match state.record() {
            Some(g) => share::game_link(&store::page_base(), g, state.flipped),
            None => Err("No game to share.".to_string()),
        }))
    };
    let Some(game) = state.record() else {
        return html! {};
    };
    let edit = {
        let state = state.clone();
        let (kind, ply) = (game.kind(), state.shown_ply());
        let text = game.position_text_at(ply).unwrap_or_default();
        Callback::from(move |_: MouseEvent| {
            state.dispatch(Action::Editor(EditorAction::Load(kind, text.clone())));
            state.dispatch(Action::Show(Screen::Editor));
        })
    };
    html! {
        <div class="game-tools">
            <ExportBar {pdn} {link} id="game-export" />
            <button type="button" class="link" id="edit-position" onclick={edit}>{ "Set up this position in the board editor" }</button>
        </div>
    }
}
