//! The ACF three-move ballots (engine/data/acf_3move_ballots.csv), built
//! into the binary so that `tiers selfplay` works from any directory.

const CSV: &str = include_str!("../../../data/acf_3move_ballots.csv");

/// One opening.
pub struct Ballot {
    /// The ACF number.
    pub number: u32,
    /// The three moves.
    pub moves: String,
    /// The PDN FEN after the three moves.
    pub fen: String,
}

/// The 156 crossboard and mail-play ballots in ACF order (barred ones are
/// skipped).
pub fn load() -> Vec<Ballot> {
    CSV.lines()
        .skip(1)
        .filter_map(|line| {
            // acf_no,moves,category,computer_tough_deck,name,"fen"
            let (head, fen) = line.split_once('"')?;
            let mut fields = head.split(',');
            let number = fields.next()?.trim().parse().ok()?;
            let moves = fields.next()?.trim().to_string();
            let category = fields.next()?.trim();
            if category == "barred" {
                return None;
            }
            Some(Ballot {
                number,
                moves,
                fen: fen.trim().trim_end_matches('"').to_string(),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn there_are_156_ballots() {
        let b = super::load();
        assert_eq!(b.len(), 156);
        assert_eq!(b[0].number, 1);
        assert!(b.iter().all(|x| x.fen.starts_with("W:")));
    }
}
