//! Chessboard Confrontation's dice rolls in words: dice of any size (d4 to
//! d12), so each die carries its sides. The log itself is the shared
//! [`crate::kit::effect_log::Log`].

use fray_protocol::{DiceRoll, Die, PieceId, Seat};

pub use crate::kit::effect_log::Log;

/// A told roll; `total` is the result the rules use, given by the caller.
pub fn roll_of(
    seat: Option<u8>,
    piece: Option<u8>,
    purpose: &str,
    dice: Vec<(u8, u8)>,
    modifier: i32,
    result: String,
) -> DiceRoll {
    let total = dice.iter().map(|&(_, f)| i32::from(f)).sum::<i32>() + modifier;
    told(seat, piece, purpose, dice, modifier, total, result)
}

pub fn told(
    seat: Option<u8>,
    piece: Option<u8>,
    purpose: &str,
    dice: Vec<(u8, u8)>,
    modifier: i32,
    total: i32,
    result: String,
) -> DiceRoll {
    DiceRoll {
        seat: seat.map(Seat),
        piece: piece.map(|p| PieceId(u32::from(p))),
        purpose: purpose.into(),
        dice: dice
            .into_iter()
            .map(|(sides, face)| Die { sides, face })
            .collect(),
        modifier,
        total,
        result: result.into(),
    }
}
