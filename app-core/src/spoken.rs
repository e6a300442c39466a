//! The game in words: what a screen reader says about squares and pieces,
//! the board as text, the moves told in words, and the short commands of
//! the move box that read the position aloud (the non-visual mode,
//! docs/user-guide.md, "Non-visual mode").
//!
//! Everything a person reads from here is written in [`words`], the one
//! table of this part's texts.

use tiers_engine::{BoardView, Color, GameKind, PieceKind, PieceView};

use crate::clock::{face, Clock};
use crate::record::{algebraic, checkers_number, MoveOption, Record};

/// Every text of the non-visual mode, in one place.
pub mod words {
    /// The commands, as the help lists them.
    pub const HELP: &str = "Type a move (11-15, 15x24, e3-e4) or a command: \
        p for your pieces, p black or p red for a side's, r 3 for row 3, \
        s e3 or s 15 for a square, l for the last move, t for whose turn, \
        c for the clocks, m for the material, v for the legal moves, h for this help.";
    /// No game on the board.
    pub const NO_GAME: &str = "There is no game on the board.";
    /// An empty box.
    pub const EMPTY: &str = "Type a move or a command (h for help).";
    /// No move played yet.
    pub const NO_MOVE_YET: &str = "No move has been played yet.";
    /// A game without clocks.
    pub const NO_CLOCK: &str = "This game has no clocks.";
    /// Nothing to move (game over or not the person's turn).
    pub const NO_LEGAL: &str = "You have no move to make now.";
    /// A square not on the board.
    pub fn unknown_square(text: &str) -> String {
        format!("{text} is not a square of this board: write e3, or a number 1 to 32 in checkers.")
    }
    /// A row not on the board.
    pub fn unknown_row(text: &str) -> String {
        format!("{text} is not a row: write a number 1 to 8.")
    }
    /// A side not known.
    pub fn unknown_side(text: &str) -> String {
        format!("{text} is not a side: write red or black.")
    }
    /// A command missing its square or row.
    pub fn needs(what: &str) -> String {
        format!(
            "Say which {what}, e.g. {}.",
            if what == "row" { "r 3" } else { "s e3" }
        )
    }
    /// A side's pieces, listed.
    pub fn pieces(side: &str, list: &str, count: usize) -> String {
        match count {
            0 => format!("{side} has no pieces."),
            1 => format!("{side} has 1 piece: {list}."),
            _ => format!("{side} has {count} pieces: {list}."),
        }
    }
    /// An empty square in a list.
    pub const EMPTY_SQUARE: &str = "empty";
    /// Whose turn it is.
    pub fn turn(side: &str, yours: Option<bool>) -> String {
        match yours {
            Some(true) => format!("{side} to move: your turn."),
            Some(false) => format!("{side} to move: the computer's turn."),
            None => format!("{side} to move."),
        }
    }
    /// The game is over.
    pub fn over(outcome: &str) -> String {
        format!("The game is over: {outcome}.")
    }
    /// The clocks.
    pub fn clocks(red: &str, black: &str) -> String {
        format!("Red {red}, Black {black}.")
    }
    /// The material.
    pub fn material(red: &str, black: &str, balance: &str) -> String {
        format!("Red: {red}. Black: {black}. {balance}")
    }
    /// Equal material.
    pub const EVEN: &str = "Material is even.";
    /// Ahead in material.
    pub fn ahead(side: &str, by: usize) -> String {
        format!(
            "{side} is ahead by {by} {}.",
            if by == 1 { "piece" } else { "pieces" }
        )
    }
    /// The legal moves.
    pub fn legal(list: &str) -> String {
        format!("Legal moves: {list}.")
    }
    /// A move told in words.
    pub fn moved(side: &str, text: &str, piece: &str, from: &str, to: &str) -> String {
        format!("{side} played {text}: {piece} from {from} to {to}")
    }
    /// What a move captured.
    pub fn taking(list: &str) -> String {
        format!(", taking {list}")
    }
    /// A row's name.
    pub fn row(n: u8) -> String {
        format!("Row {n}")
    }
    /// What a typed move that is not legal gets.
    pub fn refused(text: &str, why: &str) -> String {
        format!("{text} cannot be played: {why}")
    }
    /// Typed when it is not the person's turn.
    pub const NOT_YOUR_TURN: &str = "It is not your turn.";
}

/// A piece in words: "red man", "black ultra king carrying a king".
#[must_use]
pub fn describe(piece: PieceView) -> String {
    let mut s = format!("{} {}", piece.color.name(), piece.kind.name());
    if let Some(load) = piece.carried {
        s.push_str(" carrying a ");
        s.push_str(load.name());
    }
    s
}

/// A square's name as the game writes it, with the board name in checkers:
/// "15 (e5)", or "e3" in Tiers and on checkers' light squares.
#[must_use]
pub fn square_name(kind: GameKind, sq: u8) -> String {
    match (kind, checkers_number(sq)) {
        (GameKind::Checkers, Some(n)) => format!("{n} ({})", algebraic(sq)),
        _ => algebraic(sq),
    }
}

/// The accessible name of a square: what is written on it first, then its
/// piece: "e3, red man" (checkers: "15 (e5), red man"). `shown` is the
/// text the square shows besides its number (the board's edge coordinates,
/// "1" or "a1" on a corner), so that the name contains what is seen.
#[must_use]
pub fn square_label(kind: GameKind, sq: u8, piece: Option<PieceView>) -> String {
    let name = square_name(kind, sq);
    match piece {
        Some(p) => format!("{name}, {}", describe(p)),
        None => format!("{name}, {}", words::EMPTY_SQUARE),
    }
}

/// One letter per piece for the board as text: `r` `b` for men, `R` `B`
/// for kings in checkers; in Tiers the tier's letter of TFEN (`m k t q u
/// d`), upper case for Red; `.` for an empty square.
fn letter(piece: Option<PieceView>, kind: GameKind) -> char {
    let Some(p) = piece else { return '.' };
    let c = match (kind, p.kind) {
        (GameKind::Checkers, PieceKind::Man) => 'r',
        (GameKind::Checkers, _) => 'R',
        (_, PieceKind::Man) => 'm',
        (_, PieceKind::King) => 'k',
        (_, PieceKind::Triple) => 't',
        (_, PieceKind::Quad) => 'q',
        (_, PieceKind::Ultra) => 'u',
        (_, PieceKind::DoubleUltra) => 'd',
    };
    match (kind, p.color) {
        (GameKind::Checkers, Color::Black) => {
            if c == 'r' {
                'b'
            } else {
                'B'
            }
        }
        (GameKind::Checkers, Color::Red) => c,
        (_, Color::Red) => c.to_ascii_uppercase(),
        (_, Color::Black) => c,
    }
}

/// The board as text, one line per row from the far side (row 8 first, or
/// row 1 first when `flipped`): the row number, then a letter per square
/// (see the legend of the non-visual mode), then the files' letters.
#[must_use]
pub fn board_rows(kind: GameKind, view: &BoardView, flipped: bool) -> Vec<String> {
    let ranks: Vec<u8> = if flipped {
        (0..8).collect()
    } else {
        (0..8).rev().collect()
    };
    let files: Vec<u8> = if flipped {
        (0..8).rev().collect()
    } else {
        (0..8).collect()
    };
    let mut rows: Vec<String> = ranks
        .iter()
        .map(|&r| {
            let cells: Vec<String> = files
                .iter()
                .map(|&f| letter(view[usize::from(f + 8 * r)], kind).to_string())
                .collect();
            format!("{} {}", r + 1, cells.join(" "))
        })
        .collect();
    let letters: Vec<String> = files
        .iter()
        .map(|&f| char::from(b'a' + f).to_string())
        .collect();
    rows.push(format!("  {}", letters.join(" ")));
    rows
}

/// A square typed by a person: "e3" (any case), or in checkers a number
/// 1–32.
#[must_use]
pub fn parse_square(kind: GameKind, text: &str) -> Option<u8> {
    let t = text.trim().to_ascii_lowercase();
    let b = t.as_bytes();
    if b.len() == 2 && (b'a'..=b'h').contains(&b[0]) && (b'1'..=b'8').contains(&b[1]) {
        return Some((b[0] - b'a') + 8 * (b[1] - b'1'));
    }
    if kind == GameKind::Checkers {
        let n: u8 = t.parse().ok()?;
        return (0..64).find(|&sq| checkers_number(sq) == Some(n));
    }
    None
}

/// A short command of the move box.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// The pieces of a side (None: the person's, or the side to move's).
    Pieces(Option<Color>),
    /// A row (rank) of the board, 1–8.
    Row(u8),
    /// One square.
    Square(u8),
    /// The last move played.
    Last,
    /// Whose turn it is.
    Turn,
    /// The clocks.
    Clocks,
    /// Each side's pieces counted by tier.
    Material,
    /// The legal moves.
    Legal,
    /// The list of commands.
    Help,
}

/// What was typed in the move box.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// A command.
    Command(Command),
    /// A move, as written.
    Move(String),
}

/// Reads what was typed: a command (its first word is one of the
/// commands: `p`, `pieces`, `r`, `row`, `s`, `square`, `l`, `last`, `t`,
/// `turn`, `c`, `clock`, `m`, `material`, `v`, `moves`, `h`, `help`),
/// else a move. Errors are messages for the person (an unknown square or
/// row, an empty box).
pub fn parse(kind: GameKind, text: &str) -> Result<Typed, String> {
    let text = text.trim();
    let mut parts = text.split_whitespace();
    let Some(first) = parts.next() else {
        return Err(words::EMPTY.into());
    };
    let arg = parts.collect::<Vec<_>>().join(" ");
    let command = match first.to_ascii_lowercase().as_str() {
        "p" | "pieces" => {
            let side = match arg.to_ascii_lowercase().as_str() {
                "" => None,
                "red" | "r" | "w" | "white" => Some(Color::Red),
                "black" | "b" => Some(Color::Black),
                _ => return Err(words::unknown_side(&arg)),
            };
            Command::Pieces(side)
        }
        "r" | "row" | "rank" => match arg.parse::<u8>() {
            Ok(n @ 1..=8) => Command::Row(n),
            _ if arg.is_empty() => return Err(words::needs("row")),
            _ => return Err(words::unknown_row(&arg)),
        },
        "s" | "square" => match parse_square(kind, &arg) {
            Some(sq) => Command::Square(sq),
            None if arg.is_empty() => return Err(words::needs("square")),
            None => return Err(words::unknown_square(&arg)),
        },
        "l" | "last" => Command::Last,
        "t" | "turn" => Command::Turn,
        "c" | "clock" | "clocks" => Command::Clocks,
        "m" | "material" => Command::Material,
        "v" | "moves" | "legal" => Command::Legal,
        "h" | "help" | "?" => Command::Help,
        _ => return Ok(Typed::Move(text.split_whitespace().collect::<String>())),
    };
    Ok(Typed::Command(command))
}

/// What the game looks like to [`answer`]: the record at the cursor, the
/// person's colour (None between two players), the clocks and the time.
pub struct Seen<'a> {
    /// The game.
    pub game: &'a dyn Record,
    /// The person's colour against the computer.
    pub human: Option<Color>,
    /// The clocks, if the game has them.
    pub clock: Option<&'a Clock>,
    /// Now, in milliseconds since 1970 (for a running clock).
    pub now: u64,
    /// The moves the person can enter now.
    pub legal: &'a [MoveOption],
}

/// The spoken answer to a command.
#[must_use]
pub fn answer(seen: &Seen, command: Command) -> String {
    let game = seen.game;
    let kind = game.kind();
    let ply = game.ply();
    let view = game.view_at(ply).unwrap_or([None; 64]);
    let side = game.side_at(ply).unwrap_or(Color::Red);
    let on = |sq: u8| {
        format!(
            "{} on {}",
            describe_short(view[usize::from(sq)]),
            name(kind, sq)
        )
    };
    match command {
        Command::Pieces(who) => {
            let who = who.or(seen.human).unwrap_or(side);
            let mut squares: Vec<u8> = (0..64u8)
                .filter(|&sq| view[usize::from(sq)].is_some_and(|p| p.color == who))
                .collect();
            // In the order the game numbers them: 1–32 in checkers.
            squares.sort_by_key(|&sq| match kind {
                GameKind::Checkers => checkers_number(sq).unwrap_or(0),
                GameKind::Tiers => sq,
            });
            let list: Vec<String> = squares.iter().map(|&sq| on(sq)).collect();
            words::pieces(&who.to_string(), &list.join(", "), squares.len())
        }
        Command::Row(n) => {
            let rank = n - 1;
            let cells: Vec<String> = (0..8u8)
                .map(|f| {
                    let sq = f + 8 * rank;
                    match view[usize::from(sq)] {
                        Some(p) => format!("{} {}", name(kind, sq), describe(p)),
                        None if kind == GameKind::Checkers && checkers_number(sq).is_none() => {
                            String::new()
                        }
                        None => format!("{} {}", name(kind, sq), words::EMPTY_SQUARE),
                    }
                })
                .filter(|c| !c.is_empty())
                .collect();
            format!("{}: {}.", words::row(n), cells.join(", "))
        }
        Command::Square(sq) => format!("{}.", square_label(kind, sq, view[usize::from(sq)])),
        Command::Last => match ply.checked_sub(1) {
            Some(last) => move_in_words(game, last),
            None => words::NO_MOVE_YET.into(),
        },
        Command::Turn => match game.outcome() {
            Some(o) => words::over(&o.to_string()),
            None => words::turn(&side.to_string(), seen.human.map(|h| h == side)),
        },
        Command::Clocks => match seen.clock {
            Some(c) => {
                let left = |s: Color| {
                    if s == side && game.outcome().is_none() {
                        c.left_at(s, seen.now)
                    } else {
                        c.left(s)
                    }
                };
                words::clocks(&face(left(Color::Red)), &face(left(Color::Black)))
            }
            None => words::NO_CLOCK.into(),
        },
        Command::Material => {
            let count = |who: Color| -> (usize, String) {
                let mut parts: Vec<String> = Vec::new();
                let mut total = 0;
                for k in PieceKind::ALL {
                    let n = view
                        .iter()
                        .flatten()
                        .filter(|p| p.color == who && p.kind == k)
                        .count()
                        + view
                            .iter()
                            .flatten()
                            .filter(|p| p.color == who && p.carried == Some(k))
                            .count();
                    if n > 0 {
                        total += n;
                        parts.push(format!("{n} {}", plural(k.name(), n)));
                    }
                }
                if parts.is_empty() {
                    parts.push("no pieces".into());
                }
                (total, parts.join(", "))
            };
            let (r, red) = count(Color::Red);
            let (b, black) = count(Color::Black);
            let balance = match r.cmp(&b) {
                std::cmp::Ordering::Equal => words::EVEN.to_string(),
                std::cmp::Ordering::Greater => words::ahead("Red", r - b),
                std::cmp::Ordering::Less => words::ahead("Black", b - r),
            };
            words::material(&red, &black, &balance)
        }
        Command::Legal => {
            if seen.legal.is_empty() {
                return words::NO_LEGAL.into();
            }
            let list: Vec<&str> = seen.legal.iter().map(|m| m.text.as_str()).collect();
            words::legal(&list.join(", "))
        }
        Command::Help => words::HELP.into(),
    }
}

/// "man", "men"; "king", "kings"; "triple king", "triple kings".
fn plural(name: &str, n: usize) -> String {
    match (name, n) {
        (_, 1) => name.to_string(),
        ("man", _) => "men".to_string(),
        _ => format!("{name}s"),
    }
}

/// A square's name as the game writes it: "15" or "e3".
fn name(kind: GameKind, sq: u8) -> String {
    match (kind, checkers_number(sq)) {
        (GameKind::Checkers, Some(n)) => n.to_string(),
        _ => algebraic(sq),
    }
}

/// A piece's tier in words without its colour: "man", "ultra king
/// carrying a king".
fn describe_short(piece: Option<PieceView>) -> String {
    match piece {
        Some(p) => {
            let d = describe(p);
            d.split_once(' ')
                .map_or(d.clone(), |(_, rest)| rest.to_string())
        }
        None => words::EMPTY_SQUARE.into(),
    }
}

/// The move played at `ply` in words: "Black played 11-15: man from 11 to
/// 15." or "… taking 18 and 27."
#[must_use]
pub fn move_in_words(game: &dyn Record, ply: usize) -> String {
    let Some(mv) = game.move_at(ply) else {
        return words::NO_MOVE_YET.into();
    };
    let kind = game.kind();
    let side = game.side_at(ply).unwrap_or(Color::Red);
    let before = game.view_at(ply).unwrap_or([None; 64]);
    let (Some(&from), Some(&to)) = (mv.squares.first(), mv.squares.last()) else {
        return format!("{side} played {}.", mv.text);
    };
    let mut say = words::moved(
        &side.to_string(),
        &mv.text,
        &describe_short(before[usize::from(from)]),
        &name(kind, from),
        &name(kind, to),
    );
    if !mv.captures.is_empty() {
        let taken: Vec<String> = mv.captures.iter().map(|&sq| name(kind, sq)).collect();
        say.push_str(&words::taking(&taken.join(" and ")));
    }
    say.push('.');
    say
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{new_checkers, square};

    #[test]
    fn squares_are_read_in_the_games_notation() {
        assert_eq!(parse_square(GameKind::Checkers, "15"), Some(square("e5")));
        assert_eq!(parse_square(GameKind::Checkers, "E5"), Some(square("e5")));
        assert_eq!(parse_square(GameKind::Tiers, "15"), None);
        assert_eq!(parse_square(GameKind::Checkers, "33"), None);
        assert_eq!(parse_square(GameKind::Tiers, "i9"), None);
    }

    #[test]
    fn commands_and_moves_are_told_apart() {
        let k = GameKind::Checkers;
        assert_eq!(parse(k, "11-15"), Ok(Typed::Move("11-15".into())));
        assert_eq!(parse(k, " e3 - e4 "), Ok(Typed::Move("e3-e4".into())));
        assert_eq!(
            parse(k, "p black"),
            Ok(Typed::Command(Command::Pieces(Some(Color::Black))))
        );
        assert_eq!(parse(k, "R 3"), Ok(Typed::Command(Command::Row(3))));
        assert_eq!(
            parse(k, "s 15"),
            Ok(Typed::Command(Command::Square(square("e5"))))
        );
        assert_eq!(parse(k, "l"), Ok(Typed::Command(Command::Last)));
        assert_eq!(parse(k, "help"), Ok(Typed::Command(Command::Help)));
        assert_eq!(parse(k, ""), Err(words::EMPTY.into()));
        assert!(parse(k, "r 9").unwrap_err().contains("not a row"));
        assert!(parse(k, "s z9").unwrap_err().contains("not a square"));
        assert!(parse(k, "p green").unwrap_err().contains("not a side"));
        assert!(parse(k, "s").unwrap_err().starts_with("Say which square"));
    }

    #[test]
    fn the_start_position_is_read_aloud() {
        let mut game = new_checkers();
        let legal = game.legal();
        let seen = Seen {
            game: game.as_ref(),
            human: Some(Color::Black),
            clock: None,
            now: 0,
            legal: &legal,
        };
        let pieces = answer(&seen, Command::Pieces(None));
        assert!(
            pieces.starts_with("Black has 12 pieces: man on 1, man on 2,"),
            "{pieces}"
        );
        assert_eq!(
            answer(&seen, Command::Row(3)),
            "Row 3: 21 red man, 22 red man, 23 red man, 24 red man."
        );
        assert_eq!(
            answer(&seen, Command::Row(4)),
            "Row 4: 17 empty, 18 empty, 19 empty, 20 empty."
        );
        assert_eq!(
            answer(&seen, Command::Square(square("e5"))),
            "15 (e5), empty."
        );
        assert_eq!(answer(&seen, Command::Turn), "Black to move: your turn.");
        assert_eq!(answer(&seen, Command::Last), words::NO_MOVE_YET);
        assert_eq!(answer(&seen, Command::Clocks), words::NO_CLOCK);
        assert_eq!(
            answer(&seen, Command::Material),
            "Red: 12 men. Black: 12 men. Material is even."
        );
        let legal_moves = answer(&seen, Command::Legal);
        assert!(
            legal_moves.starts_with("Legal moves: ")
                && legal_moves.contains("11-15")
                && legal_moves.matches('-').count() == 7,
            "{legal_moves}"
        );
        game.play_text("11-15").unwrap();
        game.play_text("22-18").unwrap();
        game.play_text("15x22").unwrap();
        assert_eq!(
            move_in_words(game.as_ref(), 2),
            "Black played 15x22: man from 15 to 22, taking 18."
        );
        let seen = Seen {
            game: game.as_ref(),
            human: None,
            clock: None,
            now: 0,
            legal: &[],
        };
        assert_eq!(
            answer(&seen, Command::Last),
            "Black played 15x22: man from 15 to 22, taking 18."
        );
        assert_eq!(
            answer(&seen, Command::Material),
            "Red: 11 men. Black: 12 men. Black is ahead by 1 piece."
        );
        assert_eq!(answer(&seen, Command::Turn), "Red to move.");
        assert_eq!(answer(&seen, Command::Legal), words::NO_LEGAL);
    }

    #[test]
    fn the_board_as_text_has_a_row_per_rank_and_the_files() {
        let game = new_checkers();
        let rows = board_rows(GameKind::Checkers, &game.view_at(0).unwrap(), false);
        assert_eq!(rows.len(), 9);
        assert_eq!(rows[0], "8 . b . b . b . b");
        assert_eq!(rows[7], "1 r . r . r . r .");
        assert_eq!(rows[8], "  a b c d e f g h");
        let flipped = board_rows(GameKind::Checkers, &game.view_at(0).unwrap(), true);
        assert_eq!(flipped[0], "1 . r . r . r . r");
        assert_eq!(flipped[8], "  h g f e d c b a");
    }
}
