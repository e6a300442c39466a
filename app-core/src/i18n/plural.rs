//! CLDR plural categories of whole numbers, for the shipped languages and
//! two with more than two forms (Russian, Polish), written as rules
//! (unicode.org CLDR `plurals.xml`, integer operands: `v = 0`, `e = 0`).

/// A CLDR plural category.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    /// `zero`.
    Zero,
    /// `one`.
    One,
    /// `two`.
    Two,
    /// `few`.
    Few,
    /// `many`.
    Many,
    /// `other`, which every language has.
    Other,
}

impl Category {
    /// Every category, in CLDR's order.
    pub const ALL: [Category; 6] = [
        Category::Zero,
        Category::One,
        Category::Two,
        Category::Few,
        Category::Many,
        Category::Other,
    ];

    /// Its CLDR name (`one`, `few`, …), as written in catalogues.
    pub fn name(self) -> &'static str {
        match self {
            Category::Zero => "zero",
            Category::One => "one",
            Category::Two => "two",
            Category::Few => "few",
            Category::Many => "many",
            Category::Other => "other",
        }
    }

    /// The category named `name`.
    pub fn from_name(name: &str) -> Option<Category> {
        Category::ALL.into_iter().find(|c| c.name() == name)
    }
}

/// The category of the whole number `n` in the language of `tag` (a BCP 47
/// tag; its first subtag decides). Languages without rules here use
/// English's.
pub fn category(tag: &str, n: u64) -> Category {
    let lang = tag
        .split(['-', '_'])
        .next()
        .unwrap_or("")
        .to_ascii_lowercase();
    let (i10, i100) = (n % 10, n % 100);
    let million = n != 0 && n.is_multiple_of(1_000_000);
    match lang.as_str() {
        // one: i = 0,1; many: e = 0 and i != 0 and i % 1000000 = 0.
        "fr" => match n {
            0 | 1 => Category::One,
            _ if million => Category::Many,
            _ => Category::Other,
        },
        // pt (Brazil): one: i = 0..1; many as French.
        "pt" => match n {
            0 | 1 => Category::One,
            _ if million => Category::Many,
            _ => Category::Other,
        },
        // one: n = 1 (es) / i = 1 and v = 0 (it); many as French.
        "es" | "it" => match n {
            1 => Category::One,
            _ if million => Category::Many,
            _ => Category::Other,
        },
        // one: v = 0 and i % 10 = 1 and i % 100 != 11; few: i % 10 = 2..4
        // and i % 100 != 12..14; many: the other whole numbers.
        "ru" | "uk" => {
            if i10 == 1 && i100 != 11 {
                Category::One
            } else if (2..=4).contains(&i10) && !(12..=14).contains(&i100) {
                Category::Few
            } else {
                Category::Many
            }
        }
        // one: i = 1; few: i % 10 = 2..4 and i % 100 != 12..14; many: the
        // other whole numbers.
        "pl" => {
            if n == 1 {
                Category::One
            } else if (2..=4).contains(&i10) && !(12..=14).contains(&i100) {
                Category::Few
            } else {
                Category::Many
            }
        }
        // en, de and the rest: one: i = 1 and v = 0.
        _ => match n {
            1 => Category::One,
            _ => Category::Other,
        },
    }
}

/// The categories whole numbers up to 1000 fall in, in the language of
/// `tag`: the forms a catalogue must give for a plural message (a
/// category it leaves out, such as French's `many` for millions, uses
/// `other`).
pub fn needed(tag: &str) -> Vec<Category> {
    let mut all: Vec<Category> = (0..=1000).map(|n| category(tag, n)).collect();
    all.push(Category::Other);
    all.sort();
    all.dedup();
    all
}
