//! The page's language: the current catalogue (installed before the first
//! render from what assets/boot.js fetched while the wasm loaded, or on a
//! switch in Settings), English fetched as the fallback only if the
//! current catalogue lacks a key, numbers and dates written the
//! language's way through the browser's `Intl`, and the page's `lang`.
//! Views say a message with [`crate::t!`] or [`say`]; the format of the
//! files: docs/content-formats.md, "Message catalogues".

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::JsValue;
use yew::Callback;

use crate::browser;
use crate::core::i18n::{Catalogue, Lang, Text};
use crate::storage;

#[derive(Default)]
struct State {
    lang: Lang,
    current: Option<Rc<Catalogue>>,
    english: Option<Rc<Catalogue>>,
    /// English has been asked for (once).
    english_asked: bool,
    /// Told when a catalogue arrives (the app redraws).
    changed: Option<Callback<()>>,
}

thread_local! {
    static STATE: RefCell<State> = RefCell::new(State::default());
}

/// The page's language.
#[must_use]
pub fn lang() -> Lang {
    STATE.with(|s| s.borrow().lang)
}

/// The catalogue file of a language (relative to the page).
#[must_use]
pub fn catalogue_path(lang: Lang) -> String {
    format!("i18n/{}.txt", lang.tag())
}

/// Makes `text` (a catalogue of `lang`) the page's words; a file that does
/// not parse is reported on the console and English is used instead.
pub fn install(lang: Lang, text: &str) {
    let parsed = Catalogue::parse(lang.tag(), text);
    if let Err(e) = &parsed {
        gloo::console::error!(format!(
            "Tiers: the catalogue {}: {e}",
            catalogue_path(lang)
        ));
    }
    STATE.with(|s| {
        let mut s = s.borrow_mut();
        s.lang = lang;
        s.current = parsed.ok().map(Rc::new);
        if lang == Lang::En {
            s.english = s.current.clone();
        }
    });
    set_page_lang(lang);
}

/// Sets `<html lang>`.
fn set_page_lang(lang: Lang) {
    if let Some(root) = gloo::utils::document().document_element() {
        let _ = root.set_attribute("lang", lang.tag());
    }
}

/// Starts the page's language from what assets/boot.js left in
/// `window.tiersLanguage` (`{lang, text}`): the chosen or browser's
/// language and its catalogue's text.
pub fn start() {
    let found = js_sys::Reflect::get(&gloo::utils::window(), &"tiersLanguage".into()).ok();
    let field = |name: &str| {
        found
            .as_ref()
            .and_then(|f| js_sys::Reflect::get(f, &name.into()).ok())
            .and_then(|v| v.as_string())
    };
    let lang = field("lang")
        .and_then(|t| Lang::from_tag(&t))
        .unwrap_or_default();
    match field("text") {
        Some(text) => install(lang, &text),
        None => {
            STATE.with(|s| s.borrow_mut().lang = lang);
            ask_english();
        }
    }
}

/// Tells `f` when a catalogue arrives or changes (the app redraws).
pub fn on_change(f: Callback<()>) {
    STATE.with(|s| s.borrow_mut().changed = Some(f));
}

fn changed() {
    if let Some(f) = STATE.with(|s| s.borrow().changed.clone()) {
        f.emit(());
    }
}

/// Fetches English, the fallback of missing keys (once).
fn ask_english() {
    let asked = STATE.with(|s| std::mem::replace(&mut s.borrow_mut().english_asked, true));
    if asked {
        return;
    }
    wasm_bindgen_futures::spawn_local(async {
        if let Ok(text) = browser::fetch_text(&catalogue_path(Lang::En)).await {
            if let Ok(c) = Catalogue::parse(Lang::En.tag(), &text) {
                STATE.with(|s| s.borrow_mut().english = Some(Rc::new(c)));
                changed();
            }
        }
    });
}

/// Switches the page to `lang`, kept on the device: fetches its catalogue
/// (English when it has none), then redraws.
pub fn switch(lang: Lang) {
    storage::set_language(lang.tag());
    wasm_bindgen_futures::spawn_local(async move {
        match browser::fetch_text(&catalogue_path(lang)).await {
            Ok(text) => install(lang, &text),
            Err(e) => {
                gloo::console::warn!(format!("Tiers: no catalogue for {}: {e}", lang.tag()));
                STATE.with(|s| {
                    let mut s = s.borrow_mut();
                    s.lang = lang;
                    s.current = None;
                });
                set_page_lang(lang);
                ask_english();
            }
        }
        changed();
    });
}

thread_local! {
    /// The language's `Intl.NumberFormat`'s `format`, made once per
    /// language: `Number.toLocaleString` builds a new formatter on every
    /// call, which cost the new game screen's first render 155 ms of a
    /// slowed-down phone's time for its numbers (docs/measurements.md,
    /// "Load time").
    static NUMBERS: RefCell<Option<(Lang, js_sys::Function)>> = const { RefCell::new(None) };
    /// The same for dates and times (the archive lists one per game).
    static DATES: RefCell<Option<(Lang, js_sys::Function)>> = const { RefCell::new(None) };
}

/// `value` written by the language's formatter kept in `cache` (made by
/// `make` from the language's locale list the first time, and again
/// after a change of language).
fn formatted(
    cache: &'static std::thread::LocalKey<RefCell<Option<(Lang, js_sys::Function)>>>,
    make: impl FnOnce(&js_sys::Array) -> js_sys::Function,
    value: f64,
) -> Option<String> {
    let lang = lang();
    let format = cache.with(|cell| {
        let mut cell = cell.borrow_mut();
        match &*cell {
            Some((made_for, format)) if *made_for == lang => format.clone(),
            _ => {
                let format = make(&js_sys::Array::of1(&lang.tag().into()));
                *cell = Some((lang, format.clone()));
                format
            }
        }
    });
    format
        .call1(&JsValue::NULL, &JsValue::from_f64(value))
        .ok()?
        .as_string()
}

/// Writes a whole number the language's way (`1,234`, `1 234`, `1.234`).
#[must_use]
pub fn number(n: i64) -> String {
    // Below a thousand every shipped language writes the plain digits; the
    // first `Intl.NumberFormat` costs a slowed-down phone 75 ms (its locale
    // data), which the first screens, whose numbers are all small, skip.
    if (0..1000).contains(&n) {
        return n.to_string();
    }
    let make = |locales: &js_sys::Array| {
        js_sys::Intl::NumberFormat::new(locales, &js_sys::Object::new()).format()
    };
    formatted(&NUMBERS, make, n as f64).unwrap_or_else(|| n.to_string())
}

/// A date and time (milliseconds since 1970) the language's way, in the
/// device's time zone.
#[must_use]
pub fn date_time(ms: u64) -> String {
    let make = |locales: &js_sys::Array| {
        let options = js_sys::Object::new();
        let _ = js_sys::Reflect::set(&options, &"dateStyle".into(), &"medium".into());
        let _ = js_sys::Reflect::set(&options, &"timeStyle".into(), &"short".into());
        js_sys::Intl::DateTimeFormat::new(locales, &options).format()
    };
    formatted(&DATES, make, ms as f64).unwrap_or_default()
}

/// The message `text` in the page's language (English when its catalogue
/// lacks the key; nothing, never the key, while English is on its way).
#[must_use]
pub fn say(text: &Text) -> String {
    let (current, english) = STATE.with(|s| {
        let s = s.borrow();
        (s.current.clone(), s.english.clone())
    });
    if let Some(words) = current.as_ref().and_then(|c| c.render(text, &number)) {
        return words;
    }
    if let Some(words) = english.as_ref().and_then(|c| c.render(text, &number)) {
        return words;
    }
    if english.is_none() {
        ask_english();
    }
    String::new()
}

/// Says a message of the catalogue: `t!("key")`, `t!("key", name = value,
/// count = n)` (an argument is words, a number or another [`Text`]).
#[macro_export]
macro_rules! t {
    ($key:literal $(, $name:ident = $value:expr)* $(,)?) => {
        $crate::i18n::say(&$crate::core::text!($key $(, $name = $value)*))
    };
}
