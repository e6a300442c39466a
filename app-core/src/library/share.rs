//! Share links: a URL whose query, in the parameters of [`crate::params`],
//! reproduces the game in progress or a position, kept readable:
//! `?game=checkers&players=2&pdn=11-15+23-19+8-11` for a game from the
//! standard start (the moves joined by `+`, a `[FEN "…"]` tag in front for
//! any other start, the result at the end of a finished game), and
//! `?game=tiers&players=2&tfen=…` for a position. Opening one reads it with
//! the same [`crate::params::parse_game`] as the embed page, so a bad link
//! gets the same per-parameter messages.

use tiers_engine::pdn::{PdnResult, Variant};
use tiers_engine::{checkers, tiers, Color, GameKind, Position};

use crate::i18n::Text;
use crate::params::{encode, parse_strict, query_pairs, GAME_PARAMS};
use crate::record::Record;
use crate::session::LoadGame;

/// Links longer than this are refused (browsers and chat programs cut
/// long URLs); the PDN file is the way to share such a game.
pub const MAX_LINK: usize = 4000;

fn first_mover(kind: GameKind) -> Color {
    match kind {
        GameKind::Checkers => <checkers::Position as Variant>::FIRST,
        GameKind::Tiers => <tiers::Position as Variant>::FIRST,
    }
}

fn is_standard_start(kind: GameKind, start: &str) -> bool {
    match kind {
        GameKind::Checkers => checkers::Position::start().to_text() == start,
        GameKind::Tiers => tiers::Position::start().to_text() == start,
    }
}

fn finish(base: &str, query: String) -> Result<String, Text> {
    let link = format!("{base}?{query}");
    if link.len() > MAX_LINK {
        return Err(crate::text!(
            "error.link-too-long",
            count = link.len(),
            max = MAX_LINK
        ));
    }
    Ok(link)
}

/// A link to the game up to its cursor (for two players; `flip=1` when the
/// board is seen from Black's side). `base` is the page's address without
/// its query.
pub fn game_link(base: &str, record: &dyn Record, flipped: bool) -> Result<String, Text> {
    let kind = record.kind();
    let moves = record.move_texts();
    let mut words: Vec<String> = Vec::new();
    let start = record.start_text();
    if !is_standard_start(kind, &start) {
        words.push(encode(&format!("[FEN \"{start}\"]")));
    }
    for text in moves.iter().take(record.ply()) {
        words.push(encode(text));
    }
    if let Some(o) = record.outcome() {
        words.push(
            PdnResult::of_outcome(Some(o))
                .text(first_mover(kind))
                .into(),
        );
    }
    let mut query = format!("game={}&players=2", kind.name());
    if flipped {
        query.push_str("&flip=1");
    }
    if words.is_empty() {
        // No move yet: the start position is the game.
        return position_link(base, kind, &start, flipped);
    }
    query.push_str("&pdn=");
    query.push_str(&words.join("+"));
    finish(base, query)
}

/// A link to a position (FEN or TFEN), for two players.
pub fn position_link(
    base: &str,
    kind: GameKind,
    text: &str,
    flipped: bool,
) -> Result<String, Text> {
    let name = if kind == GameKind::Checkers {
        "fen"
    } else {
        "tfen"
    };
    let mut query = format!("game={}&players=2", kind.name());
    if flipped {
        query.push_str("&flip=1");
    }
    if !is_standard_start(kind, text) {
        query.push_str(&format!("&{name}={}", encode(text)));
    }
    finish(base, query)
}

/// Whether a page query asks for a game (holds any game parameter).
#[must_use]
pub fn asks_for_game(query: &str) -> bool {
    query_pairs(query)
        .iter()
        .any(|(n, _)| GAME_PARAMS.iter().any(|p| p.eq_ignore_ascii_case(n.trim())))
}

/// Opens a link's query: the game to play, or every problem with the link
/// in one message. `coin` draws a colour asked to be random.
pub fn open(query: &str, coin: bool) -> Result<LoadGame, Text> {
    parse_strict(&query_pairs(query))?.load(coin)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::library::rebuild;
    use crate::session::Opponent;

    use crate::test_links::{query, BASE};

    #[test]
    fn a_checkers_game_link_is_readable_and_reopens_the_game() {
        let start = checkers::Position::start().to_text();
        let moves: Vec<String> = ["11-15", "23-19", "8-11", "22-17", "11-16", "24-20"]
            .map(String::from)
            .to_vec();
        let g = rebuild(GameKind::Checkers, &start, &moves, 5, None).unwrap();
        let link = game_link(BASE, &*g, false).unwrap();
        assert_eq!(
            link,
            "https://example.org/tiers/?game=checkers&players=2&pdn=11-15+23-19+8-11+22-17+11-16"
        );
        assert!(asks_for_game(query(&link)));
        let back = open(query(&link), true).unwrap();
        assert_eq!(back.opponent, Opponent::Friend);
        assert!(!back.flipped);
        assert_eq!(back.record.move_texts(), moves[..5]);
        assert_eq!(back.record.ply(), 5);
    }

    #[test]
    fn set_up_starts_results_and_tiers_moves_survive() {
        let mut g = rebuild(
            GameKind::Checkers,
            "W:W22,23,K1:B12,14",
            &["22-18".to_string()],
            1,
            None,
        )
        .unwrap();
        g.resign(Color::Black);
        let link = game_link(BASE, &*g, true).unwrap();
        assert_eq!(
            link,
            "https://example.org/tiers/?game=checkers&players=2&flip=1&pdn=%5BFEN%20%22W:WK1,22,23:B12,14%22%5D+22-18+0-1"
        );
        let back = open(query(&link), false).unwrap();
        assert!(back.flipped);
        assert!(*back.record == *g);

        let tfen = "8/1t4d[m]1/8/8/3U[K]4/8/8/8 r 0 1";
        let g = rebuild(GameKind::Tiers, tfen, &["d4>a8".to_string()], 1, None).unwrap();
        let link = game_link(BASE, &*g, false).unwrap();
        assert!(link.ends_with("+d4%3Ea8"), "{link}");
        let back = open(query(&link), false).unwrap();
        assert_eq!(back.record.start_text(), tfen);
        assert_eq!(back.record.move_texts(), ["d4>a8"]);
    }

    #[test]
    fn positions_and_fresh_games() {
        let link = position_link(
            BASE,
            GameKind::Tiers,
            "8/8/8/3u[k]4/8/8/8/U[M]7 b 3 12",
            false,
        )
        .unwrap();
        assert_eq!(
            link,
            "https://example.org/tiers/?game=tiers&players=2&tfen=8%2F8%2F8%2F3u%5Bk%5D4%2F8%2F8%2F8%2FU%5BM%5D7%20b%203%2012"
        );
        let back = open(query(&link), false).unwrap();
        assert_eq!(back.record.start_text(), "8/8/8/3u[k]4/8/8/8/U[M]7 b 3 12");
        let fresh = crate::record::new_checkers();
        assert_eq!(
            game_link(BASE, &*fresh, false).unwrap(),
            "https://example.org/tiers/?game=checkers&players=2"
        );
    }

    #[test]
    fn bad_links_say_what_is_wrong() {
        assert!(!asks_for_game("?utm_source=x"));
        let err = open("game=chess&pdn=11-15+11-16", false)
            .err()
            .unwrap()
            .english();
        assert!(err.starts_with("game=chess: unknown game"), "{err}");
        assert!(err.contains("pdn=11-15 11-16: "), "{err}");
        let err = open("pdn=11-15+11-16", false).err().unwrap().english();
        assert!(err.contains("11-16 cannot be played"), "{err}");
    }

    #[test]
    fn overlong_games_are_refused() {
        // Two kings going round in circles for 1000 moves (the record keeps
        // moves past the repetition draw, as imported games may).
        let cycle = ["1-5", "32-28", "5-1", "28-32"];
        let moves: Vec<String> = cycle
            .iter()
            .cycle()
            .take(1000)
            .map(|m| m.to_string())
            .collect();
        let g = rebuild(GameKind::Checkers, "B:WK32:BK1", &moves, 1000, None).unwrap();
        let err = game_link(BASE, &*g, false).err().unwrap().english();
        assert!(
            err.starts_with("This game is too long for a link (5"),
            "{err}"
        );
    }
}
