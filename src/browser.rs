//! The browser's services other than storage: files (download a text,
//! read a picked file), the clipboard, randomness, the clock and the page's
//! address. Components and hooks call these; the core never does (its
//! randomness and time come in with the actions).

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::core::i18n::errors::FetchError;
use crate::core::i18n::Text;

/// Offers `text` as a file download named `name` (of type `mime`).
pub fn download(name: &str, mime: &str, text: &str) -> Result<(), Text> {
    let parts = js_sys::Array::of1(&JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(|e| {
        gloo::console::warn!(format!("Tiers: download of {name}: {e:?}"));
        Text::new("error.download-failed")
    })?;
    download_blob(name, &blob)
}

/// Offers `blob` as a file download named `name`.
pub fn download_blob(name: &str, blob: &web_sys::Blob) -> Result<(), Text> {
    let fail = |e: JsValue| {
        gloo::console::warn!(format!("Tiers: download of {name}: {e:?}"));
        Text::new("error.download-failed")
    };
    let document = gloo::utils::document();
    let url = web_sys::Url::create_object_url_with_blob(blob).map_err(fail)?;
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(fail)?
        .dyn_into()
        .map_err(|_| Text::new("error.download-failed"))?;
    a.set_href(&url);
    a.set_download(name);
    a.set_hidden(true);
    let body = document.body().ok_or(Text::new("error.download-failed"))?;
    body.append_child(&a).map_err(fail)?;
    a.click();
    a.remove();
    // Let the download start before the URL goes.
    gloo::timers::callback::Timeout::new(10_000, move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    })
    .forget();
    Ok(())
}

/// Draws the SVG document `svg` on a canvas of `size`×`size` pixels and
/// gives it as a PNG. The SVG goes in as a `data:` address (the page's CSP
/// allows `img-src data:`); it must be self-contained (no other files).
pub async fn svg_to_png(svg: &str, size: u32) -> Result<web_sys::Blob, Text> {
    let fail = |e: JsValue| {
        gloo::console::warn!(format!("Tiers: picture: {e:?}"));
        Text::new("error.picture-failed")
    };
    let document = gloo::utils::document();
    let img: web_sys::HtmlImageElement = document
        .create_element("img")
        .map_err(fail)?
        .dyn_into()
        .map_err(|_| Text::new("error.picture-failed"))?;
    img.set_src(&format!(
        "data:image/svg+xml;charset=utf-8,{}",
        String::from(js_sys::encode_uri_component(svg))
    ));
    JsFuture::from(img.decode()).await.map_err(fail)?;
    let canvas: web_sys::HtmlCanvasElement = document
        .create_element("canvas")
        .map_err(fail)?
        .dyn_into()
        .map_err(|_| Text::new("error.picture-failed"))?;
    canvas.set_width(size);
    canvas.set_height(size);
    let ctx: web_sys::CanvasRenderingContext2d = canvas
        .get_context("2d")
        .map_err(fail)?
        .ok_or(Text::new("error.picture-failed"))?
        .dyn_into()
        .map_err(|_| Text::new("error.picture-failed"))?;
    let side = f64::from(size);
    ctx.draw_image_with_html_image_element_and_dw_and_dh(&img, 0.0, 0.0, side, side)
        .map_err(fail)?;
    // `toBlob` answers through a callback: a promise around it.
    let made = js_sys::Promise::new(&mut |done, refused| {
        let no = refused.clone();
        let back = wasm_bindgen::closure::Closure::once_into_js(move |blob: JsValue| {
            let _ = if blob.is_null() {
                no.call0(&JsValue::NULL)
            } else {
                done.call1(&JsValue::NULL, &blob)
            };
        });
        if let Err(e) = canvas.to_blob_with_type(back.unchecked_ref(), "image/png") {
            let _ = refused.call1(&JsValue::NULL, &e);
        }
    });
    JsFuture::from(made)
        .await
        .map_err(fail)?
        .dyn_into::<web_sys::Blob>()
        .map_err(|_| Text::new("error.picture-failed"))
}

/// The bytes of `blob`.
pub async fn blob_bytes(blob: &web_sys::Blob) -> Result<Vec<u8>, Text> {
    let buffer = JsFuture::from(blob.array_buffer())
        .await
        .map_err(|_| Text::new("error.picture-failed"))?;
    Ok(js_sys::Uint8Array::new(&buffer).to_vec())
}

/// A blob of `bytes`, of type `mime`.
pub fn bytes_blob(bytes: &[u8], mime: &str) -> Result<web_sys::Blob, Text> {
    let array = js_sys::Uint8Array::from(bytes);
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    web_sys::Blob::new_with_u8_array_sequence_and_options(&js_sys::Array::of1(&array), &options)
        .map_err(|_| Text::new("error.picture-failed"))
}

/// Whether this browser can hand a file to another app (the Web Share API
/// with files: phones, mostly).
pub fn can_share_files(name: &str, blob: &web_sys::Blob) -> bool {
    file_share_data(name, blob).is_some()
}

/// The Web Share API's data for one file, if the browser says it can share it.
fn file_share_data(name: &str, blob: &web_sys::Blob) -> Option<js_sys::Object> {
    let navigator = gloo::utils::window().navigator();
    let can = js_sys::Reflect::get(&navigator, &"canShare".into())
        .ok()?
        .dyn_into::<js_sys::Function>()
        .ok()?;
    let parts = js_sys::Array::of1(blob);
    let options = web_sys::FilePropertyBag::new();
    options.set_type(&blob.type_());
    let file = web_sys::File::new_with_blob_sequence_and_options(&parts, name, &options).ok()?;
    let data = js_sys::Object::new();
    js_sys::Reflect::set(&data, &"files".into(), &js_sys::Array::of1(&file)).ok()?;
    can.call1(&navigator, &data)
        .ok()?
        .as_bool()
        .unwrap_or(false)
        .then_some(data)
}

/// Hands the file `blob` named `name` to another app (Web Share API).
/// `Ok(false)`: the person closed the share sheet.
pub async fn share_file(name: &str, blob: &web_sys::Blob) -> Result<bool, Text> {
    let data = file_share_data(name, blob).ok_or(Text::new("error.share-none"))?;
    call_share(&data).await
}

/// Calls `navigator.share(data)`: `Ok(true)` shared, `Ok(false)` the share
/// sheet closed (`AbortError`), an error: not possible or refused.
async fn call_share(data: &JsValue) -> Result<bool, Text> {
    let navigator = gloo::utils::window().navigator();
    let share = js_sys::Reflect::get(&navigator, &"share".into())
        .ok()
        .and_then(|v| v.dyn_into::<js_sys::Function>().ok())
        .ok_or(Text::new("error.share-none"))?;
    let promise = share
        .call1(&navigator, data)
        .map_err(|_| Text::new("error.share-refused"))?
        .dyn_into::<js_sys::Promise>()
        .map_err(|_| Text::new("error.share-none"))?;
    match JsFuture::from(promise).await {
        Ok(_) => Ok(true),
        Err(e) => {
            let name = js_sys::Reflect::get(&e, &"name".into())
                .ok()
                .and_then(|n| n.as_string())
                .unwrap_or_default();
            if name == "AbortError" {
                Ok(false)
            } else {
                Err(Text::new("error.share-refused"))
            }
        }
    }
}

/// Copies `text` to the clipboard; the error says why not.
pub async fn copy(text: &str) -> Result<(), Text> {
    let navigator = gloo::utils::window().navigator();
    let has = js_sys::Reflect::get(&navigator, &"clipboard".into())
        .map(|v| !v.is_undefined() && !v.is_null())
        .unwrap_or(false);
    if !has {
        return Err(Text::new("error.clipboard-none"));
    }
    JsFuture::from(navigator.clipboard().write_text(text))
        .await
        .map(|_| ())
        .map_err(|_| Text::new("error.clipboard-refused"))
}

/// Whether the browser can hand a link to another app (the Web Share
/// API, on phones).
#[must_use]
pub fn can_share() -> bool {
    let navigator = gloo::utils::window().navigator();
    js_sys::Reflect::get(&navigator, &"share".into()).is_ok_and(|v| v.is_function())
}

/// Hands `url` to another app through the Web Share API. `Ok(false)`: the
/// person closed the share sheet; an error: sharing is not possible.
pub async fn share(title: &str, text: &str, url: &str) -> Result<bool, Text> {
    let data = js_sys::Object::new();
    for (k, v) in [("title", title), ("text", text), ("url", url)] {
        let _ = js_sys::Reflect::set(&data, &k.into(), &v.into());
    }
    call_share(&data).await
}

/// What [`share_or_copy`] did with a link.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sent {
    /// Handed to another app.
    Shared,
    /// The person closed the share sheet.
    Cancelled,
    /// Copied to the clipboard.
    Copied,
}

/// Hands `url` to another app where the browser can (phones), else copies
/// it; an error says why neither worked.
pub async fn share_or_copy(text: &str, url: &str) -> Result<Sent, Text> {
    if can_share() {
        match share("Tiers", text, url).await {
            Ok(true) => return Ok(Sent::Shared),
            Ok(false) => return Ok(Sent::Cancelled),
            Err(_) => {}
        }
    }
    copy(url).await.map(|()| Sent::Copied)
}

/// Reads the file picked in an `<input type="file">` (at most `max_mb`
/// megabytes)
/// and calls `done` with its name and text, or a message saying why it
/// could not be read. The input is emptied so that the same file can be
/// picked again.
pub fn read_picked(
    input: &web_sys::HtmlInputElement,
    max_mb: u32,
    done: impl FnOnce(String, Result<String, Text>) + 'static,
) {
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    input.set_value("");
    let name = file.name();
    if file.size() > f64::from(max_mb) * 1e6 {
        done(
            name,
            Err(crate::core::text!("error.file-too-large", max = max_mb)),
        );
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        let text = match JsFuture::from(file.text()).await {
            Ok(v) => v
                .as_string()
                .ok_or_else(|| Text::new("error.file-not-text")),
            Err(_) => Err(Text::new("error.file-unreadable")),
        };
        done(name, text);
    });
}

/// A random 64-bit number (shuffles, ballots, formations, computer seeds),
/// from the browser's cryptographic generator.
#[must_use]
pub fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    if getrandom::fill(&mut bytes).is_err() {
        // No generator (it exists in every browser): the clock will do.
        return js_sys::Date::now().to_bits();
    }
    u64::from_le_bytes(bytes)
}

/// A coin toss (a random colour).
#[must_use]
pub fn coin() -> bool {
    random_seed() & 1 == 1
}

/// Milliseconds since 1970.
#[must_use]
pub fn now() -> u64 {
    js_sys::Date::now() as u64
}

/// Today's date on this device (its local calendar), for the daily
/// puzzle.
#[must_use]
pub fn today() -> crate::core::puzzles::modes::Day {
    let d = js_sys::Date::new_0();
    crate::core::puzzles::modes::Day::from_ymd(
        i64::from(d.get_full_year()),
        d.get_month() + 1,
        d.get_date(),
    )
    .unwrap_or(crate::core::puzzles::modes::Day(0))
}

/// Whether the page is shown (not a background tab, not minimised).
#[must_use]
pub fn page_visible() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .is_none_or(|d| !d.hidden())
}

/// Calls `f` whenever the page is hidden or shown again, until the
/// listener returned is dropped.
pub fn on_visibility_change(mut f: impl FnMut() + 'static) -> Option<gloo::events::EventListener> {
    let document = web_sys::window()?.document()?;
    Some(gloo::events::EventListener::new(
        &document,
        "visibilitychange",
        move |_| f(),
    ))
}

/// A new game id: the time in milliseconds and three random digits.
#[must_use]
pub fn new_id() -> u64 {
    now() * 1000 + random_seed() % 1000
}

/// The page's address without its query: the base of share links.
#[must_use]
pub fn page_base() -> String {
    let l = gloo::utils::window().location();
    format!(
        "{}{}",
        l.origin().unwrap_or_default(),
        l.pathname().unwrap_or_default()
    )
}

/// The page address's path and query (`?a=1&b=2`).
#[must_use]
pub fn location() -> (String, String) {
    let l = gloo::utils::window().location();
    (
        l.pathname().unwrap_or_default(),
        l.search().unwrap_or_default(),
    )
}

/// Takes the query off the page's address (a share link opened once is
/// not opened again by a reload).
pub fn forget_query() {
    if let Ok(h) = gloo::utils::window().history() {
        let _ = h.replace_state_with_url(&JsValue::NULL, "", Some(&page_base()));
    }
}

/// Fetches a text file of the site (`path` relative to the page: lazily
/// loaded data such as `data/courses/tiers.txt`, which the service worker
/// precaches for offline use); the error says why it could not be had.
pub async fn fetch_text(path: &str) -> Result<String, FetchError> {
    let response = JsFuture::from(gloo::utils::window().fetch_with_str(path))
        .await
        .map_err(|_| FetchError::Unreachable)?;
    let response: web_sys::Response = response.dyn_into().map_err(|_| FetchError::Unreachable)?;
    if !response.ok() {
        return Err(FetchError::Status(response.status()));
    }
    let text = response.text().map_err(|_| FetchError::Unreadable)?;
    JsFuture::from(text)
        .await
        .ok()
        .and_then(|t| t.as_string())
        .ok_or(FetchError::Unreadable)
}

/// The device's answer to a media query (`(prefers-reduced-motion:
/// reduce)`), as a `MediaQueryList` (through `Reflect`: no extra web-sys
/// feature).
fn media(query: &str) -> Option<JsValue> {
    let window = web_sys::window()?;
    js_sys::Reflect::get(&window, &"matchMedia".into())
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
        .and_then(|f| f.call1(&window, &query.into()).ok())
}

fn matches(list: &JsValue) -> bool {
    js_sys::Reflect::get(list, &"matches".into())
        .ok()
        .and_then(|m| m.as_bool())
        .unwrap_or(false)
}

/// Whether the device prefers light pages (`prefers-color-scheme: light`).
#[must_use]
pub fn prefers_light() -> bool {
    media("(prefers-color-scheme: light)").is_some_and(|q| matches(&q))
}

/// Calls `changed` with whether the device prefers light pages whenever
/// that changes, as long as the listener returned is kept.
pub fn on_scheme_change(changed: impl Fn(bool) + 'static) -> Option<gloo::events::EventListener> {
    let list = media("(prefers-color-scheme: light)")?;
    let target = list.clone().dyn_into::<web_sys::EventTarget>().ok()?;
    Some(gloo::events::EventListener::new(
        &target,
        "change",
        move |_| {
            changed(matches(&list));
        },
    ))
}

/// Whether the device asks for less motion (`prefers-reduced-motion`).
#[must_use]
pub fn reduced_motion() -> bool {
    media("(prefers-reduced-motion: reduce)").is_some_and(|q| matches(&q))
}

/// How long moves take against the normal speed (1.0, 0.5 when fast), or
/// None when pieces do not slide (the Settings screen's animation off, or
/// the device asks for reduced motion). Read from the root element's
/// classes (`anim-off`, `anim-fast`), set from the preferences.
#[must_use]
pub fn motion_speed() -> Option<f64> {
    if reduced_motion() {
        return None;
    }
    let classes = gloo::utils::document()
        .document_element()
        .map(|e| e.class_name())
        .unwrap_or_default();
    let has = |c: &str| classes.split_whitespace().any(|x| x == c);
    if has("anim-off") {
        None
    } else if has("anim-fast") {
        Some(0.5)
    } else {
        Some(1.0)
    }
}

/// Sets the classes of the page's root element (the preferences' look:
/// [`crate::core::preferences::Preferences::root_classes`]).
pub fn set_root_classes(classes: &str) {
    if let Some(root) = gloo::utils::document().document_element() {
        if root.class_name() != classes {
            root.set_class_name(classes);
        }
    }
}

/// Whether the page is hidden (another tab, minimised).
#[must_use]
pub fn page_hidden() -> bool {
    gloo::utils::document().hidden()
}
