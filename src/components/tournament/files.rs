//! Files in and out of the browser: a download made from text, and the
//! text of a file the person picked.

use wasm_bindgen::JsCast;

/// Offers `text` as a file download called `name`. The error says why not.
pub fn download(name: &str, mime: &str, text: &str) -> Result<(), String> {
    let fail = |e: wasm_bindgen::JsValue| format!("{e:?}");
    let parts = js_sys::Array::of1(&wasm_bindgen::JsValue::from_str(text));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options).map_err(fail)?;
    let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(fail)?;
    let document = gloo::utils::document();
    let a: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(fail)?
        .dyn_into()
        .map_err(|_| "no link element".to_string())?;
    a.set_href(&url);
    a.set_download(name);
    a.set_class_name("sr-only");
    let body = document.body().ok_or("no page body")?;
    body.append_child(&a).map_err(fail)?;
    a.click();
    a.remove();
    let _ = web_sys::Url::revoke_object_url(&url);
    Ok(())
}

/// A file name from a title: "Troop 12 open" → "troop-12-open".
#[must_use]
pub fn slug(title: &str) -> String {
    let mut out = String::new();
    for c in title.chars() {
        if !(c.is_ascii_punctuation() || c.is_whitespace() || c.is_control()) {
            out.push(c.to_ascii_lowercase());
        } else if !out.ends_with('-') && !out.is_empty() {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() {
        "tournament".into()
    } else {
        out.chars().take(60).collect()
    }
}

/// Reads the file picked in an `<input type="file">` and calls `done` with
/// its name and text (or a message saying why it could not be read).
pub fn read_picked(
    input: &web_sys::HtmlInputElement,
    done: impl FnOnce(String, Result<String, String>) + 'static,
) {
    let Some(file) = input.files().and_then(|f| f.get(0)) else {
        return;
    };
    input.set_value("");
    let name = file.name();
    if file.size() > 2_000_000.0 {
        done(
            name,
            Err("the file is larger than 2 MB, too large for a tournament file".into()),
        );
        return;
    }
    wasm_bindgen_futures::spawn_local(async move {
        let text = wasm_bindgen_futures::JsFuture::from(file.text()).await;
        let text = match text {
            Ok(v) => v
                .as_string()
                .ok_or_else(|| "the file is not text".to_string()),
            Err(_) => Err("the browser could not read the file".to_string()),
        };
        done(name, text);
    });
}
