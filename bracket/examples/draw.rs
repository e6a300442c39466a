//! Writes an SVG of a half-played bracket: `cargo run -p tiers-bracket --example draw -- 11 out.svg`.
use tiers_bracket::{svg, Bracket, Entrant, Seeding};
use tiers_rng::SplitMix64;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(8);
    let out = args.get(2).cloned().unwrap_or_else(|| "bracket.svg".into());
    let names = [
        "Ann", "Bob", "Cyrus", "Dee", "Evelyn", "Fay", "Gus", "Hal", "Ida", "Jo", "Kim", "Lou",
        "Max", "Ned", "Oli", "Pat",
    ];
    let entrants: Vec<Entrant> = (0..n)
        .map(|i| match names.get(i) {
            Some(name) if i % 5 != 4 => Entrant::person(*name),
            _ => Entrant {
                name: format!("Computer {}", i + 1),
                level: Some((i % 8 + 1) as u8),
            },
        })
        .collect();
    let mut b = match Bracket::new("Adults", entrants, Seeding::AsEntered) {
        Ok(b) => b,
        Err(e) => {
            eprintln!("{e}");
            std::process::exit(1);
        }
    };
    let mut rng = SplitMix64::new(n as u64);
    let target = b.structure().matches.len() * 2 / 3;
    for _ in 0..target {
        let ready = b.ready_matches();
        let Some(&id) = ready.first() else { break };
        let w = b.players(id)[rng.below(2) as usize].unwrap();
        b.set_result(id, w, if id % 3 == 0 { "2–1" } else { "" }, "")
            .unwrap();
    }
    if let Err(e) = std::fs::write(&out, svg::render(&b, "Club night — Adults")) {
        eprintln!("cannot write {out}: {e}");
        std::process::exit(1);
    }
}
