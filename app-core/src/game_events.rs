//! Which sound a change of a game calls for, decided in one place from the
//! session before and after (a move and what it did, a refused attempt,
//! the end of the game); `hooks::use_game_events` plays them.

use tiers_engine::{GameKind, Outcome, PieceKind};

use super::session::{Opponent, Session};

/// A sound of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sound {
    /// A quiet move.
    Move,
    /// One piece taken.
    Capture,
    /// Several pieces taken in one move.
    MultiCapture,
    /// An ultra king consumed a piece.
    Consume,
    /// A piece crowned or climbed a tier.
    Crown,
    /// A move was refused.
    Illegal,
    /// The clock of the person to move is low (for clocks).
    ClockLow,
    /// The game ended and the person (or, between two people, someone) won.
    Win,
    /// The game ended and the person lost to the computer.
    Loss,
    /// The game ended in a draw.
    Draw,
}

impl Sound {
    /// Every sound.
    pub const ALL: [Sound; 10] = [
        Sound::Move,
        Sound::Capture,
        Sound::MultiCapture,
        Sound::Consume,
        Sound::Crown,
        Sound::Illegal,
        Sound::ClockLow,
        Sound::Win,
        Sound::Loss,
        Sound::Draw,
    ];
}

/// What of a session the sounds are decided from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Mark {
    serial: u32,
    ply: usize,
    over: bool,
    refusals: u32,
}

impl Mark {
    /// The mark of a session now.
    #[must_use]
    pub fn of(s: &Session) -> Mark {
        Mark {
            serial: s.serial,
            ply: s.record().map_or(0, |g| g.ply()),
            over: s.outcome().is_some(),
            refusals: s.refusals,
        }
    }
}

fn tier(kind: PieceKind) -> usize {
    PieceKind::ALL.iter().position(|&k| k == kind).unwrap_or(0)
}

/// The sound of the move that led to ply `to` (from ply `to - 1`).
fn move_sound(s: &Session, to: usize) -> Option<Sound> {
    let game = s.record()?;
    let ply = to.checked_sub(1)?;
    let mv = game.move_at(ply)?;
    let before = game.view_at(ply)?;
    let after = game.view_at(to)?;
    let (&from, &dest) = (mv.squares.first()?, mv.squares.last()?);
    let mover = before[usize::from(from)]?;
    let landed = after[usize::from(dest)].filter(|p| p.color == mover.color);
    let ultra = matches!(mover.kind, PieceKind::Ultra | PieceKind::DoubleUltra);
    let taken = mv.captures.len();
    Some(if landed.is_some_and(|p| tier(p.kind) > tier(mover.kind)) {
        Sound::Crown
    } else if taken > 0 && ultra && game.kind() == GameKind::Tiers {
        Sound::Consume
    } else if taken > 1 {
        Sound::MultiCapture
    } else if taken == 1 {
        Sound::Capture
    } else {
        Sound::Move
    })
}

fn end_sound(outcome: Outcome, opponent: Opponent) -> Sound {
    match (outcome, opponent) {
        (Outcome::Draw { .. }, _) => Sound::Draw,
        (Outcome::Win { winner, .. }, Opponent::Computer { human, .. }) if winner != human => {
            Sound::Loss
        }
        (Outcome::Win { .. }, _) => Sound::Win,
    }
}

/// The sounds called for by the change from `before` (None: the first
/// look, nothing sounds) to the session `now`: a refused attempt, the
/// move played (taking back sounds nothing), the end of the game. A new
/// game or one loaded sounds nothing.
#[must_use]
pub fn sounds(before: Option<Mark>, now: &Session) -> Vec<Sound> {
    let mark = Mark::of(now);
    let Some(before) = before.filter(|b| b.serial == mark.serial) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    // (Counted up: a new board of a lesson or a match, with its own
    // counts, sounds nothing.)
    if mark.refusals > before.refusals {
        out.push(Sound::Illegal);
    }
    if mark.ply > before.ply {
        out.extend(move_sound(now, mark.ply));
    }
    if mark.over && !before.over {
        if let Some(o) = now.outcome() {
            out.push(end_sound(o, now.opponent));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{new_checkers, Record};
    use crate::session::{LoadGame, SessionAction};
    use tiers_engine::{checkers, tiers, Color, Game, Position as _};

    fn session(record: Box<dyn Record>, opponent: Opponent) -> Session {
        Session::playing(LoadGame {
            record,
            opponent,
            flipped: false,
            clock: None,
        })
    }

    fn play(s: &mut Session, text: &str) -> Vec<Sound> {
        let before = Mark::of(s);
        for sq in crate::record::squares_of(s.record().unwrap(), text) {
            s.apply(SessionAction::Square(sq));
        }
        sounds(Some(before), s)
    }

    #[test]
    fn moves_captures_and_crowning_have_their_sounds() {
        let mut s = session(new_checkers(), Opponent::Friend);
        assert_eq!(sounds(None, &s), []);
        assert_eq!(play(&mut s, "11-15"), [Sound::Move]);
        assert_eq!(play(&mut s, "22-18"), [Sound::Move]);
        assert_eq!(play(&mut s, "15x22"), [Sound::Capture]);
        // Taking back sounds nothing.
        let before = Mark::of(&s);
        s.apply(SessionAction::Undo);
        assert_eq!(sounds(Some(before), &s), []);
    }

    fn checkers(fen: &str) -> Box<dyn Record> {
        Box::new(Game::new(checkers::Position::parse(fen).unwrap()))
    }

    #[test]
    fn a_multi_capture_a_crowning_and_a_consume() {
        let mut s = session(checkers("W:W25:B22,15"), Opponent::Friend);
        // Black's last pieces: the end too.
        assert_eq!(play(&mut s, "25x18x11"), [Sound::MultiCapture, Sound::Win]);
        let mut s = session(checkers("W:W6:B12"), Opponent::Friend);
        assert_eq!(play(&mut s, "6-1"), [Sound::Crown]);
        let tiers = tiers::Position::parse("7m/8/8/4m3/3U4/8/8/8 r 0 1").unwrap();
        let mut s = session(Box::new(Game::new(tiers)), Opponent::Friend);
        assert_eq!(play(&mut s, "d4xe5"), [Sound::Consume]);
    }

    #[test]
    fn the_last_capture_ends_the_game_with_its_sound() {
        let human = Color::Red;
        let computer = Opponent::Computer {
            level: tiers_engine::search::Level::clamped(1),
            human,
        };
        let mut s = session(checkers("W:W25:B22"), computer);
        assert_eq!(play(&mut s, "25x18"), [Sound::Capture, Sound::Win]);
    }

    #[test]
    fn a_refused_attempt_is_the_illegal_sound() {
        let mut s = session(new_checkers(), Opponent::Friend);
        let before = Mark::of(&s);
        // A man two ranks forward.
        let from = s.record().unwrap().legal()[0].squares[0];
        s.apply(SessionAction::Square(from));
        s.apply(SessionAction::Square(crate::record::square("b4")));
        assert_eq!(sounds(Some(before), &s), [Sound::Illegal]);
    }

    #[test]
    fn the_end_sounds_from_the_persons_side() {
        let human = Color::Red;
        let mut s = session(
            new_checkers(),
            Opponent::Computer {
                level: tiers_engine::search::Level::clamped(1),
                human,
            },
        );
        let before = Mark::of(&s);
        s.apply(SessionAction::Resign);
        assert_eq!(sounds(Some(before), &s), [Sound::Loss]);
        let mut s = session(new_checkers(), Opponent::Friend);
        let before = Mark::of(&s);
        s.apply(SessionAction::OfferDraw);
        s.apply(SessionAction::AcceptDraw);
        assert_eq!(sounds(Some(before), &s), [Sound::Draw]);
    }

    #[test]
    fn a_new_game_sounds_nothing() {
        let mut s = session(new_checkers(), Opponent::Friend);
        play(&mut s, "11-15");
        let before = Mark::of(&s);
        s.new_game(new_checkers());
        assert_eq!(sounds(Some(before), &s), []);
    }
}
