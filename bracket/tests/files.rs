//! JSON export/import, ballots and the SVG drawing.

use tiers_bracket::*;
use tiers_rng::SplitMix64;

fn setup(sizes: &[usize], game: GameChoice) -> TournamentSetup {
    TournamentSetup {
        name: "Club night".into(),
        game,
        ballot_seed: Some(77),
        brackets: sizes
            .iter()
            .enumerate()
            .map(|(i, &n)| BracketSetup {
                name: format!("Bracket {}", i + 1),
                entrants: (0..n)
                    .map(|k| {
                        if k % 3 == 2 {
                            Entrant {
                                name: format!("Robot {k}"),
                                level: Some((k % 8 + 1) as u8),
                            }
                        } else {
                            Entrant::person(format!("Player {k}"))
                        }
                    })
                    .collect(),
                seeding: if i % 2 == 0 {
                    Seeding::AsEntered
                } else {
                    Seeding::Shuffled(i as u64 * 7)
                },
            })
            .collect(),
    }
}

/// Plays `steps` random results (and one correction) in every bracket.
fn play_some(t: &mut Tournament, rng: &mut SplitMix64, steps: usize) {
    for bi in 0..t.brackets().len() {
        for _ in 0..steps {
            let ready = t.bracket(bi).ready_matches();
            let Some(&id) = ready.first() else { break };
            let p = t.bracket(bi).players(id);
            let w = p[rng.below(2) as usize].unwrap();
            t.set_result(bi, id, w, "2-1", "1. 11-15 23-19 \"quoted\"")
                .unwrap();
        }
        if t.bracket(bi).result(0).is_some() {
            let loser = t.bracket(bi).result(0).unwrap().loser;
            t.set_result(bi, 0, loser, "", "").unwrap();
        }
    }
}

#[test]
fn json_round_trip_at_every_stage() {
    let mut rng = SplitMix64::new(3);
    for sizes in [&[2usize][..], &[5, 9], &[33, 3, 16]] {
        for steps in [0, 3, 10, 100] {
            let mut t = Tournament::new(setup(sizes, GameChoice::Checkers)).unwrap();
            play_some(&mut t, &mut rng, steps);
            let json = t.to_json();
            let back = Tournament::from_json(&json).unwrap();
            assert_eq!(back, t, "{sizes:?} after {steps} steps");
            assert_eq!(back.to_json(), json);
        }
    }
    let t = Tournament::new(setup(&[4], GameChoice::Tiers)).unwrap();
    let json = t.to_json();
    assert!(json.contains("\"version\": 1") && json.contains("\"format\": \"tiers-tournament\""));
    assert_eq!(t.ballot_seed(), None, "Tiers has no ballots");
    assert_eq!(Tournament::from_json(&json).unwrap(), t);
}

#[test]
fn reset_notes_survive_a_round_trip() {
    let mut t = Tournament::new(setup(&[4], GameChoice::Checkers)).unwrap();
    while let Some(&id) = t.bracket(0).ready_matches().first() {
        let w = t.bracket(0).players(id)[0].unwrap();
        t.set_result(0, id, w, "", "").unwrap();
    }
    let notices = t.set_result(0, 0, 3, "", "").unwrap();
    assert!(!notices.is_empty());
    let back = Tournament::from_json(&t.to_json()).unwrap();
    for n in &notices {
        assert_eq!(back.bracket(0).reset_note(n.id), Some(n.message.as_str()));
    }
}

fn import_error(json: &str) -> String {
    Tournament::from_json(json).unwrap_err().to_string()
}

fn valid_file() -> String {
    let mut t = Tournament::new(setup(&[4], GameChoice::Checkers)).unwrap();
    t.set_result(0, 0, 0, "", "").unwrap();
    t.set_result(0, 1, 1, "", "").unwrap();
    t.to_json()
}

#[test]
fn malformed_files_get_clear_errors() {
    let good = valid_file();
    assert!(Tournament::from_json(&good).is_ok());

    let e = import_error("{ \"format\": \"tiers-tournament\", ");
    assert!(
        e.starts_with("not a readable tournament file:") && e.contains("line 1"),
        "{e}"
    );
    let e = import_error("[1, 2]");
    assert!(e.starts_with("not a readable tournament file:"), "{e}");
    let e = import_error("{\"format\": \"chess-game\", \"version\": 1}");
    assert_eq!(e, "not a tournament file: the \"format\" field is \"chess-game\", expected \"tiers-tournament\"");
    let e = import_error("{\"name\": \"x\"}");
    assert!(e.contains("\"format\" field is missing"), "{e}");
    let e = import_error("[1, 2]");
    assert_eq!(
        e,
        "not a readable tournament file: the file holds a JSON array, not a tournament object"
    );
    let e = import_error(&good.replace("\"version\": 1", "\"version\": 2"));
    assert_eq!(
        e,
        "tournament file version 2 is not supported (this program reads version 1)"
    );
    let e = import_error(&good.replace("\"game\": \"checkers\"", "\"game\": \"chess\""));
    assert_eq!(
        e,
        "not a readable tournament file: game: unknown game \"chess\", expected \"checkers\" or \"tiers\""
    );
    let e = import_error(&good.replace("\"name\": \"Club night\",", ""));
    assert_eq!(
        e,
        "not a readable tournament file: the field \"name\" is missing"
    );
    // Wrong types name their place in the file.
    let e = import_error(&good.replace("\"level\": 3", "\"level\": \"three\""));
    assert_eq!(
        e,
        "not a readable tournament file: brackets[0].entrants[2].level: expected a whole number of 0 or more, found string"
    );
    let e = import_error(&good.replace("\"level\": 3", "\"level\": 300"));
    assert_eq!(
        e,
        "not a readable tournament file: brackets[0].entrants[2].level: a level goes from 1 to 8"
    );
    let e = import_error(&good.replace("\"seeding\": \"as_entered\"", "\"seeding\": 5"));
    assert!(
        e.contains("brackets[0].seeding: expected \"as_entered\" or {\"shuffled\": seed}"),
        "{e}"
    );
    let e = import_error(&good.replacen("\"winner\": 1", "\"winner\": -1", 1));
    assert!(
        e.contains("brackets[0].results[0].winner: expected a whole number"),
        "{e}"
    );
    let e = import_error(&good.replace("\"level\": 3", "\"level\": 12"));
    assert_eq!(e, "invalid tournament file: bracket 'Bracket 1': computer entrant 'Robot 2' has level 12; levels go from 1 to 8");
    let e = import_error(&good.replace("\"name\": \"Player 1\"", "\"name\": \"Player 0\""));
    assert!(e.contains("two entrants are called 'Player 0'"), "{e}");
    let e = import_error(&good.replace("\"name\": \"Club night\"", "\"name\": \"  \""));
    assert_eq!(e, "invalid tournament file: the tournament needs a name");
    // Results: match 1 is seed 1 v seed 4; say seed 2 won it.
    let e = import_error(&good.replacen("\"winner\": 1", "\"winner\": 2", 1));
    assert_eq!(e, "invalid tournament file: bracket 'Bracket 1': Player 1 does not play in match 1 (Player 0 v Player 3)");
    let e = import_error(&good.replacen("\"winner\": 1", "\"winner\": 9", 1));
    assert_eq!(e, "invalid tournament file: bracket 'Bracket 1', match 1: winner is seed 9, but seeds go from 1 to 4");
    let e = import_error(&good.replacen("\"match\": 2", "\"match\": 1", 1));
    assert_eq!(
        e,
        "invalid tournament file: bracket 'Bracket 1' has two results for match 1"
    );
    let e = import_error(&good.replacen("\"match\": 2", "\"match\": 40", 1));
    assert!(
        e.contains("there is no match 40 (matches are numbered 1 to 7)"),
        "{e}"
    );
    // A result for a match whose players are not known yet.
    let e = import_error(&good.replacen("\"match\": 2", "\"match\": 5", 1));
    assert!(e.contains("match 5 cannot be played yet"), "{e}");
    let e = import_error(&good.replace("\"seeding\"", "\"seedling\""));
    assert_eq!(e, "not a readable tournament file: brackets[0].seedling: this field is not part of a tournament file (expected name, seeding, entrants, results, reset_notes)");
}

#[test]
fn the_deck_is_the_crossboard_and_mail_play_ballots() {
    let csv = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../engine/data/acf_3move_ballots.csv"
    ))
    .unwrap();
    // acf_no,moves,category,computer_tough_deck,name,fen
    let rows: Vec<(u16, String)> = csv
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .filter_map(|l| {
            let f: Vec<&str> = l.split(',').collect();
            (f[2] != "barred").then(|| (f[0].parse().unwrap(), f[1].to_string()))
        })
        .collect();
    assert_eq!(rows.len(), 156);
    assert_eq!(BALLOT_COUNT, 156);
    for (i, (number, moves)) in rows.iter().enumerate() {
        let b = Ballot::get(i as u16 + 1).unwrap();
        assert_eq!(
            (b.number, b.moves),
            (*number, moves.as_str()),
            "deck {}",
            i + 1
        );
    }
    assert_eq!(Ballot::get(0), None);
    assert_eq!(Ballot::get(157), None);
}

#[test]
fn ballots_are_reproducible_and_vary() {
    let t = Tournament::new(setup(&[33], GameChoice::Checkers)).unwrap();
    let again = Tournament::new(setup(&[33], GameChoice::Checkers)).unwrap();
    let mut seen = std::collections::BTreeSet::new();
    for id in 0..t.bracket(0).structure().matches.len() {
        for game in 1..=3 {
            let b = t.ballot(0, id, game).unwrap();
            assert!((1..=BALLOT_COUNT).contains(&b.index));
            assert_eq!(again.ballot(0, id, game), Some(b));
            seen.insert(b.index);
        }
    }
    assert!(seen.len() > 80, "draws vary: {} distinct", seen.len());
    // Replays of a match get their own draw, and so do other brackets.
    let differ = (0..20)
        .filter(|&id| t.ballot(0, id, 1) != t.ballot(0, id, 2))
        .count();
    assert!(differ > 15, "{differ}");
    let two = Tournament::new(setup(&[4, 4], GameChoice::Checkers)).unwrap();
    assert!((0..6).any(|id| two.ballot(0, id, 1) != two.ballot(1, id, 1)));
    let tiers = Tournament::new(setup(&[4], GameChoice::Tiers)).unwrap();
    assert_eq!(tiers.ballot(0, 0, 1), None);
}

#[test]
fn previews_change_nothing() {
    let mut t = Tournament::new(setup(&[8], GameChoice::Checkers)).unwrap();
    while let Some(&id) = t.bracket(0).ready_matches().first() {
        let w = t.bracket(0).players(id)[0].unwrap();
        t.set_result(0, id, w, "", "").unwrap();
    }
    let before = t.clone();
    let loser = t.bracket(0).result(0).unwrap().loser;
    let preview = t.preview_result(0, 0, loser).unwrap();
    assert_eq!(t, before);
    assert!(!preview.is_empty());
    assert_eq!(t.set_result(0, 0, loser, "", "").unwrap(), preview);
    let preview = before.preview_clear(0, 0).unwrap();
    assert!(!preview.is_empty());
    assert!(before.preview_result(0, 99, 0).is_err());
    assert!(before.preview_result(3, 0, 0).is_err());
}

#[test]
fn svg_shows_names_results_and_both_brackets() {
    for n in 2..=33 {
        let mut b = Bracket::new(
            "Open",
            (0..n)
                .map(|k| Entrant::person(format!("N{k}<&>")))
                .collect(),
            Seeding::AsEntered,
        )
        .unwrap();
        let mut rng = SplitMix64::new(n as u64);
        let half = b.structure().matches.len() / 2;
        for _ in 0..half {
            let ready = b.ready_matches();
            let id = ready[rng.below(ready.len() as u64) as usize];
            let w = b.players(id)[0].unwrap();
            b.set_result(id, w, "3-1", "").unwrap();
        }
        let svg = svg::render(&b, "Club & friends");
        assert!(svg.starts_with("<svg") && svg.ends_with("</svg>"));
        assert!(svg.contains("Club &amp; friends"));
        assert!(!svg.contains("<&>"), "names are escaped");
        for k in 0..n {
            assert!(
                svg.contains(&format!(">{} N{k}&lt;&amp;&gt;</text>", k + 1)),
                "{n}: entrant {k} drawn"
            );
        }
        assert_eq!(svg.matches("<g ").count(), svg.matches("</g>").count());
        assert_eq!(
            svg.matches("class=\"match ").count(),
            b.structure().matches.len()
        );
        let done = (0..b.structure().matches.len())
            .filter(|&i| b.result(i).is_some())
            .count();
        assert_eq!(
            svg.matches("class=\"score win\"").count(),
            done,
            "{n}: one winner mark per result"
        );
        assert_eq!(svg.contains("Losers' bracket"), n > 2);
        assert!(svg.contains("@media print"));
        // Boxes never overlap within a column.
        let mut boxes: Vec<(f64, f64)> = svg
            .split("<rect class=\"box\" x=\"")
            .skip(1)
            .map(|s| {
                let x: f64 = s.split('"').next().unwrap().parse().unwrap();
                let y: f64 = s
                    .split("y=\"")
                    .nth(1)
                    .unwrap()
                    .split('"')
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap();
                (x, y)
            })
            .collect();
        boxes.sort_by(|a, b| a.partial_cmp(b).unwrap());
        for w in boxes.windows(2) {
            if w[0].0 == w[1].0 {
                assert!(w[1].1 - w[0].1 >= 60.0, "{n}: overlapping boxes {w:?}");
            }
        }
    }
}

#[test]
fn finished_svg_lists_the_placing() {
    let mut b = Bracket::new(
        "Open",
        ["Ann", "Bob", "Cy", "Dee", "Eve"]
            .map(Entrant::person)
            .to_vec(),
        Seeding::AsEntered,
    )
    .unwrap();
    while let Some(&id) = b.ready_matches().first() {
        if id == b.structure().grand_final {
            // Before the grand final the reset may still come.
            let svg = svg::render(&b, "Open");
            assert!(svg.contains(">Rematch if needed<"));
            assert!(svg.contains("only if the losers’ champion wins GF"));
        }
        let [x, y] = b.players(id).map(Option::unwrap);
        b.set_result(id, x.min(y), "", "").unwrap();
    }
    let svg = svg::render(&b, "Open");
    assert!(svg.contains("Final placing"));
    assert!(svg.contains("<tspan class=\"win\">1st</tspan> Ann"));
    assert!(
        svg.contains("<tspan class=\"win\">5th</tspan> Eve"),
        "{svg}"
    );
    // The winners' champion won the grand final: no reset.
    assert!(svg.contains(">Not needed<"));
    assert!(svg.contains("the winners’ champion won GF"));
}
