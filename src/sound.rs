//! The game's sounds, synthesised with the Web Audio API (no sound files):
//! a few short notes per [`Sound`]. Nothing plays before the person's first
//! gesture on the page (browsers' autoplay rules: [`unlock_on_gesture`]),
//! nor while the page is hidden, nor when sounds are off. (The end-to-end
//! tests hear them by wrapping the Web Audio API in the page: no hook of
//! theirs is shipped.) Which sound a game calls for is decided in
//! [`crate::core::game_events`]; [`crate::hooks::use_game_events`] calls
//! [`play`]; the clocks can call it with [`Sound::ClockLow`].

use std::cell::RefCell;

use gloo::events::EventListener;
use wasm_bindgen::JsValue;
use web_sys::{AudioContext, OscillatorType};

use crate::core::game_events::Sound;
use crate::core::preferences::Preferences;

#[derive(Default)]
struct Audio {
    context: Option<AudioContext>,
    unlocked: bool,
    listeners: Vec<EventListener>,
}

thread_local! {
    static AUDIO: RefCell<Audio> = RefCell::new(Audio::default());
}

/// One note: wave, frequency at its start and end (Hz), start and length
/// (seconds), loudness (0–1).
struct Note(OscillatorType, f32, f32, f64, f64, f32);

fn notes(sound: Sound) -> Vec<Note> {
    use OscillatorType::{Sawtooth, Sine, Square, Triangle};
    match sound {
        Sound::Move => vec![Note(Triangle, 520.0, 380.0, 0.0, 0.07, 0.9)],
        Sound::Capture => vec![
            Note(Triangle, 330.0, 250.0, 0.0, 0.06, 1.0),
            Note(Square, 220.0, 160.0, 0.05, 0.09, 0.45),
        ],
        Sound::MultiCapture => vec![
            Note(Triangle, 440.0, 400.0, 0.0, 0.06, 1.0),
            Note(Triangle, 350.0, 310.0, 0.07, 0.06, 1.0),
            Note(Square, 260.0, 180.0, 0.14, 0.1, 0.45),
        ],
        Sound::Consume => vec![
            Note(Sawtooth, 200.0, 60.0, 0.0, 0.28, 0.55),
            Note(Sine, 90.0, 50.0, 0.0, 0.3, 0.8),
        ],
        Sound::Crown => vec![
            Note(Sine, 523.0, 523.0, 0.0, 0.09, 0.8),
            Note(Sine, 659.0, 659.0, 0.08, 0.09, 0.8),
            Note(Sine, 784.0, 784.0, 0.16, 0.16, 0.8),
        ],
        Sound::Illegal => vec![
            Note(Square, 150.0, 140.0, 0.0, 0.07, 0.35),
            Note(Square, 150.0, 140.0, 0.1, 0.07, 0.35),
        ],
        Sound::ClockLow => vec![Note(Sine, 1200.0, 1200.0, 0.0, 0.035, 0.6)],
        Sound::Win => vec![
            Note(Triangle, 523.0, 523.0, 0.0, 0.12, 0.8),
            Note(Triangle, 659.0, 659.0, 0.12, 0.12, 0.8),
            Note(Triangle, 784.0, 784.0, 0.24, 0.12, 0.8),
            Note(Triangle, 1047.0, 1047.0, 0.36, 0.3, 0.8),
        ],
        Sound::Loss => vec![
            Note(Triangle, 392.0, 392.0, 0.0, 0.16, 0.8),
            Note(Triangle, 311.0, 311.0, 0.16, 0.16, 0.8),
            Note(Triangle, 262.0, 250.0, 0.32, 0.4, 0.8),
        ],
        Sound::Draw => vec![
            Note(Sine, 440.0, 440.0, 0.0, 0.16, 0.7),
            Note(Sine, 440.0, 440.0, 0.22, 0.22, 0.7),
        ],
    }
}

/// From the person's first gesture on the page (a click, a tap, a key)
/// sounds may play. The gesture itself only notes that (and resumes an
/// audio context the browser suspended): the context is made by the first
/// sound, so that the first tap on the page does not pay for it before the
/// screen answers.
pub fn unlock_on_gesture() {
    let Some(window) = web_sys::window() else {
        return;
    };
    AUDIO.with(|a| {
        let mut a = a.borrow_mut();
        if !a.listeners.is_empty() {
            return;
        }
        for event in ["pointerdown", "keydown"] {
            a.listeners
                .push(EventListener::new(&window, event, |_| unlock()));
        }
    });
}

fn unlock() {
    AUDIO.with(|a| {
        let mut a = a.borrow_mut();
        a.unlocked = true;
        if let Some(c) = &a.context {
            if c.state() == web_sys::AudioContextState::Suspended {
                let _ = c.resume();
            }
        }
    });
}

/// The audio context, made the first time a sound plays after a gesture.
fn context() -> Option<AudioContext> {
    AUDIO.with(|a| {
        let mut a = a.borrow_mut();
        if !a.unlocked {
            return None;
        }
        if a.context.is_none() {
            a.context = AudioContext::new().ok();
            if let Some(c) = &a.context {
                let _ = c.resume();
            }
        }
        a.context.clone()
    })
}

/// Plays a sound if the preferences allow it, the page is shown and the
/// person has interacted with it.
pub fn play(sound: Sound, prefs: &Preferences) {
    if !prefs.sound || prefs.volume == 0 || crate::browser::page_hidden() {
        return;
    }
    let Some(context) = context() else {
        return;
    };
    let volume = f32::from(prefs.volume) / 100.0 * 0.3;
    let now = context.current_time();
    for Note(wave, f0, f1, at, length, loud) in notes(sound) {
        let _ = note(&context, wave, f0, f1, now + at, length, volume * loud);
    }
}

/// Plays a sound now (the Settings screen's "Play a sound": a click, so
/// the sound is allowed).
pub fn play_now(sound: Sound, prefs: Preferences) {
    unlock();
    play(sound, &prefs);
}

fn note(
    c: &AudioContext,
    wave: OscillatorType,
    f0: f32,
    f1: f32,
    start: f64,
    length: f64,
    peak: f32,
) -> Result<(), JsValue> {
    let osc = c.create_oscillator()?;
    let gain = c.create_gain()?;
    osc.set_type(wave);
    let f = osc.frequency();
    f.set_value_at_time(f0, start)?;
    if (f1 - f0).abs() > f32::EPSILON {
        f.exponential_ramp_to_value_at_time(f1, start + length)?;
    }
    let g = gain.gain();
    g.set_value_at_time(0.0, start)?;
    g.linear_ramp_to_value_at_time(peak.max(0.0001), start + 0.006)?;
    g.exponential_ramp_to_value_at_time(0.0001, start + length)?;
    osc.connect_with_audio_node(&gain)?;
    gain.connect_with_audio_node(&c.destination())?;
    osc.start_with_when(start)?;
    osc.stop_with_when(start + length + 0.02)?;
    Ok(())
}
