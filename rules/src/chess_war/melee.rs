//! The melee phase (W25–W29): every own unit in melee attacks once; with
//! several enemy neighbours the defending seat picks its target; the attack
//! table with its modifiers; rout; the 1-or-less result; plague; the advance
//! after a kill.

use super::reach::{adjacent, in_melee, may_advance, melee_opponents};
use super::reactions::Window;
use super::resolution::{Cause, PendingSave, Task};
use super::spells::STRIKE_BONUS;
use super::state::{ChessWar, Pending, Phase, Place};
use super::units::Special;
use crate::Dice;
use crate::kit::describe::Describe;
use crate::kit::effect_log::{Log, roll_for, single};
use crate::kit::grid::{Sq, bit, squares_of, to_square};

/// What an attack roll came to (W26).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AttackResult {
    /// 6 or more, or a natural 6: destroyed, no save.
    Destroyed,
    /// 5: two saves.
    Routed,
    /// 4: one save.
    Wounded,
    /// 2–3: nothing; the melee goes on.
    StandOff,
    /// 1 or less: the attacker saves or is destroyed.
    Repelled,
}

impl AttackResult {
    pub fn of(face: u8, total: i16) -> AttackResult {
        match total {
            _ if face == 6 || total >= 6 => AttackResult::Destroyed,
            5 => AttackResult::Routed,
            4 => AttackResult::Wounded,
            2 | 3 => AttackResult::StandOff,
            _ => AttackResult::Repelled,
        }
    }

    fn text(self) -> &'static str {
        match self {
            AttackResult::Destroyed => "destroyed",
            AttackResult::Routed => "routed: two saves",
            AttackResult::Wounded => "one save",
            AttackResult::StandOff => "stand-off",
            AttackResult::Repelled => "repelled: the attacker saves",
        }
    }
}

impl ChessWar {
    /// `seat`'s units in melee that have not attacked this phase (W25).
    pub(crate) fn must_attack(&self, seat: u8) -> impl Iterator<Item = u8> + '_ {
        let enemies = self.enemies_of(seat);
        self.on_board()
            .filter(move |(_, unit, sq)| {
                unit.owner == seat && !unit.marks.attacked && in_melee(*sq, enemies)
            })
            .map(|(index, _, _)| index)
    }

    /// The enemy units next to `attacker`.
    pub(crate) fn targets(&self, attacker: u8) -> impl Iterator<Item = u8> + '_ {
        let unit = self.unit(attacker);
        let sq = unit.square().expect("an attacker is on the board");
        squares_of(melee_opponents(sq, self.enemies_of(unit.owner)))
            .map(|at| self.unit_at(at).expect("an enemy stands there"))
    }

    /// The attacker's Melee in this attack: its own, +1 on the turn it
    /// charged if it has Charge (W14), −1 if scared (W16), +2 if struck
    /// (W50).
    pub(crate) fn attacking_melee(&self, attacker: u8) -> i16 {
        let unit = self.unit(attacker);
        let charge = unit.marks.charged && unit.profile().has(Special::Charge);
        let strike = if unit.marks.struck {
            i16::from(STRIKE_BONUS)
        } else {
            0
        };
        self.fighting_melee(attacker) + i16::from(charge) + strike
    }

    /// A unit's Melee, less one while scared.
    pub(crate) fn fighting_melee(&self, index: u8) -> i16 {
        let unit = self.unit(index);
        i16::from(unit.profile().melee) - i16::from(unit.marks.afraid())
    }

    /// `attacker` attacks: at once if it has one enemy neighbour, else
    /// once the defending seat has picked the target.
    pub(crate) fn play_attack(&mut self, attacker: u8, log: &mut Log) {
        self.unit_mut(attacker).marks.attacked = true;
        let targets: Vec<u8> = self.targets(attacker).collect();
        let first = *targets.first().expect("an attacker is in melee");
        if targets.len() > 1 {
            self.set_pending(Some(Pending::Target { attacker }));
            self.tell_of(
                attacker,
                "attack: the defending player chooses which of its units is attacked",
                log,
            );
            return;
        }
        self.aim_attack(attacker, first, log);
    }

    pub(crate) fn play_choice(&mut self, target: u8, log: &mut Log) {
        let Phase::Turn {
            pending: Some(Pending::Target { attacker }),
            ..
        } = self.phase
        else {
            unreachable!("a target is chosen only when asked for");
        };
        self.set_pending(None);
        self.aim_attack(attacker, target, log);
    }

    /// The defender's side, told what is coming, may protect it before the
    /// roll (W40).
    fn aim_attack(&mut self, attacker: u8, defender: u8, log: &mut Log) {
        self.tell_of(
            attacker,
            &format!("attack {}", self.describe(defender)),
            log,
        );
        let seat = self.unit(defender).owner;
        self.then_first([
            Task::Window(Window::AttackAimed {
                seat,
                target: defender,
            }),
            Task::Attack { attacker, defender },
        ]);
    }

    pub(crate) fn set_pending(&mut self, pending: Option<Pending>) {
        if let Phase::Turn { pending: at, .. } = &mut self.phase {
            *at = pending;
        }
    }

    /// The attack roll and what follows it (W26–W29).
    pub(crate) fn resolve_attack(
        &mut self,
        attacker: u8,
        defender: u8,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) {
        let (Some(_), Some(square)) = (self.unit(attacker).square(), self.unit(defender).square())
        else {
            return;
        };
        let modifier = self.attacking_melee(attacker) - self.fighting_melee(defender);
        let face = dice.roll(6);
        let total = i16::from(face) + modifier;
        let result = AttackResult::of(face, total);
        let attacking = *self.unit(attacker);
        log.roll(|| {
            roll_for(
                attacking.owner,
                Some(attacking.id.0 as u8),
                format!(
                    "{} attacks {}",
                    self.describe(attacker),
                    self.describe(defender)
                ),
                single(face),
                i32::from(modifier),
                result.text().into(),
            )
        });
        let mut next = Vec::with_capacity(2);
        match result {
            AttackResult::Destroyed => next.push(Task::Remove {
                unit: defender,
                cause: Cause::Slain,
            }),
            AttackResult::Routed => {
                next.push(Task::Save(PendingSave::new(defender, 0, Cause::RoutFirst)))
            }
            AttackResult::Wounded => {
                next.push(Task::Save(PendingSave::new(defender, 0, Cause::Wounded)))
            }
            AttackResult::StandOff => {}
            AttackResult::Repelled => {
                if self.unit(defender).marks.afraid() {
                    self.tell_of(
                        attacker,
                        "survives: a scared defender cannot destroy it",
                        log,
                    );
                } else {
                    next.push(Task::Save(PendingSave::new(attacker, 0, Cause::Repelled)));
                }
            }
        }
        if matches!(
            result,
            AttackResult::Destroyed | AttackResult::Routed | AttackResult::Wounded
        ) {
            next.push(Task::AdvanceCheck {
                seat: attacking.owner,
                square,
                defender,
            });
        }
        self.then_first(next);
    }

    /// Takes a unit off the board; Trolls wait to regenerate (W31). Its
    /// removal is told by the engine's `piece_removed`, "destroyed".
    pub(crate) fn destroy(&mut self, index: u8) {
        let unit = *self.unit(index);
        let sq = unit.square().expect("a destroyed unit stood on the board");
        self.board[usize::from(sq)] = super::state::EMPTY;
        self.unit_mut(index).place = Place::Destroyed;
        self.last_removed = Some(unit.owner);
        if unit.profile().has(Special::Regenerate) {
            self.fallen_trolls.push((index, sq));
        }
    }

    /// `seat`'s units that may advance onto `square`: next to it, next to
    /// no enemy now, able to move, not stupid or stopped by fear this
    /// turn, and not passing diagonally between two occupied squares (W27).
    pub(crate) fn advancers(&self, seat: u8, square: Sq) -> impl Iterator<Item = u8> + '_ {
        let enemies = self.enemies_of(seat);
        let occupied = self.occupied();
        self.on_board()
            .filter(move |(_, unit, at)| {
                unit.owner == seat
                    && adjacent(square) & bit(*at) != 0
                    && !in_melee(*at, enemies)
                    && unit.profile().movement > 0
                    && !unit.marks.stupid
                    && !unit.marks.halted
                    && may_advance(*at, square, occupied)
            })
            .map(|(index, _, _)| index)
    }

    /// One unit steps onto the emptied square; a Stupid one tests first,
    /// and failing leaves the advance to the others (W27, W30).
    pub(crate) fn play_advance(&mut self, piece: u8, to: Sq, dice: &mut dyn Dice, log: &mut Log) {
        let tests = self.options.rulings.stupid_units_test_before_advancing();
        if tests && !self.passes_stupidity(piece, dice, log) {
            let seat = self.unit(piece).owner;
            if self.advancers(seat, to).next().is_none() {
                self.set_pending(None);
            }
            return;
        }
        self.set_pending(None);
        self.tell_of(piece, &format!("advance to {}", to_square(to)), log);
        self.put(piece, to);
    }
}

#[cfg(test)]
mod tests {
    use super::AttackResult;

    #[test]
    fn the_attack_table() {
        assert_eq!(AttackResult::of(6, 2), AttackResult::Destroyed);
        assert_eq!(AttackResult::of(5, 6), AttackResult::Destroyed);
        assert_eq!(AttackResult::of(4, 5), AttackResult::Routed);
        assert_eq!(AttackResult::of(4, 4), AttackResult::Wounded);
        assert_eq!(AttackResult::of(3, 3), AttackResult::StandOff);
        assert_eq!(AttackResult::of(3, 2), AttackResult::StandOff);
        assert_eq!(AttackResult::of(2, 1), AttackResult::Repelled);
        assert_eq!(AttackResult::of(1, -3), AttackResult::Repelled);
    }
}
