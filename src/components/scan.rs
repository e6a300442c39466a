//! The camera's view while a QR code is scanned (live play's links,
//! docs/live.md, "Scanning a code"): the video, what to point it at, and
//! Cancel. The camera runs while this component is shown, and stops as
//! soon as a code is read, Cancel is pressed or the component goes (the
//! screen is left).

use yew::prelude::*;

use crate::camera::{CameraError, Scan};
use crate::t;

/// Props of [`QrScanner`].
#[derive(Properties, PartialEq, Clone)]
pub struct QrScannerProps {
    /// The element id (the video is `<id>-video`, Cancel `<id>-cancel`).
    pub id: AttrValue,
    /// What to point the camera at.
    pub what: AttrValue,
    /// The text of the code read.
    pub on_read: Callback<String>,
    /// Cancel was pressed.
    pub on_cancel: Callback<()>,
    /// The camera could not be used.
    pub on_error: Callback<CameraError>,
}

/// The rear camera's view, looking for a QR code.
#[component]
pub fn QrScanner(props: &QrScannerProps) -> Html {
    let video = use_node_ref();
    let cancel = use_node_ref();
    {
        let (video, cancel) = (video.clone(), cancel.clone());
        let (on_read, on_error) = (props.on_read.clone(), props.on_error.clone());
        use_effect_with((), move |()| {
            // The keyboard's focus goes to Cancel (the one control here).
            if let Some(b) = cancel.cast::<web_sys::HtmlElement>() {
                let _ = b.focus();
            }
            let scan = video
                .cast::<web_sys::HtmlVideoElement>()
                .map(|v| Scan::start(v, on_read, on_error));
            // Gone (a code read, Cancel, the screen left): the camera stops.
            move || drop(scan)
        });
    }
    let on_cancel = props.on_cancel.reform(|_: MouseEvent| ());
    let id = &props.id;
    html! {
        <div class="live-scan" id={id.clone()} role="group" aria-label={t!("live.scan-label")}>
            <p role="status" id={format!("{id}-status")}>{ props.what.clone() }</p>
            <video ref={video} id={format!("{id}-video")} class="live-scan-video"
                aria-label={t!("live.scan-video")} playsinline=true muted=true autoplay=true />
            <button type="button" ref={cancel} id={format!("{id}-cancel")} onclick={on_cancel}>{ t!("live.scan-cancel") }</button>
        </div>
    }
}
