//! Runs a target on generated inputs (no coverage guidance: a quick look
//! where libFuzzer is not at hand), saving each failing input as
//! `sweep-<target>-<n>`:
//! `cargo run --release -p tiers-hardening --example sweep -- <target> <count> [seed]`.

use tiers_hardening::{alloc, targets};
use tiers_rng::SplitMix64;

#[global_allocator]
static ALLOC: alloc::Counting = alloc::Counting;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(target), Some(count)) = (
        args.first(),
        args.get(1).and_then(|c| c.parse::<u64>().ok()),
    ) else {
        eprintln!("usage: sweep <target> <count> [seed]");
        std::process::exit(2);
    };
    let mut rng = SplitMix64::new(args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1));
    let mut next = move || rng.next_u64();
    let mut failures = 0;
    for n in 0..count {
        let len = 16 + (next() % 600) as usize;
        let mut data = vec![0xF8];
        data.extend((0..len).map(|_| next() as u8));
        let result = std::panic::catch_unwind(|| targets::run(target, &data));
        let problem = match result {
            Ok(Ok(())) => continue,
            Ok(Err(v)) => v.to_string(),
            Err(_) => "a panic".to_string(),
        };
        failures += 1;
        let name = format!("sweep-{target}-{n}");
        std::fs::write(&name, &data).expect("writes the input");
        eprintln!("{name}: {}", problem.chars().take(400).collect::<String>());
        if failures >= 5 {
            break;
        }
    }
    println!("{target}: {count} inputs, {failures} failures");
    if failures > 0 {
        std::process::exit(1);
    }
}
