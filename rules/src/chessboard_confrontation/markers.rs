//! Markers on a miniature's card: Heal and Support gained at the start of its
//! turn, Support given to an ally (on its owner's turn, or on another
//! player's just before an attack on the Support miniature), Stealth gained
//! by not attacking, and the end-of-turn Skill rolls that shed Poison and Stun.

use super::army::Trait;
use super::log::Log;
use super::moves::Move;
use super::reactions::{REACH, recover_reason};
use super::state::{ChessboardConfrontation, Mode, Pending, Rerollable, marks};
use crate::kit::dice::Dice;

impl ChessboardConfrontation {
    pub(crate) fn start_of_turn(&mut self, piece: u8) {
        let mini = self.mini_mut(piece);
        mini.markers &= !marks::STEALTH;
        if mini.has(Trait::Heal) {
            mini.markers |= marks::HEAL;
        }
        if mini.has(Trait::Support) {
            mini.markers |= marks::SUPPORT;
        }
    }

    /// The allies a Support miniature on the board may give its marker to:
    /// within 3 spaces, not itself, not already holding one.
    pub(crate) fn support_allies(&self, piece: u8) -> impl Iterator<Item = u8> + '_ {
        let giver = self.mini(piece);
        let at = giver.square();
        self.on_board()
            .filter(move |(ally, other)| {
                *ally != piece
                    && other.owner == giver.owner
                    && !other.marked(marks::SUPPORTED)
                    && at
                        .zip(other.square())
                        .is_some_and(|(a, b)| self.measure().distance(a, b) <= REACH)
            })
            .map(|(ally, _)| ally)
    }

    /// Support markers the seat may give now, during its own turn.
    pub(crate) fn support_moves(&self, seat: u8, out: &mut Vec<Move>) {
        for (piece, giver) in self.on_board() {
            if giver.owner == seat && giver.marked(marks::SUPPORT) {
                out.extend(
                    self.support_allies(piece)
                        .map(|ally| Move::Support { piece, ally }),
                );
            }
        }
    }

    /// Whether `target`, about to be attacked by `attacker`, is another
    /// player's Support miniature holding its marker, with an ally to give it
    /// to. Only an attack that could defeat it puts the marker at risk, and
    /// the attacking player could give its own before attacking, so only
    /// then is anyone asked on another player's turn (R16).
    pub(crate) fn support_at_risk(&self, attacker: u8, mode: Mode, target: u8) -> bool {
        let t = self.mini(target);
        t.marked(marks::SUPPORT)
            && mode == Mode::Regular
            && t.owner != self.mini(attacker).owner
            && self.support_allies(target).next().is_some()
    }

    /// Gives the marker, on its owner's turn or in the window before an attack on it.
    pub(crate) fn give_support(&mut self, piece: u8, ally: u8, log: &mut Log) {
        if matches!(self.pending, Some(Pending::Support { .. })) {
            self.pending = None;
        }
        self.mini_mut(piece).markers &= !marks::SUPPORT;
        self.mini_mut(ally).markers |= marks::SUPPORTED;
        log.say(|| {
            format!(
                "the {} gives its Support marker to the {}",
                self.mini(piece).troop.name(),
                self.mini(ally).troop.name()
            )
        });
    }

    /// The end of the acting miniature's turn, one step at a time; `true`
    /// once it is over, `false` while a reroll is offered.
    pub(crate) fn step_ending(&mut self, dice: &mut dyn Dice, log: &mut Log) -> bool {
        loop {
            let a = self.activation.expect("a miniature acts");
            let piece = a.piece;
            match a.ending {
                1 => {
                    let mini = self.mini_mut(piece);
                    if mini.has(Trait::Stealth) && a.attacks == 0 {
                        mini.markers |= marks::STEALTH;
                    }
                }
                2 | 3 => {
                    let mark = if a.ending == 2 {
                        marks::POISON
                    } else {
                        marks::STUN
                    };
                    if self.mini(piece).marked(mark) {
                        self.advance_ending();
                        if self.skill_roll(piece, recover_reason(mark), dice, log) {
                            self.mini_mut(piece).markers &= !mark;
                        } else if self.offer_reroll(Rerollable::Recover { mark }) {
                            return false;
                        }
                        continue;
                    }
                }
                _ => {
                    // A Support marker given is discarded at the end of the turn it could be used in.
                    self.mini_mut(piece).markers &= !marks::SUPPORTED;
                    return true;
                }
            }
            self.advance_ending();
        }
    }

    fn advance_ending(&mut self) {
        if let Some(a) = self.activation.as_mut() {
            a.ending += 1;
        }
    }
}
