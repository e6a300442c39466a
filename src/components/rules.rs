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
    /// Its catalogue key.
    caption: &'static str,
}

fn diagram(d: &Diagram) -> Html {
    html! {
        <figure class="diagram">
            <Board id={d.id} kind={d.kind} view={d.view} interactive={false}
                label={say(&Text::new(d.caption))}
                targets={squares(d.targets)} last_move={squares(d.last)} />
            <figcaption>{ say(&Text::new(d.caption)) }</figcaption>
        </figure>
    }
}

use crate::core::i18n::Text;
use crate::i18n::say;
use crate::t;
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
        caption: "rules.caption-c-jump",
    };
    let checkers_king = Diagram {
        id: "rule-c-king",
        kind: GameKind::Checkers,
        view: view(&[("e5", R, King, None), ("b6", B, Man, None)]),
        targets: "d6 f6 d4 f4",
        last: "",
        caption: "rules.caption-c-king",
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
        caption: "rules.caption-t-tiers",
    };
    let tiers_man = Diagram {
        id: "rule-t-man",
        kind: GameKind::Tiers,
        view: view(&[("d4", R, Man, None), ("d5", B, Man, None)]),
        targets: "d6",
        last: "",
        caption: "rules.caption-t-man",
    };
    let tiers_quad = Diagram {
        id: "rule-t-quad",
        kind: GameKind::Tiers,
        view: view(&[
            ("d2", R, Quad, None),
            ("d4", B, Man, None),
            ("e2", B, King, None),
            ("f2", B, Man, None),
        ]),
        targets: "d5 g2",
        last: "",
        caption: "rules.caption-t-quad",
    };
    let tiers_ultra = Diagram {
        id: "rule-t-ultra",
        kind: GameKind::Tiers,
        view: view(&[
            ("d4", R, Ultra, None),
            ("e5", B, Man, None),
            ("c3", R, King, None),
        ]),
        targets: "e5",
        last: "",
        caption: "rules.caption-t-ultra",
    };
    let tiers_double = Diagram {
        id: "rule-t-double",
        kind: GameKind::Tiers,
        view: view(&[("d4", R, DoubleUltra, None), ("h8", B, Man, None)]),
        targets: "g7 h8",
        last: "",
        caption: "rules.caption-t-double",
    };
    let checkers = html! {
        <article class="rulebook" key="checkers" aria-label={t!("rules.checkers-rules")}>
            <h2>{ t!("rules.checkers-american-checkers") }</h2>
            <p>{ t!("rules.two-players-men-each") }</p>
            <h3>{ t!("rules.moving") }</h3>
            <p>{ t!("rules.a-man-steps-one") }</p>
            <h3>{ t!("rules.capturing") }</h3>
            <ul>
                <li>{ t!("rules.jump-diagonally-over-an") }</li>
                <li>{ t!("rules.capturing-is-compulsory-if") }</li>
                <li>{ t!("rules.if-the-jumping-piece") }</li>
            </ul>
            { diagram(&checkers_jump) }
            <h3>{ t!("rules.kings") }</h3>
            <p>{ t!("rules.a-man-that-reaches") }</p>
            { diagram(&checkers_king) }
            <h3>{ t!("rules.end-of-the-game") }</h3>
            <ul>
                <li>{ t!("rules.you-lose-when-it") }</li>
                <li>{ t!("rules.draw-when-the-same") }</li>
                <li>{ t!("rules.you-may-resign-and") }</li>
            </ul>
            <h3>{ t!("rules.notation") }</h3>
            <p>{ t!("rules.squares-are-numbered-shown") }</p>
        </article>
    };
    let tiers = html! {
        <article class="rulebook" key="tiers" aria-label={t!("rules.tiers-rules")}>
            <h2>{ t!("rules.tiers-ultra-checkers") }</h2>
            <p>{ t!("rules.all-squares-are-used") }</p>
            <h3>{ t!("rules.formation") }</h3>
            <p>{ t!("rules.before-the-game-each") }</p>
            <h3>{ t!("rules.five-tiers") }</h3>
            <ol>
                <li>{ t!("rules.man-steps-or-jumps") }</li>
                <li>{ t!("rules.king-a-man-ending") }</li>
                <li>{ t!("rules.triple-king-a-king") }</li>
                <li>{ t!("rules.quad-king-a-triple") }</li>
                <li>{ t!("rules.ultra-king-a-quad") }</li>
            </ol>
            { diagram(&tiers_tiers) }
            <p>{ t!("rules.a-piece-goes-up") }</p>
            { diagram(&tiers_double) }
            { diagram(&tiers_man) }
            { diagram(&tiers_quad) }
            { diagram(&tiers_ultra) }
            <h3>{ t!("rules.capturing") }</h3>
            <ul>
                <li>{ t!("rules.captures-are-jumps-and") }</li>
                <li>{ t!("rules.after-a-jump-the") }</li>
                <li>{ t!("rules.a-stack-a-carrier") }</li>
                <li>{ t!("rules.while-an-ultra-king") }</li>
                <li>{ t!("rules.a-double-ultra-king") }</li>
            </ul>
            <h3>{ t!("rules.end-of-the-game") }</h3>
            <p>{ t!("rules.as-in-checkers-no") }</p>
            <h3>{ t!("rules.notation") }</h3>
            <p>{ t!("rules.squares-a-h-step") }</p>
        </article>
    };
    html! {
        <section class="rules card" aria-labelledby="rules-title">
            <div class="rules-head">
                <h1 id="rules-title">{ t!("rules.rules") }</h1>
                <button type="button" class="link" id="close-rules" onclick={close}>{ t!("rules.back") }</button>
            </div>
            <div class="segmented" role="tablist">
                <button type="button" role="tab" aria-selected={(*tab == GameKind::Checkers).to_string()}
                    class={classes!("seg", (*tab == GameKind::Checkers).then_some("active"))}
                    onclick={set(GameKind::Checkers)}>{ t!("rules.checkers") }</button>
                <button type="button" role="tab" aria-selected={(*tab == GameKind::Tiers).to_string()}
                    class={classes!("seg", (*tab == GameKind::Tiers).then_some("active"))}
                    onclick={set(GameKind::Tiers)}>{ t!("rules.tiers") }</button>
            </div>
            if *tab == GameKind::Checkers { { checkers } } else { { tiers } }
            <article class="rulebook" aria-labelledby="rules-clocks" id="clock-rules">
                <h2 id="rules-clocks">{ t!("rules.clocks-both-games") }</h2>
                <ul>
                    <li>{ t!("rules.with-a-time-control") }</li>
                    <li>{ t!("rules.if-your-clock-reaches") }</li>
                    <li>{ t!("rules.against-the-computer-the") }</li>
                </ul>
            </article>
        </section>
    }
}
