//! Spells, cast instead of moving by the five casters: the Wizard, the
//! Shaman, the Necromancer, the Druid and the Hellwitch. A D6 (plus a Dark
//! Ritual's +1) must equal or beat the casting value; a failed cast spends
//! the turn. Any casting attempt ends the caster's lasting spell.

use super::board::{self, Sq};
use super::hth::HthModifiers;
use super::moves::{Move, NONE, Spell};
use super::state::{FantasyArmies, Lasting, Place};
use super::units::{Caster, Role, SKELETON, ZOMBIE};
use crate::Dice;
use crate::kit::describe::Describe;
use crate::kit::effect_log::{Log, roll_d6s, roll_for, single};
use crate::kit::match_options::Choice;

/// Range of Fireblast, Crunch!, Hellfire and Arrow Storm.
pub const LONG_SPELL_RANGE: u8 = 3;
/// Range of Drain Life, Slay and Entangle.
pub const SHORT_SPELL_RANGE: u8 = 2;
/// Rain of Blood hits on this face.
pub const RAIN_OF_BLOOD_HITS_ON: u8 = 6;

impl Spell {
    pub fn casting_value(self) -> u8 {
        match self {
            Spell::DarkRitual => 2,
            Spell::Armour | Spell::Smash | Spell::Entangle => 4,
            Spell::Fireblast
            | Spell::Teleport
            | Spell::Crunch
            | Spell::DrainLife
            | Spell::RaiseDeadZombie
            | Spell::RaiseDeadSkeleton
            | Spell::ArmourOfThorns
            | Spell::Hellfire => 5,
            Spell::Charge | Spell::Slay | Spell::ArrowStorm | Spell::RainOfBlood => 6,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Spell::Armour => "Armour",
            Spell::Fireblast => "Fireblast",
            Spell::Teleport => "Teleport",
            Spell::Charge => "Charge!",
            Spell::Crunch => "Crunch!",
            Spell::Smash => "Smash!",
            Spell::DrainLife => "Drain Life",
            Spell::RaiseDeadZombie => "Raise Dead (as a Zombie)",
            Spell::RaiseDeadSkeleton => "Raise Dead (as a Skeleton)",
            Spell::Slay => "Slay",
            Spell::ArmourOfThorns => "Armour of Thorns",
            Spell::ArrowStorm => "Arrow Storm",
            Spell::Entangle => "Entangle",
            Spell::DarkRitual => "Dark Ritual",
            Spell::Hellfire => "Hellfire",
            Spell::RainOfBlood => "Rain of Blood",
        }
    }

    pub fn caster(self) -> Caster {
        match self {
            Spell::Armour | Spell::Fireblast | Spell::Teleport => Caster::Wizard,
            Spell::Charge | Spell::Crunch | Spell::Smash => Caster::Shaman,
            Spell::DrainLife | Spell::RaiseDeadZombie | Spell::RaiseDeadSkeleton | Spell::Slay => {
                Caster::Necromancer
            }
            Spell::ArmourOfThorns | Spell::ArrowStorm | Spell::Entangle => Caster::Druid,
            Spell::DarkRitual | Spell::Hellfire | Spell::RainOfBlood => Caster::Hellwitch,
        }
    }
}

impl Choice for Spell {
    const ALL: &'static [Self] = &[
        Spell::Armour,
        Spell::Fireblast,
        Spell::Teleport,
        Spell::Charge,
        Spell::Crunch,
        Spell::Smash,
        Spell::DrainLife,
        Spell::RaiseDeadZombie,
        Spell::RaiseDeadSkeleton,
        Spell::Slay,
        Spell::ArmourOfThorns,
        Spell::ArrowStorm,
        Spell::Entangle,
        Spell::DarkRitual,
        Spell::Hellfire,
        Spell::RainOfBlood,
    ];

    fn key(self) -> &'static str {
        match self {
            Spell::Armour => "armour",
            Spell::Fireblast => "fireblast",
            Spell::Teleport => "teleport",
            Spell::Charge => "charge",
            Spell::Crunch => "crunch",
            Spell::Smash => "smash",
            Spell::DrainLife => "drain-life",
            Spell::RaiseDeadZombie => "raise-dead-zombie",
            Spell::RaiseDeadSkeleton => "raise-dead-skeleton",
            Spell::Slay => "slay",
            Spell::ArmourOfThorns => "armour-of-thorns",
            Spell::ArrowStorm => "arrow-storm",
            Spell::Entangle => "entangle",
            Spell::DarkRitual => "dark-ritual",
            Spell::Hellfire => "hellfire",
            Spell::RainOfBlood => "rain-of-blood",
        }
    }
}

impl FantasyArmies {
    pub(crate) fn spell_moves(&self, index: u8, vacant: &[Sq], out: &mut Vec<Move>) {
        let piece = self.piece(index);
        let (Role::Caster(caster), Place::Board(from)) = (piece.profile().role, piece.place) else {
            return;
        };
        let owner = piece.owner;
        let cast = |spell, target, to| Move::Cast {
            piece: index,
            spell,
            target,
            to,
        };
        let attack = |spell: Spell, range: u8, out: &mut Vec<Move>| {
            self.targets_in_sight(from, owner, range, |target| {
                out.push(cast(spell, target, NONE))
            });
        };
        match caster {
            Caster::Wizard => {
                out.push(cast(Spell::Armour, NONE, NONE));
                attack(Spell::Fireblast, LONG_SPELL_RANGE, out);
                let carried = std::iter::once(index).chain(self.friends_adjacent(from, owner));
                for subject in carried {
                    out.extend(vacant.iter().map(|&to| cast(Spell::Teleport, subject, to)));
                }
            }
            Caster::Shaman => {
                out.push(cast(Spell::Charge, NONE, NONE));
                attack(Spell::Crunch, LONG_SPELL_RANGE, out);
                out.push(cast(Spell::Smash, NONE, NONE));
            }
            Caster::Necromancer => {
                attack(Spell::DrainLife, SHORT_SPELL_RANGE, out);
                if let Some(fallen) = self.first_fallen(owner) {
                    for spell in [Spell::RaiseDeadZombie, Spell::RaiseDeadSkeleton] {
                        for to in board::neighbours(from) {
                            if self.is_empty(to) {
                                out.push(cast(spell, fallen, to));
                            }
                        }
                    }
                }
                attack(Spell::Slay, SHORT_SPELL_RANGE, out);
            }
            Caster::Druid => {
                for target in std::iter::once(index).chain(self.friends_adjacent(from, owner)) {
                    out.push(cast(Spell::ArmourOfThorns, target, NONE));
                }
                attack(Spell::ArrowStorm, LONG_SPELL_RANGE, out);
                for (target, enemy) in self.on_board() {
                    let near = enemy
                        .square()
                        .is_some_and(|sq| board::distance(from, sq) <= SHORT_SPELL_RANGE);
                    if enemy.owner != owner && near {
                        out.push(cast(Spell::Entangle, target, NONE));
                    }
                }
            }
            Caster::Hellwitch => {
                out.push(cast(Spell::DarkRitual, NONE, NONE));
                attack(Spell::Hellfire, LONG_SPELL_RANGE, out);
                out.push(cast(Spell::RainOfBlood, NONE, NONE));
            }
        }
    }

    fn friends_adjacent(&self, sq: Sq, owner: u8) -> impl Iterator<Item = u8> + '_ {
        board::neighbours(sq)
            .filter_map(|n| self.piece_at(n))
            .filter(move |&index| self.piece(index).owner == owner)
    }

    /// Raise Dead: the owner's piece removed longest ago (never the king, whose
    /// removal ends the game).
    pub(crate) fn first_fallen(&self, owner: u8) -> Option<u8> {
        self.pieces
            .iter()
            .enumerate()
            .filter_map(|(index, piece)| match piece.place {
                Place::Removed { order, .. }
                    if piece.owner == owner && !piece.profile().is_king() =>
                {
                    Some((order, index as u8))
                }
                _ => None,
            })
            .min()
            .map(|(_, index)| index)
    }

    pub(crate) fn cast(
        &mut self,
        caster: u8,
        spell: Spell,
        target: u8,
        to: Sq,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) {
        let owner = self.piece(caster).owner;
        self.piece_mut(caster).lasting = None;
        let bonus = i32::from(std::mem::take(&mut self.ritual_bonus[owner as usize]));
        let face = dice.roll(6);
        let need = spell.casting_value();
        let cast = i32::from(face) + bonus >= i32::from(need);
        log.roll(|| {
            roll_for(
                owner,
                Some(caster),
                format!("{} casts {} ({need}+)", self.describe(caster), spell.name()),
                single(face),
                bonus,
                if cast {
                    "cast".into()
                } else {
                    "fails to cast".into()
                },
            )
        });
        if !cast {
            return;
        }
        match spell {
            Spell::Armour => self.piece_mut(caster).lasting = Some(Lasting::Armour),
            Spell::Smash => self.piece_mut(caster).lasting = Some(Lasting::Smash),
            Spell::ArmourOfThorns => {
                self.piece_mut(caster).lasting = Some(Lasting::ArmourOfThorns { target })
            }
            Spell::Fireblast | Spell::Crunch | Spell::Hellfire => {
                self.take_hit(target, dice, log, spell.name());
            }
            Spell::Teleport => {
                log.say(|| format!("{} is teleported", self.describe(target)));
                self.relocate(target, to);
            }
            Spell::Charge => {
                let extra = &mut self.extra_turns[owner as usize];
                *extra = extra.saturating_add(2);
                log.say(|| "Charge! Two more turns follow this one".into());
            }
            Spell::DrainLife => self.drain_life(caster, target, log),
            Spell::RaiseDeadZombie => self.raise_dead(target, ZOMBIE, to, log),
            Spell::RaiseDeadSkeleton => self.raise_dead(target, SKELETON, to, log),
            Spell::Slay => self.remove(target, "slain"),
            Spell::ArrowStorm => {
                let sq = self.piece(target).square().expect("target on the board");
                let mut around: Vec<u8> = board::neighbours(sq)
                    .filter_map(|n| self.enemy_at(n, owner))
                    .collect();
                around.sort_unstable();
                for index in std::iter::once(target).chain(around) {
                    self.take_hit(index, dice, log, "Arrow Storm");
                }
            }
            Spell::Entangle => {
                self.piece_mut(target).entangled = true;
                log.say(|| format!("{} is entangled", self.describe(target)));
            }
            Spell::DarkRitual => {
                self.ritual_bonus[owner as usize] = true;
                log.say(|| "Dark Ritual: +1 to the next casting roll".into());
            }
            Spell::RainOfBlood => {
                let victims: Vec<u8> = self
                    .on_board()
                    .filter(|(_, piece)| piece.owner != owner)
                    .map(|(index, _)| index)
                    .collect();
                for index in victims {
                    let rain = roll_d6s(dice, 1);
                    let hit = rain.total == i32::from(RAIN_OF_BLOOD_HITS_ON);
                    log.roll(|| {
                        roll_for(
                            owner,
                            Some(index),
                            format!("Rain of Blood on {} (6)", self.describe(index)),
                            rain.dice(),
                            0,
                            if hit { "hit".into() } else { "spared".into() },
                        )
                    });
                    if hit {
                        self.take_hit(index, dice, log, "Rain of Blood");
                    }
                }
            }
        }
    }

    fn drain_life(&mut self, necromancer: u8, target: u8, log: &mut Log) {
        if self.has_hth_to_drain(target) {
            // Saturating: added to the roll, drains have no floor, and a long
            // game could in principle cast more than an i8 holds.
            let drained = &mut self.piece_mut(target).hth_change;
            *drained = drained.saturating_sub(1);
            let fed = &mut self.piece_mut(necromancer).hth_change;
            *fed = fed.saturating_add(1);
            log.say(|| {
                format!(
                    "{} loses 1 HTH; {} gains 1",
                    self.describe(target),
                    self.describe(necromancer)
                )
            });
        } else {
            log.say(|| format!("{} has no HTH to drain", self.describe(target)));
        }
    }

    /// A piece with HTH "-" has nothing to lose. Read as extra dice, a piece
    /// with no die left has nothing either; added to the roll, a drained
    /// piece keeps its dice and only its total falls, so it can always lose
    /// one more (R20).
    fn has_hth_to_drain(&self, target: u8) -> bool {
        let piece = self.piece(target);
        let Some(printed) = piece.profile().hth else {
            return false;
        };
        match self.hth_modifiers {
            HthModifiers::AddToRoll => true,
            HthModifiers::ExtraDice => i32::from(printed) + i32::from(piece.hth_change) > 0,
        }
    }

    fn raise_dead(&mut self, fallen: u8, unit: u8, to: Sq, log: &mut Log) {
        let piece = self.piece_mut(fallen);
        piece.unit = unit;
        piece.place = Place::Board(to);
        piece.hth_change = 0;
        piece.moved = false;
        piece.entangled = false;
        piece.lasting = None;
        self.board[to as usize] = fallen;
        log.say(|| format!("The dead rise: {}", self.describe(fallen)));
    }
}
