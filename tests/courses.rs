//! The course files under `assets/data/courses/`, checked against the
//! engine: every file reads, every exercise's position is legal, its task
//! can be solved (and a "win in N" is a forced win the engine confirms),
//! no accepted move or reply is illegal, and the text mentions nothing the
//! board does not show ([`verify`]). Adding a lesson is editing a file and
//! running this test; a mistake fails it with the lesson, the exercise and
//! the reason.

use std::fs;
use std::path::PathBuf;

use tiers_app::core::learn::course::{self, Course};
use tiers_app::core::learn::verify::verify;
use tiers_app::core::learn::COURSES;
use tiers_engine::GameKind;

fn path(kind: GameKind) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("assets")
        .join(tiers_app::core::learn::course_path(kind))
}

fn load(kind: GameKind) -> (String, Course) {
    let file = path(kind);
    let text = fs::read_to_string(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    let c = course::read(&text).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
    assert_eq!(c.kind, kind, "{}", file.display());
    (text, c)
}

#[test]
fn every_exercise_of_every_course_checks_out() {
    for kind in COURSES {
        let (_, c) = load(kind);
        let problems = verify(&c);
        assert!(
            problems.is_empty(),
            "{} course:\n{}",
            kind.name(),
            problems.join("\n")
        );
    }
}

#[test]
fn the_courses_cover_what_they_must() {
    let (_, tiers) = load(GameKind::Tiers);
    let (_, checkers) = load(GameKind::Checkers);
    assert!(tiers.lessons.len() >= 14, "{}", tiers.lessons.len());
    assert!(checkers.lessons.len() >= 10, "{}", checkers.lessons.len());
    // Every tier of Tiers is played in some exercise's position.
    for tier in ["m", "k", "t", "q", "u", "d"] {
        let played = tiers.lessons.iter().flat_map(|l| &l.exercises).any(|e| {
            let board = e.position.split(' ').next().unwrap_or_default();
            board.contains(tier) || board.contains(&tier.to_uppercase())
        });
        assert!(played, "no exercise shows the piece `{tier}`");
    }
    // The ballots the checkers course quotes are ACF three-move ballots.
    let list = fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("engine/data/acf_3move_ballots.csv"),
    )
    .unwrap();
    let ballots: Vec<&str> = list.lines().filter_map(|l| l.split(',').nth(1)).collect();
    let quoted: Vec<&str> = checkers
        .lessons
        .iter()
        .flat_map(|l| &l.exercises)
        .flat_map(|e| e.text.split('`').skip(1).step_by(2))
        .filter(|q| q.split(' ').count() == 3)
        .collect();
    assert_eq!(quoted.len(), 3, "{quoted:?}");
    for q in quoted {
        assert!(ballots.contains(&q), "`{q}` is no ACF ballot");
    }
}

/// A course with one change to its text.
fn broken(kind: GameKind, from: &str, to: &str) -> Vec<String> {
    let (text, _) = load(kind);
    assert!(text.contains(from), "the course has `{from}`");
    let c = course::read(&text.replacen(from, to, 1)).expect("still readable");
    verify(&c)
}

#[test]
fn a_course_with_a_mistake_fails_with_the_exercise_and_the_reason() {
    // An illegal solution.
    let problems = broken(
        GameKind::Checkers,
        "play capture 1: 22x15",
        "play capture 1: 22x13",
    );
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].starts_with("lesson 2 (Capturing), exercise 1 (line "),
        "{}",
        problems[0]
    );
    assert!(
        problems[0].contains("22x13 is not legal"),
        "{}",
        problems[0]
    );
    // A text that names a piece that is not there.
    let problems = broken(
        GameKind::Tiers,
        "Move your man on d3",
        "Move your man on d5",
    );
    assert!(
        problems
            .iter()
            .any(|p| p.contains("the text says a red man is on d5, but nothing is there")),
        "{problems:?}"
    );
}

#[test]
fn a_course_file_that_cannot_be_read_says_where() {
    let cases = [
        ("title T\n", "line 1, column 1: the file must start with `course checkers` or `course tiers`"),
        (
            "course tiers\ntitle T\nlesson a: A\nexercise\ntext x\nposition 8/8/8/8/8/8/8/9 r 0 1\n",
            "line 6, column 10: bad position: rank 1 has 9 squares",
        ),
        (
            "course tiers\ntitle T\nlesson a: A\nexercise\ntext x\nposition 4k3/8/8/8/8/4M3/8/8 r 0 1\nplay captur 2: e3-e4\n",
            "line 7, column 6: unknown goal `captur 2`",
        ),
        (
            "course checkers\ntitle T\nlesson a: A\nexercise\ntext x\nposition W:W22:B5\nplay reach 33: 22-18\n",
            "line 7, column 12: `33` is not a square of a checkers board",
        ),
        (
            "course tiers\ntitle T\nlesson a: A\nexercise\ntext x\nplay move: e3-e4\nplay move: e4-e5\n",
            "line 7, column 6: the step before needs a `reply`",
        ),
        ("course tiers\ntitle T\nlesson a: A\nexercise\ntext x\n", "line 4, column 1: lesson 1, exercise 1: no `position`"),
        ("course tiers\ntitle T\nlesson a: A\n", "line 3, column 1: lesson 1 (A) has no exercise"),
    ];
    for (text, want) in cases {
        let e = course::read(text).expect_err(text).to_string();
        assert!(e.starts_with(want), "{text}\ngot:  {e}\nwant: {want}");
    }
}

/// Every translated course (`assets/data/courses/<lang>/<game>.txt`)
/// against its English file ([`verify_translation`]); a language without
/// one is shown the English course.
#[test]
fn every_translated_course_matches_its_english_file() {
    use tiers_app::core::i18n::Lang;
    use tiers_app::core::learn::translated_course_path;
    use tiers_app::core::learn::verify::verify_translation;
    let assets = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("assets");
    let mut problems = Vec::new();
    for kind in COURSES {
        let (english, _) = load(kind);
        for lang in Lang::ALL {
            let Some(rel) = translated_course_path(kind, lang) else {
                continue;
            };
            let Ok(text) = fs::read_to_string(assets.join(&rel)) else {
                continue;
            };
            problems.extend(
                verify_translation(&english, &text)
                    .into_iter()
                    .map(|p| format!("assets/{rel}: {p}")),
            );
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn a_translation_that_changes_a_move_or_a_line_is_caught() {
    use tiers_app::core::learn::verify::verify_translation;
    let (english, _) = load(GameKind::Checkers);
    assert!(verify_translation(&english, &english).is_empty());
    let fr = english
        .replacen(
            "text Move your man on 22 to 18.",
            "text Avancez votre pion de 22 à 18.",
            1,
        )
        .replacen("lesson moving: Moving", "lesson moving: Se déplacer", 1);
    assert!(
        verify_translation(&english, &fr).is_empty(),
        "{:?}",
        verify_translation(&english, &fr)
    );
    let moved = english.replacen("play reach 18: 22-18", "play reach 18: 22-17", 1);
    let p = verify_translation(&english, &moved);
    assert!(p.len() == 1 && p[0].contains("22-18"), "{p:?}");
    let renamed = english.replacen("lesson moving: Moving", "lesson bouger: Bouger", 1);
    assert_eq!(verify_translation(&english, &renamed).len(), 1);
    let dropped = english.replacen("text Move your man on 22 to 18.\n", "", 1);
    assert!(verify_translation(&english, &dropped)[0].contains("lines of content"));
}
