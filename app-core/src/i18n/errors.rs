//! The engine's errors that reach a person, as messages with stable keys
//! (`error.…`) and arguments, which the page says in its language (the
//! engine's own `Display` stays English, for the command line and logs).
//! Notation in them (moves, square numbers, a1–h8, PDN tags) is never
//! translated.

use tiers_engine::checkers::fen::{ParseFenError, MAX_FEN_LEN};
use tiers_engine::game::GameError;
use tiers_engine::pdn::{BadStart, PdnError, PdnErrorKind, StartProblem, MAX_PDN_LEN};
use tiers_engine::tiers::{tfen::MAX_TFEN_LEN, FormationError, ParseTfenError};
use tiers_engine::{checkers, tiers, PieceKind, PieceView};

use super::words::{formation_error, piece, piece_view};
use super::Text;

/// An error that can be said in the page's language.
pub trait Explain {
    /// The message: a key of the catalogue and its arguments.
    fn explain(&self) -> Text;
}

/// Moves or squares in a list: `9, 14` (notation, the same in every
/// language).
fn list(items: &[impl ToString]) -> String {
    items
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

/// At most `shown` moves of a long list, then "and N more".
fn legal_moves(legal: &[String], shown: usize) -> Text {
    if legal.len() > shown {
        crate::text!(
            "error.moves-and-more",
            moves = list(&legal[..shown]),
            count = legal.len() - shown
        )
    } else {
        Text::plain(list(legal))
    }
}

impl Explain for checkers::MoveError {
    fn explain(&self) -> Text {
        use checkers::MoveError as E;
        match self {
            E::Syntax(mv) => crate::text!("error.checkers-move-syntax", mv = mv),
            E::NoSuchSquare { text, square } => crate::text!(
                "error.no-such-square",
                mv = text,
                square = square.to_string()
            ),
            E::NoPiece {
                text,
                square,
                side,
                holder: Some(other),
            } => crate::text!(
                "error.piece-of-other-side",
                mv = text,
                square = square.to_string(),
                holder = *other,
                side = *side
            ),
            E::NoPiece {
                text, square, side, ..
            } => crate::text!(
                "error.no-piece-side",
                mv = text,
                square = square.to_string(),
                side = *side
            ),
            E::NoMoves { text, side } => crate::text!("error.no-moves", mv = text, side = *side),
            E::CaptureCompulsory { text, takers } => {
                crate::text!("error.must-capture", mv = text, takers = list(takers))
            }
            E::Illegal { text, from, legal } if legal.is_empty() => {
                crate::text!("error.cannot-move", mv = text, square = from.to_string())
            }
            E::Illegal { text, from, legal } => crate::text!(
                "error.legal-from",
                mv = text,
                square = from.to_string(),
                moves = legal_moves(legal, usize::MAX)
            ),
            E::Ambiguous { text, candidates } => {
                crate::text!("error.ambiguous", mv = text, moves = list(candidates))
            }
        }
    }
}

impl Explain for tiers::MoveError {
    fn explain(&self) -> Text {
        use tiers::MoveError as E;
        match self {
            E::Syntax(mv) => crate::text!("error.tiers-move-syntax", mv = mv),
            E::BadSquare { text, square } => {
                crate::text!("error.not-a-square", mv = text, square = square)
            }
            E::NoPiece { text, square } => {
                crate::text!("error.no-piece", mv = text, square = square)
            }
            E::WrongSide {
                text,
                square,
                to_move,
            } => crate::text!(
                "error.piece-of-other-side",
                mv = text,
                square = square,
                holder = to_move.opposite(),
                side = *to_move
            ),
            E::CaptureCompulsory { text, takers } => {
                crate::text!("error.must-capture", mv = text, takers = list(takers))
            }
            E::Illegal {
                text,
                square,
                legal,
            } if legal.is_empty() => {
                crate::text!("error.cannot-move", mv = text, square = square)
            }
            E::Illegal {
                text,
                square,
                legal,
            } => crate::text!(
                "error.legal-from",
                mv = text,
                square = square,
                moves = legal_moves(legal, 12)
            ),
        }
    }
}

impl<E: Explain> Explain for GameError<E> {
    fn explain(&self) -> Text {
        match self {
            GameError::GameOver(outcome) => crate::text!("error.game-over", outcome = *outcome),
            GameError::Move(e) => e.explain(),
            GameError::NotLegal(mv) => crate::text!("error.not-legal", mv = mv),
        }
    }
}

impl Explain for PdnError {
    fn explain(&self) -> Text {
        let what = match &self.kind {
            PdnErrorKind::NoGame => Text::new("error.pdn-no-game"),
            PdnErrorKind::TooLong(n) => {
                crate::text!("error.pdn-too-long", bytes = *n, max = MAX_PDN_LEN >> 20)
            }
            PdnErrorKind::BadTag(tag) => crate::text!("error.pdn-bad-tag", tag = tag),
            PdnErrorKind::Unclosed(c) => crate::text!(
                "error.pdn-unclosed",
                open = c.to_string(),
                close = if *c == '{' { "}" } else { ")" }
            ),
            PdnErrorKind::WrongGameType { found, expected } => {
                crate::text!("error.pdn-game-type", found = found, expected = *expected)
            }
            // The tag, its value and what is wrong with it: without them
            // the person could not tell what to mend.
            PdnErrorKind::BadStart(why) => crate::text!("error.pdn-bad-start", why = why.explain()),
            PdnErrorKind::Move {
                number,
                side,
                text,
                legal,
                ..
            } => {
                let said = if legal.is_empty() {
                    Text::new("error.pdn-move-none")
                } else {
                    Text::new("error.pdn-move").arg("moves", legal_moves(legal, 20))
                };
                said.arg("number", *number)
                    .arg("side", *side)
                    .arg("mv", text)
            }
            PdnErrorKind::AfterEnd {
                number,
                side,
                text,
                outcome,
            } => crate::text!(
                "error.pdn-after-end",
                number = *number,
                side = *side,
                mv = text,
                outcome = *outcome
            ),
        };
        if self.game > 0 {
            crate::text!(
                "error.pdn-at",
                game = self.game,
                line = self.line,
                column = self.column,
                problem = what
            )
        } else {
            what
        }
    }
}

impl Explain for checkers::SetupError {
    fn explain(&self) -> Text {
        use checkers::SetupError as E;
        match self {
            E::NoSuchSquare(sq) => crate::text!("error.square-1-32", square = sq.to_string()),
            E::TwoPieces(sq) => crate::text!("error.two-pieces", square = sq.to_string()),
            E::ManOnCrowningRow { color, square } => crate::text!(
                "error.man-on-crowning-row",
                piece = piece_view(PieceView {
                    color: *color,
                    kind: PieceKind::Man,
                    carried: None
                }),
                square = square.to_string()
            ),
            E::NotACheckersPiece(kind) => {
                crate::text!("error.not-a-checkers-piece", piece = piece(*kind))
            }
            E::MoveNumberZero => Text::new("error.move-number-zero"),
        }
    }
}

impl Explain for tiers::SetupError {
    fn explain(&self) -> Text {
        use tiers::SetupError as E;
        match self {
            E::NoSuchSquare(sq) => crate::text!("error.square-0-63", square = sq.to_string()),
            E::NotACarrier { square, kind } => crate::text!(
                "error.not-a-carrier",
                piece = piece(*kind),
                rank = (square / 8 + 1).to_string()
            ),
            E::CarriedTier { square } => {
                crate::text!("error.carried-tier", rank = (square / 8 + 1).to_string())
            }
            E::TooManyPieces { color, count } => crate::text!(
                "error.too-many-pieces",
                side = *color,
                count = *count,
                max = tiers::MAX_PIECES
            ),
            E::MoveNumberZero => Text::new("error.move-number-zero"),
        }
    }
}

impl Explain for ParseFenError {
    fn explain(&self) -> Text {
        use ParseFenError as E;
        match self {
            E::Empty => Text::new("error.fen-empty"),
            E::BadSide(s) => crate::text!("error.fen-side", text = s),
            E::BadSection(s) => crate::text!("error.fen-section", text = s),
            E::BadCounter(s) => crate::text!("error.fen-counter", text = s),
            E::RepeatedColor(c) => crate::text!("error.fen-repeated-side", side = *c),
            E::BadSquare(s) => crate::text!("error.fen-square", text = s),
            E::NoSuchSquare(n) => crate::text!("error.square-1-32", square = n.to_string()),
            E::BackwardsRange(s) => crate::text!("error.fen-backwards", text = s),
            E::Duplicate(sq) => crate::text!("error.fen-duplicate", square = sq.to_string()),
            E::Setup(e) => e.explain(),
            E::TooLong(n) => crate::text!("error.fen-too-long", max = MAX_FEN_LEN, count = *n),
        }
    }
}

impl Explain for ParseTfenError {
    fn explain(&self) -> Text {
        use ParseTfenError as E;
        match self {
            E::Empty => crate::text!("error.tfen-empty", example = tiers::START_TFEN),
            E::FieldCount(n) => crate::text!("error.tfen-fields", count = *n),
            E::RankCount(n) => crate::text!("error.tfen-ranks", count = *n),
            E::RankLength { rank, squares } => crate::text!(
                "error.tfen-rank-length",
                rank = rank.to_string(),
                count = *squares
            ),
            E::UnknownPiece { ch, rank } => crate::text!(
                "error.tfen-unknown-piece",
                letter = ch.to_string(),
                rank = rank.to_string()
            ),
            E::NoCarrier { rank } => {
                crate::text!("error.tfen-no-carrier", rank = rank.to_string())
            }
            E::BadBracket { rank } => {
                crate::text!("error.tfen-bracket", rank = rank.to_string())
            }
            E::CarriedColour {
                carrier,
                kind,
                rank,
            } => crate::text!(
                "error.tfen-carried-colour",
                carrier = piece_view(PieceView {
                    color: *carrier,
                    kind: *kind,
                    carried: None
                }),
                side = carrier.opposite(),
                rank = rank.to_string()
            ),
            E::TooLong(n) => crate::text!("error.tfen-too-long", max = MAX_TFEN_LEN, count = *n),
            E::Setup(e) => e.explain(),
            E::Side(s) => crate::text!("error.tfen-side", text = s),
            E::Plies(s) => crate::text!("error.tfen-plies", text = s),
            E::MoveNumber(s) => crate::text!("error.tfen-move-number", text = s),
        }
    }
}

impl Explain for FormationError {
    fn explain(&self) -> Text {
        formation_error(self)
    }
}

impl Explain for BadStart {
    fn explain(&self) -> Text {
        let problem = match &self.problem {
            StartProblem::Fen(e) => e.explain(),
            StartProblem::Tfen(e) => e.explain(),
            StartProblem::Formation(e) => e.explain(),
        };
        crate::text!(
            "error.bad-tag-value",
            tag = self.tag,
            value = &self.value,
            problem = problem
        )
    }
}

/// Why a file of the site (a course, the puzzles, the endgame database,
/// the opening book) could not be had: by code, said in the page's
/// language (a damaged file's detail is for the console).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum FetchError {
    /// No answer: the network (or the browser) did not give one.
    Unreachable,
    /// The server answered with this HTTP status.
    Status(u16),
    /// The answer could not be read (cut short, not text).
    Unreadable,
    /// It arrived but is damaged: the reader's words, for the console.
    Damaged(String),
}

impl Explain for FetchError {
    fn explain(&self) -> Text {
        match self {
            FetchError::Unreachable => Text::new("error.fetch-unreachable"),
            FetchError::Status(n) => crate::text!("error.fetch-status", status = n.to_string()),
            FetchError::Unreadable => Text::new("error.fetch-unreadable"),
            FetchError::Damaged(_) => Text::new("error.data-damaged"),
        }
    }
}

impl Explain for tiers_bracket::SetupError {
    fn explain(&self) -> Text {
        use tiers_bracket::{NameOf, SetupError as E};
        match self {
            E::EmptyTournamentName => Text::new("tournament.error-no-name"),
            E::NameTooLong { what, chars } => {
                let what = match what {
                    NameOf::Tournament => Text::new("tournament.name-of-tournament"),
                    NameOf::Bracket(start) => {
                        crate::text!("tournament.name-of-bracket", bracket = start)
                    }
                    NameOf::Entrant { bracket, position } => crate::text!(
                        "tournament.name-of-entrant",
                        bracket = bracket,
                        number = *position
                    ),
                };
                crate::text!(
                    "tournament.error-name-too-long",
                    what = what,
                    count = *chars,
                    max = tiers_bracket::MAX_NAME_CHARS
                )
            }
            E::NoBrackets => Text::new("tournament.error-no-brackets"),
            E::EmptyBracketName { bracket } => {
                crate::text!("tournament.error-bracket-no-name", number = *bracket)
            }
            E::DuplicateBracket { name } => {
                crate::text!("tournament.error-two-brackets", name = name)
            }
            E::EntrantCount { bracket, entrants } => crate::text!(
                "tournament.error-entrants",
                bracket = bracket,
                count = *entrants,
                max = tiers_bracket::MAX_ENTRANTS
            ),
            E::EmptyEntrantName { bracket, position } => crate::text!(
                "tournament.error-entrant-no-name",
                bracket = bracket,
                number = *position
            ),
            E::DuplicateEntrant { bracket, name } => crate::text!(
                "tournament.error-two-entrants",
                bracket = bracket,
                name = name
            ),
            E::BadLevel {
                bracket,
                name,
                level,
            } => crate::text!(
                "tournament.error-level",
                bracket = bracket,
                name = name,
                level = *level
            ),
        }
    }
}

impl Explain for tiers_bracket::ResultError {
    fn explain(&self) -> Text {
        use tiers_bracket::ResultError as E;
        match self {
            E::NoSuchBracket { index, brackets } => crate::text!(
                "tournament.error-no-bracket",
                number = index + 1,
                count = *brackets
            ),
            E::NoSuchMatch { number, matches } => crate::text!(
                "tournament.error-no-match",
                number = *number,
                count = *matches
            ),
            // What it waits for, from the match's source (the bracket's
            // own `waiting_for` is English).
            E::NotReady { number, source, .. } => match source {
                Some(tiers_bracket::Source::Winner(j)) => crate::text!(
                    "tournament.error-not-ready-winner",
                    number = *number,
                    other = j + 1
                ),
                Some(tiers_bracket::Source::Loser(j)) => crate::text!(
                    "tournament.error-not-ready-loser",
                    number = *number,
                    other = j + 1
                ),
                None => crate::text!("tournament.error-not-ready-final", number = *number),
                // A seed is always known: never missing.
                Some(tiers_bracket::Source::Seed(_)) => {
                    crate::text!("tournament.error-not-ready", number = *number)
                }
            },
            E::NotNeeded { number } => {
                crate::text!("tournament.error-reset-not-needed", number = *number)
            }
            E::NotAPlayer {
                number,
                winner,
                players,
            } => crate::text!(
                "tournament.error-not-a-player",
                winner = winner,
                number = *number,
                players = players
            ),
        }
    }
}

impl Explain for tiers_bracket::ImportError {
    fn explain(&self) -> Text {
        use tiers_bracket::{Expected, ImportError as E, ShapeProblem as S};
        let invalid = |why: Text| crate::text!("tournament.file-invalid", why = why);
        match self {
            E::NotJson(e) => crate::text!(
                "tournament.file-not-readable",
                why = match e.at {
                    Some((line, column)) => {
                        crate::text!("tournament.file-not-json-at", line = line, column = column)
                    }
                    None => Text::new("tournament.file-not-json"),
                }
            ),
            E::Shape { at, problem } => {
                let kind = |k: &str| {
                    Text::new(match k {
                        "null" => "tournament.json-null",
                        "boolean" => "tournament.json-boolean",
                        "number" => "tournament.json-number",
                        "string" => "tournament.json-string",
                        "array" => "tournament.json-array",
                        _ => "tournament.json-object",
                    })
                };
                let what = match problem {
                    S::NotAnObject { found } => {
                        crate::text!("tournament.file-not-an-object", found = kind(found))
                    }
                    S::Expected { expected, found } => crate::text!(
                        "tournament.file-expected",
                        expected = Text::new(match expected {
                            Expected::Object => "tournament.json-an-object",
                            Expected::List => "tournament.json-a-list",
                            Expected::Text => "tournament.json-text",
                            Expected::Number => "tournament.json-whole-number",
                        }),
                        found = kind(found)
                    ),
                    S::TooLarge => Text::new("tournament.file-too-large"),
                    S::Missing { field } => crate::text!("tournament.file-missing", field = field),
                    S::UnknownField { known } => {
                        crate::text!("tournament.file-unknown-field", known = known.join(", "))
                    }
                    S::UnknownGame(game) => {
                        crate::text!("tournament.file-unknown-game", game = game)
                    }
                    S::Level => Text::new("tournament.file-level"),
                    S::Seeding => Text::new("tournament.file-seeding"),
                };
                let why = if at.is_empty() {
                    what
                } else {
                    crate::text!("tournament.file-at", at = at, problem = what)
                };
                crate::text!("tournament.file-not-readable", why = why)
            }
            E::NotATournament(found) if found == "missing" => {
                crate::text!("tournament.file-no-format", format = tiers_bracket::FORMAT)
            }
            E::NotATournament(found) => crate::text!(
                "tournament.file-format",
                found = found,
                format = tiers_bracket::FORMAT
            ),
            E::UnsupportedVersion(found) => crate::text!(
                "tournament.file-version",
                found = found,
                version = tiers_bracket::VERSION
            ),
            E::Setup(e) => invalid(e.explain()),
            E::Result { bracket, error } => invalid(crate::text!(
                "tournament.file-bracket",
                bracket = bracket,
                problem = error.explain()
            )),
            E::BadSeed {
                bracket,
                number,
                seed,
                entrants,
            } => invalid(crate::text!(
                "tournament.file-bad-seed",
                bracket = bracket,
                number = *number,
                seed = *seed,
                count = *entrants
            )),
            E::DuplicateResult { bracket, number } => invalid(crate::text!(
                "tournament.file-two-results",
                bracket = bracket,
                number = *number
            )),
            E::BadNote { bracket, number } => invalid(crate::text!(
                "tournament.file-bad-note",
                bracket = bracket,
                number = *number
            )),
        }
    }
}

/// Why the browser would not keep a record, from the name of the
/// `DOMException` it threw (`None`: it gives the page no storage at all).
/// An unknown name is said as a generic sentence holding the name.
pub fn storage_refused(name: Option<&str>) -> Text {
    match name {
        None => Text::new("error.storage-none"),
        // Firefox said NS_ERROR_DOM_QUOTA_REACHED before it used the
        // standard name.
        Some("QuotaExceededError" | "NS_ERROR_DOM_QUOTA_REACHED") => {
            Text::new("error.storage-full")
        }
        Some("SecurityError" | "NotAllowedError") => Text::new("error.storage-forbidden"),
        Some("InvalidStateError") => Text::new("error.storage-unavailable"),
        Some(other) => crate::text!("error.storage-refused", name = other),
    }
}

/// A position that cannot be read (checkers FEN or Tiers TFEN), as the
/// page says it: "This FEN cannot be read: …".
pub fn unreadable_position(kind: tiers_engine::GameKind, why: Text) -> Text {
    match kind {
        tiers_engine::GameKind::Checkers => crate::text!("error.fen-unreadable", why = why),
        tiers_engine::GameKind::Tiers => crate::text!("error.tfen-unreadable", why = why),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tiers_engine::{Game, Position};

    fn english(e: &impl Explain) -> String {
        e.explain().english()
    }

    /// Every written move between two squares (`a-b`, `axb`) and some
    /// nonsense, in `pos`: each refused move has words, and they are the
    /// engine's own (but for lists, which the page writes `a, b`).
    fn every_refusal_is_said<P: Position<MoveError: Explain + std::fmt::Display>>(
        pos: &P,
        squares: &[String],
        lists: impl Fn(&P::MoveError) -> bool,
    ) -> usize {
        let mut refused = 0;
        let mut texts = vec!["hello".to_string(), "11-15-".to_string(), String::new()];
        for a in squares {
            for b in squares {
                texts.push(format!("{a}-{b}"));
                texts.push(format!("{a}x{b}"));
            }
        }
        for text in texts {
            let Err(e) = pos.parse_move(&text) else {
                continue;
            };
            refused += 1;
            let said = english(&e);
            if lists(&e) {
                assert!(said.contains(&text) && !said.contains("<missing"), "{said}");
            } else {
                assert_eq!(said, e.to_string(), "{text}");
            }
        }
        refused
    }

    #[test]
    fn a_move_error_says_what_the_engine_says() {
        let numbers: Vec<String> = (0..=33).map(|n| n.to_string()).collect();
        let lists = |e: &checkers::MoveError| {
            matches!(
                e,
                checkers::MoveError::CaptureCompulsory { .. }
                    | checkers::MoveError::Ambiguous { .. }
            )
        };
        let mut g = Game::new(checkers::Position::start());
        let mut refused = 0;
        // The start, and a position where Black must capture.
        for mv in ["", "11-15", "24-19"] {
            if !mv.is_empty() {
                g.play_text(mv).unwrap();
            }
            refused += every_refusal_is_said(g.position(), &numbers, lists);
        }
        assert!(refused > 6000, "{refused}");
        let e = g.position().parse_move("9-13").unwrap_err();
        assert!(matches!(e, checkers::MoveError::CaptureCompulsory { .. }));
        assert_eq!(
            english(&e),
            "9-13 is not legal here; a capture is compulsory: 15 must take"
        );
    }

    #[test]
    fn a_tiers_move_error_has_words() {
        let names: Vec<String> = ["a1", "c3", "d4", "e3", "e4", "f6", "h8", "z9", "d6"]
            .map(String::from)
            .to_vec();
        let lists = |e: &tiers::MoveError| matches!(e, tiers::MoveError::CaptureCompulsory { .. });
        let refused = every_refusal_is_said(&tiers::Position::start(), &names, lists);
        assert!(refused > 100, "{refused}");
    }

    #[test]
    fn a_match_not_ready_says_what_it_waits_for() {
        use tiers_bracket::{Bracket, Entrant, Seeding};
        let people = (1..=4).map(|i| Entrant::person(format!("P{i}"))).collect();
        let mut b = Bracket::new("Open", people, Seeding::AsEntered).unwrap();
        let s = b.structure().clone();
        let e = b.set_result(s.grand_final, 0, "", "").unwrap_err();
        let said = e.explain();
        assert_eq!(said.key, "tournament.error-not-ready-winner", "{said:?}");
        assert!(
            matches!(said.args[1].1, crate::i18n::Arg::Num(n) if n >= 1),
            "{said:?}"
        );
        assert_eq!(english(&e), e.to_string());
    }

    #[test]
    fn a_game_over_error_names_the_outcome() {
        let mut g = Game::new(checkers::Position::start());
        g.resign(tiers_engine::Color::Red);
        let e = g.play_text("11-15").unwrap_err();
        assert_eq!(english(&e), "the game is over (Black wins: Red resigned)");
    }

    #[test]
    fn a_file_error_names_game_line_move_and_legal_moves() {
        let text =
            "[Event \"one\"]\n1. 11-15 23-19 *\n\n[Event \"two\"]\n1. 11-15 23-19\n2. 8-11 19-24 *\n";
        let e = checkers::pdn::read_games(text).unwrap_err();
        assert_eq!(
            english(&e),
            "game 2, line 6, column 9: move 2 (Red): 19-24 cannot be played; the legal moves are 19-16, 22-17, 22-18, 24-20, 26-22, 27-23, 32-28"
                .replace("19-16, 22-17, 22-18, 24-20, 26-22, 27-23, 32-28", &{
                    let PdnErrorKind::Move { legal, .. } = &e.kind else { unreachable!() };
                    legal.join(", ")
                })
        );
        for (file, start) in [
            ("", "no game found"),
            ("[Event \"x\"\n1. 11-15 *", "game 1, line 1, column 1: tag"),
            (
                "1. 11-15 {never closed",
                "game 1, line 1, column 10: `{` is never closed by `}`",
            ),
            (
                "[FEN \"W:Wnonsense\"]\n1. 11-15 *",
                "game 1, line 1, column 1: the start position",
            ),
        ] {
            let e = checkers::pdn::read_games(file).unwrap_err();
            let said = english(&e);
            assert!(said.starts_with(start), "{file:?}: {said}");
        }
    }

    /// Every code of the position errors (FEN, TFEN, the set-ups, the
    /// formations, a start position's tag): the matches have no `_`, so a
    /// new code fails to compile here until it has an example.
    fn every_position_error() -> Vec<(Text, String)> {
        use checkers::SetupError as C;
        use tiers::SetupError as T;
        use tiers_engine::Color::{Black, Red};
        let c_setup = [
            C::NoSuchSquare(33),
            C::TwoPieces(5),
            C::ManOnCrowningRow {
                color: Red,
                square: 1,
            },
            C::NotACheckersPiece(PieceKind::Quad),
            C::MoveNumberZero,
        ];
        let t_setup = [
            T::NoSuchSquare(64),
            T::NotACarrier {
                square: 9,
                kind: PieceKind::King,
            },
            T::CarriedTier { square: 17 },
            T::TooManyPieces {
                color: Black,
                count: 14,
            },
            T::MoveNumberZero,
        ];
        let fen = [
            ParseFenError::Empty,
            ParseFenError::BadSide("X".into()),
            ParseFenError::BadSection("Q1".into()),
            ParseFenError::BadCounter("Hx".into()),
            ParseFenError::RepeatedColor(Red),
            ParseFenError::BadSquare("z".into()),
            ParseFenError::NoSuchSquare(40),
            ParseFenError::BackwardsRange("9-3".into()),
            ParseFenError::Duplicate(7),
            ParseFenError::Setup(C::TwoPieces(3)),
            ParseFenError::TooLong(2000),
        ];
        let tfen = [
            ParseTfenError::Empty,
            ParseTfenError::FieldCount(3),
            ParseTfenError::RankCount(7),
            ParseTfenError::RankLength {
                rank: 2,
                squares: 9,
            },
            ParseTfenError::UnknownPiece { ch: 'q', rank: 4 },
            ParseTfenError::NoCarrier { rank: 5 },
            ParseTfenError::BadBracket { rank: 6 },
            ParseTfenError::CarriedColour {
                carrier: Red,
                kind: PieceKind::Ultra,
                rank: 1,
            },
            ParseTfenError::TooLong(3000),
            ParseTfenError::Setup(T::MoveNumberZero),
            ParseTfenError::Side("x".into()),
            ParseTfenError::Plies("-1".into()),
            ParseTfenError::MoveNumber("0".into()),
        ];
        let formation = [
            FormationError::NotASquare("zz".into()),
            FormationError::Outside {
                square: "d5".into(),
                color: Red,
            },
            FormationError::Duplicate("a1".into()),
            FormationError::TooFew(2),
            FormationError::TooMany(3),
        ];
        // The compiler checks these name every code.
        for e in &c_setup {
            match e {
                C::NoSuchSquare(_)
                | C::TwoPieces(_)
                | C::ManOnCrowningRow { .. }
                | C::NotACheckersPiece(_)
                | C::MoveNumberZero => {}
            }
        }
        for e in &t_setup {
            match e {
                T::NoSuchSquare(_)
                | T::NotACarrier { .. }
                | T::CarriedTier { .. }
                | T::TooManyPieces { .. }
                | T::MoveNumberZero => {}
            }
        }
        for e in &fen {
            match e {
                ParseFenError::Empty
                | ParseFenError::BadSide(_)
                | ParseFenError::BadSection(_)
                | ParseFenError::BadCounter(_)
                | ParseFenError::RepeatedColor(_)
                | ParseFenError::BadSquare(_)
                | ParseFenError::NoSuchSquare(_)
                | ParseFenError::BackwardsRange(_)
                | ParseFenError::Duplicate(_)
                | ParseFenError::Setup(_)
                | ParseFenError::TooLong(_) => {}
            }
        }
        for e in &tfen {
            match e {
                ParseTfenError::Empty
                | ParseTfenError::FieldCount(_)
                | ParseTfenError::RankCount(_)
                | ParseTfenError::RankLength { .. }
                | ParseTfenError::UnknownPiece { .. }
                | ParseTfenError::NoCarrier { .. }
                | ParseTfenError::BadBracket { .. }
                | ParseTfenError::CarriedColour { .. }
                | ParseTfenError::TooLong(_)
                | ParseTfenError::Setup(_)
                | ParseTfenError::Side(_)
                | ParseTfenError::Plies(_)
                | ParseTfenError::MoveNumber(_) => {}
            }
        }
        for e in &formation {
            match e {
                FormationError::NotASquare(_)
                | FormationError::Outside { .. }
                | FormationError::Duplicate(_)
                | FormationError::TooFew(_)
                | FormationError::TooMany(_) => {}
            }
        }
        let starts = [
            BadStart {
                tag: "FEN",
                value: "B:W33".into(),
                problem: StartProblem::Fen(ParseFenError::NoSuchSquare(33)),
            },
            BadStart {
                tag: "FEN",
                value: "8/8".into(),
                problem: StartProblem::Tfen(ParseTfenError::RankCount(2)),
            },
            BadStart {
                tag: "RedFormation",
                value: "a1 a1".into(),
                problem: StartProblem::Formation(FormationError::Duplicate("a1".into())),
            },
        ];
        for s in &starts {
            match s.problem {
                StartProblem::Fen(_) | StartProblem::Tfen(_) | StartProblem::Formation(_) => {}
            }
        }
        let mut all: Vec<(Text, String)> = Vec::new();
        all.extend(c_setup.iter().map(|e| (e.explain(), e.to_string())));
        all.extend(t_setup.iter().map(|e| (e.explain(), e.to_string())));
        all.extend(fen.iter().map(|e| (e.explain(), e.to_string())));
        all.extend(tfen.iter().map(|e| (e.explain(), e.to_string())));
        all.extend(formation.iter().map(|e| (e.explain(), e.to_string())));
        all.extend(starts.iter().map(|e| (e.explain(), e.to_string())));
        all
    }

    /// The catalogues of every language, from assets/i18n.
    fn every_catalogue() -> Vec<crate::i18n::Catalogue> {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../assets/i18n");
        crate::i18n::Lang::ALL
            .iter()
            .map(|l| {
                let text = std::fs::read_to_string(dir.join(format!("{}.txt", l.tag()))).unwrap();
                crate::i18n::Catalogue::parse(l.tag(), &text).unwrap()
            })
            .collect()
    }

    /// Every key a message uses, its arguments' included.
    fn keys(t: &Text, out: &mut Vec<&'static str>) {
        out.push(t.key);
        for (_, a) in &t.args {
            if let crate::i18n::Arg::Text(inner) = a {
                keys(inner, out);
            }
        }
    }

    #[test]
    fn every_position_error_code_has_words_in_every_language() {
        let catalogues = every_catalogue();
        let all = every_position_error();
        assert!(all.len() >= 40, "{}", all.len());
        let mut distinct = std::collections::BTreeSet::new();
        for (text, engine) in &all {
            // English says what the engine says (the page writes a side's
            // name with a capital, the engine a piece's colour without).
            assert_eq!(text.english().to_lowercase(), engine.to_lowercase());
            let mut used = Vec::new();
            keys(text, &mut used);
            distinct.extend(used.iter().copied());
            for c in &catalogues {
                for k in &used {
                    assert!(c.has(k), "{} lacks {k}", c.tag);
                }
                let said = c
                    .render(text, &crate::i18n::plain_number)
                    .unwrap_or_else(|| panic!("{}: {engine}", c.tag));
                assert!(!said.contains('{'), "{}: {said}", c.tag);
            }
        }
        assert!(distinct.len() >= 35, "{distinct:?}");
    }

    #[test]
    fn a_tournament_file_s_problems_are_said_in_every_language() {
        let head = r#""format": "tiers-tournament", "version": 1"#;
        let files = [
            "[1]".to_string(),
            r#"{"version": 1}"#.to_string(),
            r#"{"format": "x", "version": 1}"#.to_string(),
            r#"{"format": "tiers-tournament", "version": 9}"#.to_string(),
            format!("{{{head}}}"),
            format!(r#"{{{head}, "name": "T", "game": "chess", "brackets": []}}"#),
            format!(r#"{{{head}, "name": "T", "game": "checkers", "brackets": [], "x": 1}}"#),
            format!(r#"{{{head}, "name": 5, "game": "checkers", "brackets": []}}"#),
            format!(r#"{{{head}, "name": "T", "game": "checkers", "brackets": {{}}}}"#),
            format!(r#"{{{head}, "name": "T", "game": "checkers", "brackets": []}}"#),
            format!(
                r#"{{{head}, "name": "T", "game": "checkers", "brackets": [{{"name": "B", "seeding": "x", "entrants": []}}]}}"#
            ),
            format!(
                r#"{{{head}, "name": "T", "game": "checkers", "brackets": [{{"name": "B", "seeding": "as_entered", "entrants": [{{"name": "A", "level": 300}}]}}]}}"#
            ),
            format!(
                r#"{{{head}, "name": "T", "game": "checkers", "brackets": [{{"name": "B", "seeding": "as_entered", "entrants": [{{"name": "A"}}]}}]}}"#
            ),
            format!(
                r#"{{{head}, "name": "T", "game": "checkers", "brackets": [{{"name": "B", "seeding": "as_entered", "entrants": [{{"name": "A"}}, {{"name": "C"}}], "results": [{{"match": 1, "winner": 7}}]}}]}}"#
            ),
        ];
        let catalogues = every_catalogue();
        for file in files.iter().map(String::as_str).chain(["not json"]) {
            let e = tiers_bracket::Tournament::from_json(file).unwrap_err();
            let said = e.explain();
            if !matches!(e, tiers_bracket::ImportError::NotJson(_)) {
                assert_eq!(said.english(), e.to_string(), "{file}");
            }
            for c in &catalogues {
                let words = c
                    .render(&said, &crate::i18n::plain_number)
                    .unwrap_or_else(|| panic!("{}: {e}", c.tag));
                // No argument left unfilled (`{name}`).
                let unfilled = words.split('{').skip(1).any(|rest| {
                    rest.split_once('}').is_some_and(|(name, _)| {
                        !name.is_empty() && name.chars().all(|c| c.is_ascii_lowercase() || c == '_')
                    })
                });
                assert!(!unfilled, "{}: {words}", c.tag);
            }
        }
    }

    #[test]
    fn the_browser_s_storage_refusals_have_words() {
        let said = |n: Option<&str>| storage_refused(n).english();
        assert_eq!(
            said(Some("QuotaExceededError")),
            said(Some("NS_ERROR_DOM_QUOTA_REACHED"))
        );
        assert!(said(Some("QuotaExceededError")).contains("full"));
        assert!(said(Some("SecurityError")).contains("forbid"));
        assert_ne!(said(None), said(Some("SecurityError")));
        assert_ne!(said(Some("InvalidStateError")), said(Some("SecurityError")));
        assert_eq!(
            said(Some("DataCloneError")),
            "the browser refused to store it (DataCloneError)"
        );
        for n in [
            None,
            Some("QuotaExceededError"),
            Some("SecurityError"),
            Some("InvalidStateError"),
            Some("X"),
        ] {
            assert!(!said(n).contains("<missing"), "{n:?}");
        }
    }

    #[test]
    fn a_bad_start_position_in_a_file_is_said_in_parts() {
        let e = checkers::pdn::read_games("[FEN \"B:W21,21:B1\"]\n1. 1-5 *").unwrap_err();
        let said = english(&e);
        assert_eq!(
            said,
            "game 1, line 1, column 1: the start position cannot be set up: FEN \"B:W21,21:B1\": square 21 is listed twice"
        );
        let e = tiers::record::read_games("[RedFormation \"a1 a1\"]\n*").unwrap_err();
        assert!(english(&e).ends_with("RedFormation \"a1 a1\": a1 is listed twice"));
    }
}
