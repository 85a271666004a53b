//! Every decision a player can make, and the one generator of those legal
//! now: placing at the set-up; moving and charging in the movement phase;
//! attacking, choosing the target and advancing in the melee phase; ending
//! each phase; firing; casting spells, on the own turn and in the reaction
//! windows. Listing and acting share it, so the options a player is offered
//! are exactly the actions the game accepts.

use fray_protocol::Seat;

use super::board::zone;
use super::firing::Target;
use super::magic::Casting;
use super::state::{ChessWar, Pending, Phase, Place, Step};
use super::units::UnitId;
use crate::contract::Seats;
use crate::kit::grid::{Sq, squares_of};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Move {
    /// Set-up: the first unplaced unit of this kind onto an empty square of
    /// the own zone.
    Place { unit: UnitId, to: Sq },
    /// A move, or the Liche's teleport; `piece` indexes the units.
    Move { piece: u8, to: Sq },
    /// The charge step.
    Charge { piece: u8, to: Sq },
    /// One shot of a unit with a ranged weapon.
    Fire { piece: u8, target: Target },
    /// A spell, with everything it needs named.
    Cast(Casting),
    /// One unit in melee attacks.
    Attack { piece: u8 },
    /// The defending seat picks the unit the attacker attacks.
    Choose { target: u8 },
    /// After a kill, one eligible unit steps onto the emptied square.
    Advance { piece: u8, to: Sq },
    /// Ends the phase, or the turn from the closing step.
    EndPhase,
    /// Declines the advance, or a reaction window.
    Pass,
}

impl ChessWar {
    /// The seats that decide now: while placing, each side with units
    /// still to place; in a turn, its player, or the defending seat while
    /// it picks a target.
    pub(crate) fn seats_to_act(&self) -> Seats {
        if let (Some(window), Phase::Turn { .. }) = (self.reaction, self.phase) {
            return Seats::one(Seat(window.seat()));
        }
        match self.phase {
            Phase::Placing => (0..2u8)
                .filter(|&seat| self.has_unplaced(seat))
                .map(Seat)
                .collect(),
            Phase::Turn {
                pending: Some(Pending::Target { .. }),
                seat,
                ..
            } => Seats::one(Seat(1 - seat)),
            Phase::Turn { seat, .. } => Seats::one(Seat(seat)),
            Phase::Over(_) => Seats::NONE,
        }
    }

    pub(crate) fn has_unplaced(&self, seat: u8) -> bool {
        self.units
            .iter()
            .any(|unit| unit.owner == seat && unit.place == Place::Unplaced)
    }

    /// One placement per kind still unplaced and empty square of the zone.
    fn placements(&self, seat: u8, out: &mut Vec<Move>) {
        let free = zone(seat) & !self.squares_of_seat(seat);
        let mut kinds: Vec<UnitId> = self
            .units
            .iter()
            .filter(|unit| unit.owner == seat && unit.place == Place::Unplaced)
            .map(|unit| unit.unit)
            .collect();
        kinds.dedup();
        for unit in kinds {
            out.extend(squares_of(free).map(|to| Move::Place { unit, to }));
        }
    }

    fn movement_moves(&self, seat: u8, out: &mut Vec<Move>) {
        for (piece, unit, _) in self.on_board() {
            if unit.owner != seat {
                continue;
            }
            out.extend(squares_of(self.move_squares(piece)).map(|to| Move::Move { piece, to }));
            out.extend(squares_of(self.charge_squares(piece)).map(|to| Move::Charge { piece, to }));
        }
    }

    fn fire_moves(&self, seat: u8, out: &mut Vec<Move>) {
        let mut targets = Vec::new();
        for (piece, unit, _) in self.on_board() {
            if unit.owner != seat {
                continue;
            }
            targets.clear();
            self.fire_targets(piece, &mut targets);
            out.extend(targets.iter().map(|&target| Move::Fire { piece, target }));
        }
    }

    /// The melee phase ends only once every unit that must attack has
    /// (W25); the others whenever the player likes.
    pub(crate) fn may_end_phase(&self, seat: u8, step: Step) -> bool {
        step != Step::Melee || self.must_attack(seat).next().is_none()
    }
}

/// Every legal move of `seat` now, appended to `out`.
pub(super) fn legal_moves(game: &ChessWar, seat: u8, out: &mut Vec<Move>) {
    if !game.seats_to_act().contains(&Seat(seat)) {
        return;
    }
    let Phase::Turn { step, pending, .. } = game.phase else {
        game.placements(seat, out);
        return;
    };
    if let Some(window) = game.reaction {
        game.window_casts(window, out);
        out.push(Move::Pass);
        return;
    }
    match pending {
        Some(Pending::Target { attacker }) => {
            out.extend(game.targets(attacker).map(|target| Move::Choose { target }));
        }
        Some(Pending::Advance { square }) => {
            out.extend(
                game.advancers(seat, square)
                    .map(|piece| Move::Advance { piece, to: square }),
            );
            out.push(Move::Pass);
        }
        None => {
            match step {
                Step::Movement => game.movement_moves(seat, out),
                Step::Firing => game.fire_moves(seat, out),
                Step::Melee => {
                    out.extend(game.must_attack(seat).map(|piece| Move::Attack { piece }))
                }
                Step::Closing => {}
            }
            game.turn_casts(seat, step, out);
            if game.may_end_phase(seat, step) {
                out.push(Move::EndPhase);
            }
        }
    }
}
