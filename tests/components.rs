//! Component tests in a real browser (headless Chromium through
//! wasm-bindgen-test-runner): the board renders a position and shows each
//! tier at a glance; click and keyboard sequences on the board play the
//! right moves (a simple move, a multi-jump, every ultra king action and a
//! double ultra king's second action); the keyboard cursor shows on a
//! keyboard's focus, not after a tap or a click; the formation editor shows the
//! engine's validation messages live; the puzzles screen leaves out the
//! puzzles of a damaged file, the notice bar says so, and the others play.
#![cfg(target_arch = "wasm32")]

use tiers_app::components::board::{Board, BoardProps};
use tiers_app::components::formation::FormationScreen;
use tiers_app::components::notices::NoticeBar;
use tiers_app::components::play::Play;
use tiers_app::components::puzzles::PuzzlesScreen;
use tiers_app::core::learn::course::parse_square;
use tiers_app::core::nav::{NavAction, Screen};
use tiers_app::core::new_game::NewGameChoices;
use tiers_app::core::puzzles::PuzzleAction;
use tiers_app::core::session::{LoadGame, Opponent};
use tiers_app::core::{AppAction, AppState};
use tiers_app::store::AppStore;
use tiers_engine::{checkers, tiers, Game, GameKind, Position};
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::{
    Element, HtmlElement, KeyboardEvent, KeyboardEventInit, PointerEvent, PointerEventInit,
};
use yew::prelude::*;

wasm_bindgen_test_configure!(run_in_browser);

/// A fresh element to render into, with enough CSS for the board to have a
/// size (pointer positions are mapped to squares by geometry).
fn mount() -> Element {
    // The page's words: what assets/boot.js fetches on the page.
    tiers_app::i18n::install(
        tiers_app::core::i18n::Lang::En,
        include_str!("../assets/i18n/en.txt"),
    );
    let doc = gloo::utils::document();
    if doc.get_element_by_id("test-style").is_none() {
        let style = doc.create_element("style").unwrap();
        style.set_id("test-style");
        style.set_text_content(Some(
            ".board{position:relative;width:400px;height:400px}\
             .squares{position:absolute;inset:0;display:grid;grid-template-columns:repeat(8,1fr);grid-template-rows:repeat(8,1fr)}\
             .board-row{display:contents}\
             .pieces{position:absolute;inset:0}\
             .piece{position:absolute;left:0;top:0;width:12.5%;height:12.5%;\
             transform:translate(var(--x,0%),var(--y,0%))}",
        ));
        let mut places = String::new();
        for i in 1..8 {
            places.push_str(&format!(
                ".piece.x{i}{{--x:{0}%}}.piece.y{i}{{--y:{0}%}}",
                i * 100
            ));
        }
        style.set_text_content(Some(&format!(
            "{}{places}",
            style.text_content().unwrap_or_default()
        )));
        doc.head().unwrap().append_child(&style).unwrap();
    }
    let div = doc.create_element("div").unwrap();
    doc.body().unwrap().append_child(&div).unwrap();
    div
}

/// Waits until Yew has done all the rendering that the last events (a
/// click, a key, a first render) asked for, effects and the renders they
/// cause included: the page then shows their outcome.
async fn rendered() {
    yew::scheduler::flush().await;
}

use tiers_app::core::record::square as sq;

fn attr(root: &Element, selector: &str, name: &str) -> Option<String> {
    root.query_selector(selector)
        .unwrap()
        .unwrap_or_else(|| panic!("no {selector}"))
        .get_attribute(name)
}

fn texts(root: &Element, selector: &str) -> Vec<String> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<HtmlElement>().ok())
        .map(|e| e.inner_text())
        .collect()
}

fn ids(root: &Element, selector: &str) -> Vec<String> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .filter_map(|n| n.dyn_into::<Element>().ok())
        .map(|e| e.id())
        .collect()
}

fn board_props(view: tiers_engine::BoardView, kind: GameKind, id: &'static str) -> BoardProps {
    yew::props!(BoardProps {
        view,
        kind,
        id,
        label: "Test board",
    })
}

#[wasm_bindgen_test]
async fn board_renders_a_checkers_position() {
    let root = mount();
    let view = checkers::Position::start().board_view();
    yew::Renderer::<Board>::with_root_and_props(
        root.clone(),
        board_props(view, GameKind::Checkers, "t1"),
    )
    .render();
    rendered().await;
    assert_eq!(root.query_selector_all(".piece").unwrap().length(), 24);
    assert_eq!(
        attr(&root, "#t1-a1", "aria-label").as_deref(),
        Some("29 (a1), red man")
    );
    assert_eq!(
        attr(&root, "#t1-b8", "aria-label").as_deref(),
        Some("1 (b8), black man")
    );
    assert_eq!(
        attr(&root, "#t1-e5", "aria-label").as_deref(),
        Some("15 (e5), empty")
    );
    // Square numbers on the dark squares; files and ranks along the edges.
    assert_eq!(root.query_selector_all(".sq-number").unwrap().length(), 32);
    assert_eq!(texts(&root, ".coord.file").join(""), "abcdefgh");
    assert_eq!(texts(&root, ".coord.rank").join(""), "87654321");
}

/// The discs of the piece drawn on a square, bottom first: the fill of
/// each disc's top, and whether the piece carries another.
fn discs(root: &Element, id: &str) -> (Vec<String>, usize) {
    let el = root.query_selector(".pieces").unwrap().expect("pieces");
    let pieces = el.query_selector_all(".piece").unwrap();
    let label = attr(root, &format!("#{id}"), "aria-label").unwrap();
    // Pieces are placed by transform; find ours by the square's position.
    let square = root.query_selector(&format!("#{id}")).unwrap().unwrap();
    let want = square.get_bounding_client_rect();
    for i in 0..pieces.length() {
        let p = pieces.item(i).unwrap().dyn_into::<Element>().unwrap();
        let r = p.get_bounding_client_rect();
        if (r.left() - want.left()).abs() < 2.0 && (r.top() - want.top()).abs() < 2.0 {
            let main = p
                .query_selector_all("svg > g:not(.carried) > ellipse:first-of-type")
                .unwrap();
            let fills = (0..main.length())
                .map(|j| {
                    main.item(j)
                        .unwrap()
                        .dyn_into::<Element>()
                        .unwrap()
                        .get_attribute("fill")
                        .unwrap()
                })
                .collect();
            let carried = p
                .query_selector_all(".carried > g > ellipse:first-of-type")
                .unwrap()
                .length() as usize;
            return (fills, carried);
        }
    }
    panic!("no piece drawn on {id} ({label})");
}

#[wasm_bindgen_test]
async fn board_shows_each_tier_at_a_glance() {
    let root = mount();
    let pos = tiers::Position::parse("8/8/8/2d2U[K]2/8/8/1M1K1T1Q/8 r 0 1").unwrap();
    yew::Renderer::<Board>::with_root_and_props(
        root.clone(),
        board_props(pos.board_view(), GameKind::Tiers, "t2"),
    )
    .render();
    rendered().await;
    let red = "#d9443a".to_string();
    let black = "#3b3b3e".to_string();
    // Stacks of 1, 2, 3 and 4 of one's own colour.
    assert_eq!(discs(&root, "t2-b2"), (vec![red.clone()], 0));
    assert_eq!(discs(&root, "t2-d2"), (vec![red.clone(); 2], 0));
    assert_eq!(discs(&root, "t2-f2"), (vec![red.clone(); 3], 0));
    assert_eq!(discs(&root, "t2-h2"), (vec![red.clone(); 4], 0));
    // The ultra king: an opponent-coloured disc between two of one's own,
    // here carrying a king (two small discs on top).
    assert_eq!(
        discs(&root, "t2-f5"),
        (vec![red.clone(), black.clone(), red.clone()], 2)
    );
    // The double ultra king: two such sandwiches, one on the other.
    assert_eq!(
        discs(&root, "t2-c5"),
        (
            vec![
                black.clone(),
                red.clone(),
                black.clone(),
                red.clone(),
                black.clone()
            ],
            0
        )
    );
    assert_eq!(
        attr(&root, "#t2-f5", "aria-label").as_deref(),
        Some("f5, red ultra king carrying a king")
    );
    assert_eq!(
        attr(&root, "#t2-c5", "aria-label").as_deref(),
        Some("c5, black double ultra king")
    );
    assert!(root
        .query_selector(".piece-svg.tier-double-ultra")
        .unwrap()
        .is_some());
}

#[derive(Properties, PartialEq)]
struct HarnessProps {
    kind: GameKind,
    /// A position to play from (two players); None: the start, as the app
    /// starts a game.
    #[prop_or_default]
    start: Option<&'static str>,
}

/// The play or formation screen over a friend game.
#[component]
fn Harness(props: &HarnessProps) -> Html {
    let kind = props.kind;
    let start = props.start;
    let app = use_reducer(move || {
        let mut s = AppState::default();
        if let Some(text) = start {
            let record: Box<dyn tiers_app::core::record::Record> = match kind {
                GameKind::Checkers => Box::new(Game::new(checkers::Position::parse(text).unwrap())),
                GameKind::Tiers => Box::new(Game::new(tiers::Position::parse(text).unwrap())),
            };
            s.apply(AppAction::Load(
                Box::new(LoadGame {
                    record,
                    opponent: Opponent::Friend,
                    flipped: false,
                    clock: None,
                }),
                Default::default(),
            ));
        }
        AppStore(s)
    });
    {
        let app = app.clone();
        use_effect_with((), move |_| {
            if start.is_none() {
                app.dispatch(AppAction::NewGame(NewGameChoices {
                    kind,
                    vs_computer: false,
                    ..NewGameChoices::default()
                }));
                app.dispatch(AppAction::Start {
                    coin: true,
                    roll: 0,
                });
            }
        });
    }
    let dispatch = app.dispatcher();
    match app.nav.screen {
        Screen::Play => {
            html! { <Play session={app.session.clone()} coach={app.coach.clone()} {dispatch} /> }
        }
        Screen::Formation => html! {
            <FormationScreen formation={app.formation.clone()} session={app.session.clone()} {dispatch} />
        },
        _ => html! {},
    }
}

async fn render(kind: GameKind, start: Option<&'static str>) -> Element {
    let root = mount();
    yew::Renderer::<Harness>::with_root_and_props(root.clone(), HarnessProps { kind, start })
        .render();
    rendered().await;
    assert!(
        root.query_selector(".board").unwrap().is_some(),
        "the play or formation board is shown"
    );
    root
}

fn pointer(el: &Element, kind: &str, x: f64, y: f64, pointer_type: &str) {
    let init = PointerEventInit::new();
    init.set_bubbles(true);
    init.set_pointer_type(pointer_type);
    init.set_client_x(x as i32);
    init.set_client_y(y as i32);
    init.set_pointer_id(1);
    init.set_button(0);
    init.set_is_primary(true);
    let ev = PointerEvent::new_with_event_init_dict(kind, &init).unwrap();
    el.dispatch_event(&ev).unwrap();
}

/// Clicks the centre of a square of the first board in `root`.
async fn click(root: &Element, name: &str) {
    press(root, name, "mouse").await;
}

/// A finger's tap on a square, as Chromium and Firefox make it: the
/// pointer goes down and up, then the board gets the focus, then a click.
async fn tap(root: &Element, name: &str) {
    let (board, x, y) = press(root, name, "touch").await;
    board_of(root).focus().unwrap();
    pointer(&board, "click", x, y, "touch");
    rendered().await;
}

/// A press and release of `pointer_type` on the centre of a square of the
/// first board in `root`; returns the board and the point.
async fn press(root: &Element, name: &str, pointer_type: &str) -> (Element, f64, f64) {
    let board = root.query_selector(".board").unwrap().expect("board");
    let flipped = board
        .get_attribute("class")
        .unwrap_or_default()
        .contains("flipped");
    let s = sq(name);
    let (file, rank) = (f64::from(s % 8), f64::from(s / 8));
    let (col, row) = if flipped {
        (7.0 - file, rank)
    } else {
        (file, 7.0 - rank)
    };
    let r = board.get_bounding_client_rect();
    let x = r.left() + (col + 0.5) * r.width() / 8.0;
    let y = r.top() + (row + 0.5) * r.height() / 8.0;
    pointer(&board, "pointerdown", x, y, pointer_type);
    pointer(&board, "pointerup", x, y, pointer_type);
    rendered().await;
    (board, x, y)
}

async fn clicks(root: &Element, names: &[&str]) {
    for name in names {
        click(root, name).await;
    }
}

async fn key(root: &Element, key: &str) {
    let board = root.query_selector(".board").unwrap().expect("board");
    let init = KeyboardEventInit::new();
    init.set_key(key);
    init.set_bubbles(true);
    init.set_cancelable(true);
    let ev = KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap();
    board.dispatch_event(&ev).unwrap();
    rendered().await;
}

/// The first board in `root`.
fn board_of(root: &Element) -> HtmlElement {
    root.query_selector(".board")
        .unwrap()
        .expect("board")
        .dyn_into::<HtmlElement>()
        .unwrap()
}

/// The square under the keyboard cursor ("e3").
fn cursor(root: &Element) -> String {
    let id = attr(root, ".board", "aria-activedescendant").expect("a cursor");
    id.rsplit('-').next().unwrap().to_string()
}

/// Moves the keyboard cursor to each square in turn and presses Enter
/// there, as a keyboard user enters a move (Red at the bottom).
async fn keys_to(root: &Element, names: &[&str]) {
    let board = board_of(root);
    board.focus().unwrap();
    rendered().await;
    for name in names {
        let now = sq(&cursor(root));
        let want = sq(name);
        let (df, dr) = (
            i32::from(want % 8) - i32::from(now % 8),
            i32::from(want / 8) - i32::from(now / 8),
        );
        for _ in 0..df.abs() {
            key(root, if df > 0 { "ArrowRight" } else { "ArrowLeft" }).await;
        }
        for _ in 0..dr.abs() {
            key(root, if dr > 0 { "ArrowUp" } else { "ArrowDown" }).await;
        }
        assert_eq!(cursor(root), *name);
        key(root, "Enter").await;
    }
}

fn moves(root: &Element) -> Vec<String> {
    texts(root, ".move-list .move")
}

#[wasm_bindgen_test]
async fn clicking_origin_then_target_plays_the_move() {
    let root = render(GameKind::Checkers, None).await;
    // Black moves first in checkers: 11-15 is f6 to e5.
    click(&root, "f6").await;
    assert_eq!(ids(&root, ".square.selected"), ["play-f6"]);
    let targets = ids(&root, ".square.target");
    assert_eq!(targets.len(), 2, "f6 has two targets: {targets:?}");
    assert!(targets.contains(&"play-e5".to_string()));
    click(&root, "e5").await;
    assert_eq!(moves(&root), ["11-15"]);
    assert_eq!(
        root.query_selector("#announce")
            .unwrap()
            .unwrap()
            .text_content()
            .as_deref(),
        Some("Black played 11-15: man from 11 to 15.")
    );
    // Red's turn: a red man selects; an unreachable square is explained.
    click(&root, "c3").await;
    assert_eq!(ids(&root, ".square.selected"), ["play-c3"]);
    click(&root, "c5").await;
    let msg = root.query_selector("#message").unwrap().expect("message");
    assert!(
        msg.text_content().unwrap_or_default().contains("22"),
        "the message names the move: {:?}",
        msg.text_content()
    );
    assert_eq!(moves(&root), ["11-15"]);
}

/// A red man on c3 (22) must take d4 (18), then f6 (11) landing on g7
/// (8) or d6 (10) landing on c7 (6).
const DOUBLE_JUMP: &str = "W:W22:B10,11,18";

#[wasm_bindgen_test]
async fn multi_jumps_by_each_landing_square_or_the_last() {
    // Each landing square in turn.
    let root = render(GameKind::Checkers, Some(DOUBLE_JUMP)).await;
    assert_eq!(ids(&root, ".square.highlight"), ["play-c3"]);
    click(&root, "c3").await;
    // The next landing square, and the last ones, which may be clicked directly.
    let mut first = ids(&root, ".square.target");
    first.sort();
    assert_eq!(first, ["play-c7", "play-e5", "play-g7"]);
    click(&root, "e5").await;
    assert_eq!(moves(&root), Vec::<String>::new(), "not finished yet");
    let mut next = ids(&root, ".square.target");
    next.sort();
    assert_eq!(next, ["play-c7", "play-g7"]);
    click(&root, "g7").await;
    assert_eq!(moves(&root), ["22x15x8"]);
    // Only the last square, when it says which capture is meant.
    let root = render(GameKind::Checkers, Some(DOUBLE_JUMP)).await;
    clicks(&root, &["c3", "c7"]).await;
    assert_eq!(moves(&root), ["22x15x6"]);
    // By keyboard.
    let root = render(GameKind::Checkers, Some(DOUBLE_JUMP)).await;
    keys_to(&root, &["c3", "e5", "g7"]).await;
    assert_eq!(moves(&root), ["22x15x8"]);
}

#[wasm_bindgen_test]
async fn the_keyboard_cursor_shows_for_the_keyboard_only() {
    let root = render(GameKind::Checkers, None).await;
    let board = board_of(&root);
    // A tap focuses the board after its pointerup: the move goes on, no cursor.
    board.blur().unwrap();
    tap(&root, "f6").await;
    assert_eq!(ids(&root, ".square.selected"), ["play-f6"]);
    assert_eq!(attr(&root, ".board", "aria-activedescendant"), None);
    assert!(ids(&root, ".square.cursor").is_empty());
    // The focus leaves and comes back by Tab: the cursor shows.
    board.blur().unwrap();
    board.focus().unwrap();
    rendered().await;
    assert_eq!(
        cursor(&root),
        "f6",
        "the cursor starts on the square selected"
    );
    assert_eq!(ids(&root, ".square.cursor"), ["play-f6"]);
    // A mouse press hides it; the focus it gives (at the press) shows none.
    board.blur().unwrap();
    rendered().await;
    let square = root.query_selector("#play-e5").unwrap().unwrap();
    let r = square.get_bounding_client_rect();
    let (x, y) = (r.left() + r.width() / 2.0, r.top() + r.height() / 2.0);
    pointer(&board, "pointerdown", x, y, "mouse");
    board.focus().unwrap();
    pointer(&board, "pointerup", x, y, "mouse");
    rendered().await;
    assert_eq!(moves(&root), ["11-15"]);
    assert_eq!(attr(&root, ".board", "aria-activedescendant"), None);
}

/// Red ultra king on d4 next to its own king on c3, a black man far away.
const ULTRA: &str = "7m/8/8/8/3U4/2K5/8/8 r 0 1";
/// The same ultra king next to a black man: it must consume it.
const ULTRA_CONSUME: &str = "7m/8/8/4m3/3U4/8/8/8 r 0 1";
/// A Red ultra king carrying a king: it can only drop it.
const ULTRA_LOADED: &str = "7m/8/8/8/3U[K]4/8/8/8 r 0 1";
/// A Red double ultra king and one black man in the corner.
const DOUBLE_ULTRA: &str = "7m/8/8/8/3D4/8/8/8 r 0 1";

#[wasm_bindgen_test]
async fn every_ultra_king_action_by_pointer() {
    let root = render(GameKind::Tiers, Some(ULTRA)).await;
    clicks(&root, &["d4", "a8"]).await;
    assert_eq!(moves(&root), ["d4-a8"], "teleport");
    let root = render(GameKind::Tiers, Some(ULTRA)).await;
    click(&root, "d4").await;
    assert!(ids(&root, ".square.target.occupied").contains(&"play-c3".to_string()));
    click(&root, "c3").await;
    assert_eq!(moves(&root), ["d4<c3"], "load");
    assert_eq!(
        attr(&root, "#play-d4", "aria-label").as_deref(),
        Some("d4, red ultra king carrying a king")
    );
    let root = render(GameKind::Tiers, Some(ULTRA_CONSUME)).await;
    assert_eq!(ids(&root, ".square.highlight"), ["play-d4"]);
    clicks(&root, &["d4", "e5"]).await;
    assert_eq!(moves(&root), ["d4xe5"], "consume");
    let root = render(GameKind::Tiers, Some(ULTRA_LOADED)).await;
    clicks(&root, &["d4", "g6"]).await;
    assert_eq!(moves(&root), ["d4>g6"], "drop");
    assert_eq!(
        attr(&root, "#play-g6", "aria-label").as_deref(),
        Some("g6, red king")
    );
}

#[wasm_bindgen_test]
async fn every_ultra_king_action_by_keyboard() {
    let root = render(GameKind::Tiers, Some(ULTRA)).await;
    keys_to(&root, &["d4", "a8"]).await;
    assert_eq!(moves(&root), ["d4-a8"], "teleport");
    let root = render(GameKind::Tiers, Some(ULTRA)).await;
    keys_to(&root, &["d4", "c3"]).await;
    assert_eq!(moves(&root), ["d4<c3"], "load");
    let root = render(GameKind::Tiers, Some(ULTRA_CONSUME)).await;
    keys_to(&root, &["d4", "e5"]).await;
    assert_eq!(moves(&root), ["d4xe5"], "consume");
    let root = render(GameKind::Tiers, Some(ULTRA_LOADED)).await;
    keys_to(&root, &["d4", "g6"]).await;
    assert_eq!(moves(&root), ["d4>g6"], "drop");
    // Escape lets go of a piece picked up.
    let root = render(GameKind::Tiers, Some(ULTRA)).await;
    keys_to(&root, &["d4"]).await;
    assert_eq!(ids(&root, ".square.selected"), ["play-d4"]);
    key(&root, "Escape").await;
    assert!(ids(&root, ".square.selected").is_empty());
}

#[wasm_bindgen_test]
async fn double_ultra_king_second_action() {
    // Teleport next to the man, then the compulsory consume.
    let root = render(GameKind::Tiers, Some(DOUBLE_ULTRA)).await;
    clicks(&root, &["d4", "g7"]).await;
    assert_eq!(ids(&root, ".square.target"), ["play-h8"]);
    assert!(
        root.query_selector("#finish-move").unwrap().is_none(),
        "the consume is compulsory"
    );
    click(&root, "h8").await;
    assert_eq!(moves(&root), ["d4-g7,g7xh8"]);
    // The same by keyboard.
    let root = render(GameKind::Tiers, Some(DOUBLE_ULTRA)).await;
    keys_to(&root, &["d4", "g7", "h8"]).await;
    assert_eq!(moves(&root), ["d4-g7,g7xh8"]);
    // A first action after which the second is optional: end it there with
    // the button, or by choosing the square again (pointer or keyboard).
    let root = render(GameKind::Tiers, Some(DOUBLE_ULTRA)).await;
    clicks(&root, &["d4", "a1"]).await;
    let finish = root
        .query_selector("#finish-move")
        .unwrap()
        .expect("an end-the-move button");
    finish.dyn_into::<HtmlElement>().unwrap().click();
    rendered().await;
    assert_eq!(moves(&root), ["d4-a1"]);
    let root = render(GameKind::Tiers, Some(DOUBLE_ULTRA)).await;
    clicks(&root, &["d4", "a1", "a1"]).await;
    assert_eq!(moves(&root), ["d4-a1"]);
    let root = render(GameKind::Tiers, Some(DOUBLE_ULTRA)).await;
    keys_to(&root, &["d4", "a1", "g8"]).await;
    assert_eq!(moves(&root), ["d4-a1,a1-g8"]);
    let root = render(GameKind::Tiers, Some(DOUBLE_ULTRA)).await;
    keys_to(&root, &["d4", "a1", "a1"]).await;
    assert_eq!(moves(&root), ["d4-a1"]);
}

#[wasm_bindgen_test]
async fn formation_editor_shows_live_validation() {
    let root = render(GameKind::Tiers, None).await;
    let validation = || {
        root.query_selector("#formation-validation")
            .unwrap()
            .expect("validation")
            .text_content()
            .unwrap_or_default()
    };
    let ready = || {
        root.query_selector("#formation-ready")
            .unwrap()
            .unwrap()
            .dyn_into::<web_sys::HtmlButtonElement>()
            .unwrap()
    };
    assert_eq!(validation(), "Red's formation is valid.");
    // Clicking a man takes it away; the count is given live.
    clicks(&root, &["a1", "c1", "e1"]).await;
    assert_eq!(validation(), "Place 3 more men");
    assert!(ready().disabled(), "cannot be ready with 9 men");
    // A man outside the home rows is named.
    clicks(&root, &["a1", "c1", "c4"]).await;
    assert_eq!(
        validation(),
        "c4 is outside Red's home rows (ranks 1–3)Place 1 more man"
    );
    clicks(&root, &["c4", "e1"]).await;
    assert_eq!(validation(), "Red's formation is valid.");
    assert!(!ready().disabled());
}

/// A damaged checkers puzzle file: a line cut short, an id used twice, a
/// line that does not play; one good puzzle.
const DAMAGED_PUZZLES: &str = "\
c1 | W:WK1,15,19,29,32:B6,8,10,12,28 | 29-25 6-9 15x6 | 1160 | quiet move
c2 | W:WK1,15,19,29,32:B6,8
c1 | B:W18:B14 | 14x23 | 900 |
c3 | W:WK1,15,19,29,32:B6,8,10,12,28 | 29-25 7-11 15x6 | 900 |
";

/// The notice bar and the puzzles screen with [`DAMAGED_PUZZLES`] as the
/// checkers file (as if fetched).
#[component]
fn PuzzlesHarness() -> Html {
    let app = use_reducer(|| {
        let mut s = AppState::default();
        s.apply(AppAction::Nav(NavAction::Show(Screen::Puzzles)));
        s.apply(AppAction::Puzzle(PuzzleAction::Loaded(
            GameKind::Checkers,
            Ok(DAMAGED_PUZZLES.into()),
        )));
        AppStore(s)
    });
    html! {
        <>
            <NoticeBar notices={app.notices.clone()} dispatch={app.dispatcher()} />
            <PuzzlesScreen puzzles={app.puzzles.clone()} level={app.new_game.level} dispatch={app.dispatcher()} />
        </>
    }
}

#[wasm_bindgen_test]
async fn the_puzzles_of_a_damaged_file_are_left_out_with_a_notice() {
    let root = mount();
    yew::Renderer::<PuzzlesHarness>::with_root(root.clone()).render();
    rendered().await;
    assert_eq!(
        texts(&root, "#notices .notice[role=alert] p"),
        ["3 puzzles of the Checkers puzzle file are left out: they cannot be used (the first: line 2: a puzzle has 5 fields separated by `|` (id, position, solution, rating, themes); found 2)."]
    );
    // The good one is on the board and plays.
    assert_eq!(
        attr(&root, ".puzzle-board", "data-puzzle").as_deref(),
        Some("checkers/c1")
    );
    // 29-25, by the squares' names on the board.
    for n in ["29", "25"] {
        let s = parse_square(GameKind::Checkers, n).unwrap();
        click(&root, &format!("{}{}", char::from(b'a' + s % 8), s / 8 + 1)).await;
    }
    assert_eq!(
        attr(&root, ".puzzle-board", "data-step").as_deref(),
        Some("1")
    );
    // The notice is dismissed like any other; the puzzle stays.
    let close: HtmlElement = root
        .query_selector("#notices .notice-close")
        .unwrap()
        .expect("the notice's close button")
        .dyn_into()
        .unwrap();
    close.click();
    rendered().await;
    assert!(texts(&root, "#notices .notice p").is_empty());
    assert_eq!(
        attr(&root, ".puzzle-board", "data-puzzle").as_deref(),
        Some("checkers/c1")
    );
}
