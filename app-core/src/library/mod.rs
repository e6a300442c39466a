//! The game library: the game in progress as it is kept on the device
//! ([`saved`]), the archive of finished games ([`archive`]), game files
//! (PDN and the Tiers record, FEN and TFEN: [`files`]), share links
//! ([`share`]) and the games screen's state ([`games`]).
//!
//! All plain data and text, tested natively; the rules stay in the engine
//! (games are rebuilt by replaying their moves, so stored data that the
//! engine does not accept is caught with the engine's own message).

pub mod archive;
pub mod bylink;
pub mod files;
pub mod games;
pub mod saved;
pub mod share;

use tiers_engine::{
    checkers, tiers, Color, DrawReason, Game, GameKind, Outcome, Position, WinReason,
};

use crate::i18n::Text;
use crate::record::Record;
use crate::session::{GameMeta, Opponent};

/// A resignation, an agreed draw or a loss on time: the outcomes a record
/// cannot show by its moves alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Declared {
    /// Red resigned.
    RedResigned,
    /// Black resigned.
    BlackResigned,
    /// The players agreed a draw.
    DrawAgreed,
    /// Red's clock reached zero.
    RedOutOfTime,
    /// Black's clock reached zero.
    BlackOutOfTime,
}

impl Declared {
    /// As stored: "red resigned", "black resigned", "draw agreed".
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Declared::RedResigned => "red resigned",
            Declared::BlackResigned => "black resigned",
            Declared::DrawAgreed => "draw agreed",
            Declared::RedOutOfTime => "red ran out of time",
            Declared::BlackOutOfTime => "black ran out of time",
        }
    }

    /// Reads [`Declared::name`].
    #[must_use]
    pub fn parse(text: &str) -> Option<Declared> {
        [
            Declared::RedResigned,
            Declared::BlackResigned,
            Declared::DrawAgreed,
            Declared::RedOutOfTime,
            Declared::BlackOutOfTime,
        ]
        .into_iter()
        .find(|d| d.name() == text)
    }

    /// The declared part of an outcome, if it was declared.
    #[must_use]
    pub fn of(outcome: Option<Outcome>) -> Option<Declared> {
        match outcome? {
            Outcome::Win {
                winner,
                reason: WinReason::Resignation,
            } => Some(match winner {
                Color::Red => Declared::BlackResigned,
                Color::Black => Declared::RedResigned,
            }),
            Outcome::Win {
                winner,
                reason: WinReason::Time,
            } => Some(match winner {
                Color::Red => Declared::BlackOutOfTime,
                Color::Black => Declared::RedOutOfTime,
            }),
            Outcome::Draw {
                reason: DrawReason::Agreement,
            } => Some(Declared::DrawAgreed),
            _ => None,
        }
    }

    fn apply<P: Position>(self, game: &mut Game<P>) {
        match self {
            Declared::RedResigned => game.resign(Color::Red),
            Declared::BlackResigned => game.resign(Color::Black),
            Declared::DrawAgreed => game.agree_draw(),
            Declared::RedOutOfTime => game.lose_on_time(Color::Red),
            Declared::BlackOutOfTime => game.lose_on_time(Color::Black),
        }
    }
}

/// Rebuilds a game from its start position and written moves: every move
/// is checked by the engine; the cursor is put at `ply` and a resignation
/// or agreed draw is declared there. Errors say which move is wrong and why,
/// e.g. "move 7 (Black): 11-15 is not legal here: …".
pub fn rebuild(
    kind: GameKind,
    start: &str,
    moves: &[String],
    ply: usize,
    declared: Option<Declared>,
) -> Result<Box<dyn Record>, String> {
    match kind {
        GameKind::Checkers => rebuild_game::<checkers::Position>(start, moves, ply, declared)
            .map(|g| Box::new(g) as Box<dyn Record>),
        GameKind::Tiers => rebuild_game::<tiers::Position>(start, moves, ply, declared)
            .map(|g| Box::new(g) as Box<dyn Record>),
    }
}

/// [`rebuild`] for one game.
pub fn rebuild_game<P: Position>(
    start: &str,
    moves: &[String],
    ply: usize,
    declared: Option<Declared>,
) -> Result<Game<P>, String> {
    let start = P::parse(start).map_err(|e| format!("the start position: {e}"))?;
    let mut game = Game::new(start);
    for text in moves {
        let pos = game.position();
        let (number, side) = (pos.move_number(), pos.side_to_move());
        let mv = pos
            .parse_move(text)
            .map_err(|e| format!("move {number} ({side}): {e}"))?;
        game.play_recorded(mv)
            .map_err(|e| format!("move {number} ({side}): {text}: {e}"))?;
    }
    if ply > moves.len() {
        return Err(format!(
            "it is at move {ply} of a game of {} moves",
            moves.len()
        ));
    }
    game.go_to(ply);
    if let Some(d) = declared {
        if game.outcome().is_some() {
            return Err("it was resigned or drawn after the game had ended".into());
        }
        d.apply(&mut game);
    }
    Ok(game)
}

/// The names of the players of a game in progress, Red's first.
#[must_use]
pub fn player_names(opponent: Opponent) -> [String; 2] {
    Color::ALL.map(|c| match opponent {
        Opponent::Friend => c.to_string(),
        Opponent::Computer { level, human } if human != c => {
            format!("Computer · level {}", level.number())
        }
        Opponent::Computer { .. } => "You".to_string(),
    })
}

/// The PDN tags of a game: those of the file it came from, completed with
/// an event, its date and the players' names (White is Red's player).
#[must_use]
pub fn game_tags(opponent: Opponent, meta: &GameMeta) -> Vec<(String, String)> {
    let names = player_names(opponent);
    let mut tags = meta.tags.clone();
    for (name, value) in [
        ("Event", "Tiers: casual game".to_string()),
        ("Date", pdn_date(meta.started)),
        ("White", names[0].clone()),
        ("Black", names[1].clone()),
    ] {
        let known = tags
            .iter()
            .any(|(n, v)| n == name && !v.trim().is_empty() && !v.trim().starts_with('?'));
        if !known {
            tags.retain(|(n, _)| n != name);
            tags.push((name.to_string(), value));
        }
    }
    tags
}

/// The value of a tag.
#[must_use]
pub fn tag<'a>(tags: &'a [(String, String)], name: &str) -> Option<&'a str> {
    tags.iter()
        .find(|(n, _)| n == name)
        .map(|(_, v)| v.as_str())
}

/// "Checkers · You vs Computer · level 3": a game's title from its
/// players' names as stored (see [`files::player`]), in the page's
/// language.
#[must_use]
pub fn game_title(kind: GameKind, red: &str, black: &str) -> Text {
    let players = crate::text!(
        "games.players",
        red = files::player(red),
        black = files::player(black)
    );
    crate::text!("games.title", game = kind, players = players)
}

/// A calendar date (year, month 1–12, day 1–31) from days since 1970-01-01
/// (H. Hinnant's `civil_from_days`).
#[must_use]
pub fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

/// The PDN date (`YYYY.MM.DD`, UTC) of a time in milliseconds since 1970;
/// `????.??.??` when unknown (0).
#[must_use]
pub fn pdn_date(ms: u64) -> String {
    if ms == 0 {
        return "????.??.??".into();
    }
    let (y, m, d) = civil_from_days((ms / 86_400_000) as i64);
    format!("{y:04}.{m:02}.{d:02}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
        assert_eq!(pdn_date(1_700_000_000_000), "2023.11.14");
        assert_eq!(pdn_date(0), "????.??.??");
    }

    #[test]
    fn rebuild_checks_every_move_with_the_engine() {
        let start = checkers::Position::start().to_text();
        let moves: Vec<String> = ["11-15", "23-19", "8-11", "22-17"]
            .iter()
            .map(|s| s.to_string())
            .collect();
        let g = rebuild(GameKind::Checkers, &start, &moves, 3, None).unwrap();
        assert_eq!(g.ply(), 3);
        assert_eq!(g.recorded(), 4);
        let mut bad = moves.clone();
        bad[2] = "11-15".into();
        let err = rebuild(GameKind::Checkers, &start, &bad, 4, None)
            .err()
            .unwrap();
        assert_eq!(
            err,
            "move 2 (Black): 11-15 is not legal here: there is no piece on 11 (Black to move)"
        );
        let err = rebuild(GameKind::Checkers, "B:W33", &moves, 0, None)
            .err()
            .unwrap();
        assert!(err.starts_with("the start position: "), "{err}");
        let err = rebuild(GameKind::Checkers, &start, &moves, 9, None)
            .err()
            .unwrap();
        assert_eq!(err, "it is at move 9 of a game of 4 moves");
    }

    #[test]
    fn declared_outcomes_round_trip() {
        let start = tiers::Position::start().to_text();
        let moves = vec!["e3-e4".to_string()];
        let g = rebuild(
            GameKind::Tiers,
            &start,
            &moves,
            1,
            Some(Declared::BlackResigned),
        )
        .unwrap();
        assert_eq!(
            g.outcome(),
            Some(Outcome::Win {
                winner: Color::Red,
                reason: WinReason::Resignation
            })
        );
        assert_eq!(Declared::of(g.outcome()), Some(Declared::BlackResigned));
        assert_eq!(
            Declared::parse("black resigned"),
            Some(Declared::BlackResigned)
        );
        assert_eq!(Declared::parse("resigned"), None);
    }
}
