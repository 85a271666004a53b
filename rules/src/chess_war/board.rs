//! The board's geometry for ChessWar!: the two sides and their deployment
//! zones, three home ranks each (W1, W8). Movement, sight and scatter have
//! files of their own (`reach.rs`, `sight.rs`, `scatter.rs`).

/// The ranks a side deploys on.
pub const ZONE_RANKS: u8 = 3;

/// Ranks 1–3 for seat 0, ranks 6–8 for seat 1, as a mask of squares.
pub fn zone(seat: u8) -> u64 {
    let three_ranks: u64 = (1u64 << (8 * ZONE_RANKS)) - 1;
    if seat == 0 {
        three_ranks
    } else {
        three_ranks << (8 * (8 - ZONE_RANKS))
    }
}

/// "ranks 1–3" or "ranks 6–8", for labels and refusals.
pub fn zone_name(seat: u8) -> &'static str {
    if seat == 0 {
        "ranks 1–3"
    } else {
        "ranks 6–8"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::grid::{at, bit};

    #[test]
    fn each_zone_is_three_home_ranks() {
        assert_eq!(zone(0).count_ones(), 24);
        assert_eq!(zone(1).count_ones(), 24);
        assert_eq!(zone(0) & zone(1), 0);
        assert_ne!(zone(0) & bit(at(7, 2)), 0);
        assert_eq!(zone(0) & bit(at(0, 3)), 0);
        assert_ne!(zone(1) & bit(at(0, 5)), 0);
        assert_eq!(zone(1) & bit(at(0, 4)), 0);
    }
}
