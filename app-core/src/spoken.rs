//! The game in words: what a screen reader says about squares and pieces,
//! the board as text, the moves told in words, and the short commands of
//! the move box that read the position aloud (the non-visual mode,
//! docs/user-guide.md, "Non-visual mode").
//!
//! Everything a person reads from here is written in [`words`], the one
//! table of this part's texts.

use tiers_engine::{BoardView, Color, GameKind, PieceKind, PieceView};

use crate::clock::{face, Clock};
use crate::i18n::{words as names, Text};
use crate::record::{algebraic, checkers_number, MoveOption, Record};
use crate::text;

/// Every text of the non-visual mode, in one place: messages of the
/// catalogue (`spoken.` keys; the format in
/// docs/content-formats.md, "Message catalogues"); the typed letters and
/// the moves stay as they are.
pub mod words {
    use crate::i18n::Text;
    use crate::text;

    /// The commands, as the help lists them.
    pub fn help() -> Text {
        text!("spoken.help")
    }
    /// No game on the board.
    pub fn no_game() -> Text {
        text!("spoken.no-game")
    }
    /// An empty box.
    pub fn empty() -> Text {
        text!("spoken.empty-box")
    }
    /// No move played yet.
    pub fn no_move_yet() -> Text {
        text!("spoken.no-move-yet")
    }
    /// A square not on the board.
    pub fn unknown_square(typed: &str) -> Text {
        text!("spoken.unknown-square", text = typed)
    }
    /// A row not on the board.
    pub fn unknown_row(typed: &str) -> Text {
        text!("spoken.unknown-row", text = typed)
    }
    /// A side not known.
    pub fn unknown_side(typed: &str) -> Text {
        text!("spoken.unknown-side", text = typed)
    }
    /// The game is over.
    pub fn over(outcome: tiers_engine::Outcome) -> Text {
        text!("message.game-over", outcome = outcome)
    }
    /// What a typed move that is not legal gets (`why`: the engine's
    /// reason).
    pub fn refused(typed: &str, why: Text) -> Text {
        text!("spoken.refused", mv = typed, why = why)
    }
    /// Typed when it is not the person's turn.
    pub fn not_your_turn() -> Text {
        text!("spoken.not-your-turn")
    }
    /// Items said one after the other: "a, b, c" (`last`: the word before
    /// the last item, "and" or none).
    pub fn list(items: Vec<Text>, and: bool) -> Text {
        let mut items = items.into_iter().rev();
        let Some(mut said) = items.next() else {
            return Text::plain("");
        };
        for (i, item) in items.enumerate() {
            said = if i == 0 && and {
                text!("spoken.and", first = item, rest = said)
            } else {
                text!("spoken.list", first = item, rest = said)
            };
        }
        said
    }
}

/// A piece in words: "red man", "black ultra king carrying a king".
#[must_use]
pub fn describe(piece: PieceView) -> Text {
    names::piece_view(piece)
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

/// The accessible name of a square: its name first (what the square
/// shows: its number in checkers), then its piece: "e3, red man"
/// (checkers: "15 (e5), red man").
#[must_use]
pub fn square_label(kind: GameKind, sq: u8, piece: Option<PieceView>) -> Text {
    let square = square_name(kind, sq);
    match piece {
        Some(p) => text!("board.square-piece", square = square, piece = describe(p)),
        None => text!("board.square-empty", square = square),
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
pub fn parse(kind: GameKind, text: &str) -> Result<Typed, Text> {
    let text = text.trim();
    let mut parts = text.split_whitespace();
    let Some(first) = parts.next() else {
        return Err(words::empty());
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
            _ if arg.is_empty() => return Err(text!("spoken.needs-row")),
            _ => return Err(words::unknown_row(&arg)),
        },
        "s" | "square" => match parse_square(kind, &arg) {
            Some(sq) => Command::Square(sq),
            None if arg.is_empty() => return Err(text!("spoken.needs-square")),
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
pub fn answer(seen: &Seen, command: Command) -> Text {
    let game = seen.game;
    let kind = game.kind();
    let ply = game.ply();
    let view = game.view_at(ply).unwrap_or([None; 64]);
    let side = game.side_at(ply).unwrap_or(Color::Red);
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
            if squares.is_empty() {
                return text!("spoken.no-pieces", side = who);
            }
            let list = squares
                .iter()
                .map(|&sq| {
                    text!(
                        "spoken.on",
                        piece = describe_short(view[usize::from(sq)]),
                        square = name(kind, sq)
                    )
                })
                .collect();
            text!(
                "spoken.pieces",
                side = who,
                count = squares.len(),
                list = words::list(list, false)
            )
        }
        Command::Row(n) => {
            let rank = n - 1;
            let cells: Vec<Text> = (0..8u8)
                .filter_map(|f| {
                    let sq = f + 8 * rank;
                    match view[usize::from(sq)] {
                        Some(p) => Some(text!(
                            "spoken.cell",
                            square = name(kind, sq),
                            piece = describe(p)
                        )),
                        None if kind == GameKind::Checkers && checkers_number(sq).is_none() => None,
                        None => Some(text!("spoken.cell-empty", square = name(kind, sq))),
                    }
                })
                .collect();
            text!("spoken.row", row = n, list = words::list(cells, false))
        }
        Command::Square(sq) => text!(
            "spoken.sentence",
            said = square_label(kind, sq, view[usize::from(sq)])
        ),
        Command::Last => match ply.checked_sub(1) {
            Some(last) => move_in_words(game, last),
            None => words::no_move_yet(),
        },
        Command::Turn => match (game.outcome(), seen.human.map(|h| h == side)) {
            (Some(o), _) => words::over(o),
            (None, Some(true)) => text!("spoken.turn-yours", side = side),
            (None, Some(false)) => text!("spoken.turn-computer", side = side),
            (None, None) => text!("spoken.turn", side = side),
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
                text!(
                    "spoken.clocks",
                    red = Color::Red,
                    red_left = face(left(Color::Red)),
                    black = Color::Black,
                    black_left = face(left(Color::Black))
                )
            }
            None => text!("spoken.no-clock"),
        },
        Command::Material => {
            let count = |who: Color| -> (usize, Text) {
                let mut parts: Vec<Text> = Vec::new();
                let mut total = 0;
                for k in PieceKind::ALL {
                    let n = view
                        .iter()
                        .flatten()
                        .filter(|p| p.color == who && (p.kind == k || p.carried == Some(k)))
                        .map(|p| usize::from(p.kind == k) + usize::from(p.carried == Some(k)))
                        .sum::<usize>();
                    if n > 0 {
                        total += n;
                        parts.push(counted(k, n));
                    }
                }
                if parts.is_empty() {
                    return (0, text!("spoken.none"));
                }
                (total, words::list(parts, false))
            };
            let (r, red) = count(Color::Red);
            let (b, black) = count(Color::Black);
            let balance = match r.cmp(&b) {
                std::cmp::Ordering::Equal => text!("spoken.even"),
                std::cmp::Ordering::Greater => {
                    text!("spoken.ahead", side = Color::Red, count = r - b)
                }
                std::cmp::Ordering::Less => {
                    text!("spoken.ahead", side = Color::Black, count = b - r)
                }
            };
            text!(
                "spoken.material",
                red = Color::Red,
                red_pieces = red,
                black = Color::Black,
                black_pieces = black,
                balance = balance
            )
        }
        Command::Legal => {
            if seen.legal.is_empty() {
                return text!("spoken.no-legal");
            }
            let list: Vec<&str> = seen.legal.iter().map(|m| m.text.as_str()).collect();
            text!("spoken.legal", list = list.join(", "))
        }
        Command::Help => words::help(),
    }
}

/// `n` pieces of a tier: "2 men", "1 triple king".
fn counted(kind: PieceKind, n: usize) -> Text {
    match kind {
        PieceKind::Man => text!("spoken.men", count = n),
        PieceKind::King => text!("spoken.kings", count = n),
        PieceKind::Triple => text!("spoken.triples", count = n),
        PieceKind::Quad => text!("spoken.quads", count = n),
        PieceKind::Ultra => text!("spoken.ultras", count = n),
        PieceKind::DoubleUltra => text!("spoken.double-ultras", count = n),
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
fn describe_short(piece: Option<PieceView>) -> Text {
    match piece {
        Some(p) => match p.carried {
            Some(load) => text!(
                "spoken.piece-carrying",
                piece = names::piece(p.kind),
                load = names::piece(load)
            ),
            None => names::piece(p.kind),
        },
        None => text!("spoken.empty-square"),
    }
}

/// The move played at `ply` in words: "Black played 11-15: man from 11 to
/// 15." or "… taking 18 and 27."
#[must_use]
pub fn move_in_words(game: &dyn Record, ply: usize) -> Text {
    let Some(mv) = game.move_at(ply) else {
        return words::no_move_yet();
    };
    let kind = game.kind();
    let side = game.side_at(ply).unwrap_or(Color::Red);
    let before = game.view_at(ply).unwrap_or([None; 64]);
    let (Some(&from), Some(&to)) = (mv.squares.first(), mv.squares.last()) else {
        return text!("announce.played", side = side, mv = mv.text.clone());
    };
    let said = text!(
        "spoken.moved",
        side = side,
        mv = mv.text.clone(),
        piece = describe_short(before[usize::from(from)]),
        from = name(kind, from),
        to = name(kind, to)
    );
    if mv.captures.is_empty() {
        return text!("spoken.sentence", said = said);
    }
    let taken = mv
        .captures
        .iter()
        .map(|&sq| Text::plain(name(kind, sq)))
        .collect();
    text!(
        "spoken.moved-taking",
        said = said,
        taken = words::list(taken, true)
    )
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
        assert_eq!(parse(k, ""), Err(words::empty()));
        assert!(parse(k, "r 9").unwrap_err().english().contains("not a row"));
        assert!(parse(k, "s z9")
            .unwrap_err()
            .english()
            .contains("not a square"));
        assert!(parse(k, "p green")
            .unwrap_err()
            .english()
            .contains("not a side"));
        assert!(parse(k, "s")
            .unwrap_err()
            .english()
            .starts_with("Say which square"));
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
        let pieces = answer(&seen, Command::Pieces(None)).english();
        assert!(
            pieces.starts_with("Black has 12 pieces: man on 1, man on 2,"),
            "{pieces}"
        );
        assert_eq!(
            answer(&seen, Command::Row(3)).english(),
            "Row 3: 21 red man, 22 red man, 23 red man, 24 red man."
        );
        assert_eq!(
            answer(&seen, Command::Row(4)).english(),
            "Row 4: 17 empty, 18 empty, 19 empty, 20 empty."
        );
        assert_eq!(
            answer(&seen, Command::Square(square("e5"))).english(),
            "15 (e5), empty."
        );
        assert_eq!(
            answer(&seen, Command::Turn).english(),
            "Black to move: your turn."
        );
        assert_eq!(
            answer(&seen, Command::Last).english(),
            words::no_move_yet().english()
        );
        assert_eq!(
            answer(&seen, Command::Clocks).english(),
            "This game has no clocks."
        );
        assert_eq!(
            answer(&seen, Command::Material).english(),
            "Red: 12 men. Black: 12 men. Material is even."
        );
        let legal_moves = answer(&seen, Command::Legal).english();
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
            move_in_words(game.as_ref(), 2).english(),
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
            answer(&seen, Command::Last).english(),
            "Black played 15x22: man from 15 to 22, taking 18."
        );
        assert_eq!(
            answer(&seen, Command::Material).english(),
            "Red: 11 men. Black: 12 men. Black is ahead by 1 piece."
        );
        assert_eq!(answer(&seen, Command::Turn).english(), "Red to move.");
        assert_eq!(
            answer(&seen, Command::Legal).english(),
            "You have no move to make now."
        );
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
