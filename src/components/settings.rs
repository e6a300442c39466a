//! The Settings screen: the board theme and piece style (with a preview
//! board of Tiers stacks), light or dark, sound, animation, what the board
//! shows, confirming moves, and the computer's default level and colour.
//! Every change applies at once and is kept on the device.

use tiers_engine::search::Level;
use tiers_engine::{BoardView, Color, GameKind, PieceKind, PieceView};
use yew::prelude::*;

use crate::components::board::Board;
use crate::core::game_events::Sound;
use crate::core::i18n::errors::Explain;
use crate::core::i18n::{words, Lang, Text};
use crate::core::live::stun::parse_list;
use crate::core::new_game::ColorChoice;
use crate::core::preferences::{
    Animation, BoardTheme, CheckersCoords, ColorMode, Named, PieceStyle, Preferences,
};
use crate::core::record::square;
use crate::core::Slice;
use crate::i18n::say;
use crate::t;

/// Props of [`SettingsScreen`].
#[derive(Properties, PartialEq, Clone)]
pub struct SettingsProps {
    /// The preferences.
    pub preferences: Slice<Preferences>,
    /// New preferences.
    pub on_change: Callback<Preferences>,
    /// Close the screen.
    pub on_close: Callback<()>,
    /// The page's language.
    pub language: Lang,
    /// Another language chosen.
    pub on_language: Callback<Lang>,
}

/// The preview: every tier of Tiers, an ultra king carrying a king, and a
/// double ultra king, both colours, on a few squares.
fn preview() -> BoardView {
    let mut v: BoardView = [None; 64];
    let piece = |color, kind, carried| {
        Some(PieceView {
            color,
            kind,
            carried,
        })
    };
    let red = [
        ("a1", PieceKind::Man, None),
        ("c1", PieceKind::King, None),
        ("e1", PieceKind::Triple, None),
        ("b2", PieceKind::Quad, None),
        ("d2", PieceKind::Ultra, Some(PieceKind::King)),
        ("f2", PieceKind::DoubleUltra, None),
        ("c3", PieceKind::Ultra, None),
    ];
    let black = [
        ("h8", PieceKind::Man, None),
        ("f8", PieceKind::King, None),
        ("d8", PieceKind::Triple, None),
        ("g7", PieceKind::Quad, None),
        ("e7", PieceKind::Ultra, Some(PieceKind::Triple)),
        ("c7", PieceKind::DoubleUltra, None),
        ("f6", PieceKind::Ultra, None),
    ];
    for (color, list) in [(Color::Red, red), (Color::Black, black)] {
        for (name, kind, carried) in list {
            v[usize::from(square(name))] = piece(color, kind, carried);
        }
    }
    v
}

/// A row of choices (id suffix and label of each), the one at `current`
/// pressed; `pick` gets the index chosen.
fn choices(
    group: &'static str,
    label: String,
    options: Vec<(&'static str, &'static str)>,
    current: usize,
    pick: Callback<usize>,
) -> Html {
    let buttons = options.into_iter().enumerate().map(|(i, (name, text))| {
        let active = i == current;
        let onclick = pick.reform(move |_: MouseEvent| i);
        html! {
            <button type="button" class={classes!("seg", active.then_some("active"))}
                id={format!("{group}-{name}")} aria-pressed={active.to_string()} {onclick}>
                { say(&Text::new(text)) }
            </button>
        }
    });
    html! {
        <div class="setting">
            <span class="setting-name" id={format!("{group}-label")}>{ label }</span>
            <div class="segmented" role="group" aria-labelledby={format!("{group}-label")}>{ for buttons }</div>
        </div>
    }
}

/// The options of a choice, and the index of `current` among them.
fn options<T: Named>(current: T) -> (Vec<(&'static str, &'static str)>, usize) {
    let all = T::ALL;
    (
        all.iter().map(|v| (v.name(), v.label())).collect(),
        all.iter().position(|&v| v == current).unwrap_or(0),
    )
}

/// A check box.
fn check(id: &'static str, label: String, on: bool, set: Callback<bool>) -> Html {
    let onchange = Callback::from(move |e: Event| {
        if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
            set.emit(input.checked());
        }
    });
    html! {
        <label class="check" for={id}>
            <input type="checkbox" {id} checked={on} {onchange} />
            <span>{ label }</span>
        </label>
    }
}

/// Live play's STUN servers (docs/live.md, "Network reach"): one URL a
/// line, checked and kept when saved; empty means the same network only.
/// Kept in a record of its own (`tiers.stun`), read when a connection is
/// made.
#[component]
fn StunSetting() -> Html {
    // What is kept, and what was wrong with a record set aside.
    let kept = use_state(crate::storage::stun);
    // The text being typed (the field shows it: a redraw keeps it).
    let draft = use_state(|| kept.0.as_lines());
    // The answer to the last save: what was kept, or why not.
    let said = use_state(|| None::<Result<usize, String>>);
    let save = {
        let (draft, said, kept) = (draft.clone(), said.clone(), kept.clone());
        Callback::from(move |_: MouseEvent| {
            let answer = parse_list(&draft)
                .and_then(|s| crate::storage::set_stun(&s).map(|()| s))
                .map_err(|e| say(&e));
            if let Ok(s) = &answer {
                draft.set(s.as_lines());
                kept.set((s.clone(), None));
            }
            said.set(Some(answer.map(|s| s.urls.len())));
        })
    };
    let edited = {
        let (draft, said) = (draft.clone(), said.clone());
        Callback::from(move |e: InputEvent| {
            if let Some(area) = e.target_dyn_into::<web_sys::HtmlTextAreaElement>() {
                draft.set(area.value());
            }
            if said.is_some() {
                said.set(None);
            }
        })
    };
    html! {
        <fieldset id="stun-setting">
            <legend>{ t!("settings.live") }</legend>
            <label class="range" for="stun-servers">
                <span>{ t!("settings.stun") }</span>
                <textarea id="stun-servers" rows="3" spellcheck="false" autocomplete="off"
                    aria-describedby="stun-hint" value={(*draft).clone()} oninput={edited} />
            </label>
            <p class="muted" id="stun-hint">{ t!("settings.stun-hint") }</p>
            <button type="button" id="stun-save" onclick={save}>{ t!("settings.stun-save") }</button>
            if let Some(p) = &kept.1 {
                <p role="alert" class="warn" id="stun-problem">{ t!("settings.stun-set-aside", why = say(p)) }</p>
            }
            { match &*said {
                Some(Ok(0)) => html! { <p role="status" id="stun-said">{ t!("settings.stun-none") }</p> },
                Some(Ok(n)) => html! { <p role="status" id="stun-said">{ t!("settings.stun-saved", count = *n) }</p> },
                Some(Err(e)) => html! { <p role="alert" class="warn" id="stun-error">{ e.clone() }</p> },
                None => html! {},
            } }
        </fieldset>
    }
}

/// Where the full-strength endgame database stands (see
/// [`crate::endgames`]).
#[derive(Clone, PartialEq)]
enum Endgames {
    /// The cache is being looked at.
    Looking,
    /// Not downloaded; its size in bytes when the server says it.
    Absent(Option<u64>),
    /// On its way: bytes received, and of how many.
    Downloading(u64, Option<u64>),
    /// Downloaded and kept.
    Stored,
    /// The last download failed: why, in words; its size.
    Failed(String, Option<u64>),
}

/// Whole megabytes, rounded (the sizes shown are tens of them). Integer
/// arithmetic: parsing and printing floats would add their tables to the
/// page's wasm.
fn megabytes(bytes: u64) -> i64 {
    i64::try_from(bytes.saturating_add(500_000) / 1_000_000).unwrap_or(i64::MAX)
}

/// The full-strength endgame database: download it (with its progress),
/// or remove it.
#[component]
fn EndgamesSetting() -> Html {
    let state = use_state(|| Endgames::Looking);
    {
        let state = state.clone();
        use_effect_with((), move |()| {
            wasm_bindgen_futures::spawn_local(async move {
                if crate::endgames::is_stored().await {
                    state.set(Endgames::Stored);
                } else {
                    state.set(Endgames::Absent(None));
                    state.set(Endgames::Absent(crate::endgames::size().await));
                }
            });
        });
    }
    let download = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let state = state.clone();
            let was = match &*state {
                Endgames::Absent(size) | Endgames::Failed(_, size) => *size,
                _ => return,
            };
            state.set(Endgames::Downloading(0, was));
            wasm_bindgen_futures::spawn_local(async move {
                // A redraw at most every whole megabyte.
                let mut shown = -1;
                let update = state.clone();
                let done = crate::endgames::download(move |got, total| {
                    let total = total.or(was);
                    if megabytes(got) != shown {
                        shown = megabytes(got);
                        update.set(Endgames::Downloading(got, total));
                    }
                })
                .await;
                state.set(match done {
                    Ok(()) => Endgames::Stored,
                    Err(crate::endgames::DownloadError::Fetch(e)) => {
                        Endgames::Failed(say(&e.explain()), was)
                    }
                    Err(crate::endgames::DownloadError::Storage(why)) => {
                        Endgames::Failed(t!("settings.endgames-not-kept", why = why), was)
                    }
                });
            });
        })
    };
    let remove = {
        let state = state.clone();
        Callback::from(move |_: MouseEvent| {
            let state = state.clone();
            wasm_bindgen_futures::spawn_local(async move {
                crate::endgames::remove().await;
                state.set(Endgames::Absent(crate::endgames::size().await));
            });
        })
    };
    let button = |size: &Option<u64>| match size {
        Some(n) => t!("settings.endgames-download-size", mb = megabytes(*n)),
        None => t!("settings.endgames-download"),
    };
    html! {
        <fieldset id="endgames-setting">
            <legend>{ t!("settings.endgames") }</legend>
            <p class="muted" id="endgames-hint">{ t!("settings.endgames-hint") }</p>
            { match &*state {
                Endgames::Looking => html! {},
                Endgames::Absent(size) => html! {
                    <>
                        <p id="endgames-state">{ t!("settings.endgames-standard") }</p>
                        <button type="button" id="endgames-download" onclick={download}>{ button(size) }</button>
                    </>
                },
                Endgames::Downloading(got, total) => {
                    let label = match total {
                        Some(t) => t!("settings.endgames-progress-of", got = megabytes(*got), total = megabytes(*t)),
                        None => t!("settings.endgames-progress", got = megabytes(*got)),
                    };
                    html! {
                        <div class="range">
                            <span id="endgames-progress-label">{ label }</span>
                            if let Some(t) = total {
                                <progress id="endgames-progress" aria-labelledby="endgames-progress-label"
                                    max={t.to_string()} value={got.to_string()} />
                            } else {
                                // Of an unknown total: the bar moves without a value.
                                <progress id="endgames-progress" aria-labelledby="endgames-progress-label" />
                            }
                        </div>
                    }
                }
                Endgames::Stored => html! {
                    <>
                        <p id="endgames-state" role="status">{ t!("settings.endgames-full") }</p>
                        <button type="button" id="endgames-remove" onclick={remove}>{ t!("settings.endgames-remove") }</button>
                    </>
                },
                Endgames::Failed(why, size) => html! {
                    <>
                        <p role="alert" class="warn" id="endgames-error">{ t!("settings.endgames-failed", why = why.clone()) }</p>
                        <button type="button" id="endgames-download" onclick={download}>{ button(size) }</button>
                    </>
                },
            } }
        </fieldset>
    }
}

/// The Settings screen.
#[component]
pub fn SettingsScreen(props: &SettingsProps) -> Html {
    let p = *props.preferences;
    let change = |f: fn(Preferences, bool) -> Preferences| {
        let on_change = props.on_change.clone();
        Callback::from(move |on: bool| on_change.emit(f(p, on)))
    };
    // A choice among the values of one preference.
    let choice = |group, label, (list, current), set: fn(Preferences, usize) -> Preferences| {
        choices(
            group,
            label,
            list,
            current,
            props.on_change.reform(move |i| set(p, i)),
        )
    };
    let on_volume = {
        let on_change = props.on_change.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                if let Ok(n) = input.value().parse::<u8>() {
                    on_change.emit(Preferences {
                        volume: n.min(100),
                        ..p
                    });
                }
            }
        })
    };
    let on_level = {
        let on_change = props.on_change.clone();
        Callback::from(move |e: Event| {
            if let Some(select) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                if let Ok(n) = select.value().parse::<u8>() {
                    on_change.emit(Preferences {
                        level: Level::clamped(n),
                        ..p
                    });
                }
            }
        })
    };
    let test_sound = Callback::from(move |_: MouseEvent| crate::sound::play_now(Sound::Crown, p));
    let levels = Level::all().map(|l| {
        html! {
            <option value={l.number().to_string()} selected={l == p.level}>
                { t!("settings.level", level = l.number(), name = words::level(l)) }
            </option>
        }
    });
    let reduced = crate::browser::reduced_motion();
    let languages = Lang::ALL.map(|l| {
        html! {
            <option value={l.tag()} lang={l.tag()} selected={l == props.language}>{ l.name() }</option>
        }
    });
    let on_language = props.on_language.reform(|e: Event| {
        e.target_dyn_into::<web_sys::HtmlSelectElement>()
            .and_then(|s| Lang::from_tag(&s.value()))
            .unwrap_or_default()
    });
    html! {
        <section class="settings card" aria-labelledby="settings-title">
            <h1 id="settings-title">{ t!("nav.settings") }</h1>
            <p class="muted">{ t!("settings.intro") }</p>
            <div class="settings-grid">
                <fieldset>
                    <legend>{ t!("settings.language") }</legend>
                    <label class="range" for="language">
                        <span>{ t!("settings.language-label") }</span>
                        <select id="language" lang="" onchange={on_language}>{ for languages }</select>
                    </label>
                </fieldset>
                <fieldset>
                    <legend>{ t!("settings.board-and-pieces") }</legend>
                    { choice("theme", t!("settings.board"), options(p.board), |p, i| Preferences { board: BoardTheme::ALL[i], ..p }) }
                    { choice("pieces", t!("settings.pieces"), options(p.pieces), |p, i| Preferences { pieces: PieceStyle::ALL[i], ..p }) }
                    { choice("mode", t!("settings.page"), options(p.mode), |p, i| Preferences { mode: ColorMode::ALL[i], ..p }) }
                    <div class="settings-preview">
                        <Board view={preview()} kind={GameKind::Tiers} id="preview" label={t!("settings.preview")}
                            interactive={false} last_move={vec![square("c3"), square("f6")]} targets={vec![square("d4")]} />
                    </div>
                </fieldset>
                <fieldset>
                    <legend>{ t!("settings.sound-and-motion") }</legend>
                    { check("sound-on", t!("settings.sounds"), p.sound, change(|p, sound| Preferences { sound, ..p })) }
                    <label class="range" for="volume">
                        <span>{ t!("settings.volume", percent = p.volume) }</span>
                        <input type="range" id="volume" min="0" max="100" step="5" value={p.volume.to_string()}
                            disabled={!p.sound} oninput={on_volume} />
                    </label>
                    <button type="button" id="test-sound" disabled={!p.sound} onclick={test_sound}>{ t!("settings.play-sound") }</button>
                    { choice("anim", t!("settings.animation"), options(p.animation), |p, i| Preferences { animation: Animation::ALL[i], ..p }) }
                    if reduced {
                        <p class="muted" id="reduced-motion">{ t!("settings.reduced-motion") }</p>
                    }
                </fieldset>
                <fieldset>
                    <legend>{ t!("settings.while-playing") }</legend>
                    { check("show-dots", t!("settings.dots"), p.dots, change(|p, dots| Preferences { dots, ..p })) }
                    { check("show-coords", t!("settings.coords"), p.coords, change(|p, coords| Preferences { coords, ..p })) }
                    { choice("checkers-coords", t!("settings.checkers-coords"), options(p.checkers_coords), |p, i| Preferences { checkers_coords: CheckersCoords::ALL[i], ..p }) }
                    { check("show-last", t!("settings.last-move"), p.last_move, change(|p, last_move| Preferences { last_move, ..p })) }
                    { check("confirm-moves", t!("settings.confirm"), p.confirm, change(|p, confirm| Preferences { confirm, ..p })) }
                    { check("non-visual", t!("settings.non-visual"), p.non_visual, change(|p, non_visual| Preferences { non_visual, ..p })) }
                </fieldset>
                <fieldset>
                    <legend>{ t!("settings.against-computer") }</legend>
                    <label class="range" for="default-level">
                        <span>{ t!("settings.default-level") }</span>
                        <select id="default-level" onchange={on_level}>{ for levels }</select>
                    </label>
                    { choice("color", t!("newgame.your-color"), options(p.color), |p, i| Preferences { color: <ColorChoice as Named>::ALL[i], ..p }) }
                </fieldset>
                <EndgamesSetting />
                <StunSetting />
            </div>
            <div class="actions">
                <button type="button" class="primary" id="close-settings" onclick={props.on_close.reform(|_: MouseEvent| ())}>{ t!("settings.done") }</button>
            </div>
        </section>
    }
}
