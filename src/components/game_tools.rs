//! The library's tools on the play screen: download or copy the game as
//! PDN, copy a share link, set up the position shown in the board editor.

use yew::prelude::*;

use crate::browser;
use crate::components::export::ExportBar;
use crate::components::picture::Picture;
use crate::components::{on_click, Dispatch};
use crate::core::i18n::Text;
use crate::core::library::files::{export, file_name, picture_name};
use crate::core::library::{game_tags, share, tag};
use crate::core::session::Session;
use crate::core::{AnalyseFrom, AppAction, Slice};
use crate::t;
use tiers_engine::GameKind;

/// Props of [`GameTools`].
#[derive(Properties, PartialEq)]
pub struct GameToolsProps {
    /// The game in progress.
    pub session: Slice<Session>,
    /// The app's dispatcher.
    pub dispatch: Dispatch,
}

/// Export and editor buttons for the game in progress.
#[component]
pub fn GameTools(props: &GameToolsProps) -> Html {
    let (session, d) = (&props.session, &props.dispatch);
    let Some(game) = session.record() else {
        return html! {};
    };
    let pdn = {
        let s = session.clone();
        Callback::from(move |()| {
            let tags = game_tags(s.opponent, &s.meta);
            let date = tag(&tags, "Date").unwrap_or_default().to_string();
            match s.record() {
                Some(g) => (export(g, &tags), file_name(g.kind(), &date)),
                None => (String::new(), String::new()),
            }
        })
    };
    let link = {
        let s = session.clone();
        Some(Callback::from(move |()| match s.record() {
            Some(g) => share::game_link(&browser::page_base(), g, s.flipped),
            None => Err(Text::new("play.no-game-to-share")),
        }))
    };
    let picture = {
        let s = session.clone();
        Some(Callback::from(move |()| {
            let kind = s.record().map_or(GameKind::Checkers, |g| g.kind());
            let inputs = s.board_inputs();
            let picture = Picture {
                view: inputs.as_ref().map_or([None; 64], |b| b.view),
                kind,
                flipped: s.flipped,
                last_move: inputs.map(|b| b.last_move).unwrap_or_default(),
            };
            let date = tag(&game_tags(s.opponent, &s.meta), "Date")
                .unwrap_or_default()
                .to_string();
            (picture, picture_name(kind, &date, s.shown_ply()))
        }))
    };
    let text = game
        .position_text_at(session.shown_ply())
        .unwrap_or_default();
    let edit = on_click(d, AppAction::EditPosition(game.kind(), text));
    html! {
        <div class="game-tools">
            <ExportBar {pdn} {link} {picture} id="game-export" />
            <button type="button" class="link" id="edit-position" onclick={edit}>{ t!("play.set-up-this-position") }</button>
            <button type="button" class="link" id="analyse-game" onclick={on_click(d, AppAction::Analyse(AnalyseFrom::Play))}>{ t!("analysis.open") }</button>
        </div>
    }
}
