//! What an action sets going, resolved one step at a time from a queue, so
//! that a reaction window (W40) can pause it wherever an instant could
//! change what follows, and the rest goes on once the window closes: a shot
//! or an attack waits for the defender's Protection, a failed save for a
//! Healing before the unit is removed, a destruction for a Raise Dead.

use fray_protocol::Phrase;

use super::firing::Target;
use super::magic::Casting;
use super::reach::adjacent;
use super::reactions::Window;
use super::state::{ChessWar, Pending, Place};
use super::units::Special;
use crate::Dice;
use crate::kit::describe::Describe;
use crate::kit::effect_log::{Log, roll_for, single};
use crate::kit::grid::{Sq, bit, to_square};

/// Why a unit saves or is destroyed: what follows each outcome.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    Shot,
    Zap,
    Storm,
    PlagueSpell,
    /// A Plague unit fell in melee next to it (W29).
    Contagion,
    /// A result of 4 (W26).
    Wounded,
    /// A result of 5: a second save follows a first that passes.
    RoutFirst,
    RoutSecond,
    /// A result of 1 or less: the attacker saves.
    Repelled,
    /// A result of 6 or more: no save.
    Slain,
}

impl Cause {
    fn purpose(self) -> &'static str {
        match self {
            Cause::Shot => "against the shot",
            Cause::Zap => "against the Zap!",
            Cause::Storm => "against the lightning",
            Cause::PlagueSpell | Cause::Contagion => "against the plague",
            Cause::Wounded => "in melee",
            Cause::RoutFirst => "against the rout",
            Cause::RoutSecond => "again against the rout",
            Cause::Repelled => "after its failed attack",
            Cause::Slain => "",
        }
    }

    /// Destroyed in melee, a Plague unit infects its enemy neighbours (W29).
    fn in_melee(self) -> bool {
        matches!(
            self,
            Cause::Wounded | Cause::RoutFirst | Cause::RoutSecond | Cause::Repelled | Cause::Slain
        )
    }
}

/// A save that would destroy its unit if it fails.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PendingSave {
    pub unit: u8,
    pub modifier: i8,
    pub cause: Cause,
    /// The Rune Lord's 5+ follows a failure (W33).
    pub anti_magic: bool,
}

impl PendingSave {
    pub fn new(unit: u8, modifier: i8, cause: Cause) -> PendingSave {
        PendingSave {
            unit,
            modifier,
            cause,
            anti_magic: false,
        }
    }
}

/// One step of an action's resolution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Task {
    /// Opens if its seat has something to cast there, else nothing.
    Window(Window),
    /// A shot's dice, once the target's side had its say.
    Shot {
        firer: u8,
        target: Target,
    },
    /// A spell's effect, once the other side had its chance to dispel it.
    Spell {
        casting: Casting,
        answers: Option<Window>,
    },
    /// A melee attack roll.
    Attack {
        attacker: u8,
        defender: u8,
    },
    Save(PendingSave),
    /// The unit is destroyed (its Healing window, if any, has passed).
    Remove {
        unit: u8,
        cause: Cause,
    },
    /// After a melee kill, the attacking side may advance (W27).
    AdvanceCheck {
        seat: u8,
        square: Sq,
        defender: u8,
    },
}

impl ChessWar {
    /// Puts `tasks` at the front of the queue, in their order: they resolve
    /// before anything queued earlier.
    pub(crate) fn then_first(&mut self, tasks: impl IntoIterator<Item = Task>) {
        let tasks: Vec<Task> = tasks.into_iter().collect();
        for task in tasks.into_iter().rev() {
            self.queue.push_front(task);
        }
    }

    /// Whether the action being played has resolved entirely.
    pub(crate) fn settled(&self) -> bool {
        self.reaction.is_none() && self.queue.is_empty()
    }

    /// Resolves the queue until it is empty or a reaction window opens.
    pub(crate) fn resolve(&mut self, dice: &mut dyn Dice, log: &mut Log) {
        while self.reaction.is_none() && !self.is_over() {
            let Some(task) = self.queue.pop_front() else {
                return;
            };
            match task {
                Task::Window(window) => self.open_window(window),
                Task::Shot { firer, target } => self.resolve_shot(firer, target, dice, log),
                Task::Spell { casting, answers } => self.resolve_spell(casting, answers, dice, log),
                Task::Attack { attacker, defender } => {
                    self.resolve_attack(attacker, defender, dice, log)
                }
                Task::Save(save) => self.resolve_save(save, dice, log),
                Task::Remove { unit, cause } => self.remove(unit, cause, log),
                Task::AdvanceCheck {
                    seat,
                    square,
                    defender,
                } => {
                    let fell = self.unit(defender).place == Place::Destroyed;
                    if fell
                        && self.unit_at(square).is_none()
                        && self.advancers(seat, square).next().is_some()
                    {
                        self.set_pending(Some(Pending::Advance { square }));
                    }
                }
            }
        }
    }

    fn resolve_save(&mut self, save: PendingSave, dice: &mut dyn Dice, log: &mut Log) {
        if self.unit(save.unit).square().is_none() {
            return;
        }
        let passed = self.save(save.unit, save.modifier, save.cause.purpose(), dice, log)
            || (save.anti_magic && self.anti_magic_save(save.unit, dice, log));
        if passed {
            if save.cause == Cause::RoutFirst {
                self.then_first([Task::Save(PendingSave {
                    cause: Cause::RoutSecond,
                    ..save
                })]);
            }
            return;
        }
        let owner = self.unit(save.unit).owner;
        self.then_first([
            Task::Window(Window::FailedSave { seat: owner, save }),
            Task::Remove {
                unit: save.unit,
                cause: save.cause,
            },
        ]);
    }

    /// The Rune Lord's extra 5+ against a spell aimed at a Dwarf (W33).
    pub(crate) fn anti_magic_save(&self, index: u8, dice: &mut dyn Dice, log: &mut Log) -> bool {
        let unit = self.unit(index);
        let face = dice.roll(6);
        let passed = face >= 5;
        // A Dwarf saving against Raise Dead is already off the board, so
        // out of every view: the roll names no piece a viewer cannot see.
        let piece = unit.square().map(|_| unit.id.0 as u8);
        log.roll(|| {
            roll_for(
                unit.owner,
                piece,
                format!("{} anti-magic save (5+)", self.describe(index)),
                single(face),
                0,
                if passed { "turned aside" } else { "failed" }.into(),
            )
        });
        passed
    }

    /// Whether the Rune Lord's anti-magic shields `seat`'s units now.
    pub(crate) fn shielded(&self, seat: u8) -> bool {
        self.on_board()
            .any(|(_, unit, _)| unit.owner == seat && unit.profile().has(Special::AntiMagic))
    }

    /// Takes a unit off the board; then each side may raise it, and a Plague
    /// unit fallen in melee infects its enemy neighbours (W29, W46).
    fn remove(&mut self, index: u8, cause: Cause, log: &mut Log) {
        let Some(square) = self.unit(index).square() else {
            return;
        };
        self.destroy(index);
        let mover = self.mover().unwrap_or(0);
        let mut next = vec![
            Task::Window(Window::Destroyed {
                seat: mover,
                dead: index,
                square,
            }),
            Task::Window(Window::Destroyed {
                seat: 1 - mover,
                dead: index,
                square,
            }),
        ];
        if cause.in_melee() {
            next.extend(self.contagion(index, square, log));
        }
        self.then_first(next);
    }

    /// The saves a Plague unit destroyed in melee on `square` forces on its
    /// enemy neighbours that are not immune (W29).
    fn contagion(&self, dead: u8, square: Sq, log: &mut Log) -> Vec<Task> {
        let carrier = self.unit(dead);
        if !carrier.profile().has(Special::Plague) {
            return Vec::new();
        }
        let infected: Vec<Task> = self
            .on_board()
            .filter(|(_, unit, at)| {
                unit.owner != carrier.owner
                    && adjacent(square) & bit(*at) != 0
                    && !unit.profile().immune_to_plague()
            })
            .map(|(index, _, _)| Task::Save(PendingSave::new(index, 1, Cause::Contagion)))
            .collect();
        if !infected.is_empty() {
            log.tell(|| {
                Phrase::new().text(format!(
                    "{} spread the plague as they fall on {}",
                    carrier.profile().name,
                    to_square(square)
                ))
            });
        }
        infected
    }
}
