//! Replays fuzz inputs through their target's checks and says what each
//! gives and how long it took:
//! `cargo run --release -p tiers-hardening --example replay -- <target> <file>...`
//! (a crash or timeout artifact of `cargo fuzz`, or a kept input).

use std::time::Instant;
use tiers_hardening::{alloc, targets};

#[global_allocator]
static ALLOC: alloc::Counting = alloc::Counting;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some((target, files)) = args.split_first() else {
        eprintln!(
            "usage: replay <target> <file>... (targets: {})",
            targets::NAMES.join(", ")
        );
        std::process::exit(2);
    };
    let mut failed = false;
    for file in files {
        let data = match std::fs::read(file) {
            Ok(d) => d,
            Err(e) => {
                eprintln!("{file}: {e}");
                std::process::exit(2);
            }
        };
        let clock = Instant::now();
        let result = targets::run(target, &data);
        let ms = clock.elapsed().as_secs_f64() * 1e3;
        match result {
            Ok(()) => println!("{file}: ok ({ms:.1} ms)"),
            Err(v) => {
                failed = true;
                println!("{file}: FAILED ({ms:.1} ms): {v}");
            }
        }
    }
    std::process::exit(i32::from(failed));
}
