//! Attacks: Melee on an adjacent enemy; Lesser and Greater Ranged along a
//! line no obstacle or enemy blocks; Area Effect on an enemy and every space
//! around it. Attack roll against Defence roll, ties to the attacker; Brutal,
//! Sharpshooter and Armor roll two dice and keep the higher; Poison takes 1
//! off every die; Fear demands a Skill roll first; Poison and Stun attacks
//! mark enemies instead of defeating them. Before the dice are rolled against
//! another player's Support miniature, its owner may give its marker away.

use super::army::Trait;
use super::board::{self, Sq};
use super::log::{Log, told};
use super::state::{
    ChessboardConfrontation, Exchange, Kind, Mode, Pending, Place, Rerollable, Strike, marks,
};
use crate::kit::dice::Dice;

/// The most miniatures one Area Effect can hit: the target and eight neighbours
/// (more for a Large target; three more slots are spare).
const MAX_TARGETS: usize = 12;

impl ChessboardConfrontation {
    pub(crate) fn has_attack(&self, piece: u8, kind: Kind) -> bool {
        let mini = self.mini(piece);
        match kind {
            Kind::Melee => true,
            Kind::Lesser => mini.has(Trait::LesserRanged),
            Kind::Greater => mini.has(Trait::GreaterRanged),
            Kind::Area => mini.has(Trait::AreaEffect),
        }
    }

    /// Whether nothing blocks the line from `from` to `to` for `seat`'s ranged
    /// attack on `target`: no obstacle, no enemy other than the target.
    pub(crate) fn line_clear(&self, from: Sq, to: Sq, seat: u8, target: u8) -> bool {
        let blockers = self.obstacles | (self.enemy_mask(seat) & !self.covers(target));
        !board::between(from, to).meets(blockers)
    }

    /// The enemies a miniature may attack with `kind` now.
    pub(crate) fn attack_targets(&self, piece: u8, kind: Kind) -> Vec<u8> {
        let mini = self.mini(piece);
        let Some(from) = mini.square() else {
            return Vec::new();
        };
        self.on_board()
            .filter(|(i, t)| {
                if t.owner == mini.owner {
                    return false;
                }
                let covers = self.covers(*i);
                if kind == Kind::Melee {
                    self.board.neighbour_mask(from).meets(covers)
                } else {
                    !t.marked(marks::STEALTH)
                        && board::squares_of(covers)
                            .any(|sq| self.line_clear(from, sq, mini.owner, *i))
                }
            })
            .map(|(i, _)| i)
            .collect()
    }

    /// The miniatures an Area Effect on `target` attacks, the target first:
    /// every miniature on a space adjacent to it, allies too, but never the
    /// attacker itself nor one hidden by Stealth.
    fn area_targets(&self, attacker: u8, target: u8) -> Vec<u8> {
        let covers = self.covers(target);
        let around = board::squares_of(covers).fold(board::Squares::EMPTY, |m, sq| {
            m | self.board.neighbour_mask(sq)
        });
        let mut hit = vec![target];
        for sq in board::squares_of(around & !covers) {
            if let Some(i) = self.occupant(sq)
                && i != attacker
                && !hit.contains(&i)
                && !self.mini(i).marked(marks::STEALTH)
            {
                hit.push(i);
            }
        }
        hit[1..].sort_unstable();
        hit
    }

    pub(crate) fn declare_attack(
        &mut self,
        piece: u8,
        target: u8,
        kind: Kind,
        mode: Mode,
        log: &mut Log,
    ) {
        let a = self.activation.as_mut().expect("a miniature acts");
        a.attacks += 1;
        a.kind = Some(kind);
        let hit = if kind == Kind::Area {
            self.area_targets(piece, target)
        } else {
            vec![target]
        };
        let mut targets = [0u8; MAX_TARGETS];
        targets[..hit.len()].copy_from_slice(&hit);
        self.strike = Some(Strike {
            attacker: piece,
            kind,
            mode,
            targets,
            count: hit.len() as u8,
            next: 0,
            current: None,
            support_offered: false,
        });
        log.say(|| {
            let how = match mode {
                Mode::Regular => String::new(),
                Mode::Poison => " to poison".into(),
                Mode::Stun => " to stun".into(),
            };
            format!(
                "the {} makes a {} attack on the {}{how}",
                self.mini(piece).troop.name(),
                kind.name(),
                self.mini(target).troop.name()
            )
        });
    }

    /// One die (or the higher of two) of a miniature's die value, less 1 if
    /// poisoned, halved for a Lesser Ranged or Area Effect attack.
    fn roll_for(
        &self,
        piece: u8,
        two: bool,
        halve: bool,
        purpose: &str,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> u8 {
        let mini = self.mini(piece);
        let sides = mini.troop.die();
        let first = dice.roll(sides);
        let second = two.then(|| dice.roll(sides));
        let best = first.max(second.unwrap_or(0));
        let poisoned = mini.marked(marks::POISON);
        let less = |value: u8| {
            if poisoned {
                value.saturating_sub(1)
            } else {
                value
            }
        };
        let half = |value: u8| if halve { value.div_ceil(2) } else { value };
        // The book takes Poison's 1 off "each die result", so before halving (R29).
        let before_halving = self.settings.rulings.poison_before_halving();
        let result = if before_halving {
            half(less(best))
        } else {
            less(half(best))
        };
        log.roll(|| {
            let mut faces = vec![(sides, first)];
            faces.extend(second.map(|f| (sides, f)));
            let mut how = Vec::new();
            if two {
                how.push("higher of two");
            }
            let halving = halve.then_some("halved, rounded up");
            let poison = poisoned.then_some("-1 poisoned");
            if before_halving {
                how.extend(poison.into_iter().chain(halving));
            } else {
                how.extend(halving.into_iter().chain(poison));
            }
            told(
                Some(mini.owner),
                Some(piece),
                purpose,
                faces,
                if poisoned { -1 } else { 0 },
                result.into(),
                if how.is_empty() {
                    format!("{result}")
                } else {
                    format!("{result} ({})", how.join(", "))
                },
            )
        });
        result
    }

    pub(crate) fn attack_roll(
        &self,
        piece: u8,
        kind: Kind,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> u8 {
        let mini = self.mini(piece);
        let two = match kind {
            Kind::Melee => mini.has(Trait::Brutal),
            _ => mini.has(Trait::Sharpshooter),
        };
        let halve = matches!(kind, Kind::Lesser | Kind::Area);
        let purpose = format!("{} attack", kind.name());
        self.roll_for(piece, two, halve, &purpose, dice, log)
    }

    pub(crate) fn defence_roll(&self, piece: u8, dice: &mut dyn Dice, log: &mut Log) -> u8 {
        let two = self.mini(piece).has(Trait::Armor);
        self.roll_for(piece, two, false, "Defense", dice, log)
    }

    /// A Skill roll: the die, less 1 if poisoned, succeeds on 4 or better.
    pub(crate) fn skill_roll(
        &self,
        piece: u8,
        why: &str,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> bool {
        let purpose = format!("Skill roll: {why} (4+)");
        self.roll_for(piece, false, false, &purpose, dice, log) >= 4
    }

    fn needs_fear_roll(&self, attacker: u8, target: u8) -> bool {
        let (a, t) = (self.mini(attacker), self.mini(target));
        t.has(Trait::Fear) && !a.has(Trait::Fear) && t.owner != a.owner
    }

    /// A failed Fear roll (rerolls spent or declined) stands: the attack on
    /// `target` is not made. If `target` is the miniature an Area Effect is
    /// aimed at, the whole action is spent with it (R20); a miniature merely
    /// caught in the blast spares only itself.
    pub(crate) fn held_back_by_fear(&mut self, target: u8, log: &mut Log) {
        log.say(|| "Fear holds the attacker back".into());
        let Some(mut strike) = self.strike else {
            return;
        };
        let aimed_at = strike.kind == Kind::Area && strike.targets[0] == target;
        if aimed_at && self.settings.rulings.fear_of_the_aim_spends_the_blast() {
            strike.next = strike.count;
            self.strike = Some(strike);
            log.say(|| "the Area Effect is spent".into());
        }
    }

    /// Rolls the attack and the Defence against one target.
    pub(crate) fn begin_exchange(&mut self, target: u8, dice: &mut dyn Dice, log: &mut Log) {
        let mut strike = self.strike.expect("an attack under way");
        let attack = self.attack_roll(strike.attacker, strike.kind, dice, log);
        let defence = self.defence_roll(target, dice, log);
        strike.current = Some(Exchange {
            target,
            attack,
            defence,
        });
        self.strike = Some(strike);
    }

    /// Resolves the attack under way until it ends or someone must decide.
    pub(crate) fn step_strike(&mut self, dice: &mut dyn Dice, log: &mut Log) {
        loop {
            let mut strike = self.strike.expect("an attack under way");
            let Some(ex) = strike.current else {
                if strike.next >= strike.count {
                    self.strike = None;
                    return;
                }
                let target = strike.targets[strike.next as usize];
                if !strike.support_offered
                    && self.support_at_risk(strike.attacker, strike.mode, target)
                {
                    // The last moment its owner can still give the marker away.
                    strike.support_offered = true;
                    self.strike = Some(strike);
                    self.pending = Some(Pending::Support { supporter: target });
                    return;
                }
                strike.next += 1;
                strike.support_offered = false;
                self.strike = Some(strike);
                if !matches!(self.mini(target).place, Place::Board(_)) {
                    continue;
                }
                if self.needs_fear_roll(strike.attacker, target) {
                    let brave = self.skill_roll(strike.attacker, "Fear", dice, log);
                    if !brave {
                        if self.offer_reroll(Rerollable::Fear { target }) {
                            return;
                        }
                        self.held_back_by_fear(target, log);
                        continue;
                    }
                }
                self.begin_exchange(target, dice, log);
                continue;
            };
            let success = ex.attack >= ex.defence;
            let enemy = self.mini(ex.target).owner != self.mini(strike.attacker).owner;
            if !success && enemy && self.offer_reroll(Rerollable::Attack) {
                return;
            }
            if success && self.healers(ex.target).next().is_some() {
                self.pending = Some(Pending::Heal {
                    defender: ex.target,
                });
                return;
            }
            self.settle(log);
        }
    }

    /// The current exchange stands: a success defeats, poisons or stuns.
    pub(crate) fn settle(&mut self, log: &mut Log) {
        let mut strike = self.strike.expect("an attack under way");
        let ex = strike.current.take().expect("an exchange");
        self.strike = Some(strike);
        let name = self.mini(ex.target).troop.name();
        if ex.attack < ex.defence {
            log.say(|| format!("the attack on the {name} fails"));
            return;
        }
        let ally = self.mini(ex.target).owner == self.mini(strike.attacker).owner;
        let marks_it = !(ally && self.settings.rulings.poison_and_stun_mark_only_enemies());
        match strike.mode {
            Mode::Poison if marks_it => {
                log.say(|| format!("the {name} is poisoned"));
                self.mini_mut(ex.target).markers |= marks::POISON;
            }
            Mode::Stun if marks_it => {
                log.say(|| format!("the {name} is stunned"));
                self.mini_mut(ex.target).markers |= marks::STUN;
            }
            // Poison and Stun spare enemies only; an ally caught in the blast
            // is hit as by any attack (R28).
            _ => {
                log.say(|| format!("the {name} is defeated"));
                self.defeat(ex.target);
            }
        }
    }

    /// Removes a miniature from the game; a carried objective drops on its space.
    pub(crate) fn defeat(&mut self, index: u8) {
        let mini = *self.mini(index);
        if mini.marked(marks::OBJECTIVE) {
            self.objective = mini.square();
        }
        self.lift(index);
        let m = self.mini_mut(index);
        m.place = Place::Removed;
        m.markers = 0;
        self.removed_this_round = true;
        if !self.alive(mini.owner) {
            self.tokens[mini.owner as usize] = 0;
        }
    }
}
