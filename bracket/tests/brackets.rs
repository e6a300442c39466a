//! Bracket invariants for every size from 2 to 33 entrants.

use proptest::prelude::*;
use tiers_bracket::*;
use tiers_rng::SplitMix64;

fn people(n: usize) -> Vec<Entrant> {
    (1..=n).map(|i| Entrant::person(format!("P{i}"))).collect()
}

fn bracket(n: usize) -> Bracket {
    Bracket::new("Open", people(n), Seeding::AsEntered).unwrap()
}

/// True when every feeder of match `id` has a result (or, for the reset,
/// the grand final has one).
fn feeders_decided(b: &Bracket, id: MatchId) -> bool {
    let s = b.structure();
    if id == s.reset {
        return b.result(s.grand_final).is_some();
    }
    s.matches[id].slots.iter().all(|src| match src {
        Source::Seed(_) => true,
        Source::Winner(j) | Source::Loser(j) => b.result(*j).is_some(),
    })
}

fn check_no_undetermined(b: &Bracket) {
    for id in 0..b.structure().matches.len() {
        if feeders_decided(b, id) {
            let p = b.players(id);
            assert!(
                p[0].is_some() && p[1].is_some(),
                "match {} has decided feeders but players {p:?}",
                id + 1
            );
            assert_ne!(p[0], p[1], "match {} pits a player against itself", id + 1);
        }
    }
}

/// Plays a bracket to its end with results drawn from `rng`, checking the
/// invariants on the way; returns the number of matches played.
fn play_out(b: &mut Bracket, rng: &mut SplitMix64) -> usize {
    let n = b.entrants().len();
    let limit = b.structure().matches.len();
    let mut played = 0;
    loop {
        check_no_undetermined(b);
        let ready = b.ready_matches();
        if ready.is_empty() {
            break;
        }
        let id = ready[rng.below(ready.len() as u64) as usize];
        let p = b.players(id);
        let winner = p[rng.below(2) as usize].unwrap();
        let notices = b.set_result(id, winner, "1-0", "").unwrap();
        assert!(notices.is_empty(), "first results never reset anything");
        played += 1;
        assert!(played <= limit, "more matches played than exist");
    }
    assert!(
        b.is_finished(),
        "{n} entrants: no playable match but no champion"
    );
    played
}

fn check_finished(b: &Bracket, played: usize) {
    let n = b.entrants().len();
    let champion = b.champion().unwrap();
    let st = b.standings();
    let mut champions = 0;
    for s in &st {
        if s.seed == champion {
            champions += 1;
            assert!(s.losses <= 1, "the champion lost {} times", s.losses);
        } else {
            assert_eq!(
                s.losses,
                2,
                "{n} entrants: seed {} lost {} times",
                s.seed + 1,
                s.losses
            );
        }
    }
    assert_eq!(champions, 1);
    let reset = b.reset_needed();
    assert_eq!(played, 2 * n - 2 + usize::from(reset));
    // Placing: every player placed, ranges exactly filled.
    let placing = b.placing();
    let mut next = 1;
    for (place, seeds) in &placing {
        assert_eq!(place.from, next, "{n} entrants: placing {placing:?}");
        assert_eq!(
            place.to - place.from + 1,
            seeds.len(),
            "{n} entrants: {placing:?}"
        );
        next = place.to + 1;
    }
    assert_eq!(next, n + 1);
    assert_eq!(placing[0].1, vec![champion]);
    for id in 0..b.structure().matches.len() {
        let status = b.status(id);
        assert!(
            status == MatchStatus::Done || (status == MatchStatus::NotNeeded && !reset),
            "match {} is {status:?} after the end",
            id + 1
        );
    }
}

#[test]
fn every_size_plays_out_with_random_results() {
    for n in 2..=33 {
        for seed in 0..40u64 {
            let mut b = bracket(n);
            let mut rng = SplitMix64::new(seed * 1000 + n as u64);
            let played = play_out(&mut b, &mut rng);
            check_finished(&b, played);
        }
    }
}

#[test]
fn both_grand_final_outcomes_happen() {
    for n in 2..=33 {
        let (mut with_reset, mut without) = (false, false);
        for seed in 0..200u64 {
            let mut b = bracket(n);
            play_out(&mut b, &mut SplitMix64::new(seed));
            if b.reset_needed() {
                with_reset = true;
            } else {
                without = true;
            }
            if with_reset && without {
                break;
            }
        }
        assert!(with_reset && without, "{n} entrants");
    }
}

#[test]
fn byes_go_to_top_seeds_and_never_meet() {
    for n in 2..=33 {
        let s = Structure::new(n).unwrap();
        let p = n.next_power_of_two();
        assert_eq!(s.size, p);
        assert_eq!(s.byes, (0..p - n).collect::<Vec<_>>(), "{n} entrants");
        assert_eq!(s.first_round_pairs.len(), p / 2);
        for &(a, b) in &s.first_round_pairs {
            assert!(a < n || b < n, "{n} entrants: bye meets bye ({a}, {b})");
            assert_eq!(a + b, p - 1, "standard pairing 1 v P");
        }
        // Every seed enters exactly once; a seed with a bye enters in round 2.
        let mut seen = vec![0; n];
        for m in &s.matches {
            if m.stage == Stage::GrandFinalReset {
                continue;
            }
            for src in m.slots {
                if let Source::Seed(x) = src {
                    seen[x] += 1;
                    let expected = if s.byes.contains(&x) { 2 } else { 1 };
                    assert_eq!(
                        m.stage.round_label(),
                        format!("W{expected}"),
                        "{n}: seed {x}"
                    );
                }
            }
        }
        assert!(seen.iter().all(|&c| c == 1), "{n} entrants: {seen:?}");
        // Every winner and loser goes to exactly one place (except the end).
        for m in &s.matches {
            if m.id >= s.grand_final {
                continue;
            }
            let (w, l) = s.destinations(m.id);
            assert!(w.is_some(), "{n}: winner of {} goes nowhere", m.number);
            let in_losers = matches!(m.stage, Stage::Losers { .. });
            assert_eq!(l.is_some(), !in_losers, "{n}: loser of {}", m.number);
        }
        assert_eq!(s.matches.len(), 2 * n - 1);
        // Play order: feeders always come first.
        for m in &s.matches {
            for src in m.slots {
                if let Source::Winner(j) | Source::Loser(j) = src {
                    assert!(j < m.id);
                }
            }
        }
    }
}

#[test]
fn top_seeds_meet_late_and_chalk_gives_seed_order() {
    for n in 2..=33 {
        let mut b = bracket(n);
        while let Some(&id) = b.ready_matches().first() {
            let [x, y] = b.players(id).map(Option::unwrap);
            b.set_result(id, x.min(y), "", "").unwrap();
        }
        assert_eq!(b.champion(), Some(0));
        assert!(!b.reset_needed());
        let st = b.standings();
        assert_eq!(st[1].place, Some(Place { from: 2, to: 2 }), "{n}");
        if n >= 3 {
            assert_eq!(st[2].place, Some(Place { from: 3, to: 3 }), "{n}");
        }
        if n >= 4 {
            assert_eq!(st[3].place, Some(Place { from: 4, to: 4 }), "{n}");
        }
        // Places never decrease with the seed under chalk.
        for w in st.windows(2) {
            assert!(w[0].place.unwrap() <= w[1].place.unwrap(), "{n}: {st:?}");
        }
    }
}

#[test]
fn placing_of_eight() {
    let mut b = bracket(8);
    while let Some(&id) = b.ready_matches().first() {
        let [x, y] = b.players(id).map(Option::unwrap);
        b.set_result(id, x.min(y), "", "").unwrap();
    }
    let text: Vec<String> = b
        .placing()
        .iter()
        .map(|(p, s)| {
            format!(
                "{p}:{}",
                s.iter()
                    .map(|x| (x + 1).to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            )
        })
        .collect();
    assert_eq!(
        text,
        ["1st:1", "2nd:2", "3rd:3", "4th:4", "5–6th:5,6", "7–8th:7,8"]
    );
}

#[test]
fn errors_name_the_problem() {
    let mut b = bracket(4);
    // Match 1 is seed 1 v seed 4.
    assert_eq!(b.players(0), [Some(0), Some(3)]);
    let e = b.set_result(0, 1, "", "").unwrap_err();
    assert_eq!(e.to_string(), "P2 does not play in match 1 (P1 v P4)");
    let later = b.structure().matches.len() - 2; // grand final
    let e = b.set_result(later, 0, "", "").unwrap_err();
    assert!(
        e.to_string()
            .contains("cannot be played yet: it waits for the winner of match"),
        "{e}"
    );
    let e = b.set_result(99, 0, "", "").unwrap_err();
    assert_eq!(
        e.to_string(),
        "there is no match 100 (matches are numbered 1 to 7)"
    );
    let e = b.set_result(6, 0, "", "").unwrap_err();
    assert!(e.to_string().contains("only played if"), "{e}");
    assert!(b.clear_result(99).is_err());
}

#[test]
fn correcting_an_early_result_resets_what_follows() {
    let mut b = bracket(8);
    while let Some(&id) = b.ready_matches().first() {
        let [x, y] = b.players(id).map(Option::unwrap);
        b.set_result(id, x.min(y), "", "").unwrap();
    }
    assert_eq!(b.champion(), Some(0));
    // Changing only the score keeps everything.
    assert!(b.set_result(0, 0, "3-1", "").unwrap().is_empty());
    assert_eq!(b.result(0).unwrap().score, "3-1");
    assert_eq!(b.champion(), Some(0));
    // Seed 8 beat seed 1 after all.
    assert_eq!(b.players(0), [Some(0), Some(7)]);
    let notices = b.set_result(0, 7, "", "").unwrap();
    assert!(!notices.is_empty());
    assert_eq!(b.champion(), None);
    for n in &notices {
        assert!(b.result(n.id).is_none());
        assert_eq!(b.reset_note(n.id), Some(n.message.as_str()));
        assert!(
            n.message
                .starts_with(&format!("Match {} was reset:", n.id + 1)),
            "{}",
            n.message
        );
    }
    // The winners' round-2 match of seed 1 now has seed 8 and was reset.
    let (w, l) = b.structure().destinations(0);
    let w = w.unwrap();
    assert!(b.players(w).contains(&Some(7)));
    assert!(notices.iter().any(|n| n.id == w), "{notices:?}");
    // Seed 1 went to the losers' bracket.
    assert!(b.players(l.unwrap()).contains(&Some(0)));
    // Results that still fit were kept (the other first-round matches).
    for id in 1..4 {
        assert!(b.result(id).is_some());
    }
    check_no_undetermined(&b);
    // And the bracket can be finished again.
    let played = play_out(&mut b, &mut SplitMix64::new(5));
    assert!(played > 0);
    assert!(b.is_finished());
    for id in 0..b.structure().matches.len() {
        if b.result(id).is_some() {
            assert_eq!(b.reset_note(id), None, "a new result clears the note");
        }
    }
}

#[test]
fn grand_final_reset_is_undone_when_the_final_is_corrected() {
    let mut b = bracket(2);
    b.set_result(0, 0, "", "").unwrap(); // W1: seed 1 beats seed 2
    let gf = b.structure().grand_final;
    let reset = b.structure().reset;
    b.set_result(gf, 1, "", "").unwrap(); // losers' champion wins
    assert_eq!(b.status(reset), MatchStatus::Ready);
    b.set_result(reset, 1, "", "").unwrap();
    assert_eq!(b.champion(), Some(1));
    let notices = b.set_result(gf, 0, "", "").unwrap();
    assert_eq!(notices.len(), 1);
    assert!(
        notices[0].message.contains("not needed any more"),
        "{}",
        notices[0].message
    );
    assert_eq!(b.champion(), Some(0));
    assert_eq!(b.status(reset), MatchStatus::NotNeeded);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn random_brackets_finish(n in 2usize..=33, seed in any::<u64>()) {
        let mut b = bracket(n);
        let played = play_out(&mut b, &mut SplitMix64::new(seed));
        check_finished(&b, played);
    }

    #[test]
    fn random_corrections_keep_the_bracket_consistent(
        n in 2usize..=33, seed in any::<u64>(), fixes in 1usize..6
    ) {
        let mut rng = SplitMix64::new(seed);
        let mut b = bracket(n);
        play_out(&mut b, &mut rng);
        for _ in 0..fixes {
            let done: Vec<MatchId> = (0..b.structure().matches.len())
                .filter(|&i| b.result(i).is_some())
                .collect();
            let id = done[rng.below(done.len() as u64) as usize];
            let loser = b.result(id).unwrap().loser;
            b.set_result(id, loser, "", "").unwrap();
            check_no_undetermined(&b);
            // Every kept result still fits its match.
            for i in 0..b.structure().matches.len() {
                if let Some(r) = b.result(i) {
                    let p = b.players(i);
                    prop_assert!(p.contains(&Some(r.winner)) && p.contains(&Some(r.loser)));
                }
            }
        }
        let played = play_out(&mut b, &mut rng);
        let total = (0..b.structure().matches.len()).filter(|&i| b.result(i).is_some()).count();
        prop_assert!(played <= total);
        check_finished(&b, total);
    }
}

#[test]
fn shuffled_seeding_is_shown_and_reproducible() {
    let a = Bracket::new("Youth", people(9), Seeding::Shuffled(31)).unwrap();
    let b = Bracket::new("Youth", people(9), Seeding::Shuffled(31)).unwrap();
    let c = Bracket::new("Youth", people(9), Seeding::Shuffled(32)).unwrap();
    assert_eq!(a.entrants(), b.entrants());
    assert_ne!(a.entrants(), c.entrants());
    assert_ne!(a.entrants(), &people(9)[..]);
    assert_eq!(a.seeding().to_string(), "shuffled with seed 31");
}

#[test]
fn setup_errors_say_what_is_wrong() {
    let e = Bracket::new("Kids", people(1), Seeding::AsEntered).unwrap_err();
    assert_eq!(
        e.to_string(),
        "bracket 'Kids' has 1 entrant; a bracket needs between 2 and 64"
    );
    let mut dup = people(3);
    dup[2].name = " p1 ".into();
    let e = Bracket::new("Kids", dup, Seeding::AsEntered).unwrap_err();
    assert_eq!(
        e.to_string(),
        "bracket 'Kids': two entrants are called 'p1'; names must differ"
    );
    let mut blank = people(3);
    blank[1].name = "  ".into();
    let e = Bracket::new("Kids", blank, Seeding::AsEntered).unwrap_err();
    assert_eq!(e.to_string(), "bracket 'Kids': entrant 2 has no name");
    let mut lvl = people(2);
    lvl.push(Entrant {
        name: "Robot".into(),
        level: Some(9),
    });
    let e = Bracket::new("Kids", lvl, Seeding::AsEntered).unwrap_err();
    assert_eq!(
        e.to_string(),
        "bracket 'Kids': computer entrant 'Robot' has level 9; levels go from 1 to 8"
    );
}

#[test]
fn ranked_puts_the_running_first_then_places() {
    let mut b = bracket(6);
    // Play until somebody is out.
    while b.placing().is_empty() {
        let id = b.ready_matches()[0];
        let [x, y] = b.players(id).map(Option::unwrap);
        b.set_result(id, x.max(y), "", "").unwrap();
    }
    let ranked = b.ranked();
    assert_eq!(ranked.len(), 6);
    let first_placed = ranked.iter().position(|s| s.place.is_some()).unwrap();
    assert!(ranked[..first_placed].iter().all(|s| s.place.is_none()));
    assert!(ranked[first_placed..].iter().all(|s| s.place.is_some()));
    for w in ranked[..first_placed].windows(2) {
        assert!((w[0].losses, w[0].seed) < (w[1].losses, w[1].seed));
    }
    // Finished: the ranking is the placing.
    play_out(&mut b, &mut SplitMix64::new(1));
    let places: Vec<usize> = b.ranked().iter().map(|s| s.place.unwrap().from).collect();
    let mut sorted = places.clone();
    sorted.sort();
    assert_eq!(places, sorted);
}
