//! The full-strength endgame database: every checkers position of 2 to 5
//! pieces (`tiers egdb pack --pieces 5`, some 46 MB), an optional download
//! in Settings beside the standard 2–4 piece file the AI worker fetches by
//! itself. Settings downloads it with a progress bar into a cache of its
//! own in Cache Storage ([`CACHE`], not the service worker's, which is
//! replaced with every build); the AI worker reads it from there
//! (src/worker.rs) for the top level and the analysis board. Nothing of it
//! is precached: a person who never asks for it never downloads it.
//!
//! Both the page and the worker use this module (Cache Storage is there in
//! either).

use std::cell::Cell;

use js_sys::{Reflect, Uint8Array};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

use crate::core::i18n::errors::FetchError;

/// Where the build puts the file (`./dev build`; not committed): relative
/// to the page, which the worker's script sits beside.
pub const PATH: &str = "./downloads/checkers-5.egdb";

/// The Cache Storage cache that keeps the download.
pub const CACHE: &str = "tiers-endgames";

thread_local! {
    /// Counts the downloads stored and removed by this page: the AI
    /// workers started before a change are replaced (src/hooks/use_ai.rs)
    /// and look again.
    static GENERATION: Cell<u32> = const { Cell::new(0) };
}

/// The page's count of changes to the download (see [`GENERATION`]).
pub fn generation() -> u32 {
    GENERATION.with(Cell::get)
}

fn changed() {
    GENERATION.with(|g| g.set(g.get().wrapping_add(1)));
}

/// Why a download did not end in the cache.
#[derive(Clone, Debug, PartialEq)]
pub enum DownloadError {
    /// The file could not be had (network, server, cut short).
    Fetch(FetchError),
    /// The browser would not keep it (storage full, or Cache Storage
    /// refused in this context): its own words.
    Storage(String),
}

/// Cache Storage, in the page or in a worker; `None` where the browser
/// has none (an insecure context, some private modes).
fn caches() -> Option<web_sys::CacheStorage> {
    let global = js_sys::global();
    if let Some(w) = global.dyn_ref::<web_sys::Window>() {
        return w.caches().ok();
    }
    global
        .dyn_ref::<web_sys::WorkerGlobalScope>()
        .and_then(|w| w.caches().ok())
}

async fn open() -> Option<web_sys::Cache> {
    let cache = JsFuture::from(caches()?.open(CACHE)).await.ok()?;
    cache.dyn_into().ok()
}

/// The stored response, if the download is there.
async fn stored() -> Option<web_sys::Response> {
    let hit = JsFuture::from(open().await?.match_with_str(PATH))
        .await
        .ok()?;
    hit.dyn_into().ok()
}

/// Whether the download is in the cache.
pub async fn is_stored() -> bool {
    stored().await.is_some()
}

/// The stored file's bytes, if the download is there and readable.
pub async fn cached_bytes() -> Option<Vec<u8>> {
    let buffer = JsFuture::from(stored().await?.array_buffer().ok()?)
        .await
        .ok()?;
    Some(Uint8Array::new(&buffer).to_vec())
}

/// Removes the download (nothing happens if it is not there).
pub async fn remove() {
    if let Some(cache) = open().await {
        let _ = JsFuture::from(cache.delete_with_str(PATH)).await;
    }
    changed();
}

/// The file's size in bytes as the server gives it (a `HEAD` request);
/// `None` offline or when the server does not say.
pub async fn size() -> Option<u64> {
    let init = web_sys::RequestInit::new();
    init.set_method("HEAD");
    let window = web_sys::window()?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str_and_init(PATH, &init))
        .await
        .ok()?
        .dyn_into()
        .ok()?;
    if !response.ok() {
        return None;
    }
    let length = response.headers().get("content-length").ok()??;
    length.parse().ok().filter(|&n: &u64| n > 0)
}

/// Downloads the file into the cache, calling `progress` with the bytes
/// received so far and the total when the server says it. The file is
/// kept only when it arrived whole (as many bytes as announced).
pub async fn download(mut progress: impl FnMut(u64, Option<u64>)) -> Result<(), DownloadError> {
    let fetch = |e| DownloadError::Fetch(e);
    let window = web_sys::window().ok_or(fetch(FetchError::Unreachable))?;
    let response: web_sys::Response = JsFuture::from(window.fetch_with_str(PATH))
        .await
        .map_err(|_| fetch(FetchError::Unreachable))?
        .dyn_into()
        .map_err(|_| fetch(FetchError::Unreadable))?;
    if !response.ok() {
        return Err(fetch(FetchError::Status(response.status())));
    }
    // The length of the body as sent; a compressed answer's is not the
    // file's, so it counts only when the answer is not compressed.
    let headers = response.headers();
    let plain = headers
        .get("content-encoding")
        .ok()
        .flatten()
        .is_none_or(|e| e.is_empty() || e == "identity");
    let total = headers
        .get("content-length")
        .ok()
        .flatten()
        .and_then(|n| n.parse::<u64>().ok())
        .filter(|_| plain);
    let body = response.body().ok_or(fetch(FetchError::Unreadable))?;
    let reader: web_sys::ReadableStreamDefaultReader = body
        .get_reader()
        .dyn_into()
        .map_err(|_| fetch(FetchError::Unreadable))?;
    // The parts as they come, kept by the browser (not in the wasm's
    // memory), then one Blob.
    let parts = js_sys::Array::new();
    let mut got = 0u64;
    progress(got, total);
    loop {
        let step = JsFuture::from(reader.read())
            .await
            .map_err(|_| fetch(FetchError::Unreadable))?;
        let done = Reflect::get(&step, &JsValue::from_str("done"))
            .ok()
            .and_then(|d| d.as_bool())
            .unwrap_or(true);
        if done {
            break;
        }
        let chunk: Uint8Array = Reflect::get(&step, &JsValue::from_str("value"))
            .ok()
            .and_then(|v| v.dyn_into().ok())
            .ok_or(fetch(FetchError::Unreadable))?;
        got += u64::from(chunk.length());
        parts.push(&chunk);
        progress(got, total);
    }
    if total.is_some_and(|t| t != got) || got == 0 {
        return Err(fetch(FetchError::Unreadable));
    }
    let blob = web_sys::Blob::new_with_u8_array_sequence(&parts)
        .map_err(|e| DownloadError::Storage(message(&e)))?;
    let whole = web_sys::Response::new_with_opt_blob(Some(&blob))
        .map_err(|e| DownloadError::Storage(message(&e)))?;
    let cache = open()
        .await
        .ok_or_else(|| DownloadError::Storage("Cache Storage is not available".into()))?;
    JsFuture::from(cache.put_with_str(PATH, &whole))
        .await
        .map_err(|e| DownloadError::Storage(message(&e)))?;
    changed();
    Ok(())
}

/// A JavaScript error's message.
fn message(e: &JsValue) -> String {
    e.dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .unwrap_or_else(|| format!("{e:?}"))
}
