//! The message catalogues under `assets/i18n/` (docs/content-formats.md,
//! "Message catalogues"): every file parses and is a shipped language;
//! every key the code asks for is in English; every English key is used;
//! every translation has every key, no other, the same arguments and the
//! plural forms its language needs. `./dev i18n` prints the same report
//! per language without failing (the ignored test `report`).

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

use tiers_app::core::i18n::check::{compare, Report};
use tiers_app::core::i18n::{Catalogue, Lang};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every catalogue file: its language and text.
fn catalogues() -> Vec<(Lang, Catalogue)> {
    let dir = root().join("assets/i18n");
    let mut out = Vec::new();
    for entry in fs::read_dir(&dir).expect("assets/i18n") {
        let path = entry.expect("a file").path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let tag = name
            .strip_suffix(".txt")
            .unwrap_or_else(|| panic!("{name}: not a .txt file"));
        let lang =
            Lang::from_tag(tag).unwrap_or_else(|| panic!("{name}: not a language of the page"));
        assert_eq!(
            lang.tag(),
            tag,
            "{name}: the file is named by its exact tag"
        );
        let text = fs::read_to_string(&path).unwrap_or_else(|e| panic!("{name}: {e}"));
        let c = Catalogue::parse(tag, &text).unwrap_or_else(|e| panic!("assets/i18n/{name}: {e}"));
        out.push((lang, c));
    }
    out.sort_by_key(|(l, _)| Lang::ALL.iter().position(|x| x == l));
    out
}

fn english() -> Catalogue {
    let text = fs::read_to_string(root().join("assets/i18n/en.txt")).expect("assets/i18n/en.txt");
    Catalogue::parse("en", &text).unwrap_or_else(|e| panic!("assets/i18n/en.txt: {e}"))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).expect("a source folder") {
        let path = entry.expect("a file").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The string literals of the app's code that look like keys (`a.b-c`),
/// and those of them given to `t!`, `text!`, `Text::new` (asked for).
fn keys_in_code() -> (BTreeSet<String>, BTreeSet<String>) {
    let mut files = Vec::new();
    rust_files(&root().join("src"), &mut files);
    rust_files(&root().join("app-core/src"), &mut files);
    let (mut quoted, mut asked) = (BTreeSet::new(), BTreeSet::new());
    for f in files {
        let text = fs::read_to_string(&f).expect("a source file");
        let mut rest = text.as_str();
        while let Some(start) = rest.find('"') {
            let before = &rest[..start];
            let after = &rest[start + 1..];
            // A quote as a character ('"'), not a string.
            if before.ends_with('\'') && after.starts_with('\'') {
                rest = after;
                continue;
            }
            let Some(end) = after.find('"') else { break };
            let lit = &after[..end];
            let is_key = lit.contains('.')
                && !lit.starts_with('.')
                && !lit.ends_with('.')
                && lit.chars().all(|c| {
                    c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '.' | '-')
                });
            if is_key {
                quoted.insert(lit.to_string());
                let b = before.trim_end();
                if b.ends_with("t!(") || b.ends_with("text!(") || b.ends_with("Text::new(") {
                    asked.insert(lit.to_string());
                }
            }
            rest = &after[end + 1..];
        }
    }
    (quoted, asked)
}

#[test]
fn every_catalogue_parses_and_is_a_shipped_language() {
    let all = catalogues();
    assert!(
        all.iter().any(|(l, _)| *l == Lang::En),
        "assets/i18n/en.txt is the source"
    );
}

#[test]
fn every_key_the_code_asks_for_is_in_english_and_every_english_key_is_used() {
    let en = english();
    let (quoted, asked) = keys_in_code();
    let missing: Vec<&String> = asked.iter().filter(|k| !en.has(k)).collect();
    assert!(
        missing.is_empty(),
        "keys the code asks for that assets/i18n/en.txt lacks: {missing:?}"
    );
    let unused: Vec<&String> = en.entries.keys().filter(|k| !quoted.contains(*k)).collect();
    assert!(
        unused.is_empty(),
        "keys of assets/i18n/en.txt no code uses: {unused:?}"
    );
}

fn reports() -> Vec<(Lang, Report)> {
    let en = english();
    catalogues()
        .into_iter()
        .filter(|(l, _)| *l != Lang::En)
        .map(|(l, c)| (l, compare(&en, &c)))
        .collect()
}

#[test]
fn every_translation_has_every_key_with_the_same_arguments() {
    let bad: Vec<String> = reports()
        .into_iter()
        .filter(|(_, r)| !r.is_empty())
        .map(|(l, r)| format!("assets/i18n/{}.txt:\n  {}", l.tag(), r.lines().join("\n  ")))
        .collect();
    assert!(bad.is_empty(), "{}", bad.join("\n"));
}

/// `./dev i18n`: the report of every language, and the languages without
/// a catalogue yet (they are shown in English).
#[test]
#[ignore = "a report for translators: ./dev i18n"]
fn report() {
    let have: Vec<Lang> = catalogues().into_iter().map(|(l, _)| l).collect();
    for l in Lang::ALL.into_iter().filter(|l| !have.contains(l)) {
        println!(
            "{} ({}): no catalogue yet (assets/i18n/{}.txt)",
            l.tag(),
            l.name(),
            l.tag()
        );
    }
    for (l, r) in reports() {
        println!(
            "{} ({}): {} missing, {} unused, {} differ",
            l.tag(),
            l.name(),
            r.missing.len(),
            r.unused.len(),
            r.mismatched.len()
        );
        for line in r.lines() {
            println!("  {line}");
        }
    }
}
