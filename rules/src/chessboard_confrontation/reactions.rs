//! Decisions that interrupt a turn: the acting miniature's owner may reroll a
//! failed roll with Lucky or a Support marker; a defender's owner may spend a
//! Heal marker (the Heal miniature's own, or one within 3 spaces) to reroll a
//! failed Defence roll, whoever's turn it is; and before an attack on another
//! player's Support miniature its owner may give the marker away (giving it
//! is in `markers.rs`, declining is `accept` here).

use super::log::Log;
use super::movement::SUMMON_SKILL;
use super::state::{ChessboardConfrontation, Pending, Rerollable, marks};
use crate::kit::dice::Dice;

/// How far Heal and Support reach, in spaces.
pub const REACH: u8 = 3;

impl ChessboardConfrontation {
    /// The Heal miniatures that may let `defender` reroll its Defence now.
    pub(crate) fn healers(&self, defender: u8) -> impl Iterator<Item = u8> + '_ {
        let owner = self.mini(defender).owner;
        let at = self.mini(defender).square();
        self.on_board()
            .filter(move |(i, m)| {
                m.owner == owner
                    && m.marked(marks::HEAL)
                    && (*i == defender
                        || at
                            .zip(m.square())
                            .is_some_and(|(a, b)| self.measure().distance(a, b) <= REACH))
            })
            .map(|(i, _)| i)
    }

    fn spend_reroll(&mut self, support: bool) {
        let piece = self.activation.expect("a miniature acts").piece;
        if support {
            self.mini_mut(piece).markers &= !marks::SUPPORTED;
        } else if let Some(a) = self.activation.as_mut() {
            a.lucky_used = true;
        }
    }

    pub(crate) fn reroll(&mut self, support: bool, dice: &mut dyn Dice, log: &mut Log) {
        let Some(Pending::Reroll(what)) = self.pending.take() else {
            unreachable!("a reroll is offered only when one is pending");
        };
        self.spend_reroll(support);
        let piece = self.activation.expect("a miniature acts").piece;
        log.say(|| {
            format!(
                "the {} rerolls with {}",
                self.mini(piece).troop.name(),
                if support { "Support" } else { "Lucky" }
            )
        });
        match what {
            Rerollable::Fear { target } => {
                if self.skill_roll(piece, "Fear", dice, log) {
                    self.begin_exchange(target, dice, log);
                } else if !self.offer_reroll(what) {
                    self.held_back_by_fear(target, log);
                }
            }
            Rerollable::Attack => {
                let mut strike = self.strike.expect("an attack under way");
                let attack = self.attack_roll(piece, strike.kind, dice, log);
                if let Some(ex) = strike.current.as_mut() {
                    ex.attack = attack;
                }
                self.strike = Some(strike);
            }
            Rerollable::Recover { mark } => {
                let why = recover_reason(mark);
                if self.skill_roll(piece, why, dice, log) {
                    self.mini_mut(piece).markers &= !mark;
                } else {
                    self.offer_reroll(what);
                }
            }
            Rerollable::PickUp => {
                if self.skill_roll(piece, "pick up the objective", dice, log) {
                    self.take_objective(piece, log);
                } else {
                    self.offer_reroll(what);
                }
            }
            Rerollable::Summon { ally, to } => {
                if self.skill_roll(piece, SUMMON_SKILL, dice, log) {
                    self.bring(piece, ally, to, log);
                } else if !self.offer_reroll(what) {
                    self.summons_fails(piece, log);
                }
            }
        }
    }

    pub(crate) fn heal(&mut self, healer: u8, dice: &mut dyn Dice, log: &mut Log) {
        let Some(Pending::Heal { defender }) = self.pending.take() else {
            unreachable!("Heal is offered only when a Defence roll failed");
        };
        self.mini_mut(healer).markers &= !marks::HEAL;
        log.say(|| {
            format!(
                "a Heal marker lets the {} reroll its Defense",
                self.mini(defender).troop.name()
            )
        });
        let defence = self.defence_roll(defender, dice, log);
        let mut strike = self.strike.expect("an attack under way");
        if let Some(ex) = strike.current.as_mut() {
            ex.defence = defence;
        }
        self.strike = Some(strike);
    }

    /// The pending roll stands.
    pub(crate) fn accept(&mut self, log: &mut Log) {
        match self.pending.take() {
            Some(Pending::Reroll(Rerollable::Attack)) | Some(Pending::Heal { .. }) => {
                self.settle(log)
            }
            Some(Pending::Reroll(Rerollable::Fear { target })) => {
                self.held_back_by_fear(target, log)
            }
            Some(Pending::Reroll(Rerollable::Summon { .. })) => {
                let piece = self.activation.expect("a miniature acts").piece;
                self.summons_fails(piece, log);
            }
            Some(Pending::Support { supporter }) => log.say(|| {
                format!(
                    "the {} keeps its Support marker",
                    self.mini(supporter).troop.name()
                )
            }),
            _ => {}
        }
    }
}

pub(crate) fn recover_reason(mark: u8) -> &'static str {
    if mark == marks::POISON {
        "shake off Poison"
    } else {
        "shake off Stun"
    }
}
