use super::plural::{category, needed, Category};
use super::*;

fn cat(tag: &str, src: &str) -> Catalogue {
    Catalogue::parse(tag, src).unwrap()
}

fn say(c: &Catalogue, t: &Text) -> String {
    c.render(t, &plain_number).unwrap()
}

#[test]
fn messages_with_arguments_comments_continuations_and_escapes() {
    let c = cat(
        "en",
        "# a comment\n\
         greet = Hello, {name}!\n\
         \n\
         long = The first part\n\
         \x20   and the second.\n\
         esc = Two\\nlines, a \\{brace\\} and a \\# sign # not a comment\n\
         side.red = Red\n\
         turn = {side} to move\n",
    );
    assert_eq!(
        say(&c, &Text::new("greet").arg("name", "Ann")),
        "Hello, Ann!"
    );
    assert_eq!(
        say(&c, &Text::new("long")),
        "The first part and the second."
    );
    assert_eq!(
        say(&c, &Text::new("esc")),
        "Two\nlines, a {brace} and a # sign # not a comment"
    );
    assert_eq!(
        say(&c, &Text::new("turn").arg("side", Text::new("side.red"))),
        "Red to move"
    );
    assert_eq!(c.render(&Text::new("nothing"), &plain_number), None);
    assert_eq!(
        c.entries["turn"].args().into_iter().collect::<Vec<_>>(),
        ["side"]
    );
}

#[test]
fn plural_forms_follow_the_language() {
    let en = cat(
        "en",
        "pieces[one] = {count} piece\npieces[other] = {count} pieces\n",
    );
    let one = Text::new("pieces").arg("count", 1);
    let five = Text::new("pieces").arg("count", 5);
    let zero = Text::new("pieces").arg("count", 0);
    assert_eq!(say(&en, &one), "1 piece");
    assert_eq!(say(&en, &five), "5 pieces");
    assert_eq!(say(&en, &zero), "0 pieces");
    // French: 0 and 1 are singular.
    let fr = cat(
        "fr",
        "pieces[one] = {count} pièce\npieces[other] = {count} pièces\n",
    );
    assert_eq!(say(&fr, &zero), "0 pièce");
    assert_eq!(say(&fr, &five), "5 pièces");
    // Russian: three forms for whole numbers.
    let ru = cat(
        "ru",
        "pieces[one] = {count} шашка\npieces[few] = {count} шашки\npieces[many] = {count} шашек\npieces[other] = {count} шашки\n",
    );
    let r = |n: i64| say(&ru, &Text::new("pieces").arg("count", n));
    assert_eq!(r(1), "1 шашка");
    assert_eq!(r(2), "2 шашки");
    assert_eq!(r(5), "5 шашек");
    assert_eq!(r(11), "11 шашек");
    assert_eq!(r(21), "21 шашка");
    assert_eq!(r(22), "22 шашки");
    assert_eq!(r(112), "112 шашек");
    // A category the catalogue leaves out uses `other`.
    let fr_million = Text::new("pieces").arg("count", 1_000_000);
    assert_eq!(say(&fr, &fr_million), "1000000 pièces");
}

/// The CLDR rules as data: (language, number, category).
#[test]
fn plural_categories_match_cldr() {
    use Category::*;
    let table: &[(&str, &[(u64, Category)])] = &[
        (
            "en",
            &[
                (0, Other),
                (1, One),
                (2, Other),
                (21, Other),
                (1_000_000, Other),
            ],
        ),
        ("en-GB", &[(1, One), (11, Other)]),
        ("de", &[(0, Other), (1, One), (2, Other)]),
        ("es", &[(0, Other), (1, One), (2, Other), (1_000_000, Many)]),
        ("it", &[(0, Other), (1, One), (7, Other), (2_000_000, Many)]),
        ("fr", &[(0, One), (1, One), (2, Other), (1_000_000, Many)]),
        (
            "pt-BR",
            &[(0, One), (1, One), (2, Other), (1_000_000, Many)],
        ),
        (
            "ru",
            &[
                (0, Many),
                (1, One),
                (2, Few),
                (4, Few),
                (5, Many),
                (11, Many),
                (12, Many),
                (14, Many),
                (21, One),
                (22, Few),
                (25, Many),
                (101, One),
                (111, Many),
            ],
        ),
        (
            "pl",
            &[
                (0, Many),
                (1, One),
                (2, Few),
                (5, Many),
                (12, Many),
                (21, Many),
                (22, Few),
                (102, Few),
                (112, Many),
            ],
        ),
    ];
    for (tag, cases) in table {
        for &(n, want) in *cases {
            assert_eq!(category(tag, n), want, "{tag} {n}");
        }
    }
    assert_eq!(needed("en"), [One, Other]);
    assert_eq!(needed("fr"), [One, Other]);
    assert_eq!(needed("ru"), [One, Few, Many, Other]);
    assert_eq!(needed("pl"), [One, Few, Many, Other]);
}

#[test]
fn errors_name_the_line_and_column() {
    let e = |src: &str| Catalogue::parse("en", src).unwrap_err();
    let x = e("a = fine\nno equals sign here\n");
    assert_eq!((x.line, x.column), (2, 20));
    assert!(x
        .to_string()
        .starts_with("line 2, column 20: expected `key = text`"));
    let x = e("a = fine\nb = Hello {name\n");
    assert_eq!((x.line, x.column), (2, 11));
    let x = e("b = Hello {na me}\n");
    assert_eq!((x.line, x.column), (1, 14));
    let x = e("b = a } b\n");
    assert_eq!((x.line, x.column), (1, 7));
    let x = e("b = \\q\n");
    assert_eq!((x.line, x.column), (1, 5));
    let x = e("pieces[lots] = x\n");
    assert_eq!((x.line, x.column), (1, 8));
    assert!(x.message.contains("lots"));
    let x = e("a = 1\na = 2\n");
    assert_eq!(x.line, 2);
    assert!(x.message.contains("first on line 1"));
    let x = e("bad key = 1\n");
    assert_eq!((x.line, x.column), (1, 4));
    let x = e("  indented = 1\n");
    assert_eq!((x.line, x.column), (1, 1));
    let x = e("p[one] = a\n");
    assert!(x.message.contains("p[other]"));
    let x = e("p[one] = a\np = b\n");
    assert_eq!(x.line, 2);
}

#[test]
fn languages_by_tag() {
    assert_eq!(Lang::from_tag("en-gb"), Some(Lang::EnGb));
    assert_eq!(Lang::from_tag("pt-BR"), Some(Lang::PtBr));
    assert_eq!(Lang::from_tag("pt"), None);
    for l in Lang::ALL {
        assert_eq!(Lang::from_tag(l.tag()), Some(l));
    }
}

#[test]
fn a_translation_is_checked_against_english() {
    use super::check::compare;
    let en = cat(
        "en",
        "a = A {x}\nb = B\npieces[one] = {count} piece\npieces[other] = {count} pieces\n",
    );
    let good = cat(
        "fr",
        "a = A {x}\nb = B\npieces[one] = une pièce\npieces[other] = {count} pièces\n",
    );
    assert!(compare(&en, &good).is_empty(), "{:?}", compare(&en, &good));
    let bad = cat(
        "fr",
        "a = A {y}\npieces[other] = {count} pièces\nextra = E\n",
    );
    let r = compare(&en, &bad);
    assert_eq!(r.missing, ["b"]);
    assert_eq!(r.unused, ["extra"]);
    assert_eq!(r.mismatched.len(), 2, "{:?}", r.mismatched);
    assert!(r.mismatched[0].starts_with("a (line 1): arguments {y} where English has {x}"));
    assert!(r.mismatched[1].contains("plural forms one are needed in fr"));
    // Russian needs one, few, many.
    let ru = cat(
        "ru",
        "a = {x}\nb = Б\npieces[one] = {count} шашка\npieces[other] = {count} шашки\n",
    );
    assert!(compare(&en, &ru).mismatched[0].contains("few, many"));
}
