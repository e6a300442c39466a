//! Checks a translation against the English catalogue: the keys it lacks,
//! the keys English does not have, arguments that differ and plural forms
//! it needs (the test `cargo test -p tiers-app --test i18n` and `./dev
//! i18n`; docs/content-formats.md, "Message catalogues").

use std::collections::BTreeSet;

use super::plural::{self, Category};
use super::Catalogue;

/// What is wrong with a translation, by kind.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// English keys it lacks (English is shown for them).
    pub missing: Vec<String>,
    /// Keys English does not have (never shown).
    pub unused: Vec<String>,
    /// Messages whose arguments or plural forms differ from English's.
    pub mismatched: Vec<String>,
}

impl Report {
    /// Nothing wrong.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.missing.is_empty() && self.unused.is_empty() && self.mismatched.is_empty()
    }

    /// The report in lines, each `kind key: detail`.
    #[must_use]
    pub fn lines(&self) -> Vec<String> {
        let mut out = Vec::new();
        out.extend(self.missing.iter().map(|k| format!("missing {k}")));
        out.extend(self.unused.iter().map(|k| format!("unused {k}")));
        out.extend(self.mismatched.iter().map(|m| format!("differs {m}")));
        out
    }
}

/// Compares `other` (a translation) with `en`: every key of English, no
/// other key, each message with English's arguments (a plural form may
/// leave out `{count}`), and a plural message with every form its
/// language needs ([`plural::needed`]) or a single text.
#[must_use]
pub fn compare(en: &Catalogue, other: &Catalogue) -> Report {
    let mut r = Report::default();
    for (key, want) in &en.entries {
        let Some(got) = other.entries.get(key) else {
            r.missing.push(key.clone());
            continue;
        };
        let want_args = want.args();
        let got_args = got.args();
        let extra: Vec<&&str> = got_args.difference(&want_args).collect();
        let lacking: Vec<&&str> = want_args
            .difference(&got_args)
            .filter(|a| **a != "count" || got.categories().is_empty())
            .collect();
        if !extra.is_empty() || !lacking.is_empty() {
            r.mismatched.push(format!(
                "{key} (line {}): arguments {} where English has {}",
                got.line,
                braces(&got_args),
                braces(&want_args)
            ));
        }
        let cats = got.categories();
        if !cats.is_empty() {
            let needed: BTreeSet<Category> = plural::needed(&other.tag).into_iter().collect();
            let have: BTreeSet<Category> = cats.into_iter().collect();
            let lacks: Vec<&str> = needed.difference(&have).map(|c| c.name()).collect();
            if !lacks.is_empty() {
                r.mismatched.push(format!(
                    "{key} (line {}): plural forms {} are needed in {}",
                    got.line,
                    lacks.join(", "),
                    other.tag
                ));
            }
        }
    }
    r.unused = other
        .entries
        .keys()
        .filter(|k| !en.entries.contains_key(*k))
        .cloned()
        .collect();
    r
}

fn braces(args: &BTreeSet<&str>) -> String {
    if args.is_empty() {
        "none".to_string()
    } else {
        args.iter()
            .map(|a| format!("{{{a}}}"))
            .collect::<Vec<_>>()
            .join(" ")
    }
}
