//! Replays the kept fuzz inputs through the same checks the fuzz targets
//! run: `fuzz/corpus/<target>/` (seeds: real files and positions, and
//! structure-aware starting points) and `fuzz/regressions/<target>/` (the
//! minimised inputs that once broke a property: they must keep passing).
//! One test, so that the allocation bound is measured with nothing else
//! running in this process.

use std::fs;
use std::path::{Path, PathBuf};
use tiers_hardening::{alloc, targets};

#[global_allocator]
static ALLOC: alloc::Counting = alloc::Counting;

fn files(dir: &Path) -> Vec<PathBuf> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut out: Vec<PathBuf> = entries
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.is_file())
        .collect();
    out.sort();
    out
}

#[test]
fn every_kept_input_passes_its_checks() {
    assert!(alloc::counting(), "the counting allocator is installed");
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut failures = Vec::new();
    let mut replayed = 0;
    for name in targets::NAMES {
        let seeds = files(&fuzz.join("corpus").join(name));
        assert!(
            seeds.len() >= 3,
            "fuzz/corpus/{name} holds {} seeds",
            seeds.len()
        );
        for path in seeds
            .iter()
            .chain(&files(&fuzz.join("regressions").join(name)))
        {
            let data = fs::read(path).unwrap();
            replayed += 1;
            if let Err(v) = targets::run(name, &data) {
                failures.push(format!("{}: {v}", path.display()));
            }
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert!(replayed >= 3 * targets::NAMES.len());
    // An unknown target is an error, not a pass.
    assert!(targets::run("nothing", b"x").is_err());
}
