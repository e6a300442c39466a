//! A piece drawn in SVG: a stack of discs whose height shows the tier (1 for
//! a man, 2 king, 3 triple, 4 quad), the ultra king as an opponent-coloured
//! disc between two of one's own, the double ultra king as two such
//! sandwiches with a gold rim, and a carried piece as a small stack on top.

use tiers_engine::{Color, PieceKind, PieceView};
use yew::prelude::*;

/// Props of [`Piece`].
#[derive(Properties, PartialEq, Clone, Copy)]
pub struct PieceProps {
    /// The piece.
    pub piece: PieceView,
}

/// `x` with one decimal ("12.3", "-0.5"): an SVG coordinate.
fn d1(x: f64) -> String {
    format!("{x:.1}")
}

const RX: f64 = 36.0;
const RY: f64 = 14.0;
const T: f64 = 11.0;

struct Palette {
    top: &'static str,
    side: &'static str,
    edge: &'static str,
    ring: &'static str,
}

fn palette(color: Color) -> Palette {
    match color {
        Color::Red => Palette {
            top: "#d9443a",
            side: "#9e2b22",
            edge: "#6e1a14",
            ring: "#ef857c",
        },
        Color::Black => Palette {
            top: "#3b3b3e",
            side: "#1c1c1e",
            edge: "#000",
            ring: "#77777c",
        },
    }
}

/// The colours of the discs of a stack, bottom first.
#[must_use]
pub fn discs(color: Color, kind: PieceKind) -> Vec<Color> {
    let own = color;
    let other = color.opposite();
    match kind {
        PieceKind::Man => vec![own],
        PieceKind::King => vec![own; 2],
        PieceKind::Triple => vec![own; 3],
        PieceKind::Quad => vec![own; 4],
        PieceKind::Ultra => vec![own, other, own],
        PieceKind::DoubleUltra => vec![own, other, own, other, own],
    }
}

fn stack(color: Color, kind: PieceKind, cx: f64, scale: f64, top_offset: f64) -> Html {
    let colors = discs(color, kind);
    let n = colors.len() as f64;
    let rx = RX * scale;
    let ry = RY * scale;
    let t = T * scale;
    // Centre the stack vertically around 50 (or the offset given).
    let height = n * t + 2.0 * ry;
    let base = top_offset + height / 2.0 - ry - t;
    let gold = kind == PieceKind::DoubleUltra;
    let ultra = matches!(kind, PieceKind::Ultra | PieceKind::DoubleUltra);
    let last = colors.len() - 1;
    // A soft shadow under the stack, drawn here rather than with a CSS
    // filter (filters make every frame of an animation costly to paint).
    let shadow = html! {
        <ellipse class="shadow" cx={d1(cx)} cy={d1(base + t + 1.5 * scale)}
            rx={d1(rx + 1.5 * scale)} ry={d1(ry + 1.0 * scale)} fill="#000" fill-opacity="0.35" />
    };
    let discs: Html = colors
        .iter()
        .enumerate()
        .map(|(i, &c)| {
            let p = palette(c);
            let cy = base - i as f64 * t;
            let side = format!(
                "M{} {}L{} {}A{} {} 0 0 0 {} {}L{} {}Z",
                d1(cx - rx),
                d1(cy),
                d1(cx - rx),
                d1(cy + t),
                d1(rx),
                d1(ry),
                d1(cx + rx),
                d1(cy + t),
                d1(cx + rx),
                d1(cy)
            );
            let top = i == last;
            let rim = if gold && top { "#e8b923" } else { p.edge };
            let rim_width = if gold && top { 3.0 * scale } else { 1.2 * scale };
            let ell = |k: f64| (d1(rx * k), d1(ry * k));
            let (gx, gy) = ell(0.84);
            let (hx, hy) = ell(0.38);
            let (cxs, cys) = (d1(cx), d1(cy));
            // The "classic" style's details (styles/settings.css shows
            // them): a bevel on every disc's edge, grooved rings and a
            // shine on the top one.
            html! {
                <g class={classes!("disc", format!("disc-{}", c.name()))}>
                    <path class="disc-side" d={side} fill={p.side} stroke={p.edge} stroke-width={d1(1.2 * scale)} />
                    <ellipse class={classes!("disc-top", (gold && top).then_some("gold"))} cx={cxs.clone()} cy={cys.clone()} rx={d1(rx)} ry={d1(ry)}
                        fill={p.top} stroke={rim} stroke-width={d1(rim_width)} />
                    <ellipse class="classic bevel" cx={cxs.clone()} cy={cys.clone()} rx={gx.clone()} ry={gy.clone()}
                        fill="none" stroke={p.ring} stroke-width={d1(1.6 * scale)} />
                    if top {
                        <ellipse class="classic groove" cx={cxs.clone()} cy={cys.clone()} rx={hx} ry={hy}
                            fill="none" stroke={p.edge} stroke-width={d1(1.4 * scale)} />
                        <path class="classic shine" d={format!("M{} {}A{gx} {gy} 0 0 1 {} {}", d1(cx - rx * 0.7), d1(cy - ry * 0.3), d1(cx + rx * 0.1), d1(cy - ry * 0.84))}
                            fill="none" stroke="#fff" stroke-opacity="0.55" stroke-linecap="round" stroke-width={d1(2.2 * scale)} />
                        <ellipse class="crown-ring" cx={cxs} cy={cys} rx={d1(rx * 0.62)} ry={d1(ry * 0.62)}
                            fill="none" stroke={if ultra { "#e8b923" } else { p.ring }} stroke-width={d1(2.0 * scale)} />
                    }
                </g>
            }
        })
        .collect();
    html! { <>{ shadow }{ discs }</> }
}

/// A piece, drawn to fill its square.
#[component]
pub fn Piece(props: &PieceProps) -> Html {
    let PieceView {
        color,
        kind,
        carried,
    } = props.piece;
    let class = classes!(
        "piece-svg",
        format!("piece-{}", color.name()),
        format!("tier-{}", tier_class(kind))
    );
    html! {
        <svg class={class} viewBox="0 0 100 100" aria-hidden="true" focusable="false">
            { stack(color, kind, 50.0, 1.0, 50.0) }
            if let Some(load) = carried {
                <g class="carried">
                    { stack(color, load, 76.0, 0.5, 20.0) }
                </g>
            }
        </svg>
    }
}

fn tier_class(kind: PieceKind) -> &'static str {
    match kind {
        PieceKind::Man => "man",
        PieceKind::King => "king",
        PieceKind::Triple => "triple",
        PieceKind::Quad => "quad",
        PieceKind::Ultra => "ultra",
        PieceKind::DoubleUltra => "double-ultra",
    }
}

/// A piece in words: "red man", "black ultra king carrying a king".
#[must_use]
pub fn describe(piece: PieceView) -> String {
    crate::i18n::say(&crate::core::spoken::describe(piece))
}
