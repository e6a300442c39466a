//! The move box and the board as text: a move typed in the game's own
//! notation (`11-15`, `15x24`, `e3-e4`) or a short command that reads the
//! position (`p`, `r 3`, `s e3`, `l`, `t`, `c`, `m`, `v`, `h`), for
//! everyone; and, in the non-visual mode (a setting), the board as lines
//! of text in place of the drawn board. The parsing and the answers are
//! the core's ([`crate::core::spoken`]); answers are announced through the
//! live board's live region.

use tiers_engine::{BoardView, GameKind};
use web_sys::HtmlInputElement;
use yew::prelude::*;

use crate::browser;
use crate::core::i18n::Text;
use crate::core::session::SessionAction;
use crate::core::spoken::board_rows;
use crate::i18n::say;

/// Every text of these parts, in one place: catalogue keys
/// (`movebox.`).
pub mod texts {
    /// The move box's label.
    pub const LABEL: &str = "movebox.label";
    /// Its button.
    pub const PLAY: &str = "movebox.play";
    /// The example under it.
    pub const HINT: &str = "movebox.hint";
    /// The formation box's label.
    pub const FORMATION_LABEL: &str = "movebox.formation-label";
    /// Its button.
    pub const FORMATION_GO: &str = "movebox.formation-go";
    /// The example under it.
    pub const FORMATION_HINT: &str = "movebox.formation-hint";
    /// The text board's name.
    pub const BOARD: &str = "movebox.board";
    /// The key of the legend of its letters.
    pub fn legend(kind: super::GameKind) -> &'static str {
        match kind {
            super::GameKind::Checkers => "movebox.legend-checkers",
            super::GameKind::Tiers => "movebox.legend-tiers",
        }
    }
}

/// The words of `key` (one of [`texts`]) in the page's language.
fn said(key: &'static str) -> String {
    say(&Text::new(key))
}

/// Props of [`MoveBox`].
#[derive(Properties, PartialEq, Clone)]
pub struct MoveBoxProps {
    /// A prefix for the DOM ids (unique on the page).
    pub id: AttrValue,
    /// What was typed (Enter or the button).
    pub on_text: Callback<String>,
    /// The last answer or announcement, shown under the box.
    #[prop_or_default]
    pub reply: AttrValue,
    /// The label, the button and the example under the box (catalogue
    /// keys, [`texts`]).
    #[prop_or((texts::LABEL, texts::PLAY, texts::HINT))]
    pub words: (&'static str, &'static str, &'static str),
}

/// The move box of a live board: what is typed goes to the session, timed
/// for the clocks.
#[must_use]
pub fn typed_moves(on_action: &Callback<SessionAction>) -> Callback<String> {
    on_action.reform(|text| SessionAction::Typed {
        text,
        now: browser::now(),
    })
}

/// A box to type in: Enter (or its button) sends the text and empties it.
#[component]
pub fn MoveBox(props: &MoveBoxProps) -> Html {
    let input = use_node_ref();
    let onsubmit = {
        let (input, on_text) = (input.clone(), props.on_text.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            let Some(field) = input.cast::<HtmlInputElement>() else {
                return;
            };
            let text = field.value();
            field.set_value("");
            on_text.emit(text);
        })
    };
    let (label, button, example) = props.words;
    let field = format!("{}-move-input", props.id);
    let hint = format!("{}-move-hint", props.id);
    html! {
        <form class="move-box" id={format!("{}-move-box", props.id)} {onsubmit}>
            <label for={field.clone()}>{ said(label) }</label>
            <div class="move-box-row">
                <input ref={input} type="text" id={field} autocomplete="off" autocapitalize="none"
                    spellcheck="false" enterkeyhint="go" aria-describedby={hint.clone()} />
                <button type="submit" id={format!("{}-move-submit", props.id)}>{ said(button) }</button>
            </div>
            <p class="move-box-hint muted" id={hint}>{ said(example) }</p>
            if !props.reply.is_empty() {
                // Said by the live region already: shown, not read twice.
                <p class="move-box-reply" aria-hidden="true">{ props.reply.clone() }</p>
            }
        </form>
    }
}

/// Props of [`TextBoard`].
#[derive(Properties, PartialEq, Clone)]
pub struct TextBoardProps {
    /// A prefix for the DOM ids.
    pub id: AttrValue,
    /// Which game.
    pub kind: GameKind,
    /// The pieces.
    pub view: BoardView,
    /// Seen from Black's side.
    pub flipped: bool,
}

/// The board as text (shown in the non-visual mode only, by the page's
/// `non-visual` class): a line per row with a letter per square.
#[component]
pub fn TextBoard(props: &TextBoardProps) -> Html {
    let rows = board_rows(props.kind, &props.view, props.flipped).join("\n");
    let title = format!("{}-text-board-title", props.id);
    html! {
        <section class="text-board" id={format!("{}-text-board", props.id)} aria-labelledby={title.clone()}>
            <h2 id={title}>{ said(texts::BOARD) }</h2>
            <pre>{ rows }</pre>
            <p class="muted">{ said(texts::legend(props.kind)) }</p>
        </section>
    }
}
