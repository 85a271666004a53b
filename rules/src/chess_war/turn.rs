//! One action of a turn, and the turn's course: the phases in order, each
//! ended by the player; at the end of the turn regeneration, the round
//! limit, and the next player's turn.

use fray_protocol::{Phrase, Seat};

use super::moves::Move;
use super::reactions::Window;
use super::resolution::Task;
use super::state::{ChessWar, Phase, Place, Step};
use crate::Dice;
use crate::kit::effect_log::{Log, roll_for, single};
use crate::kit::grid::to_square;

impl ChessWar {
    /// Plays a legal move of `seat`, then ends the game if it is over.
    pub(crate) fn play_move_of(&mut self, seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
        match mv {
            Move::Place { unit, to } => self.place(seat, unit, to, dice, log),
            Move::Move { piece, to } => self.play_move(piece, to, dice, log),
            Move::Charge { piece, to } => self.play_charge(piece, to, dice, log),
            Move::Fire { piece, target } => self.play_fire(piece, target, dice, log),
            Move::Cast(casting) => self.play_cast(casting, log),
            Move::Attack { piece } => self.play_attack(piece, log),
            Move::Choose { target } => self.play_choice(target, log),
            Move::Advance { piece, to } => self.play_advance(piece, to, dice, log),
            Move::Pass if self.reaction.is_some() => self.reaction = None,
            Move::Pass => self.set_pending(None),
            Move::EndPhase => self.end_phase(dice, log),
        }
        self.resolve(dice, log);
        // The end is judged once the whole action has resolved (W37), not
        // while a window holds it open.
        if matches!(self.phase, Phase::Turn { .. }) && self.settled() {
            self.crumble(log);
            self.forget_fear();
            self.check_end(log);
        }
    }

    fn end_phase(&mut self, dice: &mut dyn Dice, log: &mut Log) {
        let Phase::Turn { seat, step, .. } = self.phase else {
            unreachable!("phases end only in a turn");
        };
        let next = match step {
            Step::Movement => Step::Firing,
            Step::Firing => Step::Melee,
            Step::Melee => Step::Closing,
            Step::Closing => {
                self.end_turn(seat, dice, log);
                return;
            }
        };
        self.phase = Phase::Turn {
            seat,
            step: next,
            pending: None,
        };
    }

    /// Regeneration, then the end of the game or the other player's turn.
    fn end_turn(&mut self, seat: u8, dice: &mut dyn Dice, log: &mut Log) {
        self.regenerate(dice, log);
        if self.check_end(log) {
            return;
        }
        if self.round_limit_reached() {
            self.end_at_round_limit(log);
            return;
        }
        self.start_turn(1 - seat, log);
    }

    /// Gives `seat` its turn: every unit's doings of the last turn are
    /// forgotten.
    pub(crate) fn start_turn(&mut self, seat: u8, log: &mut Log) {
        for unit in &mut self.units {
            unit.marks = unit.marks.at_turn_start();
        }
        self.renew_spells(seat);
        self.turn += 1;
        self.phase = Phase::Turn {
            seat,
            step: Step::Movement,
            pending: None,
        };
        let turn = self.turn;
        log.tell(|| {
            Phrase::new()
                .text(format!("turn {turn}: "))
                .seat(Seat(seat))
                .text(" to play")
        });
        self.queue
            .push_back(Task::Window(Window::TurnStart { seat: 1 - seat }));
    }

    /// Trolls destroyed this turn, in the order they fell: on an empty
    /// square, 3+ brings them back fresh; each fall earns one try (W31).
    fn regenerate(&mut self, dice: &mut dyn Dice, log: &mut Log) {
        for (index, sq) in std::mem::take(&mut self.fallen_trolls) {
            let unit = *self.unit(index);
            if self.unit_at(sq).is_some() || unit.place != Place::Destroyed {
                continue;
            }
            let face = dice.roll(6);
            let back = face >= 3;
            log.roll(|| {
                roll_for(
                    unit.owner,
                    // The fallen Trolls are in no view until they are back:
                    // the roll names the square, not the piece.
                    None,
                    format!(
                        "{} regenerate on {} (3+)",
                        unit.profile().name,
                        to_square(sq)
                    ),
                    single(face),
                    0,
                    if back { "regenerated" } else { "stay dead" }.into(),
                )
            });
            if back {
                self.put(index, sq);
                self.unit_mut(index).marks = Default::default();
            }
        }
    }
}
