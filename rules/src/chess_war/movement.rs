//! The movement phase (W10–W16, W30, W32): moves through empty squares that
//! never enter an enemy's neighbour, the charge step that brings a unit into
//! melee, fear when charging a fear-causer and when one charges, the
//! stupidity test, and the Liche's teleport.

use super::reach::{Squeeze, adjacent, in_melee, reach, teleport_reach, touching};
use super::state::ChessWar;
use super::units::Special;
use crate::Dice;
use crate::kit::describe::Describe;
use crate::kit::effect_log::{Log, roll_for, single};
use crate::kit::grid::{Sq, bit, squares_of};

/// What a unit may still do in the movement phase.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MoveBar {
    /// Catapults: Move 0 (W13).
    Immobile,
    InMelee,
    AlreadyMoved,
    AlreadyCharged,
    Stupid,
    /// Failed the fear save when charging (W15).
    Halted,
}

impl MoveBar {
    pub fn text(self) -> &'static str {
        match self {
            MoveBar::Immobile => "never moves (Move 0)",
            MoveBar::InMelee => "is in melee and cannot move",
            MoveBar::AlreadyMoved => "has already moved this turn",
            MoveBar::AlreadyCharged => "has charged and moves no further this turn",
            MoveBar::Stupid => "is stupid this turn",
            MoveBar::Halted => "was stopped by fear and moves no further this turn",
        }
    }
}

impl ChessWar {
    /// Why unit `piece` may not move now, if it may not.
    pub(crate) fn move_bar(&self, piece: u8) -> Option<MoveBar> {
        let unit = self.unit(piece);
        let sq = unit.square()?;
        let teleports = unit.profile().has(Special::Teleport);
        self.common_bar(piece).or(if unit.marks.moved {
            Some(MoveBar::AlreadyMoved)
        } else if !teleports && in_melee(sq, self.enemies_of(unit.owner)) {
            Some(MoveBar::InMelee)
        } else {
            None
        })
    }

    /// Why unit `piece` may not charge now, if it may not.
    pub(crate) fn charge_bar(&self, piece: u8) -> Option<MoveBar> {
        let unit = self.unit(piece);
        let sq = unit.square()?;
        self.common_bar(piece)
            .or(if in_melee(sq, self.enemies_of(unit.owner)) {
                Some(MoveBar::InMelee)
            } else {
                None
            })
    }

    fn common_bar(&self, piece: u8) -> Option<MoveBar> {
        let unit = self.unit(piece);
        let marks = unit.marks;
        if unit.profile().movement == 0 {
            Some(MoveBar::Immobile)
        } else if marks.charged {
            Some(MoveBar::AlreadyCharged)
        } else if marks.stupid {
            Some(MoveBar::Stupid)
        } else if marks.halted {
            Some(MoveBar::Halted)
        } else {
            None
        }
    }

    /// Where unit `piece` may move now: up to Move steps, each onto an
    /// empty square that is next to no enemy, never diagonally between two
    /// occupied squares (W11); the Liche anywhere empty within 2 that is
    /// next to no enemy (W32).
    pub(crate) fn move_squares(&self, piece: u8) -> u64 {
        if self.move_bar(piece).is_some() {
            return 0;
        }
        let unit = self.unit(piece);
        let from = unit.square().expect("a unit that may move is on the board");
        let profile = unit.profile();
        let occupied = self.occupied() & !bit(from);
        let contact = touching(self.enemies_of(unit.owner));
        if profile.has(Special::Teleport) {
            return teleport_reach(from, profile.movement, occupied | bit(from)) & !contact;
        }
        // Step by step, so that a square next to an enemy stops the walk
        // without counting as occupied when a diagonal squeezes past it.
        let mut reached = 0;
        let mut frontier = bit(from);
        for _ in 0..profile.movement {
            let next = squares_of(frontier).fold(0, |next, sq| {
                next | reach(sq, 1, occupied, Squeeze::Refused)
            }) & !contact
                & !reached
                & !bit(from);
            reached |= next;
            frontier = next;
        }
        reached
    }

    /// Where unit `piece` may charge now: one step onto an empty square
    /// next to an enemy (W13).
    pub(crate) fn charge_squares(&self, piece: u8) -> u64 {
        if self.charge_bar(piece).is_some() {
            return 0;
        }
        let unit = self.unit(piece);
        let from = unit
            .square()
            .expect("a unit that may charge is on the board");
        reach(from, 1, self.occupied(), Squeeze::Refused) & touching(self.enemies_of(unit.owner))
    }

    pub(crate) fn play_move(&mut self, piece: u8, to: Sq, dice: &mut dyn Dice, log: &mut Log) {
        if !self.passes_stupidity(piece, dice, log) {
            return;
        }
        let verb = if self.unit(piece).profile().has(Special::Teleport) {
            "teleports to"
        } else {
            "moves to"
        };
        self.tell_of(
            piece,
            &format!("{verb} {}", crate::kit::grid::to_square(to)),
            log,
        );
        self.put(piece, to);
        self.unit_mut(piece).marks.moved = true;
    }

    pub(crate) fn play_charge(&mut self, piece: u8, to: Sq, dice: &mut dyn Dice, log: &mut Log) {
        if !self.passes_stupidity(piece, dice, log) {
            return;
        }
        let unit = *self.unit(piece);
        let fearsome = self.fear_causers_near(unit.owner, to);
        if fearsome != 0 && !unit.profile().immune_to_fear() {
            if !self.save(piece, 0, "against fear before charging", dice, log) {
                self.tell_of(
                    piece,
                    "is afraid and stops: it cannot enter melee this turn",
                    log,
                );
                let counts_as_moved = !self.options.rulings.halted_charger_stays_unmoved();
                let marks = &mut self.unit_mut(piece).marks;
                marks.halted = true;
                marks.moved |= counts_as_moved;
                return;
            }
            self.unit_mut(piece).marks.steadfast = true;
        }
        self.tell_of(
            piece,
            &format!("charge {}", crate::kit::grid::to_square(to)),
            log,
        );
        self.put(piece, to);
        let marks = &mut self.unit_mut(piece).marks;
        marks.charged = true;
        marks.moved = true;
        if unit.profile().has(Special::CausesFear) {
            self.frighten(piece, to, dice, log);
        }
    }

    /// The squares of `seat`'s enemies that cause fear and stand next to
    /// `sq`.
    fn fear_causers_near(&self, seat: u8, sq: Sq) -> u64 {
        self.on_board()
            .filter(|(_, unit, at)| {
                unit.owner != seat
                    && unit.profile().has(Special::CausesFear)
                    && adjacent(sq) & bit(*at) != 0
            })
            .fold(0, |mask, (_, _, at)| mask | bit(at))
    }

    /// Whether unit `index` is in melee with an enemy that causes fear.
    pub(crate) fn in_melee_with_fear(&self, index: u8) -> bool {
        let unit = self.unit(index);
        unit.square()
            .is_some_and(|sq| self.fear_causers_near(unit.owner, sq) != 0)
    }

    /// A fear-causer has charged onto `sq`: each enemy next to it that is
    /// not immune, not already scared or steadfast, and not already in
    /// melee with another fear-causer saves or is scared (W16).
    fn frighten(&mut self, charger: u8, sq: Sq, dice: &mut dyn Dice, log: &mut Log) {
        let owner = self.unit(charger).owner;
        let near: Vec<u8> = self
            .on_board()
            .filter(|(_, unit, at)| unit.owner != owner && adjacent(sq) & bit(*at) != 0)
            .map(|(index, _, _)| index)
            .collect();
        for index in near {
            let unit = *self.unit(index);
            let at = unit.square().expect("on the board");
            let other_fear = self.fear_causers_near(unit.owner, at) & !bit(sq);
            if unit.profile().immune_to_fear()
                || unit.marks.afraid()
                || unit.marks.steadfast
                || other_fear != 0
            {
                continue;
            }
            if self.save(index, 0, "against fear", dice, log) {
                self.unit_mut(index).marks.steadfast = true;
            } else {
                self.tell_of(index, "is scared", log);
                self.unit_mut(index).marks.scared = true;
            }
        }
    }

    /// Fear lasts only while a unit is in melee with a fear-causing enemy
    /// (W16).
    pub(crate) fn forget_fear(&mut self) {
        let calm: Vec<u8> = self
            .on_board()
            .filter(|(_, unit, at)| {
                (unit.marks.scared || unit.marks.steadfast)
                    && self.fear_causers_near(unit.owner, *at) == 0
            })
            .map(|(index, _, _)| index)
            .collect();
        for index in calm {
            let marks = &mut self.unit_mut(index).marks;
            marks.scared = false;
            marks.steadfast = false;
        }
    }

    /// A Stupid unit's test, the first time in a turn it is to move, charge
    /// or fire (W30): true when it may act.
    pub(crate) fn passes_stupidity(
        &mut self,
        piece: u8,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> bool {
        let unit = *self.unit(piece);
        if !unit.profile().has(Special::Stupid) || unit.marks.tested {
            return true;
        }
        let face = dice.roll(6);
        let passed = face >= 3;
        log.roll(|| {
            roll_for(
                unit.owner,
                Some(unit.id.0 as u8),
                format!("{} stupidity test (3+)", self.describe(piece)),
                single(face),
                0,
                if passed {
                    "acts normally this turn"
                } else {
                    "stupid this turn"
                }
                .into(),
            )
        });
        let marks = &mut self.unit_mut(piece).marks;
        if passed {
            marks.tested = true;
        } else {
            marks.stupid = true;
        }
        passed
    }
}
