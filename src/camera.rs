//! Reading a QR code with the device's camera (live play's links,
//! docs/live.md, "Scanning a code"): the browser's `BarcodeDetector`
//! (Shape Detection API) over the rear camera's video. Where the browser
//! has no detector for QR codes (Firefox, Chromium on Linux and Windows)
//! [`can_scan`] says so and the page offers only the paste box.
//!
//! The detector is not in `web-sys`: it is reached through `Reflect` on
//! the global object, after feature detection, so a browser without it
//! never calls it.

use std::cell::Cell;
use std::rc::Rc;

use gloo::timers::future::TimeoutFuture;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{HtmlVideoElement, MediaStream, MediaStreamConstraints, MediaStreamTrack};

/// How long the detector rests between two looks at the video (a look is
/// the browser's work, off the page's thread; the rest keeps a slow phone
/// cool).
const REST_MS: u32 = 150;

/// Why the camera could not be used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CameraError {
    /// The person (or the browser's settings) refused the camera.
    Refused,
    /// The device has no camera.
    Missing,
    /// The camera is used by another app or cannot be started.
    Busy,
    /// Anything else the browser said.
    Other,
}

impl CameraError {
    /// The catalogue key of the message saying so.
    #[must_use]
    pub fn key(self) -> &'static str {
        match self {
            CameraError::Refused => "live.scan-refused",
            CameraError::Missing => "live.scan-no-camera",
            CameraError::Busy => "live.scan-busy",
            CameraError::Other => "live.scan-failed",
        }
    }

    /// From the name of the `DOMException` `getUserMedia` rejects with.
    fn of(e: &JsValue) -> CameraError {
        let name = js_sys::Reflect::get(e, &"name".into())
            .ok()
            .and_then(|n| n.as_string())
            .unwrap_or_default();
        match name.as_str() {
            "NotAllowedError" | "SecurityError" | "PermissionDeniedError" => CameraError::Refused,
            "NotFoundError" | "OverconstrainedError" | "DevicesNotFoundError" => {
                CameraError::Missing
            }
            "NotReadableError" | "AbortError" | "TrackStartError" => CameraError::Busy,
            _ => CameraError::Other,
        }
    }
}

fn global() -> JsValue {
    js_sys::global().into()
}

fn detector_class() -> Option<js_sys::Function> {
    js_sys::Reflect::get(&global(), &"BarcodeDetector".into())
        .ok()
        .and_then(|c| c.dyn_into::<js_sys::Function>().ok())
}

/// Whether this browser can read QR codes from the camera: it has
/// `BarcodeDetector` with the `qr_code` format, and a camera API.
pub async fn can_scan() -> bool {
    let Some(class) = detector_class() else {
        return false;
    };
    let has_camera = web_sys::window()
        .map(|w| w.navigator())
        .and_then(|n| js_sys::Reflect::get(&n, &"mediaDevices".into()).ok())
        .is_some_and(|m| !m.is_undefined() && !m.is_null());
    if !has_camera {
        return false;
    }
    let Ok(formats) = js_sys::Reflect::get(&class, &"getSupportedFormats".into())
        .and_then(|f| f.dyn_into::<js_sys::Function>())
        .and_then(|f| f.call0(&class))
    else {
        return false;
    };
    let Ok(promise) = formats.dyn_into::<js_sys::Promise>() else {
        return false;
    };
    match JsFuture::from(promise).await {
        Ok(list) => js_sys::Array::from(&list)
            .iter()
            .any(|f| f.as_string().as_deref() == Some("qr_code")),
        Err(_) => false,
    }
}

/// The rear camera's stream (the front one where there is no other).
async fn open_camera() -> Result<MediaStream, CameraError> {
    let devices = web_sys::window()
        .ok_or(CameraError::Other)?
        .navigator()
        .media_devices()
        .map_err(|e| CameraError::of(&e))?;
    let video = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&video, &"facingMode".into(), &"environment".into());
    let constraints = MediaStreamConstraints::new();
    constraints.set_video(&video);
    constraints.set_audio(&JsValue::FALSE);
    let promise = devices
        .get_user_media_with_constraints(&constraints)
        .map_err(|e| CameraError::of(&e))?;
    JsFuture::from(promise)
        .await
        .map_err(|e| CameraError::of(&e))?
        .dyn_into::<MediaStream>()
        .map_err(|_| CameraError::Other)
}

fn stop(stream: &MediaStream) {
    for track in stream.get_tracks().iter() {
        if let Ok(t) = track.dyn_into::<MediaStreamTrack>() {
            t.stop();
        }
    }
}

/// A scan in progress: the camera's stream shown in a video element and
/// looked at by the detector until a code is read. Dropping it (the
/// person cancels, or the screen goes) stops the camera at once.
pub struct Scan {
    stopped: Rc<Cell<bool>>,
    stream: Rc<std::cell::RefCell<Option<MediaStream>>>,
}

impl Scan {
    /// Opens the camera into `video` and looks for a QR code: `on_read`
    /// gets its text (once; the camera is then stopped), `on_error` why
    /// the camera could not be used.
    pub fn start(
        video: HtmlVideoElement,
        on_read: yew::Callback<String>,
        on_error: yew::Callback<CameraError>,
    ) -> Scan {
        let stopped = Rc::new(Cell::new(false));
        let stream: Rc<std::cell::RefCell<Option<MediaStream>>> = Rc::default();
        let scan = Scan {
            stopped: stopped.clone(),
            stream: stream.clone(),
        };
        wasm_bindgen_futures::spawn_local(async move {
            let media = match open_camera().await {
                Ok(m) => m,
                Err(e) => {
                    if !stopped.get() {
                        on_error.emit(e);
                    }
                    return;
                }
            };
            if stopped.get() {
                // Cancelled while the browser asked for the camera.
                return stop(&media);
            }
            video.set_src_object(Some(&media));
            video.set_muted(true);
            // (Autoplay of a muted video is allowed; a refusal only means
            // the frames come later. The promise is awaited so that its
            // rejection, e.g. "interrupted because the media was removed"
            // when the screen is left at once, is handled, not reported
            // to the page as an unhandled error.)
            if let Ok(playing) = video.play() {
                wasm_bindgen_futures::spawn_local(async move {
                    let _ = JsFuture::from(playing).await;
                });
            }
            // (`Clone::clone`: `MediaStream::clone` is the DOM method that
            // makes a new stream with new tracks.)
            *stream.borrow_mut() = Some(Clone::clone(&media));
            let Some(detector) = detector_class().and_then(|class| {
                let formats = js_sys::Array::of1(&"qr_code".into());
                let options = js_sys::Object::new();
                js_sys::Reflect::set(&options, &"formats".into(), &formats).ok()?;
                js_sys::Reflect::construct(&class, &js_sys::Array::of1(&options)).ok()
            }) else {
                stop(&media);
                on_error.emit(CameraError::Other);
                return;
            };
            let detect = js_sys::Reflect::get(&detector, &"detect".into())
                .ok()
                .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
            let Some(detect) = detect else {
                stop(&media);
                on_error.emit(CameraError::Other);
                return;
            };
            while !stopped.get() {
                // No frame yet: nothing to look at.
                if video.ready_state() >= 2 {
                    if let Some(text) = look(&detector, &detect, &video).await {
                        if !stopped.get() {
                            stopped.set(true);
                            stop(&media);
                            on_read.emit(text);
                        }
                        return;
                    }
                }
                TimeoutFuture::new(REST_MS).await;
            }
        });
        scan
    }
}

/// One look at the video: the first QR code's text, if any.
async fn look(
    detector: &JsValue,
    detect: &js_sys::Function,
    video: &HtmlVideoElement,
) -> Option<String> {
    let promise = detect
        .call1(detector, video)
        .ok()?
        .dyn_into::<js_sys::Promise>()
        .ok()?;
    let found = JsFuture::from(promise).await.ok()?;
    js_sys::Array::from(&found)
        .iter()
        .find_map(|code| {
            js_sys::Reflect::get(&code, &"rawValue".into())
                .ok()?
                .as_string()
        })
        .filter(|t| !t.is_empty())
}

impl Drop for Scan {
    fn drop(&mut self) {
        self.stopped.set(true);
        if let Some(s) = self.stream.borrow_mut().take() {
            stop(&s);
        }
    }
}
