//! Export buttons for a game: download it as a `.pdn` file, copy its PDN,
//! and (when given) copy a share link. When the clipboard is refused, the
//! text is shown selected so that it can be copied by hand.

use yew::platform::spawn_local;
use yew::prelude::*;

use crate::library::browser;

/// Props of [`ExportBar`].
#[derive(Properties, PartialEq, Clone)]
pub struct ExportProps {
    /// The game as PDN (or the Tiers record).
    pub text: AttrValue,
    /// The download's file name.
    pub file: AttrValue,
    /// A share link, if the game has one.
    #[prop_or_default]
    pub link: Option<AttrValue>,
    /// Why there is no link (too long, …).
    #[prop_or_default]
    pub no_link: Option<AttrValue>,
    /// A prefix for the buttons' DOM ids.
    #[prop_or(AttrValue::Static("export"))]
    pub id: AttrValue,
}

/// What the last action gave.
#[derive(Clone, PartialEq)]
enum Outcome {
    Done(String),
    Failed(String, String),
}

/// The export buttons.
#[component]
pub fn ExportBar(props: &ExportProps) -> Html {
    let outcome = use_state(|| None::<Outcome>);
    let download = {
        let (text, file, outcome) = (props.text.clone(), props.file.clone(), outcome.clone());
        Callback::from(move |_: MouseEvent| {
            outcome.set(Some(match browser::download(&file, &text) {
                Ok(()) => Outcome::Done(format!("Downloaded {file}.")),
                Err(e) => Outcome::Failed(format!("Could not download: {e}."), text.to_string()),
            }));
        })
    };
    let copy = |text: AttrValue, what: &'static str| {
        let outcome = outcome.clone();
        Callback::from(move |_: MouseEvent| {
            let (text, outcome) = (text.clone(), outcome.clone());
            spawn_local(async move {
                outcome.set(Some(match browser::copy(&text).await {
                    Ok(()) => Outcome::Done(format!("{what} copied to the clipboard.")),
                    Err(e) => Outcome::Failed(
                        format!("Could not copy: {e}. Select the text below and copy it."),
                        text.to_string(),
                    ),
                }));
            });
        })
    };
    let id = &props.id;
    html! {
        <div class="export">
            <div class="export-buttons">
                <button type="button" id={format!("{id}-download")} onclick={download}>{ "Download PDN" }</button>
                <button type="button" id={format!("{id}-copy")} onclick={copy(props.text.clone(), "PDN")}>{ "Copy PDN" }</button>
                if let Some(link) = &props.link {
                    <button type="button" id={format!("{id}-link")} onclick={copy(link.clone(), "Link")}>{ "Copy link" }</button>
                } else if let Some(why) = &props.no_link {
                    <button type="button" id={format!("{id}-link")} disabled=true title={why.clone()}>{ "Copy link" }</button>
                }
            </div>
            { match &*outcome {
                Some(Outcome::Done(m)) => html! { <p class="export-note" role="status" id={format!("{id}-note")}>{ m.clone() }</p> },
                Some(Outcome::Failed(m, text)) => html! {
                    <div class="export-fallback">
                        <p class="export-note warn" role="alert" id={format!("{id}-note")}>{ m.clone() }</p>
                        <textarea readonly=true rows="6" aria-label="Text to copy" value={text.clone()}
                            onfocus={Callback::from(|e: FocusEvent| {
                                if let Some(t) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() { t.select(); }
                            })} />
                    </div>
                },
                None => html! {},
            } }
        </div>
    }
}
