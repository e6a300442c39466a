//! Start positions for Tiers selfplay and tuning: varied formations.

use tiers_engine::tiers::{Formation, Position, Preset};
use tiers_engine::{Color, Position as _};

/// The start position (TFEN) for the `n`th pair of games, and a label.
/// Pair 0 is the default formations; the next 25 pairs are every preset
/// against every preset; after that both sides get random formations.
pub fn tiers_start_for_game(n: u64) -> (String, String) {
    let presets = Preset::ALL;
    let k = presets.len() as u64;
    let (red, black, label) = if n == 0 {
        (
            Formation::default_for(Color::Red),
            Formation::default_for(Color::Black),
            "default formations".to_string(),
        )
    } else if n <= k * k {
        let i = n - 1;
        let (r, b) = (presets[(i / k) as usize], presets[(i % k) as usize]);
        (
            Formation::preset(r, Color::Red),
            Formation::preset(b, Color::Black),
            format!("{} vs {}", r.name(), b.name()),
        )
    } else {
        let red = Formation::random(Color::Red, n.wrapping_mul(2));
        let black = Formation::random(Color::Black, n.wrapping_mul(2).wrapping_add(1));
        let label = format!("random {red} vs {black}");
        (red, black, label)
    };
    (Position::from_formations(&red, &black).to_text(), label)
}
