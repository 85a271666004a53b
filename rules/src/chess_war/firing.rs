//! The firing phase's shots (W17–W23): who may fire and at what, sight
//! direct and indirect, range, the to-hit roll, a catapult's scatter (twice
//! when fired indirectly), the fear catapult's automatic hit, a shot into
//! melee hitting an opponent too on 1–3, and the hit unit's save.

use fray_protocol::{Die, Phrase, RejectCode, Rejection};

use super::reach::{in_melee, melee_opponents};
use super::reactions::Window;
use super::resolution::{Cause, PendingSave, Task};
use super::scatter::{Side, scatter_in_turn, scatter_rolls, within_range};
use super::sight::line_of_sight;
use super::state::ChessWar;
use super::units::profile;
use super::weapons::{Aim, Armament};
use crate::Dice;
use crate::kit::describe::Describe;
use crate::kit::effect_log::{Log, roll_for, single};
use crate::kit::grid::{SQUARES, Sq, bit, squares_of, to_square};

/// What a shot is aimed at: an enemy unit (bows, crossbows) or a square
/// (catapults, rocks).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Unit(u8),
    Square(Sq),
}

/// Why a unit may not fire now.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FireBar {
    Unarmed,
    InMelee,
    AlreadyFired,
    /// Crossbows and catapults do not fire after moving.
    Moved,
    Stupid,
    /// Its modifiers make the roll needed 7 or more (W22).
    CannotHit,
}

impl FireBar {
    pub fn text(self) -> &'static str {
        match self {
            FireBar::Unarmed => "has no ranged weapon",
            FireBar::InMelee => "is in melee and cannot fire",
            FireBar::AlreadyFired => "has already fired this turn",
            FireBar::Moved => "moved this turn, and its weapon cannot fire after moving",
            FireBar::Stupid => "is stupid this turn",
            FireBar::CannotHit => "would need 7 or more to hit, so it cannot hit",
        }
    }
}

impl ChessWar {
    /// Why unit `piece` may not fire now, if it may not.
    pub(crate) fn fire_bar(&self, piece: u8) -> Option<FireBar> {
        let unit = self.unit(piece);
        let sq = unit.square()?;
        let Some(armament) = unit.profile().armament() else {
            return Some(FireBar::Unarmed);
        };
        let marks = unit.marks;
        if in_melee(sq, self.enemies_of(unit.owner)) {
            Some(FireBar::InMelee)
        } else if marks.fired {
            Some(FireBar::AlreadyFired)
        } else if marks.moved && !armament.weapon.profile().after_moving {
            Some(FireBar::Moved)
        } else if marks.stupid {
            Some(FireBar::Stupid)
        } else if armament.to_hit() > 6 {
            Some(FireBar::CannotHit)
        } else {
            None
        }
    }

    /// The squares some unit of `seat` sees (W19): what indirect fire may
    /// aim at.
    pub(crate) fn seen_by(&self, seat: u8) -> u64 {
        let occupied = self.occupied();
        let eyes: Vec<Sq> = squares_of(self.squares_of_seat(seat)).collect();
        (0..SQUARES as Sq)
            .filter(|&sq| eyes.iter().any(|&eye| line_of_sight(eye, sq, occupied)))
            .fold(0, |mask, sq| mask | bit(sq))
    }

    /// Everything unit `piece` may shoot at now.
    pub(crate) fn fire_targets(&self, piece: u8, out: &mut Vec<Target>) {
        if self.fire_bar(piece).is_some() {
            return;
        }
        let unit = self.unit(piece);
        let from = unit.square().expect("a unit that may fire stands");
        let weapon = unit.profile().armament().expect("armed").weapon.profile();
        let in_range = |sq: Sq| {
            weapon
                .range
                .is_none_or(|range| within_range(from, sq, range))
        };
        let seen = if weapon.indirect {
            self.seen_by(unit.owner)
        } else {
            let occupied = self.occupied();
            (0..SQUARES as Sq)
                .filter(|&sq| line_of_sight(from, sq, occupied))
                .fold(0, |mask, sq| mask | bit(sq))
        };
        match weapon.aim {
            Aim::Unit => out.extend(
                squares_of(self.enemies_of(unit.owner) & seen)
                    .filter(|&sq| in_range(sq))
                    .map(|sq| Target::Unit(self.unit_at(sq).expect("an enemy stands there"))),
            ),
            Aim::Square => {
                let barred = self.squares_barred_to_aim(piece);
                out.extend(
                    squares_of(seen & !barred)
                        .filter(|&sq| in_range(sq))
                        .map(Target::Square),
                )
            }
        }
    }

    /// The squares a weapon aimed at squares may not take: the firer's own,
    /// and by the book's reading every square its side holds (W68).
    fn squares_barred_to_aim(&self, piece: u8) -> u64 {
        let unit = self.unit(piece);
        if self.options.rulings.catapults_spare_their_own_side() {
            self.squares_of_seat(unit.owner)
        } else {
            unit.square().map_or(0, bit)
        }
    }

    /// Whether a shot from `piece` at `square` would be fired indirectly:
    /// the firer itself does not see it (W20).
    pub(crate) fn fired_indirectly(&self, piece: u8, square: Sq) -> bool {
        let from = self.unit(piece).square().expect("the firer stands");
        !line_of_sight(from, square, self.occupied())
    }

    /// A shot is chosen: a Stupid firer's test first (W30), then the
    /// target's side may protect it (W40), then the dice.
    pub(crate) fn play_fire(
        &mut self,
        piece: u8,
        target: Target,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) {
        if !self.passes_stupidity(piece, dice, log) {
            return;
        }
        self.unit_mut(piece).marks.fired = true;
        let label = self.fire_label(piece, target);
        log.tell(|| label.into());
        let owner = self.unit(piece).owner;
        let aimed_at = match target {
            Target::Unit(index) => Some(index),
            Target::Square(sq) => self
                .unit_at(sq)
                .filter(|&index| self.unit(index).owner != owner),
        };
        let mut next = Vec::with_capacity(2);
        if let Some(index) = aimed_at {
            next.push(Task::Window(Window::AttackAimed {
                seat: 1 - owner,
                target: index,
            }));
        }
        next.push(Task::Shot {
            firer: piece,
            target,
        });
        self.then_first(next);
    }

    pub(crate) fn resolve_shot(
        &mut self,
        firer: u8,
        target: Target,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) {
        let unit = *self.unit(firer);
        let Some(from) = unit.square() else {
            return;
        };
        let armament = unit.profile().armament().expect("a firer is armed");
        match target {
            Target::Unit(index) => {
                if self.unit(index).square().is_some()
                    && self.to_hit(firer, index, armament, dice, log)
                {
                    self.hit(index, armament, dice, log);
                }
            }
            Target::Square(square) => {
                let indirect = !line_of_sight(from, square, self.occupied());
                let faces: Vec<u8> = (0..scatter_rolls(indirect)).map(|_| dice.roll(6)).collect();
                let landing = scatter_in_turn(square, &faces, Side::of_seat(unit.owner));
                log.roll(|| {
                    roll_for(
                        unit.owner,
                        Some(unit.id.0 as u8),
                        format!(
                            "{} scatter at {}{} (1 up, 2 right, 3 down, 4 left, 5–6 on target)",
                            self.describe(firer),
                            to_square(square),
                            if indirect { ", fired indirectly" } else { "" }
                        ),
                        faces.iter().map(|&face| Die { sides: 6, face }).collect(),
                        0,
                        match landing {
                            Some(sq) => format!("lands on {}", to_square(sq)),
                            None => "lands off the board".into(),
                        },
                    )
                });
                let Some(victim) = landing.and_then(|sq| self.unit_at(sq)) else {
                    return;
                };
                let weapon = armament.weapon.profile();
                if weapon.fear && !self.unit(victim).profile().immune_to_fear() {
                    self.tell_of(victim, "is hit by the terror of the fear catapult", log);
                    self.hit(victim, armament, dice, log);
                } else if self.to_hit(firer, victim, armament, dice, log) {
                    self.hit(victim, armament, dice, log);
                }
            }
        }
    }

    /// The to-hit roll of `firer` at `index`; true on a hit.
    fn to_hit(
        &self,
        firer: u8,
        index: u8,
        armament: Armament,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> bool {
        let unit = self.unit(firer);
        let needed = armament.to_hit();
        let face = dice.roll(6);
        let hit = face >= needed;
        log.roll(|| {
            roll_for(
                unit.owner,
                Some(unit.id.0 as u8),
                format!(
                    "{} shoot {} ({needed}+)",
                    self.describe(firer),
                    self.describe(index)
                ),
                single(face),
                0,
                if hit { "hit" } else { "missed" }.into(),
            )
        });
        hit
    }

    /// A unit is hit: if it is in melee, a d6 of 1–3 hits one of its
    /// opponents too, chosen by a die among several (W23); each saves with
    /// the weapon's modifier or is destroyed.
    fn hit(&mut self, index: u8, armament: Armament, dice: &mut dyn Dice, log: &mut Log) {
        let modifier = armament.weapon.profile().save_modifier;
        let mut saves = vec![Task::Save(PendingSave::new(index, modifier, Cause::Shot))];
        if let Some(also) = self.also_hit_in_melee(index, dice, log) {
            saves.push(Task::Save(PendingSave::new(also, modifier, Cause::Shot)));
        }
        self.then_first(saves);
    }

    /// A shot into melee (W23): the d6, and on 1–3 the opponent also hit.
    fn also_hit_in_melee(&self, index: u8, dice: &mut dyn Dice, log: &mut Log) -> Option<u8> {
        let unit = *self.unit(index);
        let sq = unit.square().expect("a hit unit stands");
        let opponents: Vec<u8> = squares_of(melee_opponents(sq, self.enemies_of(unit.owner)))
            .map(|at| self.unit_at(at).expect("an enemy stands there"))
            .collect();
        if opponents.is_empty() {
            return None;
        }
        let face = dice.roll(6);
        let spread = face <= 3;
        log.roll(|| {
            roll_for(
                1 - unit.owner,
                None,
                format!(
                    "the shot into the melee of {} (1–3: an opponent is hit too)",
                    self.describe(index)
                ),
                single(face),
                0,
                if spread {
                    "an opponent is hit too"
                } else {
                    "only the target is hit"
                }
                .into(),
            )
        });
        if !spread {
            return None;
        }
        let chosen = if opponents.len() == 1 {
            opponents[0]
        } else {
            let sides = opponents.len() as u8;
            let face = dice.roll(sides);
            let chosen = opponents[usize::from(face - 1)];
            log.roll(|| fray_protocol::DiceRoll {
                seat: None,
                piece: None,
                purpose: Phrase::new().text(format!(
                    "which opponent of {} is hit ({})",
                    self.describe(index),
                    opponents
                        .iter()
                        .enumerate()
                        .map(|(n, &o)| format!("{}: {}", n + 1, self.describe(o)))
                        .collect::<Vec<_>>()
                        .join(", ")
                )),
                dice: vec![Die { sides, face }],
                modifier: 0,
                total: i32::from(face),
                result: Phrase::new().text(self.describe(chosen)),
            });
            chosen
        };
        self.tell_of(chosen, "is hit too", log);
        Some(chosen)
    }

    /// Why `piece`, free to fire, cannot shoot at `target`.
    pub(crate) fn explain_unreachable_target(&self, piece: u8, target: Target) -> Rejection {
        let unit = self.unit(piece);
        let from = unit.square().expect("a unit free to fire stands");
        let weapon = unit.profile().armament().expect("armed").weapon;
        let numbers = weapon.profile();
        let (square, aim_ok) = match target {
            Target::Unit(index) => (
                self.unit(index).square().expect("a target stands"),
                numbers.aim == Aim::Unit && self.unit(index).owner != unit.owner,
            ),
            Target::Square(sq) => (sq, numbers.aim == Aim::Square && sq != from),
        };
        let message = if !aim_ok {
            match numbers.aim {
                Aim::Unit => format!("{} shoot at an enemy unit, not a square", weapon.name()),
                Aim::Square => format!(
                    "{} shoot at a square other than their own, not at a unit",
                    weapon.name()
                ),
            }
        } else if let Some(friend) = self.friend_under_aim(piece, square) {
            format!(
                "{} shoot at the enemy, not at {}, where your own {} stand",
                weapon.name(),
                to_square(square),
                profile(self.unit(friend).unit).name
            )
        } else if numbers
            .range
            .is_some_and(|range| !within_range(from, square, range))
        {
            format!(
                "{} is out of range: {} reach {} squares",
                to_square(square),
                weapon.name(),
                numbers.range.unwrap_or_default()
            )
        } else if numbers.indirect {
            format!(
                "no unit of your army sees {}: every line of sight to it is blocked",
                to_square(square)
            )
        } else {
            format!(
                "{} cannot see {}, and {} fire only at what the firer sees",
                self.describe(piece),
                to_square(square),
                weapon.name()
            )
        };
        Rejection::new(RejectCode::IllegalAction, message)
    }

    /// The unit of its own side on `square` that stops `piece`'s weapon from
    /// aiming there (W68).
    fn friend_under_aim(&self, piece: u8, square: Sq) -> Option<u8> {
        let barred = bit(square) & self.squares_barred_to_aim(piece) != 0;
        self.unit_at(square).filter(|_| barred)
    }

    /// "Archers on c2 shoot Orc Boyz on c6", "Catapults on a1 shoot at e6".
    pub(crate) fn fire_label(&self, piece: u8, target: Target) -> String {
        match target {
            Target::Unit(index) => {
                format!("{} shoot {}", self.describe(piece), self.describe(index))
            }
            Target::Square(sq) => {
                let indirect = if self.fired_indirectly(piece, sq) {
                    " (unseen by them: two scatter rolls)"
                } else {
                    ""
                };
                let under = match self.unit_at(sq) {
                    Some(index) => format!(", where {} stand", profile(self.unit(index).unit).name),
                    None => String::new(),
                };
                format!(
                    "{} shoot at {}{under}{indirect}",
                    self.describe(piece),
                    to_square(sq)
                )
            }
        }
    }
}
