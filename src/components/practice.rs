//! "Practise this position": the computer's level and the person's side,
//! then a game against the computer from the position (the board editor's,
//! a review's position shown, a solved puzzle's end). Nothing is shown
//! when the game is already over there.

use tiers_engine::search::Level;
use tiers_engine::{Color, GameKind};
use yew::prelude::*;

use crate::components::Dispatch;
use crate::core::i18n::words;
use crate::core::practice::{playable, Practice, PractiseFrom};
use crate::core::AppAction;
use crate::i18n::say;
use crate::t;

/// Props of [`PractiseForm`].
#[derive(Properties, PartialEq, Clone)]
pub struct PractiseProps {
    /// The ids' prefix: `{id}-red`, `{id}-black`, `{id}-level`.
    pub id: AttrValue,
    /// Which game.
    pub kind: GameKind,
    /// The position (FEN / TFEN).
    pub position: AttrValue,
    /// Where it comes from.
    pub from: PractiseFrom,
    /// The level to start from (the new game screen's).
    pub level: Level,
    /// Dispatches actions.
    pub dispatch: Dispatch,
}

/// The practice form.
#[component]
pub fn PractiseForm(props: &PractiseProps) -> Html {
    let level = use_state(|| props.level);
    if !playable(props.kind, &props.position) {
        return html! {};
    }
    let start = |human: Color| {
        let (d, level) = (props.dispatch.clone(), level.clone());
        let (kind, position, from) = (props.kind, props.position.to_string(), props.from);
        Callback::from(move |_: MouseEvent| {
            d.dispatch(AppAction::Practise(Practice {
                kind,
                position: position.clone(),
                level: *level,
                human,
                from,
            }));
        })
    };
    let on_level = {
        let level = level.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(n) = e
                .target_dyn_into::<web_sys::HtmlInputElement>()
                .and_then(|i| i.value().parse::<u8>().ok())
            {
                level.set(Level::clamped(n));
            }
        })
    };
    let id = &props.id;
    let n = level.number();
    html! {
        <div class="practise" id={id.clone()} role="group" aria-labelledby={format!("{id}-title")}>
            <h2 id={format!("{id}-title")}>{ t!("practice.title") }</h2>
            <p class="hint">{ t!("practice.intro") }</p>
            <label class="level">
                <span>{ t!("newgame.level", level = n, name = say(&words::level(*level))) }</span>
                <input type="range" min="1" max="8" step="1" id={format!("{id}-level")} value={n.to_string()}
                    aria-label={t!("newgame.level-label")} oninput={on_level} />
            </label>
            <div class="actions tight">
                <button type="button" id={format!("{id}-red")} onclick={start(Color::Red)}>{ t!("editor.play-red-vs-computer") }</button>
                <button type="button" id={format!("{id}-black")} onclick={start(Color::Black)}>{ t!("editor.play-black-vs-computer") }</button>
            </div>
        </div>
    }
}
