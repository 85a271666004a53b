//! What each spell does once nobody dispelled it (W41–W50), with the Rune
//! Lord's anti-magic against the spells aimed at a Dwarf unit (W33).

use fray_protocol::Phrase;

use super::magic::{Casting, area};
use super::reactions::Window;
use super::resolution::{Cause, PendingSave, Task};
use super::spells::{PLAGUE_SAVE_MODIFIER, STORM_TO_HIT, Spell, ZAP_SAVE_MODIFIER, ZAP_TO_HIT};
use super::state::{ChessWar, IDS_PER_SEAT, Unit};
use super::units::{Race, unit_by_key};
use crate::Dice;
use crate::kit::describe::Describe;
use crate::kit::effect_log::{Log, roll_for, single};
use crate::kit::grid::{Sq, squares_of, to_square};

impl ChessWar {
    pub(crate) fn resolve_spell(
        &mut self,
        casting: Casting,
        answers: Option<Window>,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) {
        let caster_seat = self.unit(casting.caster).owner;
        let standing = |game: &ChessWar| {
            casting
                .target
                .filter(|&target| game.unit(target).square().is_some())
        };
        match casting.spell {
            Spell::Zap => {
                let Some(target) = standing(self) else {
                    return;
                };
                if self.spell_roll(casting, target, ZAP_TO_HIT, dice, log) {
                    let anti_magic = self.shielded(self.unit(target).owner);
                    self.then_first([Task::Save(PendingSave {
                        anti_magic,
                        ..PendingSave::new(target, ZAP_SAVE_MODIFIER, Cause::Zap)
                    })]);
                }
            }
            Spell::Storm => {
                let centre = casting.to.expect("an area's centre");
                let mut saves = Vec::new();
                for index in self.units_in(area(centre)) {
                    if self.spell_roll(casting, index, STORM_TO_HIT, dice, log) {
                        saves.push(Task::Save(PendingSave::new(index, 0, Cause::Storm)));
                    }
                }
                self.then_first(saves);
            }
            Spell::Plague => {
                let centre = casting.to.expect("an area's centre");
                let saves: Vec<Task> = self
                    .units_in(area(centre))
                    .into_iter()
                    .filter(|&index| !self.unit(index).profile().immune_to_plague())
                    .map(|index| {
                        Task::Save(PendingSave::new(
                            index,
                            PLAGUE_SAVE_MODIFIER,
                            Cause::PlagueSpell,
                        ))
                    })
                    .collect();
                self.then_first(saves);
            }
            Spell::Fear => {
                let centre = casting.to.expect("an area's centre");
                let spares_melee = self
                    .options
                    .rulings
                    .fear_spell_spares_units_in_melee_with_fear();
                for index in self.units_in(area(centre)) {
                    let unit = *self.unit(index);
                    if unit.owner == caster_seat
                        || unit.profile().immune_to_fear()
                        || (spares_melee && self.in_melee_with_fear(index))
                    {
                        continue;
                    }
                    if !self.save(index, 0, "against the Fear spell", dice, log) {
                        self.tell_of(index, "is scared until the caster's next turn", log);
                        self.unit_mut(index).marks.terrified = true;
                    }
                }
            }
            Spell::Protection => {
                if let Some(target) = standing(self) {
                    self.unit_mut(target).marks.protected = true;
                }
            }
            Spell::Strike => {
                if let Some(target) = standing(self) {
                    self.unit_mut(target).marks.struck = true;
                }
            }
            Spell::Flight => {
                let (Some(target), Some(to)) = (standing(self), casting.to) else {
                    return;
                };
                self.fly(caster_seat, target, to, dice, log);
            }
            Spell::Dispel => {
                if let Some(Window::SpellCast { caster, .. }) = answers {
                    self.dispel(caster, log);
                }
            }
            Spell::Healing => {
                if let Some(Window::FailedSave { save, .. }) = answers {
                    self.heal(save, dice, log);
                }
            }
            Spell::RaiseDead => {
                if let Some(Window::Destroyed { dead, square, .. }) = answers {
                    self.raise(caster_seat, dead, square, dice, log);
                }
            }
        }
    }

    /// The units standing on `squares`, in square order.
    fn units_in(&self, squares: u64) -> Vec<u8> {
        squares_of(squares)
            .filter_map(|sq| self.unit_at(sq))
            .collect()
    }

    /// A spell's d6 against one unit: true when it reaches `needed`.
    fn spell_roll(
        &self,
        casting: Casting,
        target: u8,
        needed: u8,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> bool {
        let caster = self.unit(casting.caster);
        let face = dice.roll(6);
        let hit = face >= needed;
        log.roll(|| {
            roll_for(
                caster.owner,
                Some(caster.id.0 as u8),
                format!(
                    "{} of {} at {} ({needed}+)",
                    casting.spell.name(),
                    self.describe(casting.caster),
                    self.describe(target)
                ),
                single(face),
                0,
                if hit { "hit" } else { "missed" }.into(),
            )
        });
        hit
    }

    /// Flight (W47): an enemy resists with a save, and a Dwarf also with
    /// anti-magic; a friend's flight is its move.
    fn fly(&mut self, caster_seat: u8, target: u8, to: Sq, dice: &mut dyn Dice, log: &mut Log) {
        let owner = self.unit(target).owner;
        if owner != caster_seat {
            let resisted = self.save(target, 0, "against the Flight", dice, log)
                || (self.shielded(owner) && self.anti_magic_save(target, dice, log));
            if resisted {
                self.tell_of(target, "resist the Flight", log);
                return;
            }
        }
        self.tell_of(target, &format!("fly to {}", to_square(to)), log);
        self.put(target, to);
        if owner == caster_seat {
            self.unit_mut(target).marks.moved = true;
        }
    }

    /// Dispel (W41): the enemy spell waiting for its effect is cancelled.
    fn dispel(&mut self, caster: u8, log: &mut Log) {
        let Some(at) = self.queue.iter().position(
            |task| matches!(task, Task::Spell { casting, .. } if casting.caster == caster),
        ) else {
            return;
        };
        self.queue.remove(at);
        self.tell_of(caster, "sees its spell dispelled", log);
    }

    /// Healing (W45): the failed save is made again, with the same
    /// modifiers; passing, the unit is not removed.
    fn heal(&mut self, save: PendingSave, dice: &mut dyn Dice, log: &mut Log) {
        if self.unit(save.unit).square().is_none()
            || !self.save(save.unit, save.modifier, "again, healed", dice, log)
        {
            return;
        }
        let removal = self
            .queue
            .iter()
            .position(|task| matches!(task, Task::Remove { unit, .. } if *unit == save.unit));
        if let Some(at) = removal {
            self.queue.remove(at);
        }
        if save.cause == Cause::RoutFirst {
            self.then_first([Task::Save(PendingSave {
                cause: Cause::RoutSecond,
                ..save
            })]);
        }
    }

    /// Raise Dead (W46): a Zombie of the caster's army rises where `dead`
    /// fell, unless anti-magic keeps a Dwarf in its grave.
    fn raise(&mut self, seat: u8, dead: u8, square: Sq, dice: &mut dyn Dice, log: &mut Log) {
        if self.unit_at(square).is_some() {
            return;
        }
        let owner = self.unit(dead).owner;
        if owner != seat && self.shielded(owner) && self.anti_magic_save(dead, dice, log) {
            return;
        }
        let zombies = unit_by_key(Race::Undead, "zombies").expect("the Undead have Zombies");
        let number = self.units.iter().filter(|unit| unit.owner == seat).count() as u32;
        self.units.push(Unit::unplaced(seat, number, zombies));
        let index = (self.units.len() - 1) as u8;
        self.put(index, square);
        log.tell(|| Phrase::new().text(format!("Zombies rise on {}", to_square(square))));
    }

    /// Whether a Zombie could still be given an id within `seat`'s hundred
    /// (W53) and an index.
    pub(crate) fn room_for_zombie(&self, seat: u8) -> bool {
        let mine = self.units.iter().filter(|unit| unit.owner == seat).count();
        mine + 1 < IDS_PER_SEAT as usize && self.units.len() < usize::from(u8::MAX)
    }
}
