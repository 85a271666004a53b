//! Summoners Chess's back rows, where the Acolytes start. The geometry itself
//! is the shared [`crate::grid`].

pub use crate::grid::*;

/// Where a seat's four Acolytes start: its back row, one empty square between
/// each, beginning from the corner on the player's left (R1). Seat 0 sits at
/// rank 1 (a1 on its left), seat 1 at rank 8 (h8 on its left), so each side's
/// start is the other's turned half round.
pub fn acolyte_squares(seat: u8) -> [Sq; 4] {
    match seat {
        0 => [at(0, 0), at(2, 0), at(4, 0), at(6, 0)],
        _ => [at(7, 7), at(5, 7), at(3, 7), at(1, 7)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn acolytes_start_one_square_apart_on_each_back_row() {
        let names = |seat| acolyte_squares(seat).map(|sq| to_square(sq).to_string());
        assert_eq!(names(0), ["a1", "c1", "e1", "g1"]);
        assert_eq!(names(1), ["h8", "f8", "d8", "b8"]);
    }
}
