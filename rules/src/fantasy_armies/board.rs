//! Fantasy Armies' sides of the board: which way is forward and where each
//! seat deploys. The geometry itself is the shared [`crate::kit::grid`].

pub use crate::kit::grid::*;

/// The rank direction a seat's pawns advance in.
pub fn forward(seat: u8) -> i8 {
    if seat == 0 { 1 } else { -1 }
}

/// The ranks a seat deploys on: its two home rows, or its whole half for Rangers.
pub fn deployment_ranks(seat: u8, whole_half: bool) -> std::ops::RangeInclusive<u8> {
    match (seat, whole_half) {
        (0, false) => 0..=1,
        (0, true) => 0..=3,
        (_, false) => 6..=7,
        (_, true) => 4..=7,
    }
}
