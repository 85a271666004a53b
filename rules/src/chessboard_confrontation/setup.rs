//! Army placement: one miniature per space on its owner's starting side,
//! never in a corner, one at a time in seat order; miniatures that do not fit
//! wait and join at the end of their player's turn as space becomes free.
//! A Large miniature is placed with two of its spaces on the side, and its
//! player chooses which of its four spaces is the main one (R3).

use super::board::{self, Sq};
use super::large::{Reach, footprint_mask};
use super::log::Log;
use super::moves::Move;
use super::state::{ChessboardConfrontation, Phase, Place};
use crate::kit::dice::Dice;
use crate::kit::match_options::Choice;

impl ChessboardConfrontation {
    /// Whether a waiting miniature may be placed with its main space on `sq`
    /// (its body reaching `reach`, if Large): on its owner's side, or for a
    /// Large miniature with two of its spaces on the side and two in front of
    /// them; on free spaces.
    pub(crate) fn may_place(&self, index: u8, sq: Sq, reach: Reach) -> bool {
        let mini = self.mini(index);
        let side = self.board.side(mini.owner);
        let body = footprint_mask(self.board, mini.traits.large(), reach, sq);
        // A 2×2 body meets the edge line in at most two spaces; two, neither a
        // corner, puts its back on the side and its front on the board.
        let on_side = if mini.traits.large() { 2 } else { 1 };
        (body & side).len() == on_side && self.fits_as(index, sq, reach)
    }

    pub(crate) fn placements(&self, seat: u8, out: &mut Vec<Move>) {
        let side = self.board.side(seat);
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
            let piece = index as u8;
            if !mini.traits.large() {
                for to in board::squares_of(side) {
                    if self.may_place(piece, to, mini.reach) {
                        out.push(Move::Place {
                            piece,
                            to,
                            reach: None,
                        });
                    }
                }
                continue;
            }
            // Its main space may be any of its four: on the side or just off it.
            let near_side =
                board::squares_of(side).fold(side, |m, sq| m | self.board.neighbour_mask(sq));
            for to in board::squares_of(near_side) {
                for &reach in Reach::ALL {
                    if self.may_place(piece, to, reach) {
                        out.push(Move::Place {
                            piece,
                            to,
                            reach: Some(reach),
                        });
                    }
                }
            }
        }
    }

    pub(crate) fn can_place_any(&self, seat: u8) -> bool {
        let mut moves = Vec::new();
        self.placements(seat, &mut moves);
        !moves.is_empty()
    }

    pub(crate) fn place(
        &mut self,
        piece: u8,
        to: Sq,
        reach: Option<Reach>,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) {
        if let Some(reach) = reach {
            self.mini_mut(piece).reach = reach;
        }
        self.put(piece, to);
        log.say(|| {
            let mini = self.mini(piece);
            let body = if mini.traits.large() {
                format!(" (its main space), reaching {}", mini.reach.name())
            } else {
                String::new()
            };
            format!(
                "{} joins the board on {}{body}",
                mini.troop.name(),
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
