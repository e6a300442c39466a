//! The WebRTC connection of live play (docs/live.md): one peer
//! connection with one data channel, set up without trickle ICE, so that
//! each side's whole description (its candidates included) fits one link.
//! What crosses the channel is the core's business
//! (`tiers_core::live`); this module only moves text.

use std::cell::RefCell;
use std::rc::Rc;

use gloo::timers::future::TimeoutFuture;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelEvent, RtcIceGatheringState,
    RtcIceServer, RtcPeerConnection, RtcPeerConnectionState, RtcSdpType, RtcSessionDescriptionInit,
};
use yew::Callback;

/// What the connection reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RtcEvent {
    /// The data channel is open.
    Open,
    /// A text message arrived.
    Message(String),
    /// The connection was lost (or could not be made).
    Lost,
}

/// The event handlers a peer keeps alive.
type Handlers = Vec<Closure<dyn FnMut(JsValue)>>;

/// One side of a live connection.
pub struct Peer {
    pc: RtcPeerConnection,
    channel: Rc<RefCell<Option<RtcDataChannel>>>,
    // The handlers live as long as the peer.
    _handlers: Handlers,
}

impl PartialEq for Peer {
    fn eq(&self, other: &Self) -> bool {
        self.pc == other.pc
    }
}

fn err(what: &str) -> impl Fn(JsValue) -> String + '_ {
    move |e: JsValue| {
        let why = js_sys::Reflect::get(&e, &"message".into())
            .ok()
            .and_then(|m| m.as_string())
            .unwrap_or_default();
        if why.is_empty() {
            what.to_string()
        } else {
            format!("{what}: {why}")
        }
    }
}

fn watch_channel(dc: &RtcDataChannel, on_event: &Callback<RtcEvent>, handlers: &mut Handlers) {
    let cb = on_event.clone();
    let open = Closure::<dyn FnMut(JsValue)>::new(move |_| cb.emit(RtcEvent::Open));
    dc.set_onopen(Some(open.as_ref().unchecked_ref()));
    let cb = on_event.clone();
    let message = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
        if let Some(text) = e
            .dyn_ref::<MessageEvent>()
            .and_then(|m| m.data().as_string())
        {
            cb.emit(RtcEvent::Message(text));
        }
    });
    dc.set_onmessage(Some(message.as_ref().unchecked_ref()));
    let cb = on_event.clone();
    let close = Closure::<dyn FnMut(JsValue)>::new(move |_| cb.emit(RtcEvent::Lost));
    dc.set_onclose(Some(close.as_ref().unchecked_ref()));
    handlers.extend([open, message, close]);
}

impl Peer {
    /// A peer connection using these STUN servers (none: the devices'
    /// own addresses only, which is enough on one network).
    pub fn new(stun: &[String], on_event: Callback<RtcEvent>) -> Result<Peer, String> {
        let config = RtcConfiguration::new();
        let servers = js_sys::Array::new();
        for url in stun {
            let server = RtcIceServer::new();
            server.set_urls_str(url);
            servers.push(&server);
        }
        config.set_ice_servers(&servers);
        let pc = RtcPeerConnection::new_with_configuration(&config)
            .map_err(err("this browser cannot make a direct connection (WebRTC)"))?;
        let channel: Rc<RefCell<Option<RtcDataChannel>>> = Rc::default();
        let mut handlers = Vec::new();
        // The joiner gets the channel the inviter made.
        let (slot, cb) = (channel.clone(), on_event.clone());
        // (the closure owns them: they live as long as the peer)
        let keep: Rc<RefCell<Handlers>> = Rc::default();
        let on_channel = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            if let Some(dc) = e.dyn_ref::<RtcDataChannelEvent>().map(|e| e.channel()) {
                watch_channel(&dc, &cb, &mut keep.borrow_mut());
                *slot.borrow_mut() = Some(dc);
            }
        });
        pc.set_ondatachannel(Some(on_channel.as_ref().unchecked_ref()));
        handlers.push(on_channel);
        let (pc2, cb) = (pc.clone(), on_event.clone());
        let on_state = Closure::<dyn FnMut(JsValue)>::new(move |_| {
            if matches!(
                pc2.connection_state(),
                RtcPeerConnectionState::Failed
                    | RtcPeerConnectionState::Disconnected
                    | RtcPeerConnectionState::Closed
            ) {
                cb.emit(RtcEvent::Lost);
            }
        });
        pc.set_onconnectionstatechange(Some(on_state.as_ref().unchecked_ref()));
        handlers.push(on_state);
        Ok(Peer {
            pc,
            channel,
            _handlers: handlers,
        })
    }

    /// The inviter's side: makes the channel and the offer; the offer's
    /// description once the candidates are gathered.
    pub async fn offer(&mut self, on_event: &Callback<RtcEvent>) -> Result<String, String> {
        let dc = self.pc.create_data_channel("tiers-live");
        watch_channel(&dc, on_event, &mut self._handlers);
        *self.channel.borrow_mut() = Some(dc);
        let offer = JsFuture::from(self.pc.create_offer())
            .await
            .map_err(err("the browser could not make an offer"))?;
        self.set_local(RtcSdpType::Offer, &offer).await?;
        self.gathered().await
    }

    /// The joiner's side: takes the invite's description and makes the
    /// answer's.
    pub async fn answer(&self, offer_sdp: &str) -> Result<String, String> {
        set_remote(&self.pc, RtcSdpType::Offer, offer_sdp).await?;
        let answer = JsFuture::from(self.pc.create_answer())
            .await
            .map_err(err("the browser could not make an answer"))?;
        self.set_local(RtcSdpType::Answer, &answer).await?;
        self.gathered().await
    }

    /// The inviter's side: takes the answer's description; the channel
    /// opens soon after.
    /// (The future holds no borrow of the peer.)
    pub fn accept(
        &self,
        answer_sdp: &str,
    ) -> impl std::future::Future<Output = Result<(), String>> {
        let (pc, sdp) = (self.pc.clone(), answer_sdp.to_string());
        async move { set_remote(&pc, RtcSdpType::Answer, &sdp).await }
    }

    /// Sends a text over the open channel.
    pub fn send(&self, text: &str) -> Result<(), String> {
        let dc = self.channel.borrow();
        let dc = dc.as_ref().ok_or("not connected")?;
        dc.send_with_str(text)
            .map_err(err("the message could not be sent"))
    }

    async fn set_local(&self, kind: RtcSdpType, made: &JsValue) -> Result<(), String> {
        let sdp = js_sys::Reflect::get(made, &"sdp".into())
            .ok()
            .and_then(|s| s.as_string())
            .unwrap_or_default();
        let init = RtcSessionDescriptionInit::new(kind);
        init.set_sdp(&sdp);
        JsFuture::from(self.pc.set_local_description(&init))
            .await
            .map(|_| ())
            .map_err(err("the browser refused its own description"))
    }

    /// The local description once ICE gathering is complete (or after 10
    /// seconds, with the candidates found by then: a STUN server that does
    /// not answer must not hold the invite up for ever).
    async fn gathered(&self) -> Result<String, String> {
        for _ in 0..100 {
            if self.pc.ice_gathering_state() == RtcIceGatheringState::Complete {
                break;
            }
            TimeoutFuture::new(100).await;
        }
        self.pc
            .local_description()
            .map(|d| d.sdp())
            .ok_or_else(|| "the browser made no description".to_string())
    }
}

async fn set_remote(pc: &RtcPeerConnection, kind: RtcSdpType, sdp: &str) -> Result<(), String> {
    let init = RtcSessionDescriptionInit::new(kind);
    init.set_sdp(sdp);
    JsFuture::from(pc.set_remote_description(&init))
        .await
        .map(|_| ())
        .map_err(err("the browser refused the other device's description"))
}

impl Drop for Peer {
    /// Ends the connection, its handlers taken off first: closing fires
    /// events, and the handlers go with the peer.
    fn drop(&mut self) {
        if let Some(dc) = self.channel.borrow().as_ref() {
            dc.set_onopen(None);
            dc.set_onmessage(None);
            dc.set_onclose(None);
            dc.close();
        }
        self.pc.set_ondatachannel(None);
        self.pc.set_onconnectionstatechange(None);
        self.pc.close();
    }
}

thread_local! {
    /// The page's live connection: it outlives the screen that made it
    /// (the game is played on the play screen).
    static PEER: RefCell<Option<Peer>> = const { RefCell::new(None) };
}

/// Keeps `peer` as the page's connection (ending the one before).
pub fn keep(peer: Peer) {
    let old = PEER.with(|p| p.borrow_mut().replace(peer));
    drop(old);
}

/// Ends the page's connection, if any (before making a new one for the
/// same game: the old one must not report again).
pub fn end() {
    let old = PEER.with(|p| p.borrow_mut().take());
    drop(old);
}

/// Sends a text over the page's connection.
pub fn send(text: &str) -> Result<(), String> {
    PEER.with(|p| match p.borrow().as_ref() {
        Some(peer) => peer.send(text),
        None => Err("not connected".to_string()),
    })
}

/// Takes the answer's description on the page's connection (the
/// inviter's side).
pub async fn accept(answer_sdp: &str) -> Result<(), String> {
    let accepted = PEER.with(|p| p.borrow().as_ref().map(|peer| peer.accept(answer_sdp)));
    match accepted {
        Some(f) => f.await,
        None => Err(crate::t!("live.no-invite")),
    }
}
