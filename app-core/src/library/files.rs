//! Game files and positions as text: export a game as PDN (checkers) or
//! the Tiers record, read a pasted or opened file (PDN with any number of
//! games, or a bare FEN / TFEN position), with the engine's messages saying
//! what is wrong and where.

use crate::i18n::errors::{unreadable_position, Explain};
use crate::i18n::{words, Text};
use tiers_engine::pdn::{self, PdnGame, Tags};
use tiers_engine::{checkers, tiers, Color, GameKind, Position};

use crate::analysis_board::tree::{AnyTree, TreeOf};
use crate::record::Record;

/// One game read from a file.
#[derive(Clone)]
pub struct FileGame {
    /// The game, cursor after its last move, with its stated result.
    pub record: Box<dyn Record>,
    /// Its tags, in file order.
    pub tags: Vec<(String, String)>,
    /// What the file says about each move (comments, NAGs).
    pub notes: Vec<tiers_engine::pdn::Annotation>,
    /// The whole move tree: the main line, the variations and what is
    /// said about every move (the analysis board opens it).
    pub tree: AnyTree,
}

impl FileGame {
    /// The value of a tag, unless empty or unknown (`?`).
    #[must_use]
    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.trim())
            .filter(|v| !v.is_empty() && !v.chars().all(|c| c == '?' || c == '.'))
    }

    /// "Ann vs Bob" (Red's player first), from the `White` and `Black`
    /// tags; a name this app writes ("You") is said in the page's language.
    #[must_use]
    pub fn players(&self) -> Text {
        crate::text!(
            "games.players",
            red = self.tag("White").map_or(words::side(Color::Red), player),
            black = self.tag("Black").map_or(words::side(Color::Black), player)
        )
    }

    /// The result in words: the outcome, or "unfinished".
    #[must_use]
    pub fn result(&self) -> Text {
        self.record
            .outcome()
            .map_or_else(|| Text::new("games.unfinished"), words::outcome)
    }
}

/// A player's name as this app writes it into its games ("You",
/// "Computer · level 3", "Red" for two players: see
/// [`super::player_names`]), in the page's language; any other name as it
/// is. Archived games keep these English names, which serve as codes.
#[must_use]
pub fn player(name: &str) -> Text {
    match name {
        "You" => Text::new("players.you"),
        "Red" => words::side(Color::Red),
        "Black" => words::side(Color::Black),
        _ => match name
            .strip_prefix("Computer · level ")
            .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        {
            Some(level) => crate::text!("players.computer-level", level = level),
            None => Text::plain(name),
        },
    }
}

fn from_pdn<P: TreeOf>(g: PdnGame<P>) -> FileGame {
    FileGame {
        tree: P::any_tree(g.tree),
        tags: g
            .tags
            .iter()
            .map(|(n, v)| (n.to_string(), v.to_string()))
            .collect(),
        record: Box::new(g.game),
        notes: g.notes,
    }
}

/// Reads the games of a file of a known kind, each on its own: a game with
/// an illegal move does not stop the others. Fails only when the text
/// cannot be split into games.
pub fn read_games(kind: GameKind, text: &str) -> Result<Vec<Result<FileGame, Text>>, Text> {
    fn each<P: TreeOf>(text: &str) -> Result<Vec<Result<FileGame, Text>>, Text> {
        Ok(pdn::read_each::<P>(text)
            .map_err(|e| e.explain())?
            .into_iter()
            .map(|g| g.map(from_pdn).map_err(|e| e.explain()))
            .collect())
    }
    match kind {
        GameKind::Checkers => each::<checkers::Position>(text),
        GameKind::Tiers => each::<tiers::Position>(text),
    }
}

/// What a pasted text or opened file holds.
pub enum Reading {
    /// Games (each read, or why not).
    Games {
        /// Checkers or Tiers.
        kind: GameKind,
        /// The games in file order.
        games: Vec<Result<FileGame, Text>>,
    },
    /// A position (FEN or TFEN), for the board editor.
    Position {
        /// Checkers or Tiers.
        kind: GameKind,
        /// The position in its canonical form.
        text: String,
    },
}

/// Whether a text looks like a lone position rather than a game file:
/// one line, no tags, and a checkers FEN's `B:`/`W:` start or a TFEN's
/// eight ranks.
fn position_kind(text: &str) -> Option<GameKind> {
    let t = text.trim().trim_matches('"');
    if t.contains('\n') || t.contains('"') {
        return None;
    }
    let first = t.split_whitespace().next()?;
    if first.matches('/').count() == 7 {
        return Some(GameKind::Tiers);
    }
    let b = first.as_bytes();
    if b.len() >= 2 && matches!(b[0].to_ascii_uppercase(), b'B' | b'W') && b[1] == b':' {
        return Some(GameKind::Checkers);
    }
    None
}

/// Reads a position in either notation; the error is the engine's, said
/// in the page's language.
pub fn read_position(kind: GameKind, text: &str) -> Result<String, Text> {
    let t = text.trim().trim_matches('"');
    match kind {
        GameKind::Checkers => checkers::Position::parse(t)
            .map(|p| p.to_text())
            .map_err(|e| e.explain()),
        GameKind::Tiers => tiers::Position::parse(t)
            .map(|p| p.to_text())
            .map_err(|e| e.explain()),
    }
    .map_err(|why| unreadable_position(kind, why))
}

/// Reads what was pasted or opened: a PDN file (checkers or Tiers, told
/// apart by its `GameType`, `FEN` or first move) or a bare FEN / TFEN.
pub fn read(text: &str) -> Result<Reading, Text> {
    if text.trim().is_empty() {
        return Err(Text::new("error.nothing-to-read"));
    }
    if let Some(kind) = position_kind(text) {
        return read_position(kind, text).map(|text| Reading::Position { kind, text });
    }
    let kind = pdn::detect_kind(text).unwrap_or(GameKind::Checkers);
    let games = read_games(kind, text)?;
    Ok(Reading::Games { kind, games })
}

/// The game as PDN (checkers) or the Tiers record, up to its cursor, with
/// `tags` (Event, players…) and its result.
#[must_use]
pub fn export(record: &dyn Record, tags: &[(String, String)]) -> String {
    let mut t = Tags::new();
    for (name, value) in tags {
        t.set(name, value);
    }
    record.to_pdn(&t)
}

/// A file name for a downloaded game: `tiers-checkers-2024-05-01.pdn`.
#[must_use]
pub fn file_name(kind: GameKind, date: &str) -> String {
    format!("{}.pdn", base_name(kind, date))
}

/// The file name of a picture of a game's position after `ply` plies:
/// `tiers-checkers-2024-05-01-ply-12.png` (no date: `tiers-checkers-ply-12.png`).
#[must_use]
pub fn picture_name(kind: GameKind, date: &str, ply: usize) -> String {
    format!("{}-ply-{ply}.png", base_name(kind, date))
}

/// The file name of an animation of a whole game:
/// `tiers-checkers-2024-05-01-game.png` (an animated PNG).
#[must_use]
pub fn animation_name(kind: GameKind, date: &str) -> String {
    format!("{}-game.png", base_name(kind, date))
}

/// `tiers-<game>-<date>`, the date's other characters made dashes.
fn base_name(kind: GameKind, date: &str) -> String {
    let date: String = date
        .chars()
        .map(|c| if c.is_ascii_digit() { c } else { '-' })
        .collect();
    let date = date.trim_matches('-');
    if date.is_empty() {
        format!("tiers-{}", kind.name())
    } else {
        format!("tiers-{}-{date}", kind.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiers_engine::Color;

    /// As CheckerBoard saves a game: the archival tags without values, no
    /// blank line, moves wrapped, comments, CheckerBoard's `1-1` for a draw.
    const CHECKERBOARD: &str =
        "[Event \"\"]\n[Date \"\"]\n[Black \"\"]\n[White \"\"]\n[Result \"1-1\"]\n\
1. 11-15 23-18 2. 8-11 27-23 3. 4-8 23-19 4. 10x14 {forced} 19x10 5. 14x23 26x19\n\
6. 7x14 24-20 1-1\n";

    /// As pydraughts' PDNWriter writes an English game.
    const PYDRAUGHTS: &str = "[GameType \"21\"]\n\
[FEN \"B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12\"]\n\n\
1... 11-15 2. 23-19 8-11 3. 22-17 9-13 4. 17-14 10x17 5. 21x14 0-1\n\n";

    fn games(text: &str) -> (GameKind, Vec<Result<FileGame, String>>) {
        match read(text) {
            Ok(Reading::Games { kind, games }) => (
                kind,
                games
                    .into_iter()
                    .map(|g| g.map_err(|e| e.english()))
                    .collect(),
            ),
            Ok(Reading::Position { .. }) => panic!("a position"),
            Err(e) => panic!("{}", e.english()),
        }
    }

    #[test]
    fn checkerboard_and_pydraughts_files_are_read() {
        let (kind, g) = games(CHECKERBOARD);
        assert_eq!(kind, GameKind::Checkers);
        let g = g[0].as_ref().unwrap();
        assert_eq!(g.record.ply(), 12);
        assert_eq!(g.result().english(), "Draw: draw agreed");
        assert_eq!(g.players().english(), "Red vs Black");

        let (kind, g) = games(PYDRAUGHTS);
        assert_eq!(kind, GameKind::Checkers);
        let g = g[0].as_ref().unwrap();
        assert_eq!(g.record.move_texts()[7], "21x14");
        assert_eq!(g.result().english(), "Red wins: Black resigned");
    }

    #[test]
    fn several_games_each_with_its_own_error() {
        let text = format!("{CHECKERBOARD}\n[Event \"Bad\"]\n1. 11-15 11-16 *\n\n{PYDRAUGHTS}");
        let (_, g) = games(&text);
        assert_eq!(g.len(), 3);
        assert!(g[0].is_ok() && g[2].is_ok());
        let err = g[1].as_ref().err().unwrap();
        assert!(
            err.starts_with(
                "game 2, line 10, column 10: move 1 (Red): 11-16 cannot be played; the legal moves are "
            ),
            "{err}"
        );
    }

    #[test]
    fn export_and_read_back_a_tiers_game() {
        let mut g = crate::library::rebuild(
            GameKind::Tiers,
            &tiers::Position::start().to_text(),
            &["e3-e4".to_string(), "d6-d5".to_string()],
            2,
            None,
        )
        .unwrap();
        g.resign(Color::Black);
        let text = export(&*g, &[("White".into(), "Ann".into())]);
        assert!(text.contains("[White \"Ann\"]"));
        assert!(text.contains(
            "[GameType \"Tiers\"]\n[RedFormation \"a1 c1 e1 g1 b2 d2 f2 h2 a3 c3 e3 g3\"]"
        ));
        assert!(text.ends_with("1. e3-e4 d6-d5 1-0\n"), "{text}");
        let (kind, back) = games(&text);
        assert_eq!(kind, GameKind::Tiers);
        let back = back[0].as_ref().unwrap();
        assert!(*back.record == *g);
        assert_eq!(back.tag("White"), Some("Ann"));
        assert_eq!(back.tag("Site"), None);
    }

    #[test]
    fn positions_are_told_from_games() {
        for (text, kind, canon) in [
            (
                "B:W18,24,27:BK3,12",
                GameKind::Checkers,
                "B:W18,24,27:BK3,12",
            ),
            (" \"W:W21-23:B1\" ", GameKind::Checkers, "W:W21,22,23:B1"),
            (
                "8/8/8/3u[k]4/8/8/8/U[M]7 b 3 12",
                GameKind::Tiers,
                "8/8/8/3u[k]4/8/8/8/U[M]7 b 3 12",
            ),
        ] {
            match read(text) {
                Ok(Reading::Position { kind: k, text: t }) => {
                    assert_eq!((k, t.as_str()), (kind, canon));
                }
                _ => panic!("{text}"),
            }
        }
        assert_eq!(
            read("B:W18,40:B1").err().unwrap().english(),
            "This FEN cannot be read: square 40 does not exist (squares are 1-32)"
        );
        assert!(read("8/8/8/8/8/8/8/U[m]7 r 0 1")
            .err()
            .unwrap()
            .english()
            .starts_with("This TFEN cannot be read: a red ultra king cannot carry a Black piece"));
    }

    #[test]
    fn bad_text_gets_a_message_naming_the_place() {
        assert!(read("  ")
            .err()
            .unwrap()
            .english()
            .starts_with("There is nothing to read"));
        let err = read("[Event \"x\"]\n1. 11-15 {unclosed")
            .err()
            .unwrap()
            .english();
        assert!(err.contains("line 2"), "{err}");
        let (_, g) = games("hello world");
        assert!(g[0]
            .as_ref()
            .err()
            .unwrap()
            .starts_with("game 1, line 1, column 1: move 1 (Red): "));
    }

    #[test]
    fn file_names() {
        assert_eq!(
            file_name(GameKind::Checkers, "2024.05.01"),
            "tiers-checkers-2024-05-01.pdn"
        );
        assert_eq!(file_name(GameKind::Tiers, "????.??.??"), "tiers-tiers.pdn");
        assert_eq!(
            picture_name(GameKind::Checkers, "2024.05.01", 12),
            "tiers-checkers-2024-05-01-ply-12.png"
        );
        assert_eq!(
            picture_name(GameKind::Tiers, "", 0),
            "tiers-tiers-ply-0.png"
        );
    }
}
