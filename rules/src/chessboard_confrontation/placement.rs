//! Army placement: one miniature per space on its owner's starting side,
//! never in a corner, one at a time in seat order; miniatures that do not fit
//! wait and join at the end of their player's turn as space becomes free.

use super::board::{self, Sq};
use super::log::Log;
use super::moves::Move;
use super::state::{ChessboardConfrontation, Phase, Place, footprint};
use crate::dice::Dice;

impl ChessboardConfrontation {
    /// Whether a waiting miniature may be placed with its main space on `sq`:
    /// every space it covers is on its owner's side (a Large miniature's
    /// forward spaces reach off the side, onto the board) and free.
    pub(crate) fn may_place(&self, index: u8, sq: Sq) -> bool {
        let mini = self.mini(index);
        let side = board::side(mini.owner);
        if side & board::bit(sq) == 0 || !self.fits(index, sq) {
            return false;
        }
        if mini.traits.large() {
            let squares = footprint(mini.owner, true, sq).expect("fits");
            // Main and the space beside it lie on the side, never in a corner.
            side & board::bit(squares[1]) != 0
        } else {
            true
        }
    }

    pub(crate) fn placements(&self, seat: u8, out: &mut Vec<Move>) {
        // Identical waiting miniatures are interchangeable: offer the first of each.
        let mut offered: Vec<(super::army::Troop, super::army::Traits)> = Vec::new();
        for (index, mini) in self.minis.iter().enumerate() {
            if mini.owner != seat || mini.place != Place::Waiting {
                continue;
            }
            if offered.contains(&(mini.troop, mini.traits)) {
                continue;
            }
            offered.push((mini.troop, mini.traits));
            for to in board::squares_of(board::side(seat)) {
                if self.may_place(index as u8, to) {
                    out.push(Move::Place {
                        piece: index as u8,
                        to,
                    });
                }
            }
        }
    }

    pub(crate) fn can_place_any(&self, seat: u8) -> bool {
        let mut moves = Vec::new();
        self.placements(seat, &mut moves);
        !moves.is_empty()
    }

    pub(crate) fn place(&mut self, piece: u8, to: Sq, dice: &mut dyn Dice, log: &mut Log) {
        self.put(piece, to);
        log.say(|| {
            format!(
                "{} joins the board on {}",
                self.mini(piece).troop.name(),
                board::to_square(to)
            )
        });
        match self.phase {
            Phase::Place { seat } => {
                let seats = self.seats;
                let next = (1..=seats)
                    .map(|k| (seat + k) % seats)
                    .find(|&s| self.can_place_any(s));
                match next {
                    Some(s) => self.phase = Phase::Place { seat: s },
                    None => self.start_round(dice, log),
                }
            }
            Phase::Arrive { seat } => {
                if !self.can_place_any(seat) {
                    self.next_turn(seat, dice, log);
                }
            }
            _ => unreachable!("placing only in set-up and arrivals"),
        }
    }
}
