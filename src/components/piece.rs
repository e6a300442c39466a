//! A piece drawn in SVG: a stack of discs whose height shows the tier (1 for
//! a man, 2 king, 3 triple, 4 quad), the ultra king as an opponent-coloured
//! disc between two of one's own, the double ultra king as two such
//! sandwiches with a gold rim, and a carried piece as a small stack on top.

use std::cell::RefCell;
use std::fmt::Write;

use tiers_engine::{Color, PieceKind, PieceView};
use yew::prelude::*;

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

/// Writes a stack of discs in SVG: `kind`'s discs of `color`, centred
/// horizontally on `cx` and vertically around `top_offset`, at `scale`.
fn stack(out: &mut String, color: Color, kind: PieceKind, cx: f64, scale: f64, top_offset: f64) {
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
    let _ = write!(
        out,
        r##"<ellipse class="shadow" cx="{:.1}" cy="{:.1}" rx="{:.1}" ry="{:.1}" fill="#000" fill-opacity="0.35"/>"##,
        cx,
        base + t + 1.5 * scale,
        rx + 1.5 * scale,
        ry + 1.0 * scale
    );
    for (i, &c) in colors.iter().enumerate() {
        let p = palette(c);
        let cy = base - i as f64 * t;
        let top = i == last;
        let gold_top = gold && top;
        let rim = if gold_top { "#e8b923" } else { p.edge };
        let rim_width = if gold_top { 3.0 * scale } else { 1.2 * scale };
        let (gx, gy) = (rx * 0.84, ry * 0.84);
        // The "classic" style's details (styles/settings.css shows them): a
        // bevel on every disc's edge, grooved rings and a shine on the top
        // one.
        let _ = write!(
            out,
            concat!(
                r#"<g class="disc disc-{name}">"#,
                r#"<path class="disc-side" d="M{l:.1} {cy:.1}L{l:.1} {cyt:.1}A{rx:.1} {ry:.1} 0 0 0 {r:.1} {cyt:.1}L{r:.1} {cy:.1}Z" fill="{side}" stroke="{edge}" stroke-width="{w:.1}"/>"#,
                r#"<ellipse class="disc-top{gold}" cx="{cx:.1}" cy="{cy:.1}" rx="{rx:.1}" ry="{ry:.1}" fill="{fill}" stroke="{rim}" stroke-width="{rw:.1}"/>"#,
                r#"<ellipse class="classic bevel" cx="{cx:.1}" cy="{cy:.1}" rx="{gx:.1}" ry="{gy:.1}" fill="none" stroke="{ring}" stroke-width="{bw:.1}"/>"#,
            ),
            name = c.name(),
            l = cx - rx,
            r = cx + rx,
            cy = cy,
            cyt = cy + t,
            rx = rx,
            ry = ry,
            side = p.side,
            edge = p.edge,
            w = 1.2 * scale,
            gold = if gold_top { " gold" } else { "" },
            cx = cx,
            fill = p.top,
            rim = rim,
            rw = rim_width,
            gx = gx,
            gy = gy,
            ring = p.ring,
            bw = 1.6 * scale,
        );
        if top {
            let _ = write!(
                out,
                concat!(
                    r#"<ellipse class="classic groove" cx="{cx:.1}" cy="{cy:.1}" rx="{hx:.1}" ry="{hy:.1}" fill="none" stroke="{edge}" stroke-width="{ww:.1}"/>"#,
                    r##"<path class="classic shine" d="M{sx:.1} {sy:.1}A{gx:.1} {gy:.1} 0 0 1 {ex:.1} {ey:.1}" fill="none" stroke="#fff" stroke-opacity="0.55" stroke-linecap="round" stroke-width="{sw:.1}"/>"##,
                    r#"<ellipse class="crown-ring" cx="{cx:.1}" cy="{cy:.1}" rx="{cr:.1}" ry="{cry:.1}" fill="none" stroke="{crown}" stroke-width="{cw:.1}"/>"#,
                ),
                cx = cx,
                cy = cy,
                hx = rx * 0.38,
                hy = ry * 0.38,
                edge = p.edge,
                ww = 1.4 * scale,
                sx = cx - rx * 0.7,
                sy = cy - ry * 0.3,
                gx = gx,
                gy = gy,
                ex = cx + rx * 0.1,
                ey = cy - ry * 0.84,
                sw = 2.2 * scale,
                cr = rx * 0.62,
                cry = ry * 0.62,
                crown = if ultra { "#e8b923" } else { p.ring },
                cw = 2.0 * scale,
            );
        }
        out.push_str("</g>");
    }
}

/// The SVG of a piece, drawn to fill its square.
fn markup(piece: PieceView) -> String {
    let mut out = format!(
        r#"<svg class="piece-svg piece-{} tier-{}" viewBox="0 0 100 100" aria-hidden="true" focusable="false">"#,
        piece.color.name(),
        tier_class(piece.kind)
    );
    discs_of(&mut out, piece);
    out.push_str("</svg>");
    out
}

/// The SVG of a piece in a square of `size` whose top left corner is at
/// (`x`, `y`), for a drawing of the whole board (a picture to share).
#[must_use]
pub fn markup_at(piece: PieceView, x: f64, y: f64, size: f64) -> String {
    let mut out = format!(
        r#"<svg x="{x:.1}" y="{y:.1}" width="{size:.1}" height="{size:.1}" viewBox="0 0 100 100">"#
    );
    discs_of(&mut out, piece);
    out.push_str("</svg>");
    out
}

/// A piece's discs, and the piece it carries, in a 100×100 box.
fn discs_of(out: &mut String, piece: PieceView) {
    let PieceView {
        color,
        kind,
        carried,
    } = piece;
    stack(out, color, kind, 50.0, 1.0, 50.0);
    if let Some(load) = carried {
        out.push_str(r#"<g class="carried">"#);
        stack(out, color, load, 76.0, 0.5, 20.0);
        out.push_str("</g>");
    }
}

thread_local! {
    /// The markup of each piece drawn so far: a board draws few kinds.
    static DRAWN: RefCell<Vec<(PieceView, AttrValue)>> = const { RefCell::new(Vec::new()) };
}

/// A piece, drawn to fill its square: an `<svg>` of discs (one per tier;
/// see [`discs`]).
///
/// The drawing of each kind of piece is made once and handed to the
/// browser as markup, which it builds in one step: a board's 24 pieces of
/// some ten SVG elements each, built one element and one attribute at a
/// time from the wasm, took most of the time to show the play screen on a
/// slow phone (docs/build.md, "Load time"). Unchanged pieces are not
/// touched again when the board redraws (the same markup).
pub fn piece(piece: PieceView) -> Html {
    let html = DRAWN.with_borrow_mut(|drawn| {
        if let Some((_, html)) = drawn.iter().find(|(p, _)| *p == piece) {
            return html.clone();
        }
        let html = AttrValue::from(markup(piece));
        drawn.push((piece, html.clone()));
        html
    });
    Html::from_html_unchecked(html)
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
