//! A picture of the board to keep or share: the position shown, drawn as
//! one SVG document (the board's colours from the current theme, the pieces
//! as the board draws them, the last move tinted, checkers square numbers
//! or Tiers coordinates on the edge), which the browser turns into a PNG
//! (`browser::svg_to_png`). Made when a button is pressed, never on a
//! render.

use std::fmt::Write;

use tiers_engine::{BoardView, GameKind};

use crate::components::board::screen_pos;
use crate::components::piece::markup_at;
use crate::core::record::{checkers_number, is_dark, Record};

/// One square's side in the drawing's units.
const SQUARE: f64 = 100.0;
/// The frame around a Tiers board, for its coordinates.
const FRAME: f64 = 36.0;

/// What to draw.
#[derive(Clone, PartialEq, Debug)]
pub struct Picture {
    /// The pieces.
    pub view: BoardView,
    /// Which game (checkers numbers its dark squares; Tiers has a1–h8 on
    /// the edge).
    pub kind: GameKind,
    /// Seen from Black's side.
    pub flipped: bool,
    /// The squares of the last move, tinted.
    pub last_move: Vec<u8>,
}

impl Picture {
    /// The position of `record` after `ply` plies, with the move that led
    /// to it.
    #[must_use]
    pub fn of_record(record: &dyn Record, ply: usize, flipped: bool) -> Picture {
        Picture {
            view: record.view_at(ply).unwrap_or([None; 64]),
            kind: record.kind(),
            flipped,
            last_move: ply
                .checked_sub(1)
                .and_then(|p| record.move_at(p))
                .map(|m| m.squares)
                .unwrap_or_default(),
        }
    }
}

/// The board's look: the theme's colours, and whether pieces show their
/// classic details.
#[derive(Clone, PartialEq, Debug)]
pub struct Look {
    /// Light squares.
    pub light: String,
    /// Dark squares.
    pub dark: String,
    /// The classic piece style (bevels, grooves and shine).
    pub classic: bool,
}

impl Default for Look {
    /// The default wood theme (styles/app.css).
    fn default() -> Look {
        Look {
            light: "#f0d9b5".into(),
            dark: "#b58863".into(),
            classic: false,
        }
    }
}

impl Look {
    /// The page's current look: the board colours of its theme (the CSS
    /// variables `--light-sq` and `--dark-sq`) and its piece style.
    #[must_use]
    pub fn of_page() -> Look {
        let mut look = Look::default();
        let Some(root) = gloo::utils::document().document_element() else {
            return look;
        };
        if let Ok(Some(style)) = gloo::utils::window().get_computed_style(&root) {
            for (name, slot) in [
                ("--light-sq", &mut look.light),
                ("--dark-sq", &mut look.dark),
            ] {
                if let Ok(v) = style.get_property_value(name) {
                    if let Some(colour) = safe_colour(v.trim()) {
                        *slot = colour;
                    }
                }
            }
        }
        look.classic = root
            .get_attribute("class")
            .is_some_and(|c| c.split_whitespace().any(|c| c == "pieces-classic"));
        look
    }
}

/// `v` if it is a colour that can go into the drawing as it is (`#rgb`,
/// `#rrggbb`, `rgb(…)`/`rgba(…)` of numbers): nothing else is written into
/// the SVG.
fn safe_colour(v: &str) -> Option<String> {
    let hex = v.strip_prefix('#').is_some_and(|h| {
        matches!(h.len(), 3 | 4 | 6 | 8) && h.chars().all(|c| c.is_ascii_hexdigit())
    });
    let func = (v.starts_with("rgb(") || v.starts_with("rgba("))
        && v.ends_with(')')
        && v[v.find('(').unwrap_or(0) + 1..v.len() - 1]
            .chars()
            .all(|c| c.is_ascii_digit() || " ,.%/".contains(c));
    (hex || func).then(|| v.to_string())
}

/// The picture as an SVG document, `size` pixels wide and high.
#[must_use]
pub fn board_svg(p: &Picture, look: &Look, size: u32) -> String {
    let frame = if p.kind == GameKind::Tiers {
        FRAME
    } else {
        0.0
    };
    let whole = 8.0 * SQUARE + 2.0 * frame;
    let mut out = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" viewBox="0 0 {whole} {whole}">"#
    );
    if !look.classic {
        out.push_str("<style>.classic{display:none}</style>");
    }
    let _ = write!(
        out,
        r##"<rect width="{whole}" height="{whole}" fill="#262421"/>"##
    );
    for sq in 0..64u8 {
        let (col, row) = screen_pos(sq, p.flipped);
        let (col, row) = (f64::from(col), f64::from(row));
        let (x, y) = (frame + col * SQUARE, frame + row * SQUARE);
        let fill = if is_dark(sq) { &look.dark } else { &look.light };
        let _ = write!(
            out,
            r#"<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="{fill}"/>"#
        );
        if p.last_move.contains(&sq) {
            let _ = write!(
                out,
                r#"<rect x="{x}" y="{y}" width="{SQUARE}" height="{SQUARE}" fill="rgb(155,199,0)" fill-opacity="0.41"/>"#
            );
        }
        if p.kind == GameKind::Checkers {
            if let Some(n) = checkers_number(sq) {
                let _ = write!(
                    out,
                    r#"<text x="{}" y="{}" font-family="sans-serif" font-size="20" font-weight="600" text-anchor="end" fill="{}" fill-opacity="0.8">{n}</text>"#,
                    x + SQUARE - 5.0,
                    y + 21.0,
                    look.light,
                );
            }
        }
        if let Some(piece) = p.view[usize::from(sq)] {
            out.push_str(&markup_at(piece, x, y, SQUARE));
        }
    }
    if frame > 0.0 {
        for i in 0..8u8 {
            // Files along the bottom, ranks up the left side.
            let file = if p.flipped { 7 - i } else { i };
            let rank = if p.flipped { i + 1 } else { 8 - i };
            let at = frame + f64::from(i) * SQUARE + SQUARE / 2.0;
            let _ = write!(
                out,
                r##"<text x="{at}" y="{}" font-family="sans-serif" font-size="24" text-anchor="middle" fill="#e8e6e3">{}</text><text x="{}" y="{}" font-family="sans-serif" font-size="24" text-anchor="middle" fill="#e8e6e3">{rank}</text>"##,
                whole - 10.0,
                char::from(b'a' + file),
                frame / 2.0,
                at + 8.0,
            );
        }
    }
    out.push_str("</svg>");
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiers_engine::{checkers, tiers, Position};

    fn picture(kind: GameKind) -> Picture {
        let view = match kind {
            GameKind::Checkers => checkers::Position::start().board_view(),
            GameKind::Tiers => tiers::Position::start().board_view(),
        };
        Picture {
            view,
            kind,
            flipped: false,
            last_move: vec![],
        }
    }

    #[test]
    fn the_start_has_every_piece_and_square() {
        let svg = board_svg(&picture(GameKind::Checkers), &Look::default(), 640);
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\""));
        assert!(svg.ends_with("</svg>"));
        // 64 squares and the background; 24 pieces; 32 numbers.
        assert_eq!(svg.matches(r#"width="100" height="100" fill"#).count(), 64);
        assert_eq!(svg.matches("viewBox=\"0 0 100 100\"").count(), 24);
        assert_eq!(svg.matches("<text").count(), 32);
        assert_eq!(svg.matches("disc-red").count(), 12);
        assert!(svg.contains(".classic{display:none}"));
    }

    #[test]
    fn tiers_has_coordinates_on_its_frame() {
        let mut p = picture(GameKind::Tiers);
        let svg = board_svg(&p, &Look::default(), 640);
        assert_eq!(svg.matches("<text").count(), 16);
        assert!(svg.contains(">a</text>") && svg.contains(">8</text>"));
        p.flipped = true;
        p.last_move = vec![0, 9];
        let svg = board_svg(&p, &Look::default(), 640);
        assert_eq!(svg.matches("fill-opacity=\"0.41\"").count(), 2);
        // Flipped: h is the first file drawn, rank 1 at the top.
        let first = svg.find(">h</text>").unwrap();
        assert!(first < svg.find(">a</text>").unwrap());
    }

    #[test]
    fn only_plain_colours_are_written() {
        assert_eq!(safe_colour("#b58863").as_deref(), Some("#b58863"));
        assert_eq!(safe_colour("rgb(1, 2, 3)").as_deref(), Some("rgb(1, 2, 3)"));
        assert_eq!(safe_colour("red\"/><script>"), None);
        assert_eq!(safe_colour("url(#x)"), None);
        assert_eq!(safe_colour(""), None);
    }
}
