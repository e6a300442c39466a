use super::*;
use crate::i18n::errors::Explain;
use crate::library::rebuild;
use tiers_engine::pdn::Variant;
use tiers_engine::Game;
use tiers_rng::SplitMix64;

use crate::test_links::BASE;

/// A game of up to `plies` random legal moves from `start`.
fn random_game<P: Variant<MoveError: Explain>>(
    start: P,
    plies: usize,
    rng: &mut SplitMix64,
) -> Box<dyn Record> {
    let mut g = Game::new(start);
    for _ in 0..plies {
        if g.outcome().is_some() {
            break;
        }
        let legal = g.legal_moves();
        let mv = legal[(rng.next_u64() % legal.len() as u64) as usize];
        g.play(mv).unwrap();
    }
    Box::new(g)
}

fn tiers_start(rng: &mut SplitMix64) -> tiers::Position {
    tiers::Position::from_formations(
        &Formation::random(Color::Red, rng.next_u64()),
        &Formation::random(Color::Black, rng.next_u64()),
    )
}

fn game(record: Box<dyn Record>) -> LinkGame {
    LinkGame {
        id: 0x1234_5678_9ABC,
        record,
        names: ["Ann".into(), "Bob Öberg".into()],
        days: 3,
        sent: 1_790_000_000_000 / 60_000 * 60_000,
    }
}

fn same(a: &LinkGame, b: &LinkGame) {
    assert_eq!(a.id, b.id);
    assert_eq!(a.names, b.names);
    assert_eq!(a.days, b.days);
    assert_eq!(a.sent, b.sent);
    assert!(*a.record == *b.record, "{a:?} != {b:?}");
}

#[test]
fn random_games_of_both_kinds_go_round_trip() {
    let mut rng = SplitMix64::new(2026);
    for i in 0..60 {
        let plies = (rng.next_u64() % 120) as usize;
        let record = if i % 2 == 0 {
            random_game(checkers::Position::start(), plies, &mut rng)
        } else if i % 6 == 1 {
            random_game(tiers::Position::start(), plies, &mut rng)
        } else {
            let start = tiers_start(&mut rng);
            random_game(start, plies, &mut rng)
        };
        let g = game(record);
        let value = encode(&g).unwrap();
        assert!(
            value
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'),
            "{value}"
        );
        let back = decode(&value).unwrap();
        same(&g, &back);
        assert_eq!(encode(&back).unwrap(), value, "a fixed point");
    }
}

#[test]
fn set_up_starts_resignations_and_draws_go_round_trip() {
    let mut g = rebuild(
        GameKind::Checkers,
        "W:W22,23,K1:B12,14",
        &["22-18".into()],
        1,
        None,
    )
    .unwrap();
    g.resign(Color::Black);
    let l = game(g);
    same(&l, &decode(&encode(&l).unwrap()).unwrap());

    let tfen = "8/1t4d[m]1/8/8/3U[K]4/8/8/8 r 0 1";
    let mut g = rebuild(GameKind::Tiers, tfen, &["d4>a8".into()], 1, None).unwrap();
    g.agree_draw();
    let l = game(g);
    let back = decode(&encode(&l).unwrap()).unwrap();
    same(&l, &back);
    assert_eq!(back.record.start_text(), tfen);
}

#[test]
fn a_hundred_move_game_makes_a_short_link() {
    // Random games of up to 100 moves (200 plies) of both kinds, with
    // names of 40 letters and a time limit; random play often ends sooner
    // (checkers nearly always), so games are played until 20 Tiers games
    // and 3 checkers games have lasted the whole 100 moves.
    let mut rng = SplitMix64::new(7);
    let (mut longest, mut longest_full) = (0, 0);
    let mut full = [0, 0];
    let mut games = 0;
    while full[0] < 3 || full[1] < 20 {
        games += 1;
        assert!(games < 20_000, "random games reach 100 moves: {full:?}");
        let tiers = games % 2 == 0 && full[1] < 20 || full[0] >= 3;
        let record = if tiers {
            let start = tiers_start(&mut rng);
            random_game(start, 200, &mut rng)
        } else {
            random_game(checkers::Position::start(), 200, &mut rng)
        };
        let whole = record.ply() == 200;
        let mut g = game(record);
        g.names = ["A".repeat(MAX_NAME), "B".repeat(MAX_NAME)];
        let url = link(BASE, &g).unwrap();
        assert!(url.len() < 2000, "{}", url.len());
        longest = longest.max(url.len());
        if whole {
            full[usize::from(tiers)] += 1;
            longest_full = longest_full.max(url.len());
            assert_eq!(decode(&encode(&g).unwrap()).unwrap().record.ply(), 200);
        }
    }
    // A Tiers game set up from a TFEN with every tier: the text start.
    let tfen = "8/1t4d[m]1/8/8/3U[K]4/8/8/8 r 0 1";
    let g = game(rebuild(GameKind::Tiers, tfen, &[], 0, None).unwrap());
    let url = link(BASE, &g).unwrap();
    assert!(url.len() < 200, "{url}");
    println!(
        "longest link: {longest} characters; of the 100-move games: {longest_full} ({} characters of address; {games} games)",
        BASE.len()
    );
    assert!(longest_full < 400, "{longest_full}");
}

#[test]
fn every_kind_of_bad_link_is_named() {
    let mut rng = SplitMix64::new(11);
    let start = tiers_start(&mut rng);
    let g = game(random_game(start, 30, &mut rng));
    let good = encode(&g).unwrap();
    let err = |v: &str| decode(v).err().unwrap().to_string();

    assert!(err("").contains("holds no game"));
    // Cut short, anywhere.
    for cut in [1, 5, good.len() / 2, good.len() - 1] {
        let e = err(&good[..cut]);
        assert!(e.contains("cut short"), "{cut}: {e}");
    }
    // A character that is no base64.
    let mut bad = good.clone();
    bad.replace_range(10..11, "%");
    assert!(err(&bad).contains("does not belong"), "{}", err(&bad));
    // Any one character changed: the check sum (or a length) says so.
    for i in 4..good.len() - 1 {
        let mut bad = good.clone().into_bytes();
        bad[i] = if bad[i] == b'A' { b'B' } else { b'A' };
        let bad = String::from_utf8(bad).unwrap();
        let e = err(&bad);
        assert!(
            e.contains("changed or damaged") || e.contains("cut short"),
            "{i}: {e}"
        );
    }
    // Extra characters at the end.
    assert!(err(&format!("{good}AAAA")).contains("changed or damaged"));
    // A newer format.
    let mut bytes = from_base64(&good).unwrap();
    bytes[0] = 9;
    assert!(err(&to_base64(&bytes)).contains("newer version"));

    // An illegal move with a right check sum: the first move's index
    // raised past the list (all the bits of its width set).
    let list = move_indices(&*g.record).unwrap();
    let (n, w) = (list[0].1, width(list[0].1));
    assert!(n < 1 << w, "the first list is not a power of two long: {n}");
    let mut bytes = from_base64(&good).unwrap();
    let body = bytes.len() - 2;
    let total_bits: usize = list.iter().map(|(_, n)| width(*n) as usize).sum();
    let moves_at = body - total_bits.div_ceil(8);
    bytes[moves_at] |= (1 << w) - 1;
    let sum = checksum(&bytes[..body]);
    bytes[body..].copy_from_slice(&sum.to_le_bytes());
    let e = err(&to_base64(&bytes));
    assert!(e.starts_with("move 1 (Red) is not a legal move"), "{e}");

    // A formation that is not one (16 men or more), check sum right.
    let mut bytes = from_base64(&good).unwrap();
    let at = 3 + 1 + 6 + 1 + 4 + (1 + 3) + (1 + 10);
    bytes[at] = 0xFF;
    bytes[at + 2] = 0xFF;
    let sum = checksum(&bytes[..body]);
    bytes[body..].copy_from_slice(&sum.to_le_bytes());
    let e = err(&to_base64(&bytes));
    assert!(e.starts_with("the link's Red formation"), "{e}");

    // A link in a query, read by the app's one query reader.
    let url = link(BASE, &g).unwrap();
    let query = url.split_once('?').unwrap().1;
    assert_eq!(value_in(query).as_deref(), Some(good.as_str()));
    assert_eq!(value_in("game=checkers"), None);
}

#[test]
fn merging_updates_keeps_or_asks() {
    let start = checkers::Position::start().to_text();
    let rec = |moves: &[&str]| {
        let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
        rebuild(GameKind::Checkers, &start, &moves, moves.len(), None).unwrap()
    };
    let mine = rec(&["11-15", "23-19"]);
    assert_eq!(merge(None, &*mine), Merge::New);
    assert_eq!(merge(Some(&*mine), &*rec(&["11-15", "23-19"])), Merge::Same);
    assert_eq!(
        merge(Some(&*mine), &*rec(&["11-15", "23-19", "8-11"])),
        Merge::Update
    );
    assert_eq!(merge(Some(&*mine), &*rec(&["11-15"])), Merge::Older);
    let Merge::Conflict(why) = merge(Some(&*mine), &*rec(&["11-15", "22-18", "15x22"])) else {
        panic!("a conflict")
    };
    assert_eq!(
        why.english(),
        "the moves differ at move 1 (Red: 23-19 in yours, 22-18 in the link's)"
    );
    // Another start.
    let other = rebuild(GameKind::Checkers, "W:W22,23,K1:B12,14", &[], 0, None).unwrap();
    assert!(matches!(merge(Some(&*mine), &*other), Merge::Conflict(_)));
    let tiers = Box::new(Game::new(tiers::Position::start())) as Box<dyn Record>;
    assert!(matches!(merge(Some(&*mine), &*tiers), Merge::Conflict(_)));
    // A resignation in the link ends the game the device has.
    let mut resigned = rec(&["11-15", "23-19"]);
    resigned.resign(Color::Black);
    assert_eq!(merge(Some(&*mine), &*resigned), Merge::Update);
    assert_eq!(merge(Some(&*resigned), &*mine), Merge::Older);
    assert!(matches!(
        merge(Some(&*resigned), &*rec(&["11-15", "23-19", "8-11"])),
        Merge::Conflict(_)
    ));
}

#[test]
fn no_input_makes_the_reader_panic() {
    // Random text, and good links with random bytes changed, cut or
    // repeated (check sum made right again half of the time): a game or a
    // message, never a panic.
    let mut rng = SplitMix64::new(99);
    let start = tiers_start(&mut rng);
    let goods = [
        from_base64(&encode(&game(random_game(start, 60, &mut rng))).unwrap()).unwrap(),
        from_base64(
            &encode(&game(random_game(
                checkers::Position::start(),
                60,
                &mut rng,
            )))
            .unwrap(),
        )
        .unwrap(),
    ];
    for i in 0..3000 {
        let mut bytes = goods[i % 2].clone();
        match rng.next_u64() % 4 {
            0 => {
                let n = (rng.next_u64() % 80) as usize;
                bytes = (0..n).map(|_| rng.next_u64() as u8).collect();
            }
            1 => {
                let cut = (rng.next_u64() as usize) % bytes.len();
                bytes.truncate(cut);
            }
            2 => {
                let at = (rng.next_u64() as usize) % bytes.len();
                let more = bytes[at..].to_vec();
                bytes.extend(more);
            }
            _ => {
                for _ in 0..=rng.next_u64() % 3 {
                    let at = 3 + (rng.next_u64() as usize) % (bytes.len() - 3);
                    bytes[at] = rng.next_u64() as u8;
                }
            }
        }
        if bytes.len() > 5 && rng.next_u64().is_multiple_of(2) {
            let total = bytes.len().min(u16::MAX as usize) as u16;
            bytes[1..3].copy_from_slice(&total.to_le_bytes());
            let body = bytes.len() - 2;
            let sum = checksum(&bytes[..body]);
            bytes[body..].copy_from_slice(&sum.to_le_bytes());
        }
        if let Err(e) = decode(&to_base64(&bytes)) {
            assert!(e.to_string().len() > 10, "{e}");
        }
    }
}
