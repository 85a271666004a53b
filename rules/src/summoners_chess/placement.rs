//! Where the Acolytes start. "Each player places his 4 Acolyte Figurines
//! 1 space apart on his back row": four pieces with one empty square between
//! neighbours fit a back row of eight in exactly two ways, on files a-c-e-g or
//! b-d-f-h (R1). By default each player chooses one of them as a set-up
//! decision, after the tiles are down and before the coin flip; the match
//! option `acolytes: fixed` starts both sides on squares set in advance.

use super::board::{Sq, at};
use crate::kit::match_options::Choice;

/// One of the two ways four Acolytes stand one space apart on a back row.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Placement {
    /// Files a, c, e and g.
    Aceg,
    /// Files b, d, f and h.
    Bdfh,
}

/// Who decides where the Acolytes stand (match option `acolytes`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum AcolyteSetup {
    /// Each player chooses a placement, as the book has it (R1).
    #[default]
    Chosen,
    /// Seat 0 on a1, c1, e1, g1 and seat 1 on h8, f8, d8, b8, with no
    /// decision: for quick starts.
    Fixed,
}

impl Choice for AcolyteSetup {
    const ALL: &'static [Self] = &[AcolyteSetup::Chosen, AcolyteSetup::Fixed];

    fn key(self) -> &'static str {
        match self {
            AcolyteSetup::Chosen => "chosen",
            AcolyteSetup::Fixed => "fixed",
        }
    }
}

impl Choice for Placement {
    const ALL: &'static [Self] = &[Placement::Aceg, Placement::Bdfh];

    /// The action's choice: the files, the same words for both seats.
    fn key(self) -> &'static str {
        match self {
            Placement::Aceg => "a-c-e-g",
            Placement::Bdfh => "b-d-f-h",
        }
    }
}

impl Placement {
    /// The four squares on `seat`'s back row, from the corner on that
    /// player's left: seat 0 sits at rank 1 and looks up the board, seat 1
    /// sits at rank 8 and looks down it, so seat 1's left is the h-file. The
    /// order fixes the Acolytes' piece ids.
    pub fn squares(self, seat: u8) -> [Sq; 4] {
        let files = match self {
            Placement::Aceg => [0, 2, 4, 6],
            Placement::Bdfh => [1, 3, 5, 7],
        };
        match seat {
            0 => files.map(|file| at(file, 0)),
            _ => {
                let [a, b, c, d] = files;
                [d, c, b, a].map(|file| at(file, 7))
            }
        }
    }

    /// The squares as a player reads them: "a1, c1, e1 and g1".
    pub fn squares_named(self, seat: u8) -> String {
        let [a, b, c, d] = self
            .squares(seat)
            .map(|sq| crate::kit::grid::to_square(sq).to_string());
        format!("{a}, {b}, {c} and {d}")
    }

    /// The squares `acolytes: fixed` starts a seat on (R1): each player from
    /// the corner on their left, so each side's start is the other's turned
    /// half round.
    pub fn fixed(seat: u8) -> Placement {
        match seat {
            0 => Placement::Aceg,
            _ => Placement::Bdfh,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::to_square;
    use super::*;

    fn names(placement: Placement, seat: u8) -> [String; 4] {
        placement.squares(seat).map(|sq| to_square(sq).to_string())
    }

    #[test]
    fn the_fixed_squares_are_those_before_players_chose() {
        assert_eq!(names(Placement::fixed(0), 0), ["a1", "c1", "e1", "g1"]);
        assert_eq!(names(Placement::fixed(1), 1), ["h8", "f8", "d8", "b8"]);
    }

    #[test]
    fn each_placement_leaves_one_empty_square_between_neighbours() {
        for &placement in Placement::ALL {
            for seat in 0..2 {
                let mut files: Vec<u8> = placement
                    .squares(seat)
                    .iter()
                    .map(|&sq| to_square(sq).file)
                    .collect();
                files.sort();
                assert!(files.windows(2).all(|pair| pair[1] - pair[0] == 2));
                let back_row = if seat == 0 { 0 } else { 7 };
                assert!(
                    placement
                        .squares(seat)
                        .iter()
                        .all(|&sq| to_square(sq).rank == back_row)
                );
            }
        }
        assert_eq!(names(Placement::Aceg, 1), ["g8", "e8", "c8", "a8"]);
        assert_eq!(names(Placement::Bdfh, 0), ["b1", "d1", "f1", "h1"]);
    }

    #[test]
    fn keys_read_back() {
        for &placement in Placement::ALL {
            assert_eq!(Placement::from_key(placement.key()), Some(placement));
        }
        for &setup in AcolyteSetup::ALL {
            assert_eq!(AcolyteSetup::from_key(setup.key()), Some(setup));
        }
        assert_eq!(Placement::from_key("a-b-c-d"), None);
    }
}
