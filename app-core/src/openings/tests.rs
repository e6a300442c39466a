use super::*;

const FILE: &str = include_str!("../../../assets/data/openings/checkers.txt");

#[test]
fn the_shipped_lines_read_and_play() {
    let lines = read(FILE).unwrap();
    assert_eq!(lines.len(), 156, "every ballot but the barred ones");
    let b = &lines[0];
    assert_eq!(
        (b.number, b.ballot.join(" ")),
        (1, "9-13 21-17 5-9".to_string())
    );
    assert!(lines.iter().all(|l| !l.line.is_empty()));
    // After three ballot moves Red moves first in the line.
    assert_eq!(b.moves_of(Color::Red)[..2], [0, 2]);
    assert_eq!(b.moves_of(Color::Black)[0], 1);
    assert_eq!(b.key(Color::Black), "1/black");
}

#[test]
fn a_damaged_file_names_its_line() {
    for (text, said) in [
        ("1|9-13 21-17 5-9", "line 1: 2 fields, not 3"),
        (
            "x|9-13 21-17 5-9|25-21",
            "line 1: `x` is not a ballot number",
        ),
        ("# c\n1|9-13 21-17|25-21", "line 2: a ballot is three moves"),
        (
            "1|9-13 21-17 5-9|25-21\n1|9-13 21-17 5-9|25-21",
            "line 2: ballot 1 again",
        ),
        ("1|9-13 21-17 5-9|9-14", "line 1: "),
        ("# nothing", "no line"),
    ] {
        let e = read(text).unwrap_err();
        assert!(e.starts_with(said), "{text}: {e}");
    }
}

fn keys(n: usize) -> Vec<String> {
    (1..=n).map(|i| format!("{i}/red")).collect()
}

#[test]
fn an_item_answered_wrongly_comes_back_before_one_answered_well() {
    let keys = keys(10);
    let mut s = Schedule::default();
    // New items in order.
    assert_eq!(s.next(&keys), Some("1/red"));
    s.answer("1/red", true);
    assert_eq!(s.next(&keys), Some("2/red"));
    s.answer("2/red", false);
    // The order in which items come up now, answering each well.
    let mut order = Vec::new();
    for _ in 0..8 {
        let k = s.next(&keys).unwrap().to_string();
        order.push(k.clone());
        s.answer(&k, true);
    }
    let at = |k: &str| order.iter().position(|x| x == k).unwrap();
    assert!(at("2/red") < at("1/red"), "{order:?}");
    assert_eq!(at("2/red"), 1, "after one other item: {order:?}");
}

#[test]
fn intervals_grow_with_each_good_answer_and_a_mistake_starts_again() {
    let keys = keys(1);
    let mut s = Schedule::default();
    let mut gaps = Vec::new();
    for _ in 0..7 {
        s.answer("1/red", true);
        let c = s.cards["1/red"];
        gaps.push(c.due - s.turn);
    }
    assert_eq!(gaps, [4, 10, 25, 60, 150, 150, 150]);
    s.answer("1/red", false);
    assert_eq!(
        s.cards["1/red"],
        Card {
            level: 0,
            due: s.turn + 1
        }
    );
    // Only one item: it is asked even before it is due.
    assert_eq!(s.next(&keys), Some("1/red"));
    assert_eq!(s.next(&[]), None);
}

#[test]
fn due_items_come_first_longest_due_and_lowest_box_first() {
    let keys = keys(4);
    let mut s = Schedule::default();
    s.answer("1/red", true); // due at 1 + 4 = 5
    s.answer("2/red", false); // due at 2 + 1 = 3
    s.answer("3/red", false); // due at 3 + 1 = 4
    s.turn = 5;
    // 2 is due longest, then 3.
    assert_eq!(s.next(&keys), Some("2/red"));
    s.cards.remove("2/red");
    assert_eq!(s.next(&keys), Some("3/red"));
    s.turn = 3;
    // Nothing due (3 at 4, 1 at 5): the first new item.
    assert_eq!(s.next(&keys), Some("2/red"));
}

#[test]
fn the_schedule_round_trips_and_a_damaged_one_is_named() {
    let mut s = Schedule::default();
    s.answer("58/red", true);
    s.answer("3/black", false);
    let v = s.to_value();
    assert_eq!(
        v.to_string(),
        r#"{"v":1,"turn":2,"cards":{"3/black":[0,3],"58/red":[1,5]}}"#
    );
    assert_eq!(Schedule::from_value(&v).unwrap(), s);
    for text in [
        r#"{"v":1,"cards":{}}"#,
        r#"{"v":1,"turn":1}"#,
        r#"{"v":1,"turn":1,"cards":{"1/red":[9,1]}}"#,
        r#"{"v":1,"turn":1,"cards":{"1/red":[1]}}"#,
        r#"{"v":1,"turn":1,"cards":{"1/red":"x"}}"#,
    ] {
        let e = Schedule::from_value(&Json::parse(text).unwrap()).unwrap_err();
        assert_eq!(
            e.english(),
            "Your opening trainer progress could not be read (it is damaged)",
            "{text}"
        );
    }
    let e = Schedule::from_value(&Json::parse(r#"{"v":2}"#).unwrap()).unwrap_err();
    assert!(e.english().contains("newer version"));
}
