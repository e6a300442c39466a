//! The app's layout, checked: no module of the web app (`src/`) or of its
//! core (`app-core/src/`) uses a module that uses it back (directly or
//! through others), and the core crate depends on no web crate. Module
//! dependencies are read from the source: every `crate::…` and `super::…`
//! path outside comments, resolved to the file that defines it.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// A file's module path: `app-core/src/library/games.rs` → `library::games`
/// (`mod.rs` and `lib.rs` name their folder).
fn module_of(src: &Path, file: &Path) -> String {
    let rel = file.strip_prefix(src).unwrap().with_extension("");
    let mut parts: Vec<String> = rel
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts.join("::")
}

/// The code of a file without its comments (line comments and doc
/// comments; the code has no block comments).
fn code(text: &str) -> String {
    text.lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a file names: `crate::a::b…` and `super::…`, resolved to
/// absolute module paths (braces in `use` lines expanded one level).
fn named_paths(module: &str, text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let bytes = text.as_bytes();
    let starts = ["crate::", "super::"];
    let mut i = 0;
    while i < bytes.len() {
        if !starts.iter().any(|s| bytes[i..].starts_with(s.as_bytes())) {
            i += 1;
            continue;
        }
        // Not part of a longer word (`tiers_crate::`).
        if i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_') {
            i += 1;
            continue;
        }
        let mut j = i;
        while j < bytes.len()
            && (bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_' || bytes[j] == b':')
        {
            j += 1;
        }
        let path = text[i..j].trim_end_matches(':');
        let mut heads = vec![path.to_string()];
        if text[j..].starts_with('{') {
            if let Some(end) = text[j..].find('}') {
                heads = text[j + 1..j + end]
                    .split(',')
                    .map(|p| format!("{path}::{}", p.trim().split("::").next().unwrap_or("")))
                    .collect();
            }
        }
        for p in heads {
            let resolved = if let Some(rest) = p.strip_prefix("crate::") {
                rest.to_string()
            } else {
                // super:: is the parent of the module the file defines.
                let mut base: Vec<&str> = module.split("::").filter(|s| !s.is_empty()).collect();
                let mut rest = p.as_str();
                while let Some(r) = rest.strip_prefix("super::") {
                    base.pop();
                    rest = r;
                }
                let mut v: Vec<String> = base.iter().map(|s| s.to_string()).collect();
                v.extend(
                    rest.split("::")
                        .filter(|s| !s.is_empty())
                        .map(str::to_string),
                );
                v.join("::")
            };
            out.push(resolved);
        }
        i = j;
    }
    out
}

/// The module graph of the crate whose sources are in `src`: each module
/// (by path, `lib.rs` being the empty path) and the modules it names.
/// Panics on a cycle.
fn module_graph(src: &Path) -> BTreeMap<String, BTreeSet<String>> {
    let mut all = Vec::new();
    files(src, &mut all);
    let modules: BTreeMap<String, PathBuf> = all
        .iter()
        .filter(|f| f.file_name().is_some_and(|n| n != "tests.rs"))
        .filter(|f| !f.starts_with(src.join("bin")))
        .map(|f| (module_of(src, f), f.clone()))
        .collect();
    // Edges between modules (a path names the longest module it starts with).
    let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (module, file) in &modules {
        let text = code(&fs::read_to_string(file).unwrap());
        let from = module.clone();
        for path in named_paths(module, &text) {
            let parts: Vec<&str> = path.split("::").collect();
            let target = (1..=parts.len())
                .rev()
                .map(|n| parts[..n].join("::"))
                .find(|m| modules.contains_key(m));
            if let Some(t) = target {
                // A module naming its own children is declaring them (the
                // crate root, "", names them all).
                if t != from && !from.is_empty() && !t.starts_with(&format!("{from}::")) {
                    edges.entry(from.clone()).or_default().insert(t);
                }
            }
        }
    }
    // Cycles, by depth-first search.
    fn visit(
        m: &str,
        edges: &BTreeMap<String, BTreeSet<String>>,
        stack: &mut Vec<String>,
        done: &mut BTreeSet<String>,
        cycles: &mut Vec<String>,
    ) {
        if let Some(i) = stack.iter().position(|s| s == m) {
            cycles.push(format!("{} -> {m}", stack[i..].join(" -> ")));
            return;
        }
        if !done.insert(m.to_string()) {
            return;
        }
        stack.push(m.to_string());
        for next in edges.get(m).into_iter().flatten() {
            visit(next, edges, stack, done, cycles);
        }
        stack.pop();
    }
    let mut cycles = Vec::new();
    let mut done = BTreeSet::new();
    for m in modules.keys() {
        visit(m, &edges, &mut Vec::new(), &mut done, &mut cycles);
    }
    assert!(
        cycles.is_empty(),
        "module cycles in {}:\n{}",
        src.display(),
        cycles.join("\n")
    );
    assert!(edges.len() > 20, "the modules' uses were read");
    edges
}

#[test]
fn the_app_and_its_core_have_no_module_cycles() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    module_graph(&root.join("src"));
    module_graph(&root.join("app-core/src"));
}

/// The core crate depends on no web crate (so the reducers, their tests
/// and the fuzzing of the app's readers build without the web stack), and
/// the app's own modules are the web shell over it.
#[test]
fn the_core_has_no_web_dependency() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let manifest = fs::read_to_string(root.join("app-core/Cargo.toml")).unwrap();
    let deps: Vec<&str> = manifest
        .lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter_map(|l| l.split_once('=').map(|(name, _)| name.trim()))
        .collect();
    assert!(deps.contains(&"tiers-engine"), "the manifest was read");
    for web in [
        "yew",
        "web-sys",
        "js-sys",
        "gloo",
        "gloo-worker",
        "wasm-bindgen",
    ] {
        assert!(!deps.contains(&web), "app-core depends on {web}");
    }
    // Nor does the hardening crate need the web app.
    let hardening = fs::read_to_string(root.join("hardening/Cargo.toml")).unwrap();
    assert!(hardening.contains("tiers-core"));
    assert!(
        !hardening.contains("tiers-app"),
        "hardening depends on the web app"
    );
}
