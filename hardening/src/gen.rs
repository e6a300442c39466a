//! Structure-aware inputs: the fuzzer's bytes, read through
//! [`arbitrary::Unstructured`], decide a near-valid input — a real
//! position, move or file built by the engine, then changed a little
//! (a byte replaced, a token inserted, a piece loaded onto a man, a
//! range cut out). When the bytes run out, every choice takes its first
//! option, so any byte string gives an input.

use arbitrary::Unstructured;
use tiers_bracket::{BracketSetup, Entrant, GameChoice, Seeding, Tournament, TournamentSetup};
use tiers_engine::pdn::Tags;
use tiers_engine::reference::tiers::random_tfen;
use tiers_engine::tiers::{self, tfen, Formation};
use tiers_engine::{checkers, Color, Game, PieceKind, PieceView, Position};
use tiers_json::Json;

/// An index below `n` (0 when the bytes run out or `n` is 0).
fn pick(u: &mut Unstructured<'_>, n: usize) -> usize {
    if n <= 1 {
        return 0;
    }
    u.choose_index(n).unwrap_or(0)
}

fn number(u: &mut Unstructured<'_>, max: u64) -> u64 {
    u.int_in_range(0..=max).unwrap_or(0)
}

fn chance(u: &mut Unstructured<'_>, in_four: u8) -> bool {
    u.int_in_range(0u8..=3).unwrap_or(3) < in_four
}

/// Tokens that matter to some reader, inserted by [`mutate`].
const TOKENS: &[&str] = &[
    "{",
    "}",
    "(",
    ")",
    "[",
    "]",
    "\"",
    "\\",
    "/",
    ",",
    ":",
    "-",
    "x",
    "X",
    "<",
    ">",
    ".",
    "...",
    "1-0",
    "0-1",
    "1/2-1/2",
    "*",
    "%",
    ";",
    "$3",
    "!?",
    "\n",
    " ",
    "\t",
    "\u{feff}",
    "é",
    "0",
    "9",
    "12.",
    "K",
    "W",
    "B",
    "r",
    "b",
    "U[K]",
    "d[m]",
    "M[M]",
    "U[U]",
    "u[M]",
    "[FEN \"",
    "[GameType \"Tiers\"]",
    "[GameType \"21\"]",
    "[SetUp \"1\"]",
    "[FEN \"W:W32:B1\"]",
    "[RedFormation \"a1 b1\"]",
    "null",
    "true",
    "{\"\":",
    "\\u00e9",
    "\\ud800",
    "1e999",
    "18446744073709551616",
    "-0",
    "\"format\":\"tiers-tournament\"",
    "\"version\":1",
];

/// Changes `text` a little, zero to three times: a byte replaced, a token
/// inserted, a range deleted or doubled, a piece of the text swapped.
#[must_use]
pub fn mutate(u: &mut Unstructured<'_>, text: &str) -> String {
    let mut bytes = text.as_bytes().to_vec();
    for _ in 0..pick(u, 4) {
        let len = bytes.len();
        let at = pick(u, len + 1);
        match pick(u, 5) {
            0 if len > 0 => {
                let i = at.min(len - 1);
                bytes[i] = u.arbitrary::<u8>().unwrap_or(b' ');
            }
            1 => {
                let token = TOKENS[pick(u, TOKENS.len())].as_bytes();
                bytes.splice(at..at, token.iter().copied());
            }
            2 => {
                let end = (at + 1 + pick(u, 16)).min(len);
                bytes.drain(at.min(end)..end);
            }
            3 => {
                let end = (at + 1 + pick(u, 64)).min(len);
                let copy = bytes[at.min(end)..end].to_vec();
                bytes.splice(at..at, copy);
            }
            _ => {
                let token = TOKENS[pick(u, TOKENS.len())].as_bytes();
                let end = (at + token.len()).min(len);
                bytes.splice(at.min(end)..end, token.iter().copied());
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn color(u: &mut Unstructured<'_>) -> Color {
    Color::ALL[pick(u, 2)]
}

/// A Tiers arrangement: mostly valid, sometimes a load on a piece that
/// cannot carry, a carried ultra king, more than 12 pieces a side, a move
/// number of 0, counters at their extremes.
#[must_use]
pub fn tiers_setup(u: &mut Unstructured<'_>) -> tiers::Setup {
    let mut setup = tiers::Setup::empty(color(u));
    // Up to 26 pieces on random squares: about 12 a side at most, more
    // now and then.
    for _ in 0..pick(u, 27) {
        let sq = pick(u, 64) as u8;
        let kind = PieceKind::ALL[pick(u, 6)];
        let carries = matches!(kind, PieceKind::Ultra | PieceKind::DoubleUltra);
        let carried = if (carries && chance(u, 1)) || pick(u, 40) == 0 {
            // Tiers 1-4 mostly, an ultra king now and then.
            Some(
                PieceKind::ALL[if pick(u, 8) == 0 {
                    4 + pick(u, 2)
                } else {
                    pick(u, 4)
                }],
            )
        } else {
            None
        };
        let piece = PieceView {
            color: color(u),
            kind,
            carried,
        };
        setup.put(sq, piece).expect("squares 0-63");
    }
    setup.plies_since_capture = match pick(u, 4) {
        0 => u32::MAX,
        1 => 100,
        _ => number(u, 120) as u32,
    };
    setup.move_number = match pick(u, 8) {
        0 => 0,
        1 => u32::MAX,
        _ => 1 + number(u, 300) as u32,
    };
    setup
}

/// A checkers arrangement as bitboards: mostly valid, sometimes two pieces
/// on a square or a man on its crowning row.
#[must_use]
pub fn checkers_setup(u: &mut Unstructured<'_>) -> checkers::Setup {
    let mut setup = checkers::Setup::empty(color(u));
    let density = 1 + pick(u, 24);
    let mut bits = [0u32; 4];
    for sq in 0..32 {
        if pick(u, 32) < density {
            bits[pick(u, 4)] |= 1 << sq;
            if pick(u, 50) == 0 {
                bits[pick(u, 4)] |= 1 << sq; // now and then, two pieces
            }
        }
    }
    [
        setup.red_men,
        setup.red_kings,
        setup.black_men,
        setup.black_kings,
    ] = bits;
    setup.plies_since_capture = number(u, 120) as u32;
    setup.move_number = if pick(u, 8) == 0 {
        0
    } else {
        1 + number(u, 300) as u32
    };
    setup
}

/// A checkers FEN written in one of the ways files write it (ranges,
/// kings marked `K`, spaces, lower case, counters, quotes), then changed a
/// little.
#[must_use]
pub fn near_fen(u: &mut Unstructured<'_>) -> String {
    let setup = checkers_setup(u);
    let side = match (setup.side, pick(u, 2)) {
        (Color::Black, 0) => "B",
        (Color::Black, _) => "b",
        (Color::Red, 0) => "W",
        (Color::Red, _) => "w",
    };
    let mut text = side.to_string();
    let sep = if chance(u, 1) { ", " } else { "," };
    for (letter, men, kings) in [
        ("W", setup.red_men, setup.red_kings),
        ("B", setup.black_men, setup.black_kings),
    ] {
        text.push(':');
        text.push_str(letter);
        let mut items = Vec::new();
        let mut sq = 1;
        while sq <= 32 {
            let bit = 1u32 << (sq - 1);
            if (men | kings) & bit != 0 {
                let king = kings & bit != 0;
                // A run of men written as a range, now and then.
                let mut end = sq;
                while !king && end < 32 && men & (1 << end) != 0 && kings & (1 << end) == 0 {
                    end += 1;
                }
                if end > sq + 1 && chance(u, 2) {
                    items.push(format!("{sq}-{end}"));
                    sq = end + 1;
                    continue;
                }
                items.push(format!("{}{sq}", if king { "K" } else { "" }));
            }
            sq += 1;
        }
        text.push_str(&items.join(sep));
    }
    if chance(u, 1) {
        text.push_str(&format!(
            ":H{}:F{}",
            setup.plies_since_capture, setup.move_number
        ));
    }
    if pick(u, 8) == 0 {
        text = format!("\"{text}.\"");
    }
    mutate(u, &text)
}

/// A TFEN of a near-valid arrangement ([`tiers_setup`]), sometimes without
/// counters, then changed a little.
#[must_use]
pub fn near_tfen(u: &mut Unstructured<'_>) -> String {
    let setup = tiers_setup(u);
    let mut text = tfen::write_setup(&setup);
    if pick(u, 6) == 0 {
        // The short form: board and side only.
        text = text.split(' ').take(2).collect::<Vec<_>>().join(" ");
    }
    mutate(u, &text)
}

/// A random Tiers start: random formations, or a random arrangement of
/// every tier (with loads).
fn tiers_start(u: &mut Unstructured<'_>) -> tiers::Position {
    let seed = number(u, u64::MAX);
    if chance(u, 1) {
        let text = random_tfen(seed, 4 + seed % 40);
        tiers::Position::parse(&text).expect("random_tfen writes valid TFEN")
    } else {
        tiers::Position::from_formations(
            &Formation::random(Color::Red, seed),
            &Formation::random(Color::Black, seed.rotate_left(17)),
        )
    }
}

/// A game of `plies` random legal moves (fewer if it ends) from `start`.
fn random_game<P: Position>(u: &mut Unstructured<'_>, start: P, plies: usize) -> Game<P> {
    let mut game = Game::new(start);
    for _ in 0..plies {
        let legal = game.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[pick(u, legal.len())];
        game.play(mv).expect("a legal move of a game not over");
    }
    game
}

/// A checkers position (a random game's) and a move text for it: a legal
/// move's written or shorthand form, spaced or in capitals, then changed a
/// little.
#[must_use]
pub fn checkers_move(u: &mut Unstructured<'_>) -> (checkers::Position, String) {
    let plies = pick(u, 80);
    let game = random_game(u, checkers::Position::start(), plies);
    let pos = *game.position();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let text = if legal.is_empty() {
        "11-15".to_string()
    } else {
        let mv = legal[pick(u, legal.len())];
        let written = pos.move_to_string(&mv);
        let squares: Vec<&str> = written.split(['-', 'x']).collect();
        match pick(u, 4) {
            // The shorthand of a capture: first and last squares.
            0 if written.contains('x') => format!("{}x{}", squares[0], squares[squares.len() - 1]),
            1 => written.replace('x', " X ").replace('-', " - "),
            _ => written,
        }
    };
    let text = mutate(u, &text);
    (pos, text)
}

/// A Tiers position (a random game's from a random start) and a move text
/// for it: one of a legal move's written forms, spaced or in capitals,
/// then changed a little.
#[must_use]
pub fn tiers_move(u: &mut Unstructured<'_>) -> (tiers::Position, String) {
    let start = tiers_start(u);
    let plies = pick(u, 40);
    let game = random_game(u, start, plies);
    let pos = *game.position();
    let mut legal = Vec::new();
    pos.legal_moves(&mut legal);
    let text = if legal.is_empty() {
        "e3-e4".to_string()
    } else {
        let mv = legal[pick(u, legal.len())];
        let forms = pos.move_forms(&mv);
        let form = forms[pick(u, forms.len())].clone();
        match pick(u, 4) {
            0 => form.to_uppercase(),
            1 => form.replace(',', " , ").replace('x', " x "),
            _ => form,
        }
    };
    (pos, mutate(u, &text))
}

/// A game file: one to three random games of one kind, with tags, written
/// by the engine, then changed a little.
#[must_use]
pub fn near_pdn(u: &mut Unstructured<'_>) -> String {
    let mut tags = Tags::new();
    if chance(u, 2) {
        tags.set("White", "Ann \"the\" \\ Red");
        tags.set("Event", "Club night");
    }
    let games = 1 + pick(u, 3);
    let text = if chance(u, 2) {
        let list: Vec<(Tags, Game<checkers::Position>)> = (0..games)
            .map(|_| {
                let plies = pick(u, 60);
                (
                    tags.clone(),
                    random_game(u, checkers::Position::start(), plies),
                )
            })
            .collect();
        tiers_engine::pdn::write_games(&list)
    } else {
        let list: Vec<(Tags, Game<tiers::Position>)> = (0..games)
            .map(|_| {
                let start = tiers_start(u);
                let plies = pick(u, 60);
                (tags.clone(), random_game(u, start, plies))
            })
            .collect();
        tiers_engine::pdn::write_games(&list)
    };
    mutate(u, &text)
}

fn json_value(u: &mut Unstructured<'_>, depth: usize) -> Json {
    let kinds = if depth >= 4 { 4 } else { 6 };
    match pick(u, kinds) {
        0 => Json::Null,
        1 => Json::Bool(chance(u, 2)),
        2 => Json::Num(
            ["0", "-1", "3.25", "1e9", "-2.5E-3", "18446744073709551615"][pick(u, 6)].to_string(),
        ),
        3 => Json::Str(["", "a", "é\"\\\n\u{1}", "😀", "tiers-tournament"][pick(u, 5)].to_string()),
        4 => Json::List((0..pick(u, 4)).map(|_| json_value(u, depth + 1)).collect()),
        _ => {
            let mut fields: Vec<(String, Json)> = Vec::new();
            for i in 0..pick(u, 4) {
                let name = ["name", "match", "x", "é", ""][pick(u, 5)];
                let name = format!("{name}{i}");
                fields.push((name, json_value(u, depth + 1)));
            }
            Json::Obj(fields)
        }
    }
}

/// JSON text: a random value written compact or indented, then changed a
/// little.
#[must_use]
pub fn near_json(u: &mut Unstructured<'_>) -> String {
    let value = json_value(u, 0);
    let text = value.to_text(chance(u, 2));
    mutate(u, &text)
}

/// A tournament file: one or two brackets of 2 to 12 entrants with some
/// results, written by the crate, then changed a little.
#[must_use]
pub fn near_tournament(u: &mut Unstructured<'_>) -> String {
    let text = near_tournament_unchanged(u);
    mutate(u, &text)
}

/// [`near_tournament`]'s file before it is changed.
fn near_tournament_unchanged(u: &mut Unstructured<'_>) -> String {
    let brackets: Vec<BracketSetup> = (0..1 + pick(u, 2))
        .map(|b| BracketSetup {
            name: format!("Bracket {b}"),
            entrants: (0..2 + pick(u, 11))
                .map(|i| {
                    if chance(u, 1) {
                        Entrant::computer(1 + pick(u, 8) as u8)
                    } else {
                        Entrant::person(format!("Player {i}"))
                    }
                })
                .collect(),
            seeding: if chance(u, 2) {
                Seeding::AsEntered
            } else {
                Seeding::Shuffled(number(u, u64::MAX))
            },
        })
        .collect();
    let setup = TournamentSetup {
        name: "Open".into(),
        game: if chance(u, 2) {
            GameChoice::Checkers
        } else {
            GameChoice::Tiers
        },
        ballot_seed: chance(u, 2).then(|| number(u, 1000)),
        brackets,
    };
    match Tournament::new(setup) {
        Ok(mut t) => {
            for b in 0..t.brackets().len() {
                for _ in 0..pick(u, 30) {
                    let ready = t.bracket(b).ready_matches();
                    if ready.is_empty() {
                        break;
                    }
                    let id = ready[pick(u, ready.len())];
                    let players = t.bracket(b).players(id);
                    let winner = players[pick(u, 2)].or(players[0]).unwrap_or(0);
                    let _ = t.set_result(b, id, winner, "1-0", "");
                }
            }
            t.to_json()
        }
        Err(e) => e.to_string(),
    }
}

// ----- The app's readers (docs/hardening.md, "Adding a target") -----

use std::sync::OnceLock;
use tiers_core::clock::{Clock, TimeControl, PRESETS};
use tiers_core::i18n::Lang;
use tiers_core::library::archive::{Archive, Entry as ArchiveEntry};
use tiers_core::library::{saved, share};
use tiers_core::new_game::{ColorChoice, NewGameChoices, Opening};
use tiers_core::preferences::{Named, Preferences};
use tiers_core::record::Record;
use tiers_core::session::{GameMeta, LoadGame, Opponent, Session};
use tiers_core::tournament::store::{self, SavedMatch};
use tiers_engine::search::Level;
use tiers_engine::GameKind;

/// A random game as the app holds it: checkers from the start or Tiers
/// from a random start, `0..max` random plies, now and then resigned.
fn app_record(u: &mut Unstructured<'_>, max: usize) -> Box<dyn Record> {
    let plies = pick(u, max);
    let mut record: Box<dyn Record> = if chance(u, 2) {
        Box::new(random_game(u, checkers::Position::start(), plies))
    } else {
        let start = tiers_start(u);
        Box::new(random_game(u, start, plies))
    };
    if record.outcome().is_none() && chance(u, 1) {
        record.resign(color(u));
    }
    record
}

fn opponent(u: &mut Unstructured<'_>) -> Opponent {
    if chance(u, 1) {
        Opponent::Friend
    } else {
        Opponent::Computer {
            level: Level::clamped(1 + pick(u, 8) as u8),
            human: color(u),
        }
    }
}

/// A value of another type than most fields hold.
fn odd_value(u: &mut Unstructured<'_>) -> Json {
    match pick(u, 8) {
        0 => Json::Null,
        1 => Json::Bool(chance(u, 2)),
        2 => Json::Num(["-1", "1e400", "99", "0.5", "18446744073709551616"][pick(u, 5)].into()),
        3 => Json::str(["", "x", "red", "tiers", "11-15"][pick(u, 5)]),
        4 => Json::List(vec![Json::int(1), Json::str("a")]),
        5 => Json::obj([("v", Json::int(1))]),
        _ => json_value(u, 2),
    }
}

/// Changes one field somewhere in `value` (up to three levels down): its
/// value replaced by one of another type, or the field removed.
fn wrong_field(u: &mut Unstructured<'_>, value: &mut Json, depth: usize) {
    match value {
        Json::Obj(fields) if !fields.is_empty() => {
            let i = pick(u, fields.len());
            if depth < 3 && chance(u, 2) && matches!(fields[i].1, Json::Obj(_) | Json::List(_)) {
                wrong_field(u, &mut fields[i].1, depth + 1);
            } else if chance(u, 1) {
                fields.remove(i);
            } else {
                fields[i].1 = odd_value(u);
            }
        }
        Json::List(items) if !items.is_empty() => {
            let i = pick(u, items.len());
            if depth < 3 && chance(u, 3) {
                wrong_field(u, &mut items[i], depth + 1);
            } else {
                items[i] = odd_value(u);
            }
        }
        _ => *value = odd_value(u),
    }
}

/// A record written by the app: kept as written, or with one field of
/// the wrong type (or missing), then changed a little.
fn damage(u: &mut Unstructured<'_>, text: String) -> String {
    let text = match pick(u, 3) {
        0 => text,
        _ => match Json::parse(&text) {
            Ok(mut v) => {
                wrong_field(u, &mut v, 0);
                v.to_text(chance(u, 1))
            }
            Err(_) => text,
        },
    };
    if chance(u, 2) {
        mutate(u, &text)
    } else {
        text
    }
}

/// Parameters a link may add (a second `game=`, contradictions, bad
/// values, embed parameters).
const LINK_PARTS: &[&str] = &[
    "game=tiers",
    "game=checkers",
    "game=chess",
    "ai=9",
    "ai=1",
    "ai=",
    "players=2",
    "players=3",
    "colour=blue",
    "color=random",
    "flip=1",
    "flip=maybe",
    "orientation=black",
    "undo=0",
    "fen=B:W21-32:B1-12",
    "fen=W:W22:B5",
    "tfen=8/8/8/3u%5Bk%5D4/8/8/8/U%5BM%5D7%20b%203%2012",
    "tfen=8%2F8",
    "pdn=11-15+23-19",
    "pdn=%5BFEN%20%22",
    "embed=1",
    "origin=https://example.com",
    "origin=*",
    "origin=https://a.com,http://localhost:8000",
    "origin=ftp://x",
    "utm_source=x",
    "%",
    "%zz",
    "%ff%fe",
    "=",
    "&",
    "?",
    "#x",
];

/// A page query: a real share link (a random game, or a position) with
/// parameters added (a second `game=`, a contradiction, a bad value),
/// then changed a little.
#[must_use]
pub fn near_url(u: &mut Unstructured<'_>) -> String {
    let record = app_record(u, 40);
    let link = if chance(u, 3) {
        share::game_link("https://example.org/", &*record, chance(u, 1))
    } else {
        let text = record.position_text_at(record.ply()).unwrap_or_default();
        share::position_link("https://example.org/", record.kind(), &text, chance(u, 1))
    };
    let mut query = link
        .ok()
        .and_then(|l| l.split_once('?').map(|(_, q)| q.to_string()))
        .unwrap_or_default();
    let extra = if chance(u, 2) { 1 + pick(u, 3) } else { 0 };
    for _ in 0..extra {
        let part = LINK_PARTS[pick(u, LINK_PARTS.len())];
        if chance(u, 2) {
            query = format!("{query}&{part}");
        } else {
            query = format!("{part}&{query}");
        }
    }
    if chance(u, 1) {
        query.insert(0, '?');
    }
    if chance(u, 2) {
        mutate(u, &query)
    } else {
        query
    }
}

/// A postMessage command as JSON text: a real `newGame` (some of the game
/// parameters, good or bad), `setPosition` (a random game's position) or
/// `flip`, then one field of the wrong type (or missing), then changed a
/// little.
#[must_use]
pub fn near_embed_command(u: &mut Unstructured<'_>) -> String {
    let mut fields = vec![("tiers".to_string(), Json::int(1))];
    match pick(u, 3) {
        0 => {
            fields.push(("type".into(), Json::str("newGame")));
            for _ in 0..pick(u, 4) {
                let part = LINK_PARTS[pick(u, LINK_PARTS.len())];
                let (n, v) = part.split_once('=').unwrap_or((part, ""));
                let value = match pick(u, 4) {
                    0 => Json::Num("2".into()),
                    1 => Json::Bool(true),
                    _ => Json::str(v),
                };
                fields.push((n.to_string(), value));
            }
        }
        1 => {
            fields.push(("type".into(), Json::str("setPosition")));
            let record = app_record(u, 30);
            let text = record.position_text_at(record.ply()).unwrap_or_default();
            let name = match (record.kind(), chance(u, 3)) {
                (GameKind::Checkers, true) => "fen",
                (GameKind::Tiers, true) => "tfen",
                (GameKind::Checkers, false) => "tfen",
                (GameKind::Tiers, false) => "fen",
            };
            fields.push((name.into(), Json::Str(text)));
        }
        _ => {
            fields.push(("type".into(), Json::str("flip")));
            if chance(u, 2) {
                let o = ["red", "black", "Black", "blue"][pick(u, 4)];
                fields.push(("orientation".into(), Json::str(o)));
            }
        }
    }
    let text = Json::Obj(fields).to_text(false);
    damage(u, text)
}

/// No time control, now and then a preset or a custom one.
fn time_control(u: &mut Unstructured<'_>) -> Option<TimeControl> {
    match pick(u, 4) {
        0 => Some(PRESETS[pick(u, PRESETS.len())]),
        1 => TimeControl::parse(&format!("{}+{}", 1 + pick(u, 180), pick(u, 61))),
        _ => None,
    }
}

/// A saved game (`tiers.saved`): a random game against a random opponent
/// with random choices, written by the app, then damaged.
#[must_use]
pub fn near_saved_game(u: &mut Unstructured<'_>) -> String {
    let choices = NewGameChoices {
        kind: if chance(u, 2) {
            GameKind::Checkers
        } else {
            GameKind::Tiers
        },
        vs_computer: chance(u, 2),
        level: Level::clamped(1 + pick(u, 8) as u8),
        color: [ColorChoice::Red, ColorChoice::Black, ColorChoice::Random][pick(u, 3)],
        opening: [
            Opening::Standard,
            Opening::RandomBallot,
            Opening::Ballot(1 + pick(u, 156) as u16),
        ][pick(u, 3)],
        hints: chance(u, 1),
        clock: time_control(u),
    };
    let mut session = Session::default();
    if chance(u, 3) {
        let record = app_record(u, 60);
        let opponent = opponent(u);
        session.load(LoadGame {
            record,
            opponent,
            flipped: chance(u, 1),
            clock: time_control(u).map(Clock::new),
        });
        session.meta = GameMeta {
            id: number(u, 1 << 53),
            started: number(u, 1 << 45),
            tags: if chance(u, 1) {
                vec![("Event".into(), "Club \"night\"".into())]
            } else {
                Vec::new()
            },
            bylink: None,
        };
    }
    damage(u, saved::to_json(&choices, &session))
}

/// The archive (`tiers.archive`): one to three finished random games,
/// written by the app, then damaged.
#[must_use]
pub fn near_archive(u: &mut Unstructured<'_>) -> String {
    let mut archive = Archive::new();
    for i in 0..pick(u, 4) {
        let mut record = app_record(u, 40);
        if record.outcome().is_none() {
            record.resign(color(u));
        }
        let meta = GameMeta {
            id: 1 + i as u64 + number(u, 3),
            started: 0,
            tags: Vec::new(),
            bylink: None,
        };
        let opp = opponent(u);
        if let Some(entry) = ArchiveEntry::of(&*record, opp, &meta, number(u, 1 << 45)) {
            archive.upsert(entry);
        }
    }
    damage(u, archive.to_json())
}

/// A tournament (one of [`near_tournament`]'s, unchanged), if its setup
/// is accepted.
fn tournament(u: &mut Unstructured<'_>) -> Option<Tournament> {
    let text = near_tournament_unchanged(u);
    Tournament::from_json(&text).ok()
}

/// The tournaments (`tiers.tournaments`): up to two tournaments, an
/// unreadable entry now and then, a match in progress, written by the
/// app, then damaged.
#[must_use]
pub fn near_tournament_store(u: &mut Unstructured<'_>) -> String {
    let mut entries = Vec::new();
    for i in 0..pick(u, 3) {
        if let Some(t) = tournament(u) {
            entries.push(store::Entry {
                id: 1 + i as u32 + pick(u, 2) as u32,
                tournament: t,
                clock: time_control(u),
            });
        }
    }
    let broken: Vec<Json> = if chance(u, 1) {
        vec![Json::obj([("id", Json::int(9)), ("file", Json::str("x"))])]
    } else {
        Vec::new()
    };
    let game = (chance(u, 2) && !entries.is_empty()).then(|| SavedMatch {
        tournament: entries[0].id,
        bracket: pick(u, 2),
        id: pick(u, 8),
        game: 1 + pick(u, 3) as u32,
        draws: pick(u, 3) as u32,
        ballot: chance(u, 2).then(|| number(u, 200) as u16),
        records: Vec::new(),
        playing: chance(u, 2),
        formations: None,
        moves: vec!["11-15".into(), "23-19".into()],
        fast: chance(u, 2),
        clock: chance(u, 2).then(|| {
            (
                [number(u, 600_000), number(u, 600_000)],
                chance(u, 1).then(|| number(u, 1 << 45)),
            )
        }),
    });
    let next_id = 1 + pick(u, 6) as u32;
    damage(u, store::encode(&entries, &broken, next_id, game.as_ref()))
}

/// Lesson progress (`tiers.lessons`): a few exercises' stars, written by
/// the app, then damaged.
#[must_use]
pub fn near_progress(u: &mut Unstructured<'_>) -> String {
    let mut progress = tiers_core::learn::progress::Progress::default();
    for _ in 0..pick(u, 6) {
        let course = ["tiers", "checkers", "x"][pick(u, 3)];
        let lesson = ["man", "king", "moving", ""][pick(u, 4)];
        progress.record(
            format!("{course}/{lesson}/{}", 1 + pick(u, 9)),
            1 + pick(u, 3) as u8,
        );
    }
    damage(u, progress.to_json())
}

/// The preferences (`tiers.preferences`): random choices written by the
/// app, then damaged.
#[must_use]
pub fn near_preferences(u: &mut Unstructured<'_>) -> String {
    fn one<T: Named>(u: &mut Unstructured<'_>) -> T {
        T::ALL[pick(u, T::ALL.len())]
    }
    let prefs = Preferences {
        board: one(u),
        pieces: one(u),
        mode: one(u),
        animation: one(u),
        checkers_coords: one(u),
        sound: chance(u, 1),
        volume: pick(u, 101) as u8,
        dots: chance(u, 1),
        coords: chance(u, 1),
        last_move: chance(u, 1),
        confirm: chance(u, 1),
        non_visual: chance(u, 1),
        level: Level::clamped(1 + pick(u, 8) as u8),
        color: [ColorChoice::Red, ColorChoice::Black, ColorChoice::Random][pick(u, 3)],
    };
    let text = prefs.to_json();
    // The fields added later (the checkers squares, the non-visual mode)
    // now and then left out, as records written before them are.
    let text = match pick(u, 4) {
        0 => text.replacen(
            &format!(",\"checkers_coords\":\"{}\"", prefs.checkers_coords.name()),
            "",
            1,
        ),
        1 => text.replacen(&format!(",\"non_visual\":{}", prefs.non_visual), "", 1),
        _ => text,
    };
    damage(u, text)
}

/// The language kept from Settings (`tiers.language`): a tag of the
/// page's languages as Settings writes it, or one changed: another case,
/// spaces, cut short, a region the page lacks, another language, bytes.
#[must_use]
pub fn near_language(u: &mut Unstructured<'_>) -> String {
    let tag = Lang::ALL[pick(u, Lang::ALL.len())].tag().to_string();
    match pick(u, 8) {
        0 => tag,
        1 => tag.to_uppercase(),
        2 => format!(" {tag}\t"),
        3 => tag[..pick(u, tag.len())].to_string(),
        4 => format!("{tag}-{}", ["US", "CA", "x", "", "419"][pick(u, 5)]),
        5 => [
            "ru",
            "ja-JP",
            "zh-Hant-TW",
            "pt-PT",
            "null",
            "undefined",
            "",
        ][pick(u, 7)]
        .to_string(),
        6 => tag.replace('-', "_"),
        _ => {
            let n = pick(u, 24);
            String::from_utf8_lossy(u.bytes(n).unwrap_or_default()).into_owned()
        }
    }
}

/// The puzzle rating and history (`tiers.puzzles`): puzzles of both games
/// solved and failed as the app records them, then damaged.
#[must_use]
pub fn near_puzzles(u: &mut Unstructured<'_>) -> String {
    use tiers_core::puzzles::history::{Attempt, History};
    let mut history = History::default();
    for _ in 0..pick(u, 12) {
        let kind = [GameKind::Checkers, GameKind::Tiers][pick(u, 2)];
        let id = format!("{}{:04}", &kind.name()[..1], pick(u, 400));
        let result = [Attempt::Solved, Attempt::Failed][pick(u, 2)];
        history.record(kind, &id, 400 + 10 * pick(u, 260) as u32, result);
    }
    damage(u, history.to_json())
}

/// A whole device for the boot: each record from its generator or
/// nothing, and a page query, joined by NUL
/// (`tiers_hardening::app::boot_input` splits them).
#[must_use]
pub fn near_boot(u: &mut Unstructured<'_>) -> String {
    let mut parts = Vec::new();
    let makers: [fn(&mut Unstructured<'_>) -> String; 7] = [
        near_saved_game,
        near_archive,
        near_tournament_store,
        near_progress,
        near_url,
        near_preferences,
        near_puzzles,
    ];
    for (i, make) in makers.into_iter().enumerate() {
        // The preferences and the puzzles (added last) now and then, so
        // that most devices still start with nothing set aside.
        let present = if i >= 5 { chance(u, 1) } else { chance(u, 3) };
        parts.push(if present { make(u) } else { String::new() });
    }
    parts.join("\0")
}

/// The real course files.
const COURSES: [&str; 2] = [
    include_str!("../../assets/data/courses/checkers.txt"),
    include_str!("../../assets/data/courses/tiers.txt"),
];

/// Lines a course file may get wrong.
const COURSE_LINES: &[&str] = &[
    "course chess",
    "course tiers",
    "title",
    "lesson x: X",
    "lesson",
    "about",
    "exercise",
    "text",
    "position W:W22:B5",
    "position 8/8/8/8/8/8/8/8 r",
    "position 4k3/8/8/8/8/4M3/8/8 r 0 1",
    "history 11-15",
    "play reach 18: 22-18",
    "play reach 99: 22-18",
    "play capture 0: 22x15",
    "play become Z: e3-e4",
    "play win in 0: 1-5",
    "play win in 255: 1-5",
    "play move: 22-18 | 22-17",
    "play formation: a1 b2 c3",
    "play",
    "reply 5-9",
    "reply",
    "wrong 22-17: no",
    "wrong 22-17",
    "wrong 33-1: no",
    "play draw and win: 22-18",
];

/// A course file: a real course (whole, or its first lines), a line
/// from a list put in somewhere, then changed a little.
#[must_use]
pub fn near_course(u: &mut Unstructured<'_>) -> String {
    let text = COURSES[pick(u, 2)];
    let mut lines: Vec<&str> = text.lines().collect();
    if chance(u, 2) {
        let keep = 3 + pick(u, lines.len().saturating_sub(3));
        lines.truncate(keep);
    }
    spoil(u, lines, COURSE_LINES)
}

/// A small endgame database file (the 2-piece slices), built once.
#[must_use]
pub fn egdb_file() -> &'static [u8] {
    static FILE: OnceLock<Vec<u8>> = OnceLock::new();
    FILE.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("tiers-hardening-egdb-{}", std::process::id()));
        let bytes = tiers_engine::egdb::build(&dir, 2, |_| {})
            .ok()
            .and_then(|()| tiers_engine::egdb::pack(&dir, 2).ok())
            .unwrap_or_default();
        let _ = std::fs::remove_dir_all(&dir);
        bytes
    })
}

/// An endgame database file: the small real one with a few bytes or
/// numbers changed (a header field, a slice's size, a block offset, the
/// data) and, mostly, its length and checksum made right again, so the
/// change reaches the reader past the checksum.
#[must_use]
pub fn near_egdb(u: &mut Unstructured<'_>) -> Vec<u8> {
    let mut bytes = egdb_file().to_vec();
    for _ in 0..1 + pick(u, 3) {
        let len = bytes.len();
        // Mostly in the headers (the first 200 bytes).
        let at = if chance(u, 3) {
            pick(u, len.min(200))
        } else {
            pick(u, len)
        };
        match pick(u, 4) {
            0 if at < len => bytes[at] = u.arbitrary().unwrap_or(0xFF),
            1 if at + 4 <= len => {
                let v: u32 = [0, 1, u32::MAX, 4096, 0x8000_0000][pick(u, 5)];
                bytes[at..at + 4].copy_from_slice(&v.to_le_bytes());
            }
            2 => {
                let end = (at + 1 + pick(u, 64)).min(len);
                bytes.drain(at.min(end)..end);
            }
            _ => {
                let end = (at + 1 + pick(u, 64)).min(len);
                let copy = bytes[at.min(end)..end].to_vec();
                bytes.splice(at..at, copy);
            }
        }
    }
    if chance(u, 3) && bytes.len() >= 24 {
        // The length field (bytes 12..20) and the checksum made right.
        let n = bytes.len() as u64;
        bytes[12..20].copy_from_slice(&n.to_le_bytes());
        let body = n as usize - 4;
        let crc = tiers_engine::egdb::crc32(&bytes[..body]);
        bytes[body..].copy_from_slice(&crc.to_le_bytes());
    }
    bytes
}

/// A weights file of a learned evaluation (the compiled-in checkers or
/// Tiers one, or the Tiers one cut to a few features) with a few changes:
/// bytes changed, numbers or header words replaced, lines cut or
/// repeated, and sometimes the checksum made right so that the reader
/// gets past it.
pub fn near_weights(u: &mut Unstructured<'_>) -> Vec<u8> {
    use tiers_engine::search::eval::learned::{checkers, tiers};
    let base = if chance(u, 2) {
        checkers::WEIGHTS_FILE
    } else {
        tiers::WEIGHTS_FILE
    };
    let text = String::from_utf8_lossy(base).into_owned();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for _ in 0..1 + pick(u, 3) {
        let n = lines.len();
        let at = pick(u, n);
        match pick(u, 5) {
            0 => {
                // A word replaced.
                let mut words: Vec<String> = lines[at].split(' ').map(str::to_string).collect();
                let w = pick(u, words.len());
                words[w] = [
                    "",
                    "-1",
                    "1048577",
                    "x",
                    "2",
                    "214",
                    "9",
                    "0",
                    "checkers-eval",
                    "tiers-eval",
                ][pick(u, 10)]
                .to_string();
                lines[at] = words.join(" ");
            }
            1 => {
                // A line cut short.
                let len = lines[at].len();
                let keep = pick(u, len + 1);
                lines[at] = String::from_utf8_lossy(&lines[at].as_bytes()[..keep]).into_owned();
            }
            2 => {
                lines.remove(at);
            }
            3 => {
                let copy = lines[at].clone();
                lines.insert(at, copy);
            }
            _ => {
                // A byte changed.
                let mut b = lines[at].clone().into_bytes();
                if !b.is_empty() {
                    let i = pick(u, b.len());
                    b[i] = u.arbitrary().unwrap_or(b'7');
                }
                lines[at] = String::from_utf8_lossy(&b).into_owned();
            }
        }
        if lines.is_empty() {
            break;
        }
    }
    let mut out = lines.join("\n");
    out.push('\n');
    if chance(u, 2) {
        if let Some(at) = out.find("\ncrc32 ") {
            let body = &out[..=at];
            let crc = tiers_engine::egdb::crc32(body.as_bytes());
            out = format!("{body}crc32 {crc:08x}\n");
        }
    }
    out.into_bytes()
}

/// A session description as a browser writes one for a data channel, with
/// some of its lines changed, left out or repeated.
fn near_sdp(u: &mut Unstructured<'_>) -> String {
    let mut lines = vec![
        "v=0".to_string(),
        format!("o=- {} 2 IN IP4 127.0.0.1", number(u, u64::MAX)),
        "s=-".into(),
        "t=0 0".into(),
        "a=group:BUNDLE 0".into(),
        "m=application 9 UDP/DTLS/SCTP webrtc-datachannel".into(),
        "c=IN IP4 0.0.0.0".into(),
    ];
    for i in 0..pick(u, 6) {
        lines.push(format!(
            "a=candidate:{} 1 udp 2122260223 192.168.{}.{} {} typ host generation 0",
            number(u, u64::from(u32::MAX)),
            i,
            number(u, 255),
            number(u, 65_535)
        ));
    }
    lines.push(format!("a=ice-ufrag:{:x}", number(u, 0xFFFF)));
    lines.push(format!("a=ice-pwd:{:x}", number(u, u64::MAX)));
    lines.push("a=fingerprint:sha-256 7B:8B:F0:65:5F:78:E2:51:3B:AC:6F:F3:3F:46:1B:35:DC:B8:5F:64:1A:24:C2:43:F0:A1:58:D0:A1:2C:19:08".into());
    lines.push(["a=setup:actpass", "a=setup:active"][pick(u, 2)].into());
    lines.push("a=sctp-port:5000".into());
    for _ in 0..pick(u, 3) {
        let i = pick(u, lines.len());
        match pick(u, 3) {
            0 => {
                lines.remove(i);
            }
            1 => lines.push(lines[i].clone()),
            _ => lines[i] = mutate(u, &lines[i]),
        }
    }
    lines.join("\r\n") + "\r\n"
}

/// A live play invite or answer link's value: a real one (random terms,
/// a near-real description), or one whose bytes were changed and sealed
/// again with a right check sum, or its text changed a little.
#[must_use]
pub fn near_live_link(u: &mut Unstructured<'_>) -> String {
    use tiers_core::live::link::{self, Role, Signal, Terms};
    let terms = Terms {
        kind: if chance(u, 2) {
            GameKind::Tiers
        } else {
            GameKind::Checkers
        },
        inviter: if chance(u, 2) {
            Color::Red
        } else {
            Color::Black
        },
        clock: chance(u, 2).then(|| PRESETS[pick(u, PRESETS.len())]),
    };
    let role = match pick(u, 3) {
        0 => Role::Invite(terms),
        1 => Role::Reconnect(terms),
        _ => Role::Answer,
    };
    let signal = Signal {
        id: number(u, u64::MAX),
        role,
        sdp: near_sdp(u),
    };
    let value = link::encode(&signal).unwrap_or_else(|e| e);
    match pick(u, 3) {
        0 => value,
        1 => mutate(u, &value),
        _ => {
            // The bytes changed, sealed again: past the check sum.
            let mut bytes: Vec<u8> = Vec::new();
            let n = pick(u, 64);
            let raw = u.bytes(n).unwrap_or_default().to_vec();
            bytes.extend([1, pick(u, 4) as u8]);
            bytes.extend(raw);
            if chance(u, 2) {
                bytes.extend(miniz_oxide::deflate::compress_to_vec(
                    near_sdp(u).as_bytes(),
                    6,
                ));
            }
            link::seal(bytes)
        }
    }
}

/// A live play message as JSON text: a real one of each type with fields
/// a game in progress may accept or refuse, then one field of the wrong
/// type (or missing), then changed a little.
#[must_use]
pub fn near_live_message(u: &mut Unstructured<'_>) -> String {
    use tiers_core::live::{Answer, Message, Sync, Terms, PHRASES};
    let answer = [Answer::Offer, Answer::Accept, Answer::Decline][pick(u, 3)];
    let color = if chance(u, 2) {
        Color::Red
    } else {
        Color::Black
    };
    let record = app_record(u, 12);
    let moves = record.move_texts();
    let m = match pick(u, 10) {
        0 => Message::Hello {
            id: number(u, 3),
            terms: Terms {
                kind: record.kind(),
                inviter: color,
                clock: chance(u, 2).then(|| PRESETS[pick(u, PRESETS.len())]),
            },
        },
        1 | 2 => Message::Move {
            ply: pick(u, 4),
            text: ["11-15", "22-18", "24-20", "9-13", "a3-b4"][pick(u, 5)].into(),
            clock: chance(u, 2).then(|| number(u, 400_000)),
        },
        3 => {
            let squares = Formation::random(color, number(u, u64::MAX)).to_string();
            let salt = tiers_core::live::commit::salt(number(u, 3), 0);
            if chance(u, 2) {
                Message::Commit(tiers_core::live::commit::commitment(&squares, &salt))
            } else {
                Message::Formation { squares, salt }
            }
        }
        4 => Message::Draw(answer),
        5 => Message::TakeBack(answer, pick(u, 4)),
        6 => Message::Rematch(answer),
        7 => [
            Message::Resign,
            Message::Flag(color),
            Message::Claim {
                side: color,
                ply: pick(u, 4),
            },
        ][pick(u, 3)]
        .clone(),
        8 => Message::Chat(PHRASES[pick(u, PHRASES.len())].into()),
        _ => Message::Sync(Sync {
            start: record.start_text(),
            moves,
            ended: None,
            clocks: chance(u, 2).then(|| [number(u, 200_000), number(u, 200_000)]),
        }),
    };
    damage(u, m.to_text())
}

/// Live play's STUN servers: a list of near-real URLs a line (good ones,
/// and ones with a part changed: the scheme, the host, the port, a path,
/// brackets), typed with spaces and blank lines, or the stored record of
/// such a list (its version or a field changed).
pub fn near_stun(u: &mut Unstructured<'_>) -> String {
    const SCHEMES: [&str; 6] = ["stun:", "stuns:", "turn:", "STUN:", "stun://", ""];
    const HOSTS: [&str; 10] = [
        "stun.example.org",
        "192.0.2.7",
        "[2001:db8::1]",
        "[::1",
        "localhost",
        "-x.example",
        "a..b",
        "",
        "ex_ample.org",
        "stun.l.google.com",
    ];
    const PORTS: [&str; 8] = ["", ":3478", ":19302", ":0", ":65536", ":", ":+1", ":1:2"];
    const TAILS: [&str; 5] = ["", "", "?transport=udp", "/x", " x"];
    let lines = pick(u, 11);
    let mut urls = Vec::new();
    for _ in 0..lines {
        urls.push(format!(
            "{}{}{}{}",
            SCHEMES[pick(u, SCHEMES.len())],
            HOSTS[pick(u, HOSTS.len())],
            PORTS[pick(u, PORTS.len())],
            TAILS[pick(u, TAILS.len())]
        ));
    }
    match pick(u, 4) {
        0 => urls.join("\n"),
        1 => urls
            .iter()
            .map(|l| format!("  {l}\t\n"))
            .collect::<String>(),
        _ => {
            let list: Vec<String> = urls.iter().map(|l| format!("{l:?}")).collect();
            let v = ["1", "1", "2", "0", "\"1\""][pick(u, 5)];
            let field = ["urls", "urls", "url"][pick(u, 3)];
            format!("{{\"v\":{v},\"{field}\":[{}]}}", list.join(","))
        }
    }
}

/// A games collection near the real one: some of its lines, kept, cut,
/// repeated or replaced by a line it may get wrong, then perhaps mutated.
pub fn near_collection(u: &mut Unstructured<'_>) -> String {
    const LINES: &[&str] = &[
        "# a comment",
        "",
        "1|1-0|9-13 21-17 5-9",
        "1|*|9-13 21-17 5-9 17-14",
        "1|1/2-1/2|9-13 21-17 9-14",
        "0|1-0|9-13",
        "999|0-1|9-13",
        "1|2-0|9-13",
        "1|1-0|",
        "1|1-0",
        "1|1-0|9-13|x",
        "x|1-0|9-13",
        "1|1-0|9-13 9-13",
        "1|0-1|13-9",
    ];
    near_lines(
        u,
        include_str!("../../assets/data/collection/checkers.txt"),
        LINES,
    )
}

/// An opening trainer's lines file near the real one, the same way.
pub fn near_openings(u: &mut Unstructured<'_>) -> String {
    const LINES: &[&str] = &[
        "# a comment",
        "",
        "1|9-13 21-17 5-9|25-21 9-14",
        "1|9-13 21-17 5-9|25-21",
        "2|9-13 21-17|25-21",
        "3|9-13 21-17 5-9|",
        "x|9-13 21-17 5-9|25-21",
        "4|9-13 21-17 5-9|25-21|x",
        "5|9-13 21-17 5-9|13-9",
        "4294967296|9-13 21-17 5-9|25-21",
    ];
    near_lines(
        u,
        include_str!("../../assets/data/openings/checkers.txt"),
        LINES,
    )
}

/// A few lines of `text` (from anywhere in it), spoilt ([`spoil`]).
fn near_lines(u: &mut Unstructured<'_>, text: &str, wrong: &[&str]) -> String {
    let all: Vec<&str> = text.lines().collect();
    let from = pick(u, all.len());
    let lines: Vec<&str> = all[from..].iter().take(1 + pick(u, 6)).copied().collect();
    spoil(u, lines, wrong)
}

/// `lines` with up to two of `wrong` inserted or put in place of one,
/// joined, perhaps mutated.
fn spoil<'a>(u: &mut Unstructured<'_>, mut lines: Vec<&'a str>, wrong: &[&'a str]) -> String {
    for _ in 0..pick(u, 3) {
        let at = pick(u, lines.len() + 1);
        let line = wrong[pick(u, wrong.len())];
        if chance(u, 2) && at < lines.len() {
            lines[at] = line;
        } else {
            lines.insert(at, line);
        }
    }
    let text = lines.join("\n");
    if chance(u, 2) {
        mutate(u, &text)
    } else {
        text
    }
}
