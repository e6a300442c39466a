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
    let text = match Tournament::new(setup) {
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
    };
    mutate(u, &text)
}
