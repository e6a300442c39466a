//! The checkers evaluation.
//!
//! Bit `i` of a board is square `i + 1`; square 1 is b8, 29 is a1. Row 0 is
//! rank 8 (Black's back row), row 7 rank 1 (Red's back row); Black's men
//! move towards higher rows, Red's towards lower ones.
//!
//! The evaluation is a weighted sum of [`FEATURES`] (tuned by `tiers tune
//! checkers`, see [`super::tune`]) plus endgame knowledge that is not tuned:
//! trading down when ahead, and, in endgames, driving the weaker side's
//! kings out of the double corner with the stronger side's kings close by
//! (so that two kings beat one).

use super::{Evaluate, Linear};
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
pub const WEIGHTS: [i32; 10] = [100, 135, 8, 6, 8, 3, 1, 35, -8, -20];

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

/// Squares with a neighbour in each direction, and the shift that reaches it.
struct Dir {
    /// Sources that move by a left shift `by` (towards higher squares) or
    /// right shift (towards lower squares), per row parity.
    even_mask: u32,
    even_shift: i32,
    odd_mask: u32,
    odd_shift: i32,
}

const fn dir(drow: i32, dfile: i32) -> Dir {
    let mut even_mask = 0u32;
    let mut odd_mask = 0u32;
    let mut even_shift = 0;
    let mut odd_shift = 0;
    let mut b = 0u32;
    while b < 32 {
        let r = square_row(b) as i32 + drow;
        let f = square_file(b) as i32 + dfile;
        if r >= 0 && r < 8 && f >= 0 && f < 8 {
            // Target bit: row r, file f.
            let t = r * 4 + f / 2;
            if square_row(b) & 1 == 0 {
                even_mask |= 1 << b;
                even_shift = t - b as i32;
            } else {
                odd_mask |= 1 << b;
                odd_shift = t - b as i32;
            }
        }
        b += 1;
    }
    Dir {
        even_mask,
        even_shift,
        odd_mask,
        odd_shift,
    }
}

const fn shift(b: u32, by: i32) -> u32 {
    if by >= 0 {
        b << by
    } else {
        b >> (-by)
    }
}

const fn step(d: &Dir, b: u32) -> u32 {
    shift(b & d.even_mask, d.even_shift) | shift(b & d.odd_mask, d.odd_shift)
}

const DOWN_LEFT: Dir = dir(1, -1);
const DOWN_RIGHT: Dir = dir(1, 1);
const UP_LEFT: Dir = dir(-1, -1);
const UP_RIGHT: Dir = dir(-1, 1);

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

fn forward_steps(color: Color, b: u32) -> [u32; 2] {
    match color {
        Color::Black => [step(&DOWN_LEFT, b), step(&DOWN_RIGHT, b)],
        Color::Red => [step(&UP_LEFT, b), step(&UP_RIGHT, b)],
    }
}

fn all_steps(b: u32) -> [u32; 4] {
    [
        step(&DOWN_LEFT, b),
        step(&DOWN_RIGHT, b),
        step(&UP_LEFT, b),
        step(&UP_RIGHT, b),
    ]
}

fn all_dirs() -> [&'static Dir; 4] {
    [&DOWN_LEFT, &DOWN_RIGHT, &UP_LEFT, &UP_RIGHT]
}

fn forward_dirs(color: Color) -> [&'static Dir; 2] {
    match color {
        Color::Black => [&DOWN_LEFT, &DOWN_RIGHT],
        Color::Red => [&UP_LEFT, &UP_RIGHT],
    }
}

/// Pieces of `victim` that `attacker` could jump if it were to move.
fn en_prise(pos: &Position, attacker: Color) -> u32 {
    let victim = attacker.opposite();
    let targets = pos.men(victim) | pos.kings(victim);
    let empty = !pos.occupied();
    let mut hit = 0;
    for d in forward_dirs(attacker) {
        // The landing square beyond the victim must be empty.
        let landing_ok = step(d, step(d, pos.men(attacker)) & targets) & empty;
        hit |= back(d, landing_ok);
    }
    for d in all_dirs() {
        let landing_ok = step(d, step(d, pos.kings(attacker)) & targets) & empty;
        hit |= back(d, landing_ok);
    }
    hit & targets
}

/// One step back along `d` (the victim square before a landing square).
fn back(d: &Dir, b: u32) -> u32 {
    let opposite = if core::ptr::eq(d, &DOWN_LEFT) {
        &UP_RIGHT
    } else if core::ptr::eq(d, &DOWN_RIGHT) {
        &UP_LEFT
    } else if core::ptr::eq(d, &UP_LEFT) {
        &DOWN_RIGHT
    } else {
        &DOWN_LEFT
    };
    step(opposite, b)
}

fn side_features(pos: &Position, c: Color, out: &mut [i32; 10]) {
    let men = pos.men(c);
    let kings = pos.kings(c);
    let empty = !pos.occupied();
    let back_row = match c {
        Color::Black => row_mask(0),
        Color::Red => row_mask(7),
    };
    let mut mobility = 0;
    for t in forward_steps(c, men) {
        mobility += (t & empty).count_ones();
    }
    for t in all_steps(kings) {
        mobility += (t & empty).count_ones();
    }
    let mut tempo = 0;
    let mut runaway = 0;
    let enemies = pos.men(c.opposite()) | pos.kings(c.opposite());
    let mut m = men;
    while m != 0 {
        let b = m.trailing_zeros();
        m &= m - 1;
        let row = square_row(b) as i32;
        tempo += match c {
            Color::Black => row,
            Color::Red => 7 - row,
        };
        if CONES[c.index()][b as usize] & enemies == 0 {
            runaway += 1;
        }
    }
    out[0] = men.count_ones() as i32;
    out[1] = kings.count_ones() as i32;
    out[2] = (men & back_row).count_ones() as i32;
    out[3] = (men & CENTRE).count_ones() as i32;
    out[4] = (kings & CENTRE).count_ones() as i32;
    out[5] = mobility as i32;
    out[6] = tempo;
    out[7] = runaway;
    out[8] = (kings & EDGE).count_ones() as i32;
    out[9] = en_prise(pos, c.opposite()).count_ones() as i32;
}

/// The feature values for the side to move (own minus opponent's).
#[must_use]
pub fn features(pos: &Position) -> [i32; 10] {
    let us = pos.side_to_move();
    let mut a = [0; 10];
    let mut b = [0; 10];
    side_features(pos, us, &mut a);
    side_features(pos, us.opposite(), &mut b);
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
    let mut bonus = diff.abs() * (24 - total).max(0) / 24;
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

impl Evaluate for Position {
    fn evaluate(&self) -> i32 {
        let f = features(self);
        let mut score = 0;
        for i in 0..WEIGHTS.len() {
            score += WEIGHTS[i] * f[i];
        }
        score + endgame(self)
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
    fn geometry_of_steps() {
        // Square 1 (b8) goes down to 5 (a7) and 6 (c7).
        assert_eq!(step(&DOWN_LEFT, 1 << 0), 1 << 4);
        assert_eq!(step(&DOWN_RIGHT, 1 << 0), 1 << 5);
        // Square 29 (a1) goes up only to 25 (b2).
        assert_eq!(step(&UP_LEFT, 1 << 28), 0);
        assert_eq!(step(&UP_RIGHT, 1 << 28), 1 << 24);
        // Square 4 (h8) has no down-right; square 12 (h6) neither.
        assert_eq!(step(&DOWN_RIGHT, 1 << 3), 0);
        assert_eq!(step(&DOWN_RIGHT, 1 << 11), 0);
        // Every square has 1 to 4 neighbours, 34+... 49 edges in each
        // direction pair: count the diagonal adjacencies of the board.
        let all = u32::MAX;
        let n: u32 = all_steps(all).iter().map(|b| b.count_ones()).sum();
        assert_eq!(n, 2 * 49);
        assert_eq!(CENTRE.count_ones(), 8);
        assert_eq!(EDGE.count_ones(), 8);
    }

    #[test]
    fn start_is_balanced() {
        let start = Position::start();
        assert_eq!(features(&start), [0; 10]);
        assert_eq!(start.evaluate(), 0);
        assert_eq!(start.material(), 0);
    }

    #[test]
    fn a_man_up_is_good_for_the_side_up() {
        let pos =
            Position::parse("B:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12")
                .unwrap();
        assert!(pos.evaluate() > 60);
        let pos =
            Position::parse("W:W21,22,23,24,25,26,27,28,29,30,31:B1,2,3,4,5,6,7,8,9,10,11,12")
                .unwrap();
        assert!(pos.evaluate() < -60);
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
        assert!(cornered.evaluate() > 100);
        assert!(out.evaluate() > cornered.evaluate());
    }
}
