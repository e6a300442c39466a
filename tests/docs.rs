//! The documentation's cross-references, checked: every relative link of
//! every Markdown file (`[text](docs/build.md#profiles)`) names a file
//! that exists and, with an anchor, a heading of that file; and every
//! reference to a section in a comment or a document, written as
//! `docs/ai.md, "Full speed in the browser"` or `README "Quick start"`,
//! names a heading that exists. A reference to README or docs/… followed
//! by a comma must quote its section. Code spans, fenced code blocks and
//! the fuzz corpus are not read for links; fenced code blocks and the
//! fuzz corpus are not read for references.

use std::collections::BTreeSet;
use std::fs;
use std::path::{Path, PathBuf};

/// Folders not read: build output, dependencies, generated data.
const SKIP_DIRS: [&str; 5] = ["target", "dist", "node_modules", ".git", "egdb"];
/// Folders under `fuzz/` that hold inputs, not text.
const SKIP_FUZZ: [&str; 5] = ["corpus", "regressions", "artifacts", "work", "target"];
/// This file: its fixture holds broken links and references on purpose.
const SELF: &str = "tests/docs.rs";
/// Extensions of the files whose references are checked.
const TEXT: [&str; 8] = ["md", "rs", "toml", "mjs", "js", "html", "css", "txt"];

fn walk(root: &Path, dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            let in_fuzz = dir.strip_prefix(root).is_ok_and(|d| d == Path::new("fuzz"));
            let skipped = SKIP_DIRS.contains(&name.as_str())
                || (in_fuzz && SKIP_FUZZ.contains(&name.as_str()));
            if !skipped {
                walk(root, &path, out);
            }
        } else if path.strip_prefix(root).is_ok_and(|p| p == Path::new(SELF)) {
            continue;
        } else if name == "dev"
            || name == "run"
            || path
                .extension()
                .is_some_and(|e| TEXT.contains(&e.to_string_lossy().as_ref()))
        {
            out.push(path);
        }
    }
}

/// The text of a heading as it is compared with a quoted section: without
/// its `#`s, code ticks and surrounding space.
fn section_text(s: &str) -> String {
    s.trim_start_matches('#')
        .replace('`', "")
        .trim()
        .to_string()
}

/// GitHub's anchor for a heading: lower case, spaces to hyphens, other
/// punctuation dropped.
fn slug(heading: &str) -> String {
    let mut out = String::new();
    for c in section_text(heading).chars() {
        if c.is_alphanumeric() || c == '-' || c == '_' {
            out.extend(c.to_lowercase());
        } else if c == ' ' {
            out.push('-');
        }
    }
    out
}

/// The lines of a Markdown file outside fenced code blocks, with their
/// numbers.
fn prose_lines(text: &str) -> Vec<(usize, &str)> {
    let mut fenced = false;
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        if line.trim_start().starts_with("```") {
            fenced = !fenced;
        } else if !fenced {
            out.push((i + 1, line));
        }
    }
    out
}

/// A Markdown file's headings (as written, without `#`s) and anchors.
fn headings(text: &str) -> (Vec<String>, BTreeSet<String>) {
    let mut names = Vec::new();
    let mut anchors = BTreeSet::new();
    for (_, line) in prose_lines(text) {
        let hashes = line.chars().take_while(|&c| c == '#').count();
        if (1..=6).contains(&hashes) && line[hashes..].starts_with(' ') {
            let name = section_text(line);
            let base = slug(line);
            let mut anchor = base.clone();
            let mut n = 0;
            while anchors.contains(&anchor) {
                n += 1;
                anchor = format!("{base}-{n}");
            }
            anchors.insert(anchor);
            names.push(name);
        }
    }
    (names, anchors)
}

/// A line without its code spans.
fn without_code(line: &str) -> String {
    let mut out = String::new();
    for (i, part) in line.split('`').enumerate() {
        if i % 2 == 0 {
            out.push_str(part);
        }
    }
    out
}

/// A line of Markdown without its links' destinations (checked as links).
fn without_link_targets(line: &str) -> String {
    let mut out = String::new();
    let mut rest = line;
    while let Some(at) = rest.find("](") {
        out.push_str(&rest[..at + 1]);
        rest = &rest[at + 2..];
        rest = rest.find(')').map_or("", |end| &rest[end + 1..]);
    }
    out.push_str(rest);
    out
}

/// The destinations of the inline links of one line of Markdown.
fn link_targets(line: &str) -> Vec<String> {
    let line = without_code(line);
    let mut out = Vec::new();
    let mut rest = line.as_str();
    while let Some(at) = rest.find("](") {
        rest = &rest[at + 2..];
        if let Some(end) = rest.find(')') {
            let dest = rest[..end].split_whitespace().next().unwrap_or("");
            out.push(dest.to_string());
            rest = &rest[end..];
        }
    }
    out
}

/// Every broken link and reference under `root`, as `path:line: what`.
fn problems(root: &Path) -> Vec<String> {
    let mut files = Vec::new();
    walk(root, root, &mut files);
    files.sort();
    let mut found = Vec::new();
    for file in &files {
        let Ok(text) = fs::read_to_string(file) else {
            continue;
        };
        let shown = file
            .strip_prefix(root)
            .unwrap_or(file)
            .display()
            .to_string();
        let markdown = file.extension().is_some_and(|e| e == "md");
        if markdown {
            for (n, line) in prose_lines(&text) {
                for dest in link_targets(line) {
                    if let Some(p) = check_link(root, file, &dest) {
                        found.push(format!("{shown}:{n}: link `{dest}`: {p}"));
                    }
                }
            }
        }
        let lines: Vec<(usize, String)> = if markdown {
            prose_lines(&text)
                .into_iter()
                .map(|(n, l)| (n, without_link_targets(l)))
                .collect()
        } else {
            text.lines()
                .enumerate()
                .map(|(i, l)| (i + 1, l.to_string()))
                .collect()
        };
        // Joined so that a reference may run on to the next line.
        let mut joined = String::new();
        let mut starts = Vec::new();
        for (n, line) in &lines {
            starts.push((joined.len(), *n));
            joined.push_str(line);
            joined.push('\n');
        }
        for (at, problem) in check_references(root, &joined) {
            let n = starts
                .iter()
                .rev()
                .find(|(start, _)| *start <= at)
                .map_or(0, |(_, n)| *n);
            found.push(format!("{shown}:{n}: {problem}"));
        }
    }
    found
}

/// What is wrong with a link's destination, if anything.
fn check_link(root: &Path, from: &Path, dest: &str) -> Option<String> {
    if dest.contains("://") || dest.starts_with("mailto:") || dest.is_empty() {
        return None;
    }
    let (path, anchor) = match dest.split_once('#') {
        Some((p, a)) => (p, Some(a)),
        None => (dest, None),
    };
    let target = if path.is_empty() {
        from.to_path_buf()
    } else if let Some(abs) = path.strip_prefix('/') {
        root.join(abs)
    } else {
        from.parent().unwrap_or(root).join(path)
    };
    if !target.exists() {
        return Some("no such file".into());
    }
    let anchor = anchor?;
    if target.extension().is_none_or(|e| e != "md") {
        return None;
    }
    let text = fs::read_to_string(&target).ok()?;
    let (_, anchors) = headings(&text);
    (!anchors.contains(anchor)).then(|| format!("no heading with the anchor #{anchor}"))
}

/// The section references in a text: (byte offset, problem).
fn check_references(root: &Path, text: &str) -> Vec<(usize, String)> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let rest = &text[i..];
        let before_ok = i == 0 || {
            let b = bytes[i - 1];
            !(b.is_ascii_alphanumeric() || matches!(b, b'/' | b'_' | b'-' | b'.'))
        };
        let name = if !before_ok {
            None
        } else if rest.starts_with("README") {
            let len = if rest.starts_with("README.md") { 9 } else { 6 };
            Some(("README.md".to_string(), len))
        } else if rest.starts_with("docs/") {
            let len = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || "_-./".contains(c)))
                .unwrap_or(rest.len());
            let name = rest[..len].trim_end_matches('.');
            name.ends_with(".md")
                .then(|| (name.to_string(), name.len()))
        } else {
            None
        };
        let Some((file, len)) = name else {
            i += rest.chars().next().map_or(1, char::len_utf8);
            continue;
        };
        let after = &rest[len..];
        if after.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
            i += len;
            continue;
        }
        let path = root.join(&file);
        let Ok(target) = fs::read_to_string(&path) else {
            out.push((i, format!("`{file}` does not exist")));
            i += len;
            continue;
        };
        // `FILE, "Section"` or `FILE "Section"`.
        let spaced = after.trim_start_matches([' ', '\t']);
        let comma = spaced.starts_with(',');
        let quoted = if comma {
            spaced[1..].trim_start_matches([' ', '\t', '\n', '\r', '/', '!', '#', '*'])
        } else if spaced.len() < after.len() {
            spaced
        } else {
            ""
        };
        let close = match quoted.chars().next() {
            Some('"') => Some('"'),
            Some('`') => Some('`'),
            Some('“') => Some('”'),
            _ => None,
        };
        match close {
            Some(close) => {
                let open_len = quoted.chars().next().map_or(1, char::len_utf8);
                let body = &quoted[open_len..];
                match body.find(close) {
                    Some(end) => {
                        let section = section_text(&body[..end]);
                        let (names, _) = headings(&target);
                        if !names.contains(&section) {
                            out.push((i, format!("`{file}` has no section \"{section}\"")));
                        }
                    }
                    None => out.push((i, format!("`{file}`: unclosed section name"))),
                }
            }
            None if comma => out.push((
                i,
                format!("`{file}`, then no quoted section: write `{file}, \"Heading\"`"),
            )),
            None => {}
        }
        i += len;
    }
    out
}

#[test]
fn every_link_and_section_reference_resolves() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let found = problems(root);
    assert!(
        found.is_empty(),
        "broken links or references:\n{}",
        found.join("\n")
    );
}

#[test]
fn the_check_finds_broken_links_and_references() {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("docs-links-fixture");
    let _ = fs::remove_dir_all(&root);
    fs::create_dir_all(root.join("docs")).unwrap();
    fs::create_dir_all(root.join("src")).unwrap();
    fs::create_dir_all(root.join("fuzz/corpus/x")).unwrap();
    fs::write(
        root.join("README.md"),
        "# Fixture\n\n## Quick start\n\n\
         [good](docs/a.md#the-tiers-tool) [same file](#quick-start) [dir](src/)\n\
         [gone](docs/gone.md) [bad anchor](docs/a.md#nowhere)\n\
         `[in code](docs/gone.md)` [web](https://example.org/x.md)\n\
         ```\n[fenced](docs/gone.md)\n```\n\
         See docs/a.md, \"The `tiers` tool\", and docs/a.md, \"Nowhere\".\n",
    )
    .unwrap();
    fs::write(
        root.join("docs/a.md"),
        "# A\n\n## The `tiers` tool\n\n[back](../README.md#fixture) [up](../README.md#gone)\n",
    )
    .unwrap();
    fs::write(
        root.join("src/x.rs"),
        "//! Fine: (docs/a.md, \"The tiers tool\") and README \"## Quick start\" and\n\
         //! README.md, \"Quick start\"; see README.md; across lines (docs/a.md,\n\
         //! \"A\").\n\
         // Broken: (README, \"Transfer size\"), (README, Hardening), docs/b.md,\n\
         // README `## AI`.\n\
         // Not references: READMEs, my/README.md, docs/ alone, https://x/docs/a.md.\n",
    )
    .unwrap();
    fs::write(root.join("fuzz/corpus/x/seed"), "README, \"Nowhere\"\n").unwrap();

    let found = problems(&root);
    let expected = [
        "README.md:6: link `docs/gone.md`: no such file",
        "README.md:6: link `docs/a.md#nowhere`: no heading with the anchor #nowhere",
        "README.md:11: `docs/a.md` has no section \"Nowhere\"",
        "docs/a.md:5: link `../README.md#gone`: no heading with the anchor #gone",
        "src/x.rs:4: `README.md` has no section \"Transfer size\"",
        "src/x.rs:4: `README.md`, then no quoted section: write `README.md, \"Heading\"`",
        "src/x.rs:4: `docs/b.md` does not exist",
        "src/x.rs:5: `README.md` has no section \"AI\"",
    ];
    assert_eq!(found, expected, "found:\n{}", found.join("\n"));
}
