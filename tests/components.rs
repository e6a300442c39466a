//! Component tests in a real browser (headless Chromium through
//! wasm-bindgen-test-runner): the board renders a position, a click
//! sequence on the board plays the right move, and the formation editor
//! shows the engine's validation messages.
#![cfg(target_arch = "wasm32")]

use std::time::Duration;

use tiers_app::components::board::Board;
use tiers_app::components::formation::FormationScreen;
use tiers_app::components::play::Play;
use tiers_app::setup::FormationAction;
use tiers_app::state::{Action, GameState, Settings};
use tiers_engine::{checkers, GameKind, Position};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{Element, HtmlElement, PointerEvent, PointerEventInit};
use yew::platform::time::sleep;
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

/// A fresh element to render into, with enough CSS for the board to have a
/// size (pointer positions are mapped to squares by geometry).
fn mount() -> Element {
    let doc = gloo::utils::document();
    if doc.get_element_by_id("test-style").is_none() {
        let style = doc.create_element("style").unwrap();
        style.set_id("test-style");
        style.set_text_content(Some(
            ".board{position:relative;width:400px;height:400px}\
             .squares{position:absolute;inset:0;display:grid;grid-template-columns:repeat(8,1fr);grid-template-rows:repeat(8,1fr)}\
             .board-row{display:contents}",
        ));
        doc.head().unwrap().append_child(&style).unwrap();
    }
    let div = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&div).unwrap();
    div
}

async fn settle() {
    sleep(Duration::from_millis(30)).await;
}

#[wasm_bindgen_test]
async fn board_renders_a_checkers_position() {
    let root = mount();
    let view = checkers::Position::start().board_view();
    yew::Renderer::<Board>::with_root_and_props(
        root.clone(),
        tiers_app::components::board::BoardProps {
            view,
            kind: GameKind::Checkers,
            id: "t1".into(),
            label: "Test board".into(),
            flipped: false,
            selection: vec![],
            targets: vec![],
            highlight: vec![],
            last_move: vec![],
            zone: vec![],
            interactive: true,
            on_square: Callback::noop(),
            on_drag: Callback::noop(),
            on_cancel: Callback::noop(),
        },
    )
    .render();
    settle().await;
    let squares = root.query_selector_all(".square").unwrap();
    assert_eq!(squares.length(), 64);
    let pieces = root.query_selector_all(".piece").unwrap();
    assert_eq!(pieces.length(), 24);
    let a1 = root.query_selector("#t1-a1").unwrap().expect("square a1");
    assert_eq!(
        a1.get_attribute("aria-label").as_deref(),
        Some("29 (a1), red man")
    );
    let b8 = root.query_selector("#t1-b8").unwrap().expect("square b8");
    assert_eq!(
        b8.get_attribute("aria-label").as_deref(),
        Some("1 (b8), black man")
    );
    let e5 = root.query_selector("#t1-e5").unwrap().expect("square e5");
    assert_eq!(
        e5.get_attribute("aria-label").as_deref(),
        Some("15 (e5), empty")
    );
    // Square numbers on the dark squares only.
    assert_eq!(root.query_selector_all(".sq-number").unwrap().length(), 32);
}

#[derive(Properties, PartialEq)]
struct HarnessProps {
    kind: GameKind,
}

/// The play or formation screen over a friend game, started as the app does.
#[component]
fn Harness(props: &HarnessProps) -> Html {
    let state = use_reducer(GameState::default);
    let kind = props.kind;
    {
        let state = state.clone();
        use_effect_with((), move |_| {
            state.dispatch(Action::Settings(Settings {
                kind,
                vs_computer: false,
                ..Settings::default()
            }));
            state.dispatch(Action::Start { coin: true });
        });
    }
    match kind {
        GameKind::Checkers if state.game.is_some() => html! { <Play state={state.clone()} /> },
        GameKind::Tiers => html! {
            <>
                <FormationScreen state={state.clone()} />
                // Test hooks: buttons that send formation actions.
                <button id="t-remove-a1" onclick={{
                    let s = state.clone();
                    move |_| s.dispatch(Action::Formation(FormationAction::Toggle(0)))
                }}></button>
                <button id="t-add-c4" onclick={{
                    let s = state.clone();
                    move |_| s.dispatch(Action::Formation(FormationAction::Toggle(26)))
                }}></button>
            </>
        },
        _ => html! {},
    }
}

fn pointer(el: &Element, kind: &str, x: f64, y: f64) {
    let init = PointerEventInit::new();
    init.set_bubbles(true);
    init.set_client_x(x as i32);
    init.set_client_y(y as i32);
    init.set_pointer_id(1);
    init.set_button(0);
    init.set_is_primary(true);
    let ev = PointerEvent::new_with_event_init_dict(kind, &init).unwrap();
    el.dispatch_event(&ev).unwrap();
}

/// Clicks the centre of a square (file, rank from 0) on an unflipped board.
async fn click_square(board: &Element, file: u8, rank: u8) {
    let r = board.get_bounding_client_rect();
    let x = r.left() + (f64::from(file) + 0.5) * r.width() / 8.0;
    let y = r.top() + (7.0 - f64::from(rank) + 0.5) * r.height() / 8.0;
    pointer(board, "pointerdown", x, y);
    pointer(board, "pointerup", x, y);
    settle().await;
}

#[wasm_bindgen_test]
async fn clicking_origin_then_target_plays_the_move() {
    let root = mount();
    yew::Renderer::<Harness>::with_root_and_props(
        root.clone(),
        HarnessProps {
            kind: GameKind::Checkers,
        },
    )
    .render();
    settle().await;
    let board = root.query_selector(".board").unwrap().expect("board");
    // Black moves first in checkers: 11-15 is f6 to e5.
    click_square(&board, 5, 5).await;
    let selected = root
        .query_selector(".square.selected")
        .unwrap()
        .expect("selected");
    assert_eq!(selected.id(), "play-f6");
    let targets: Vec<String> = {
        let list = root.query_selector_all(".square.target").unwrap();
        (0..list.length())
            .filter_map(|i| list.item(i))
            .filter_map(|n| n.dyn_into::<Element>().ok())
            .map(|e| e.id())
            .collect()
    };
    assert_eq!(targets.len(), 2, "f6 has two targets: {targets:?}");
    assert!(targets.contains(&"play-e5".to_string()));
    click_square(&board, 4, 4).await;
    let moves = root.query_selector_all(".move").unwrap();
    assert_eq!(moves.length(), 1);
    let first = moves.item(0).unwrap().dyn_into::<HtmlElement>().unwrap();
    assert_eq!(first.inner_text(), "11-15");
    let announce = root.query_selector("#announce").unwrap().unwrap();
    assert_eq!(
        announce.text_content().as_deref(),
        Some("Black played 11-15.")
    );
    // Red's turn now; clicking an empty square says nothing, a red man selects.
    click_square(&board, 2, 2).await; // c3 = 22, a red man
    assert!(root.query_selector("#play-c3.selected").unwrap().is_some());
    // An illegal target is explained.
    click_square(&board, 2, 4).await; // c5: not reachable
    let msg = root.query_selector("#message").unwrap().expect("message");
    assert!(
        msg.text_content().unwrap_or_default().contains("22"),
        "message names the move: {:?}",
        msg.text_content()
    );
}

#[wasm_bindgen_test]
async fn formation_editor_shows_live_validation() {
    let root = mount();
    yew::Renderer::<Harness>::with_root_and_props(
        root.clone(),
        HarnessProps {
            kind: GameKind::Tiers,
        },
    )
    .render();
    settle().await;
    let validation = || {
        root.query_selector("#formation-validation")
            .unwrap()
            .expect("validation")
            .text_content()
            .unwrap_or_default()
    };
    assert_eq!(validation(), "Red's formation is valid.");
    root.query_selector("#t-remove-a1")
        .unwrap()
        .unwrap()
        .dyn_into::<HtmlElement>()
        .unwrap()
        .click();
    settle().await;
    assert_eq!(validation(), "Place 1 more man");
    root.query_selector("#t-add-c4")
        .unwrap()
        .unwrap()
        .dyn_into::<HtmlElement>()
        .unwrap()
        .click();
    settle().await;
    assert_eq!(
        validation(),
        "c4 is outside Red's home rows (ranks 1–3)Place 1 more man"
    );
    let ready = root
        .query_selector("#formation-ready")
        .unwrap()
        .unwrap()
        .dyn_into::<web_sys::HtmlButtonElement>()
        .unwrap();
    assert!(
        ready.disabled(),
        "cannot be ready with an invalid formation"
    );
}
