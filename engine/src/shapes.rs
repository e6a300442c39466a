//! Arrows and marked squares a player draws on a position, kept in a
//! move's PDN comment the way lichess and ChessBase keep them in PGN:
//! `[%csl G22,R9]` marks squares, `[%cal G22-18,B9-14]` draws arrows,
//! each item a colour letter (`G` green, `R` red, `B` blue, `Y` yellow)
//! and the game's own square names: checkers squares 1–32 (an arrow's
//! two squares joined by `-`), Tiers squares a1–h8 (`[%cal Gd2d4]`).
//! Other programs read the commands as part of an ordinary comment.
//!
//! ```
//! use tiers_engine::shapes::{Shape, ShapeColor};
//! use tiers_engine::{checkers, pdn};
//! let games = checkers::pdn::read_games("1. 11-15 {Strong [%cal G22-18] [%csl R15]} *").unwrap();
//! let note = &games[0].notes[0];
//! assert_eq!(note.comment, "Strong");
//! assert_eq!(note.shapes.len(), 2);
//! assert!(note.shapes.contains(&Shape::mark(checkers::square_to_index64(15), ShapeColor::Red)));
//! let text = pdn::write_annotated(&games[0].tags, &games[0].game, &games[0].notes);
//! assert!(text.contains("{Strong [%csl R15] [%cal G22-18]}"), "{text}");
//! ```

use core::fmt::Write as _;

/// The colour of a drawn shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum ShapeColor {
    /// `G`: drawn with no modifier key.
    Green,
    /// `R`: Shift.
    Red,
    /// `B`: Alt (Option).
    Blue,
    /// `Y`: Shift and Alt.
    Yellow,
}

impl ShapeColor {
    /// Every colour, in letter order of the documentation.
    pub const ALL: [ShapeColor; 4] = [
        ShapeColor::Green,
        ShapeColor::Red,
        ShapeColor::Blue,
        ShapeColor::Yellow,
    ];

    /// Its letter in a `[%cal]` / `[%csl]` item.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            ShapeColor::Green => 'G',
            ShapeColor::Red => 'R',
            ShapeColor::Blue => 'B',
            ShapeColor::Yellow => 'Y',
        }
    }

    /// The colour of a letter (either case), if it is one.
    #[must_use]
    pub fn of_letter(c: char) -> Option<ShapeColor> {
        ShapeColor::ALL
            .into_iter()
            .find(|s| s.letter() == c.to_ascii_uppercase())
    }

    /// A lower-case name (`green`), for CSS classes and message keys.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            ShapeColor::Green => "green",
            ShapeColor::Red => "red",
            ShapeColor::Blue => "blue",
            ShapeColor::Yellow => "yellow",
        }
    }
}

/// An arrow from one square to another, or a marked square (`from ==
/// to`). Squares are 64-square indexes (a1 = 0, h8 = 63).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Shape {
    /// Where the arrow starts; the marked square.
    pub from: u8,
    /// Where the arrow points; `from` for a mark.
    pub to: u8,
    /// Its colour.
    pub color: ShapeColor,
}

impl Shape {
    /// A marked square.
    #[must_use]
    pub const fn mark(sq: u8, color: ShapeColor) -> Shape {
        Shape {
            from: sq,
            to: sq,
            color,
        }
    }

    /// An arrow (a mark when both squares are the same).
    #[must_use]
    pub const fn arrow(from: u8, to: u8, color: ShapeColor) -> Shape {
        Shape { from, to, color }
    }

    /// Whether it marks a square (not an arrow).
    #[must_use]
    pub const fn is_mark(&self) -> bool {
        self.from == self.to
    }
}

/// How a game names squares in shapes.
pub trait ShapeSquares {
    /// Written between an arrow's two squares (`-` where square names are
    /// numbers, which would run together).
    const ARROW_JOIN: &'static str = "";

    /// The name of a square (a 64-square index); `None` for a square the
    /// game does not play on. By default its algebraic name (`d4`).
    fn shape_square_name(sq: u8) -> Option<String> {
        (sq < 64).then(|| {
            let mut s = String::new();
            s.push(char::from(b'a' + sq % 8));
            s.push(char::from(b'1' + sq / 8));
            s
        })
    }

    /// The square a name gives, if any (the inverse of
    /// [`ShapeSquares::shape_square_name`]).
    fn shape_square(name: &str) -> Option<u8> {
        let b = name.as_bytes();
        (b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]))
            .then(|| (b[0] - b'a') + 8 * (b[1] - b'1'))
    }
}

/// Puts a shape in a sorted list of shapes where one shape at most joins
/// two squares: one on the same squares is replaced (its colour changed).
pub fn put(shapes: &mut Vec<Shape>, shape: Shape) {
    shapes.retain(|s| (s.from, s.to) != (shape.from, shape.to));
    let at = shapes.partition_point(|s| s < &shape);
    shapes.insert(at, shape);
}

/// What a player's click or key does: the same shape again takes it away,
/// one of another colour on the same squares is recoloured, a new one is
/// added. The list stays sorted.
pub fn toggle(shapes: &mut Vec<Shape>, shape: Shape) {
    if let Some(i) = shapes.iter().position(|s| *s == shape) {
        shapes.remove(i);
    } else {
        put(shapes, shape);
    }
}

/// The commands for these shapes (`[%csl …] [%cal …]`), empty when there
/// are none; a shape on a square the game does not name is left out.
#[must_use]
pub fn write<G: ShapeSquares>(shapes: &[Shape]) -> String {
    let name = |sq: u8| G::shape_square_name(sq);
    let marks: Vec<String> = shapes
        .iter()
        .filter(|s| s.is_mark())
        .filter_map(|s| Some(format!("{}{}", s.color.letter(), name(s.from)?)))
        .collect();
    let arrows: Vec<String> = shapes
        .iter()
        .filter(|s| !s.is_mark())
        .filter_map(|s| {
            Some(format!(
                "{}{}{}{}",
                s.color.letter(),
                name(s.from)?,
                G::ARROW_JOIN,
                name(s.to)?
            ))
        })
        .collect();
    let mut out = String::new();
    for (command, items) in [("csl", marks), ("cal", arrows)] {
        if !items.is_empty() {
            if !out.is_empty() {
                out.push(' ');
            }
            let _ = write!(out, "[%{command} {}]", items.join(","));
        }
    }
    out
}

/// A comment with its shapes' commands after its text.
#[must_use]
pub fn with_comment<G: ShapeSquares>(comment: &str, shapes: &[Shape]) -> String {
    let commands = write::<G>(shapes);
    match (comment.is_empty(), commands.is_empty()) {
        (_, true) => comment.to_string(),
        (true, false) => commands,
        (false, false) => format!("{comment} {commands}"),
    }
}

/// One item of a command: a mark (`csl`) or an arrow (`cal`).
fn item<G: ShapeSquares>(text: &str, arrow: bool) -> Option<Shape> {
    let mut chars = text.chars();
    let color = ShapeColor::of_letter(chars.next()?)?;
    let rest = chars.as_str();
    if !arrow {
        return Some(Shape::mark(G::shape_square(rest)?, color));
    }
    // The first split where both halves are square names (`-` between
    // them allowed, and needed where names are numbers).
    rest.char_indices().skip(1).find_map(|(i, _)| {
        let from = G::shape_square(&rest[..i])?;
        let second = &rest[i..];
        let to = G::shape_square(second.strip_prefix('-').unwrap_or(second))?;
        (from != to).then_some(Shape::arrow(from, to, color))
    })
}

/// Takes the `[%csl …]` and `[%cal …]` commands out of a comment: the
/// comment's own text (white space collapsed) and the shapes, sorted. A
/// command with an item that is not a shape of this game stays in the text,
/// as other programs would show it.
#[must_use]
pub fn split<G: ShapeSquares>(comment: &str) -> (String, Vec<Shape>) {
    let mut text = String::new();
    let mut shapes = Vec::new();
    let mut rest = comment;
    while let Some(start) = rest.find("[%") {
        let after = &rest[start + 2..];
        let command = after.get(..3).unwrap_or("");
        let end = after.find(']');
        let read = match (command, end) {
            ("csl" | "cal", Some(end)) => {
                let arrow = command == "cal";
                let body = &after[3..end];
                let items: Option<Vec<Shape>> = body
                    .split(',')
                    .map(str::trim)
                    .filter(|s| !s.is_empty())
                    .map(|s| item::<G>(s, arrow))
                    .collect();
                items
                    .filter(|_| body.starts_with(' ') || body.is_empty())
                    .map(|items| (items, end))
            }
            _ => None,
        };
        match read {
            Some((items, end)) => {
                text.push_str(&rest[..start]);
                text.push(' ');
                for s in items {
                    put(&mut shapes, s);
                }
                rest = &after[end + 1..];
            }
            None => {
                text.push_str(&rest[..start + 2]);
                rest = after;
            }
        }
    }
    text.push_str(rest);
    (
        text.split_whitespace().collect::<Vec<_>>().join(" "),
        shapes,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Algebraic;
    impl ShapeSquares for Algebraic {}

    #[test]
    fn commands_are_taken_out_of_the_text_and_written_back() {
        let (text, shapes) =
            split::<Algebraic>("good [%cal Gd2d4,Re7e5] move [%csl Yd4] [%clk 0:01:00]");
        assert_eq!(text, "good move [%clk 0:01:00]");
        assert_eq!(shapes.len(), 3);
        assert_eq!(
            with_comment::<Algebraic>(&text, &shapes),
            "good move [%clk 0:01:00] [%csl Yd4] [%cal Gd2d4,Re7e5]"
        );
        // A command that is not all shapes stays as text.
        for odd in [
            "[%cal Gd2]",
            "[%csl Xd4]",
            "[%cal Gd4d4]",
            "[%csl Gd4",
            "[%calGd2d4]",
        ] {
            let (text, shapes) = split::<Algebraic>(odd);
            assert_eq!((text.as_str(), shapes.len()), (odd, 0), "{odd}");
        }
    }

    #[test]
    fn toggling_adds_recolours_and_removes() {
        let mut shapes = Vec::new();
        toggle(&mut shapes, Shape::arrow(12, 28, ShapeColor::Green));
        toggle(&mut shapes, Shape::mark(3, ShapeColor::Red));
        assert_eq!(shapes[0], Shape::mark(3, ShapeColor::Red), "sorted");
        toggle(&mut shapes, Shape::arrow(12, 28, ShapeColor::Blue));
        assert_eq!(shapes.len(), 2);
        assert_eq!(shapes[1].color, ShapeColor::Blue);
        toggle(&mut shapes, Shape::arrow(12, 28, ShapeColor::Blue));
        assert_eq!(shapes, [Shape::mark(3, ShapeColor::Red)]);
    }
}
