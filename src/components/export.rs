//! Export buttons for a game: download it as a `.pdn` file, copy its PDN,
//! and (when given) copy a share link and download or share a picture of
//! the position shown (PNG). The texts and the picture are made when a
//! button is pressed. When the clipboard is refused, the text is shown
//! selected so that it can be copied by hand.

use yew::platform::spawn_local;
use yew::prelude::*;

use crate::browser;
use crate::components::picture::{board_svg, Look, Picture};
use crate::core::i18n::Text;
use crate::i18n;
use crate::t;

/// Props of [`ExportBar`].
#[derive(Properties, PartialEq, Clone)]
pub struct ExportProps {
    /// Makes the game's PDN (or Tiers record) and the download's file name.
    pub pdn: Callback<(), (String, String)>,
    /// Makes a share link, or says why there is none.
    #[prop_or_default]
    pub link: Option<Callback<(), Result<String, Text>>>,
    /// The position shown and the picture's file name, for a picture of
    /// the board.
    #[prop_or_default]
    pub picture: Option<Callback<(), (Picture, String)>>,
    /// Every position of the game and the file name, for an animation
    /// of the whole game.
    #[prop_or_default]
    pub animation: Option<Callback<(), (Vec<Picture>, String)>>,
    /// A prefix for the buttons' DOM ids.
    #[prop_or(AttrValue::Static("export"))]
    pub id: AttrValue,
}

/// The picture's side in pixels: sharp on a phone, small to send.
const PICTURE_PX: u32 = 800;
/// An animation's side in pixels (one frame per position: kept small).
const ANIMATION_PX: u32 = 400;
/// How long an animation shows each position, and its last one.
const FRAME_MS: u16 = 1000;
const LAST_FRAME_MS: u16 = 3000;

/// Offers `blob` as the file `file`; says whether the download started.
fn downloaded(file: &str, blob: &web_sys::Blob) -> String {
    match browser::download_blob(file, blob) {
        Ok(()) => t!("export.downloaded", file = file),
        Err(e) => t!("export.download-failed", e = e),
    }
}

/// What the last action gave: a message, and the text to copy by hand if
/// the browser refused.
type Said = Option<(String, Option<String>)>;

/// The export buttons.
#[component]
pub fn ExportBar(props: &ExportProps) -> Html {
    let said = use_mut_ref(|| None as Said);
    let redraw = use_force_update();
    let say = {
        let (said, redraw) = (said.clone(), redraw.clone());
        move |s: Said| {
            *said.borrow_mut() = s;
            redraw.force_update();
        }
    };
    let download = {
        let (pdn, say) = (props.pdn.clone(), say.clone());
        Callback::from(move |_: MouseEvent| {
            let (text, file) = pdn.emit(());
            say(Some(
                match browser::download(&file, "text/plain;charset=utf-8", &text) {
                    Ok(()) => (t!("export.downloaded", file = file), None),
                    Err(e) => (t!("export.download-failed", e = e), Some(text)),
                },
            ));
        })
    };
    // Copies what `make` gives (or says its error).
    let copy = |make: Callback<(), Result<String, Text>>, what: String| {
        let say = say.clone();
        Callback::from(move |_: MouseEvent| {
            let what = what.clone();
            let text = match make.emit(()) {
                Ok(t) => t,
                Err(e) => return say(Some((i18n::say(&e), None))),
            };
            let say = say.clone();
            spawn_local(async move {
                say(Some(match browser::copy(&text).await {
                    Ok(()) => (t!("export.copied", what = what.clone()), None),
                    Err(e) => (t!("export.copy-failed", e = e), Some(text)),
                }));
            });
        })
    };
    // Draws the picture, then downloads it (`share`: false) or hands it
    // to another app.
    let picture = |make: Callback<(), (Picture, String)>, share: bool| {
        let say = say.clone();
        Callback::from(move |_: MouseEvent| {
            let (picture, file) = make.emit(());
            let svg = board_svg(&picture, &Look::of_page(), PICTURE_PX);
            let say = say.clone();
            spawn_local(async move {
                let said = match browser::svg_to_png(&svg, PICTURE_PX).await {
                    Err(e) => t!("export.picture-failed", e = e),
                    Ok(png) if share => match browser::share_file(&file, &png).await {
                        Ok(true) => t!("export.picture-shared", file = file),
                        Ok(false) => return say(None),
                        Err(e) => t!("export.share-failed", e = e),
                    },
                    Ok(png) => downloaded(&file, &png),
                };
                say(Some((said, None)));
            });
        })
    };
    // Draws every position, then downloads them as one animated PNG.
    let animate = |make: Callback<(), (Vec<Picture>, String)>| {
        let say = say.clone();
        Callback::from(move |_: MouseEvent| {
            let (pictures, file) = make.emit(());
            let say = say.clone();
            spawn_local(async move {
                let look = Look::of_page();
                let count = pictures.len();
                let mut frames = Vec::with_capacity(count);
                for (i, p) in pictures.iter().enumerate() {
                    say(Some((
                        t!("export.drawing", number = i + 1, count = count),
                        None,
                    )));
                    let svg = board_svg(p, &look, ANIMATION_PX);
                    let bytes = match browser::svg_to_png(&svg, ANIMATION_PX).await {
                        Ok(png) => browser::blob_bytes(&png).await,
                        Err(e) => Err(e),
                    };
                    match bytes {
                        Ok(bytes) => frames.push(bytes),
                        Err(e) => return say(Some((t!("export.picture-failed", e = e), None))),
                    }
                }
                let mut delays = vec![FRAME_MS; count];
                if let Some(last) = delays.last_mut() {
                    *last = LAST_FRAME_MS;
                }
                let made = crate::core::apng::assemble(&frames, &delays)
                    .map_err(|_| Text::new("error.picture-failed"))
                    .and_then(|bytes| browser::bytes_blob(&bytes, "image/png"));
                let said = match made {
                    Err(e) => t!("export.picture-failed", e = e),
                    Ok(blob) => downloaded(&file, &blob),
                };
                say(Some((said, None)));
            });
        })
    };
    let pdn_text = {
        let pdn = props.pdn.clone();
        Callback::from(move |()| Ok::<_, Text>(pdn.emit(()).0))
    };
    let id = &props.id;
    let s = said.borrow();
    html! {
        <div class="export">
            <div class="export-buttons">
                <button type="button" id={format!("{id}-download")} onclick={download}>{ t!("export.download-pdn") }</button>
                <button type="button" id={format!("{id}-copy")} onclick={copy(pdn_text, "PDN".to_string())}>{ t!("export.copy-pdn") }</button>
                if let Some(link) = &props.link {
                    <button type="button" id={format!("{id}-link")} onclick={copy(link.clone(), t!("export.link"))}>{ t!("export.copy-link") }</button>
                }
                if let Some(make) = &props.animation {
                    <button type="button" id={format!("{id}-animation")} onclick={animate(make.clone())}>{ t!("export.download-animation") }</button>
                }
                if let Some(make) = &props.picture {
                    <button type="button" id={format!("{id}-picture")} onclick={picture(make.clone(), false)}>{ t!("export.download-picture") }</button>
                    if browser::can_share() {
                        <button type="button" id={format!("{id}-share-picture")} onclick={picture(make.clone(), true)}>{ t!("export.share-picture") }</button>
                    }
                }
            </div>
            if let Some((message, text)) = &*s {
                <p class={if text.is_some() { "export-note warn" } else { "export-note" }} role="status" id={format!("{id}-note")}>
                    { message.clone() }
                </p>
                if let Some(text) = text {
                    <textarea readonly=true rows="6" aria-label={t!("export.text-to-copy")} value={text.clone()}
                        onfocus={Callback::from(|e: FocusEvent| {
                            if let Some(t) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() { t.select(); }
                        })} />
                }
            }
        </div>
    }
}
