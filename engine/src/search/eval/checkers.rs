//! The checkers evaluation.
//!
//! Bit `i` of a board is square `i + 1`; square 1 is b8, 29 is a1. Row 0 is
//! rank 8 (Black's back row), row 7 rank 1 (Red's back row); Black's men
//! move towards higher rows, Red's towards lower ones.
//!
//! The hand-set evaluation ([`evaluate_handset`]) is a weighted sum of [`FEATURES`] ([`super::Linear`]:
//! `tiers tune checkers` fits the weights to self-play results and checks
//! them by a match; see docs/ai.md, "Tuning the hand-set evaluation") plus endgame knowledge that is
//! not tuned: a lead is worth more with fewer pieces (trade down when
//! ahead), and, in endgames, the stronger side drives the weaker side's
//! kings out of the double corners with its kings close by (so that two
//! kings beat one and three beat two).

use super::{Evaluate, Linear, Mobility};
use crate::{checkers::Position, Color, Position as _};

/// The names of the evaluation features, in weight order. Each is the
/// side to move's count minus the opponent's.
pub const FEATURES: [&str; 10] = [
    "men",
    "kings",
    "back rank men",
    "centre men",
    "centre kings",
    "mobility",
    "tempo",
    "runaway men",
    "kings on the edge",
    "pieces en prise",
];

/// The weights of [`FEATURES`], in hundredths of a man.
pub const WEIGHTS: [i32; 10] = [100, 138, 20, 8, 1, 3, 0, 31, -3, -21];

const fn square_row(bit: u32) -> u32 {
    bit / 4
}

const fn square_file(bit: u32) -> u32 {
    if square_row(bit) & 1 == 0 {
        2 * (bit % 4) + 1
    } else {
        2 * (bit % 4)
    }
}

const fn mask_where(f: [bool; 32]) -> u32 {
    let mut m = 0;
    let mut i = 0;
    while i < 32 {
        if f[i] {
            m |= 1 << i;
        }
        i += 1;
    }
    m
}

const fn row_mask(r: u32) -> u32 {
    0xF << (4 * r)
}

const CENTRE: u32 = {
    // Squares 10, 11, 14, 15, 18, 19, 22, 23.
    let squares = [10, 11, 14, 15, 18, 19, 22, 23];
    let mut m = 0;
    let mut i = 0;
    while i < squares.len() {
        m |= 1 << (squares[i] - 1);
        i += 1;
    }
    m
};

const EDGE: u32 = {
    let mut f = [false; 32];
    let mut b = 0;
    while b < 32 {
        let file = square_file(b as u32);
        f[b] = file == 0 || file == 7;
        b += 1;
    }
    mask_where(f)
};

/// Double corners: b8/a7 (squares 1, 5) and h2/g1 (28, 32).
const DOUBLE_CORNERS: u32 = (1 << 0) | (1 << 4) | (1 << 27) | (1 << 31);

/// For each square and colour, the squares in front of a man there that an
/// enemy piece could stop it from: its forward cone.
const CONES: [[u32; 32]; 2] = {
    let mut cones = [[0u32; 32]; 2];
    let mut c = 0;
    while c < 2 {
        let mut b = 0;
        while b < 32 {
            // c == 0: Red, moving to lower rows; c == 1: Black, to higher rows.
            let r0 = square_row(b as u32) as i32;
            let f0 = square_file(b as u32) as i32;
            let mut m = 0u32;
            let mut t = 0;
            while t < 32 {
                let r = square_row(t as u32) as i32;
                let f = square_file(t as u32) as i32;
                let ahead = if c == 0 { r0 - r } else { r - r0 };
                // Squares ahead within the cone, widened by one file so an
                // enemy beside the path counts as a stopper.
                if ahead >= 1 && (f - f0).abs() <= ahead + 1 {
                    m |= 1 << t;
                }
                t += 1;
            }
            cones[c][b] = m;
            b += 1;
        }
        c += 1;
    }
    cones
};

/// Pieces of `victim` that `attacker` could jump if it were to move.
#[inline]
fn en_prise(pos: &Position, attacker: Color) -> u32 {
    use crate::checkers::board::{reverse, step, Dir};
    let victim = attacker.opposite();
    let targets = pos.pieces(victim);
    let empty = !pos.occupied();
    let men = pos.pieces(attacker);
    let kings = pos.kings(attacker);
    let [f0, f1] = Dir::forward(attacker);
    let mut hit = 0;
    for d in Dir::ALL {
        let movers = if d == f0 || d == f1 { men } else { kings };
        // The landing square beyond the victim must be empty.
        let landing = step(step(movers, d) & targets, d) & empty;
        hit |= step(landing, reverse(d));
    }
    hit & targets
}

/// Squares on rows 1, 3, 5, 7; rows 2, 3, 6, 7; rows 4 to 7: the bits of
/// the row number, to add up rows with three popcounts.
const ROW_BITS: [u32; 3] = [0xF0F0_F0F0, 0xFF00_FF00, 0xFFFF_0000];

/// Σ of the row numbers (0–7) of the squares of `b`.
#[inline]
fn row_sum(b: u32) -> i32 {
    ((b & ROW_BITS[0]).count_ones()
        + 2 * (b & ROW_BITS[1]).count_ones()
        + 4 * (b & ROW_BITS[2]).count_ones()) as i32
}

#[inline]
fn side_features(pos: &Position, c: Color) -> [i32; 10] {
    use crate::checkers::board::{step, Dir};
    let men = pos.men(c);
    let kings = pos.kings(c);
    let empty = !pos.occupied();
    let back_row = match c {
        Color::Black => row_mask(0),
        Color::Red => row_mask(7),
    };
    let [f0, f1] = Dir::forward(c);
    let [b0, b1] = Dir::forward(c.opposite());
    let mobility = (step(men | kings, f0) & empty).count_ones()
        + (step(men | kings, f1) & empty).count_ones()
        + (step(kings, b0) & empty).count_ones()
        + (step(kings, b1) & empty).count_ones();
    let n_men = men.count_ones() as i32;
    // Rows advanced from the own back row.
    let tempo = match c {
        Color::Black => row_sum(men),
        Color::Red => 7 * n_men - row_sum(men),
    };
    let enemies = pos.pieces(c.opposite());
    let cones = &CONES[c.index()];
    let mut runaway = 0;
    // Only men in the far half can be runaways: further back, some enemy
    // is always in the way while the game is undecided.
    let far_half = match c {
        Color::Black => 0xFFFF_0000,
        Color::Red => 0x0000_FFFF,
    };
    let mut m = men & far_half;
    while m != 0 {
        let b = m.trailing_zeros();
        m &= m - 1;
        runaway += i32::from(cones[b as usize] & enemies == 0);
    }
    [
        n_men,
        kings.count_ones() as i32,
        (men & back_row).count_ones() as i32,
        (men & CENTRE).count_ones() as i32,
        (kings & CENTRE).count_ones() as i32,
        mobility as i32,
        tempo,
        runaway,
        (kings & EDGE).count_ones() as i32,
        en_prise(pos, c.opposite()).count_ones() as i32,
    ]
}

/// The feature values for the side to move (own minus opponent's).
#[must_use]
pub fn features(pos: &Position) -> [i32; 10] {
    let us = pos.side_to_move();
    let a = side_features(pos, us);
    let b = side_features(pos, us.opposite());
    let mut f = [0; 10];
    for i in 0..10 {
        f[i] = a[i] - b[i];
    }
    f
}

fn distance(a: u32, b: u32) -> i32 {
    let dr = (square_row(a) as i32 - square_row(b) as i32).abs();
    let df = (square_file(a) as i32 - square_file(b) as i32).abs();
    dr.max(df)
}

/// Endgame knowledge, for the side to move: trade down when ahead, and
/// with kings, chase the weaker side's kings out of the double corners.
#[must_use]
pub fn endgame(pos: &Position) -> i32 {
    let us = pos.side_to_move();
    let them = us.opposite();
    let value =
        |c: Color| 100 * pos.men(c).count_ones() as i32 + 135 * pos.kings(c).count_ones() as i32;
    let (mine, theirs) = (value(us), value(them));
    let total = (pos.men(us) | pos.kings(us) | pos.men(them) | pos.kings(them)).count_ones() as i32;
    let diff = mine - theirs;
    if diff == 0 {
        return 0;
    }
    let (strong, weak, sign) = if diff > 0 {
        (us, them, 1)
    } else {
        (them, us, -1)
    };
    // Trading down when ahead: the same lead is worth more with fewer pieces.
    let mut bonus = diff.abs() * 4 / total.max(1);
    let weak_pieces = (pos.men(weak) | pos.kings(weak)).count_ones() as i32;
    let strong_kings = pos.kings(strong);
    if strong_kings != 0 && pos.men(weak) == 0 && weak_pieces <= 3 {
        // Drive the weak kings out of the double corners and stay close.
        let mut w = pos.kings(weak);
        while w != 0 {
            let wb = w.trailing_zeros();
            w &= w - 1;
            if DOUBLE_CORNERS & (1 << wb) == 0 {
                bonus += 25;
            }
            let mut s = strong_kings;
            let mut nearest = 8;
            let mut sum = 0;
            while s != 0 {
                let sb = s.trailing_zeros();
                s &= s - 1;
                let d = distance(sb, wb);
                nearest = nearest.min(d);
                sum += d;
            }
            bonus += 4 * (8 - nearest) + (16 - sum).max(0);
        }
        // Men of the strong side should crown.
        let mut m = pos.men(strong);
        while m != 0 {
            let b = m.trailing_zeros();
            m &= m - 1;
            let advanced = match strong {
                Color::Black => square_row(b) as i32,
                Color::Red => 7 - square_row(b) as i32,
            };
            bonus += 3 * advanced;
        }
    }
    sign * bonus
}

/// The hand-set evaluation: the weighted [`FEATURES`] plus [`endgame`].
/// The engine uses the learned one ([`super::learned::checkers`]) and
/// falls back to this one; `tiers selfplay` plays it as `L:handset`.
#[must_use]
pub fn evaluate_handset(pos: &Position) -> i32 {
    let f = features(pos);
    let mut score = 0;
    for i in 0..WEIGHTS.len() {
        score += WEIGHTS[i] * f[i];
    }
    score + endgame(pos)
}

impl Evaluate for Position {
    #[inline]
    fn evaluate(&self) -> i32 {
        self.evaluate_patterns()
    }

    /// The neural evaluation ([`super::nnue`]); the learned pattern one
    /// if its network file is damaged.
    #[inline]
    fn evaluate_neural(&self) -> i32 {
        match super::nnue::network() {
            Some(net) => net.evaluate(self),
            None => self.evaluate_patterns(),
        }
    }

    #[inline]
    fn evaluate_neural_in(
        &self,
        stack: &mut super::EvalStack,
        parent: Option<&Self>,
        ply: usize,
    ) -> i32 {
        match super::nnue::network() {
            Some(net) => stack.evaluate(net, self, parent, ply),
            None => self.evaluate_patterns(),
        }
    }

    #[inline]
    fn evaluate_patterns(&self) -> i32 {
        use super::learned::checkers::{evaluate_with, learned};
        evaluate_with(learned(), self)
    }

    fn evaluate_handset(&self) -> i32 {
        evaluate_handset(self)
    }

    #[inline]
    fn mobility(&self) -> Mobility {
        use crate::checkers::board::{step, Dir};
        let b = self.board();
        if b.capturers() != 0 {
            return Mobility::Captures;
        }
        let us = b.side;
        let me = b.pieces[us.index()];
        let kings = me & b.kings;
        let empty = b.empty();
        let [f0, f1] = Dir::forward(us);
        let [b0, b1] = Dir::forward(us.opposite());
        if (step(me, f0) | step(me, f1) | step(kings, b0) | step(kings, b1)) & empty != 0 {
            Mobility::Quiet
        } else {
            Mobility::Stuck
        }
    }

    fn move_key(&self, mv: &Self::Move) -> u32 {
        u32::from(mv.from()) | u32::from(mv.to()) << 6 | mv.capture_count() << 12
    }

    fn capture_value(&self, mv: &Self::Move) -> i32 {
        let them = self.side_to_move().opposite();
        let captured = mv.captured();
        100 * (captured & self.men(them)).count_ones() as i32
            + 135 * (captured & self.kings(them)).count_ones() as i32
    }

    fn material(&self) -> i32 {
        let us = self.side_to_move();
        let them = us.opposite();
        100 * (self.men(us).count_ones() as i32 - self.men(them).count_ones() as i32)
            + 150 * (self.kings(us).count_ones() as i32 - self.kings(them).count_ones() as i32)
    }
}

impl Linear for Position {
    const FEATURES: &'static [&'static str] = &FEATURES;
    const WEIGHTS: &'static [i32] = &WEIGHTS;

    fn features(&self, out: &mut Vec<i32>) {
        out.clear();
        out.extend_from_slice(&features(self));
    }

    fn fixed(&self) -> i32 {
        endgame(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn masks_and_row_sums() {
        assert_eq!(CENTRE.count_ones(), 8);
        assert_eq!(EDGE.count_ones(), 8);
        // One square on each row: 0 + 1 + ... + 7.
        let one_per_row: u32 = (0..8).map(|r| 1 << (4 * r)).sum();
        assert_eq!(row_sum(one_per_row), 28);
        assert_eq!(row_sum(row_mask(5)), 20);
        // Black men on squares 1-12 sit on rows 0-2; Red's on 21-32 have
        // advanced 0-2 rows from their own back row: both tempi are 12.
        let start = Position::start();
        assert_eq!(side_features(&start, Color::Black)[6], 12);
        assert_eq!(side_features(&start, Color::Red)[6], 12);
        // Mobility: seven moves for each side at the start.
        assert_eq!(side_features(&start, Color::Black)[5], 7);
    }

    #[test]
    fn start_is_balanced() {
        let start = Position::start();
        assert_eq!(features(&start), [0; 10]);
        assert_eq!(evaluate_handset(&start), 0);
        assert_eq!(start.material(), 0);
    }

    #[test]
    fn a_man_up_is_good_for_the_side_up() {
        let pos =
            Position::parse("B:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12")
                .unwrap();
        assert!(evaluate_handset(&pos) > 60);
        let pos =
            Position::parse("W:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12")
                .unwrap();
        assert!(evaluate_handset(&pos) < -60);
    }

    #[test]
    fn en_prise_sees_a_jump() {
        // Red man on 18 (d4) can jump the Black man on 14 (c5) to 9 (b6);
        // the Black man cannot jump back: 23 (e3) behind d4 is taken.
        let pos = Position::parse("B:W18,23:B14").unwrap();
        assert_eq!(en_prise(&pos, Color::Red), 1 << 13);
        assert_eq!(en_prise(&pos, Color::Black), 0);
    }

    #[test]
    fn two_kings_against_one_prefer_the_weak_king_out_of_the_corner() {
        let cornered = Position::parse("W:WK14,K15:BK1").unwrap();
        let out = Position::parse("W:WK14,K15:BK10").unwrap();
        assert!(evaluate_handset(&cornered) > 100);
        assert!(evaluate_handset(&out) > evaluate_handset(&cornered));
    }
}
