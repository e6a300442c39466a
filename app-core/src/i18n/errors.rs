//! The engine's errors that reach a person, as messages with stable keys
//! (`error.…`) and arguments, which the page says in its language (the
//! engine's own `Display` stays English, for the command line and logs).
//! Notation in them (moves, square numbers, a1–h8, PDN tags) is never
//! translated.

use tiers_engine::game::GameError;
use tiers_engine::pdn::{PdnError, PdnErrorKind, MAX_PDN_LEN};
use tiers_engine::{checkers, tiers};

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
            // The engine's detail names the tag, its value and what is
            // wrong with it (in English: FEN and TFEN errors have no codes
            // yet); without it the person could not tell what to mend.
            PdnErrorKind::BadStart(why) => crate::text!("error.pdn-bad-start", why = why),
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
}
