//! The two rule books in plain words, with small board diagrams
//! (from engine/data/RULES.md).

use tiers_engine::{BoardView, Color, GameKind, PieceKind, PieceView};
use yew::prelude::*;

use crate::components::board::Board;
use crate::core::record::square;

/// Props of [`Rules`].
#[derive(Properties, PartialEq, Clone)]
pub struct RulesProps {
    /// Leave the rules.
    pub on_close: Callback<()>,
}

fn squares(names: &str) -> Vec<u8> {
    names.split_whitespace().map(square).collect()
}

/// A diagram position: "R:man:e3" style entries.
fn view(pieces: &[(&str, Color, PieceKind, Option<PieceKind>)]) -> BoardView {
    let mut v: BoardView = [None; 64];
    for &(at, color, kind, carried) in pieces {
        v[usize::from(square(at))] = Some(PieceView {
            color,
            kind,
            carried,
        });
    }
    v
}

struct Diagram {
    id: &'static str,
    kind: GameKind,
    view: BoardView,
    targets: &'static str,
    last: &'static str,
    caption: &'static str,
}

fn diagram(d: &Diagram) -> Html {
    html! {
        <figure class="diagram">
            <Board id={d.id} kind={d.kind} view={d.view} interactive={false}
                label={AttrValue::from(d.caption)}
                targets={squares(d.targets)} last_move={squares(d.last)} />
            <figcaption>{ d.caption }</figcaption>
        </figure>
    }
}

use Color::{Black as B, Red as R};
use PieceKind::*;

/// The rules screen.
#[component]
pub fn Rules(props: &RulesProps) -> Html {
    let close = props.on_close.reform(|_: MouseEvent| ());
    let tab = use_state(|| GameKind::Checkers);
    let set = |k: GameKind| {
        let tab = tab.clone();
        Callback::from(move |_: MouseEvent| tab.set(k))
    };
    let checkers_jump = Diagram {
        id: "rule-c-jump",
        kind: GameKind::Checkers,
        view: view(&[
            ("c3", R, Man, None),
            ("d4", B, Man, None),
            ("f6", B, Man, None),
        ]),
        targets: "e5 g7",
        last: "",
        caption:
            "Red's man on c3 must jump d4, landing on e5, and then jump f6 too, landing on g7.",
    };
    let checkers_king = Diagram {
        id: "rule-c-king",
        kind: GameKind::Checkers,
        view: view(&[("e5", R, King, None), ("b6", B, Man, None)]),
        targets: "d6 f6 d4 f4",
        last: "",
        caption: "A king (two discs) steps one square diagonally in any direction.",
    };
    let tiers_tiers = Diagram {
        id: "rule-t-tiers",
        kind: GameKind::Tiers,
        view: view(&[
            ("b2", R, Man, None),
            ("d2", R, King, None),
            ("f2", R, Triple, None),
            ("h2", R, Quad, None),
            ("b5", B, Ultra, None),
            ("d5", B, DoubleUltra, None),
            ("f5", R, Ultra, Some(King)),
        ]),
        targets: "",
        last: "",
        caption: "Bottom: man, king, triple king, quad king (1 to 4 discs). Top: a Black ultra king (a Red disc between two Black ones), a Black double ultra king, and a Red ultra king carrying a king.",
    };
    let tiers_man = Diagram {
        id: "rule-t-man",
        kind: GameKind::Tiers,
        view: view(&[("d4", R, Man, None), ("d5", B, Man, None)]),
        targets: "d6",
        last: "",
        caption: "A man steps and jumps straight or diagonally forward. Here it must jump d5, landing on d6: capturing is compulsory.",
    };
    let tiers_quad = Diagram {
        id: "rule-t-quad",
        kind: GameKind::Tiers,
        view: view(&[("d2", R, Quad, None), ("d4", B, Man, None), ("e2", B, King, None), ("f2", B, Man, None)]),
        targets: "d5 g2",
        last: "",
        caption: "A quad king can skip-jump d4 (over the empty d3) to d5, or jump the two enemies e2 and f2 at once, landing on g2.",
    };
    let tiers_ultra = Diagram {
        id: "rule-t-ultra",
        kind: GameKind::Tiers,
        view: view(&[("d4", R, Ultra, None), ("e5", B, Man, None), ("c3", R, King, None)]),
        targets: "e5",
        last: "",
        caption: "An ultra king consumes an adjacent enemy by moving onto it (e5). Without a capture it could teleport to any empty square, or load the king on c3.",
    };
    let tiers_double = Diagram {
        id: "rule-t-double",
        kind: GameKind::Tiers,
        view: view(&[("d4", R, DoubleUltra, None), ("h8", B, Man, None)]),
        targets: "g7 h8",
        last: "",
        caption: "A double ultra king (two sandwiches, gold rim) may act twice: here it teleports to g7, next to the black man, and must then consume it on h8 (d4-g7,g7xh8).",
    };
    let checkers = html! {
        <article class="rulebook" key="checkers" aria-label="Checkers rules">
            <h2>{ "Checkers (American checkers)" }</h2>
            <p>{ "Two players, 12 men each, on the 32 dark squares of an 8×8 board. Black starts on squares 1–12 at the top, Red on 21–32 at the bottom. Black moves first." }</p>
            <h3>{ "Moving" }</h3>
            <p>{ "A man steps one square diagonally forward onto an empty square. A king steps one square diagonally in any direction. Kings do not fly." }</p>
            <h3>{ "Capturing" }</h3>
            <ul>
                <li>{ "Jump diagonally over an adjacent enemy piece onto the empty square just beyond it; the jumped piece is removed. Men jump forward only, kings in all four directions." }</li>
                <li>{ "Capturing is compulsory: if you can capture, you must. You choose which capture; you need not take the most pieces." }</li>
                <li>{ "If the jumping piece can jump again, it must: a multi-jump is finished to the end, changing direction if needed." }</li>
            </ul>
            { diagram(&checkers_jump) }
            <h3>{ "Kings" }</h3>
            <p>{ "A man that reaches the far row is crowned king (shown as two discs) and its move ends there, even if it could jump on." }</p>
            { diagram(&checkers_king) }
            <h3>{ "End of the game" }</h3>
            <ul>
                <li>{ "You lose when it is your turn and you cannot move: no pieces left, or all blocked." }</li>
                <li>{ "Draw when the same position with the same player to move occurs for the third time, or after 100 moves in a row (50 each) without a capture." }</li>
                <li>{ "You may resign, and the players may agree a draw." }</li>
            </ul>
            <h3>{ "Notation" }</h3>
            <p>{ "Squares are numbered 1–32 (shown small on the board). A move is written 11-15, a capture lists every landing square: 15x24x31." }</p>
        </article>
    };
    let tiers = html! {
        <article class="rulebook" key="tiers" aria-label="Tiers rules">
            <h2>{ "Tiers (Ultra Checkers)" }</h2>
            <p>{ "All 64 squares are used. Red sits at rank 1 and moves first; Black sits at rank 8. Pieces move in all eight directions (straight and diagonal) depending on their tier." }</p>
            <h3>{ "Formation" }</h3>
            <p>{ "Before the game, each side places its 12 men on any squares of its own three back ranks (Red: ranks 1–3, Black: ranks 6–8). Both formations are shown before Red's first move. The default is the checkers set-up." }</p>
            <h3>{ "Five tiers" }</h3>
            <ol>
                <li>{ "Man: steps or jumps in its three forward directions." }</li>
                <li>{ "King (a man ending a move on the far row): steps and jumps in all eight directions." }</li>
                <li>{ "Triple king (a king ending a move on its own back row): also jumps two enemies standing in a line at once, and may hop over one of its own pieces (a quiet move, only when there is no capture)." }</li>
                <li>{ "Quad king (a triple king back on the far row): also skip-jumps — over an empty square and then an enemy, landing three squares away." }</li>
                <li>{ "Ultra king (a quad king back on its own row): does not step or jump. It teleports to any empty square, consumes an adjacent enemy by moving onto it, loads an adjacent friend onto itself (it carries one piece at most, never an ultra king except to merge), or drops the piece it carries on any empty square. A piece dropped on its own target row goes up a tier, and does nothing more that turn." }</li>
            </ol>
            { diagram(&tiers_tiers) }
            <p>{ "A piece goes up one tier only when its whole move ends on its target row. An ultra king that loads another ultra king becomes a double ultra king, which may take one or two actions per move (for example teleport next to an enemy, then consume it)." }</p>
            { diagram(&tiers_double) }
            { diagram(&tiers_man) }
            { diagram(&tiers_quad) }
            { diagram(&tiers_ultra) }
            <h3>{ "Capturing" }</h3>
            <ul>
                <li>{ "Captures are jumps and consumes. If you can capture, you must; you choose which." }</li>
                <li>{ "After a jump the same piece must keep jumping while it can. Jumped pieces leave the board at once." }</li>
                <li>{ "A stack (a carrier with its load, or a double ultra king) is one piece: capturing it takes the whole stack." }</li>
                <li>{ "While an ultra king carries a piece, dropping it is its only action." }</li>
                <li>{ "A double ultra king's first action obeys the capture rule; if after it a consume is possible, its second action must be that consume. A move must change the board." }</li>
            </ul>
            <h3>{ "End of the game" }</h3>
            <p>{ "As in checkers: no move means you lose; threefold repetition and 100 plies without a capture are draws; resigning and agreed draws are allowed." }</p>
            <h3>{ "Notation" }</h3>
            <p>{ "Squares a1–h8. Step, hop or teleport e3-e4; jumps list the landing squares e3xe5xc7; consume d4xe5; load d4<e5; drop d4>h8; a double ultra king's two actions are joined by a comma: d4-f6,f6xg7." }</p>
        </article>
    };
    html! {
        <section class="rules card" aria-labelledby="rules-title">
            <div class="rules-head">
                <h1 id="rules-title">{ "Rules" }</h1>
                <button type="button" class="link" id="close-rules" onclick={close}>{ "Back" }</button>
            </div>
            <div class="segmented" role="tablist">
                <button type="button" role="tab" aria-selected={(*tab == GameKind::Checkers).to_string()}
                    class={classes!("seg", (*tab == GameKind::Checkers).then_some("active"))}
                    onclick={set(GameKind::Checkers)}>{ "Checkers" }</button>
                <button type="button" role="tab" aria-selected={(*tab == GameKind::Tiers).to_string()}
                    class={classes!("seg", (*tab == GameKind::Tiers).then_some("active"))}
                    onclick={set(GameKind::Tiers)}>{ "Tiers" }</button>
            </div>
            if *tab == GameKind::Checkers { { checkers } } else { { tiers } }
            <article class="rulebook" aria-labelledby="rules-clocks" id="clock-rules">
                <h2 id="rules-clocks">{ "Clocks (both games)" }</h2>
                <ul>
                    <li>{ "With a time control, each player has so many minutes for the whole game, plus an increment: seconds added to your clock after each of your moves (3+2 is three minutes, two seconds a move). Only the clock of the player to move runs; a move counts when its last step is played." }</li>
                    <li>{ "If your clock reaches zero you lose, whatever the position on the board, as in over-the-board tournament play. Resigning, agreed draws and the draw rules are as without a clock; moves cannot be taken back." }</li>
                    <li>{ "Against the computer the clocks stop while the page is hidden; between two people on one device they keep running, even across a reload. Without a time control (the default) there is no clock." }</li>
                </ul>
            </article>
        </section>
    }
}
