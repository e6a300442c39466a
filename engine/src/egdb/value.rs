//! The value of a position: win, loss or draw for the side to move, with
//! the distance to the end of the game under best play, and its 16-bit
//! code in the tables.

use core::fmt;

/// What a position is worth to the side to move, with best play on both
/// sides: a win or a loss in so many plies (to the position where the loser
/// has no legal move), or a draw. The winner takes the shortest way, the
/// loser the longest; repetitions and the 100-ply rule are not counted
/// (the winner never needs to repeat).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in this many plies (always odd).
    Win(u16),
    /// The side to move loses in this many plies (always even; 0 means it
    /// has no legal move now).
    Loss(u16),
    /// Neither side can force a win.
    Draw,
}

/// The code of a position whose value is not stored (the side to move
/// must capture: the value follows from the positions after the capture).
pub const NOT_STORED: u16 = u16::MAX;
/// The longest distance a code can hold.
pub const MAX_DISTANCE: u16 = u16::MAX - 2;

impl Value {
    /// The code stored in a table: 0 is a draw, `d + 1` is a win or loss in
    /// `d` plies (odd `d`: win, even `d`: loss).
    #[must_use]
    #[inline]
    pub const fn to_code(self) -> u16 {
        match self {
            Value::Draw => 0,
            Value::Win(d) | Value::Loss(d) => d + 1,
        }
    }

    /// Reads a table code; `None` for [`NOT_STORED`].
    #[must_use]
    #[inline]
    pub const fn from_code(b: u16) -> Option<Value> {
        match b {
            0 => Some(Value::Draw),
            NOT_STORED => None,
            _ => {
                let d = b - 1;
                if d & 1 == 0 {
                    Some(Value::Loss(d))
                } else {
                    Some(Value::Win(d))
                }
            }
        }
    }

    /// The plies to the end, for a win or a loss.
    #[must_use]
    pub const fn distance(self) -> Option<u16> {
        match self {
            Value::Win(d) | Value::Loss(d) => Some(d),
            Value::Draw => None,
        }
    }

    /// The value of a position from the values of the positions after each
    /// of its legal moves (each for its own side to move): a win if a move
    /// leaves the opponent lost (the fastest such move), a loss if every
    /// move leaves the opponent won (the slowest), a draw otherwise; no
    /// legal move is a loss on the spot.
    #[must_use]
    pub fn from_children(children: impl IntoIterator<Item = Value>) -> Value {
        let mut fastest_win: Option<u16> = None;
        let mut slowest_loss: u16 = 0;
        let mut draw = false;
        for v in children {
            match v {
                Value::Loss(d) => {
                    fastest_win = Some(fastest_win.map_or(d + 1, |w| w.min(d + 1)));
                }
                Value::Win(d) => slowest_loss = slowest_loss.max(d + 1),
                Value::Draw => draw = true,
            }
        }
        match fastest_win {
            Some(d) => Value::Win(d),
            None if draw => Value::Draw,
            None => Value::Loss(slowest_loss),
        }
    }
}

impl fmt::Display for Value {
    /// `win 7`, `loss 12` or `draw` (distances in plies).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(d) => write!(f, "win {d}"),
            Value::Loss(d) => write!(f, "loss {d}"),
            Value::Draw => f.write_str("draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for b in 0..NOT_STORED {
            let v = Value::from_code(b).expect("a stored value");
            assert_eq!(v.to_code(), b);
        }
        assert_eq!(Value::from_code(NOT_STORED), None);
        assert_eq!(Value::from_code(1), Some(Value::Loss(0)));
        assert_eq!(Value::from_code(2), Some(Value::Win(1)));
    }

    #[test]
    fn children_decide_the_value() {
        use Value::*;
        assert_eq!(Value::from_children([]), Loss(0));
        assert_eq!(Value::from_children([Win(3), Loss(4), Loss(2)]), Win(3));
        assert_eq!(Value::from_children([Win(3), Win(7)]), Loss(8));
        assert_eq!(Value::from_children([Win(3), Draw]), Draw);
    }
}
