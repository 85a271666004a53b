//! The reaction windows (W40): the moments in the middle of play at which a
//! seat is asked whether it casts an instant spell, each opened only when
//! the seat has something it could cast there, so that the game never stops
//! for nothing. The casts each window allows, and why others are refused.

use fray_protocol::{RejectCode, Rejection};

use super::magic::{Casting, area};
use super::moves::Move;
use super::resolution::PendingSave;
use super::spells::{SPELL_RANGE, Spell};
use super::state::ChessWar;
use crate::kit::describe::Describe;
use crate::kit::grid::{Sq, bit, distance, to_square};

/// A moment at which `seat` may answer with an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Window {
    /// 1. The start of the opponent's turn, before its movement.
    TurnStart { seat: u8 },
    /// 2. An enemy spell is cast (`caster` indexes the units), before
    ///    any die.
    SpellCast { seat: u8, caster: u8 },
    /// 3. An enemy shot or attack is aimed at `target`, one of the
    ///    seat's, before any die.
    AttackAimed { seat: u8, target: u8 },
    /// 4. One of the seat's units failed a save that would destroy it.
    FailedSave { seat: u8, save: PendingSave },
    /// 5. `dead` was destroyed on `square`.
    Destroyed { seat: u8, dead: u8, square: Sq },
}

impl Window {
    pub fn seat(self) -> u8 {
        match self {
            Window::TurnStart { seat }
            | Window::SpellCast { seat, .. }
            | Window::AttackAimed { seat, .. }
            | Window::FailedSave { seat, .. }
            | Window::Destroyed { seat, .. } => seat,
        }
    }

    /// Whether a second wizard may still have something to cast here once
    /// one has: a failed save is healed once, a dead unit raised once.
    pub fn may_hold_more(self) -> bool {
        matches!(
            self,
            Window::TurnStart { .. } | Window::SpellCast { .. } | Window::AttackAimed { .. }
        )
    }
}

impl ChessWar {
    /// Opens `window` if its seat could cast something there.
    pub(crate) fn open_window(&mut self, window: Window) {
        let mut casts = Vec::new();
        self.window_casts(window, &mut casts);
        if !casts.is_empty() {
            self.reaction = Some(window);
        }
    }

    /// The instants the window's seat may cast in it: each of its wizards
    /// that may still cast an instant (W38), within reach (W51).
    pub(crate) fn window_casts(&self, window: Window, out: &mut Vec<Move>) {
        let seat = window.seat();
        let wizards: Vec<(u8, Sq)> = self
            .wizards_of(seat)
            .filter(|&(wizard, _)| self.may_cast_instant(wizard))
            .collect();
        for (wizard, from) in wizards {
            let knows = |spell: Spell| self.unit(wizard).profile().spells().contains(&spell);
            let near = |sq: Sq| distance(from, sq) <= SPELL_RANGE;
            let protect = |target: u8, out: &mut Vec<Move>| {
                let unit = self.unit(target);
                if knows(Spell::Protection)
                    && unit.owner == seat
                    && !unit.marks.protected
                    && unit.square().is_some_and(near)
                {
                    out.push(Move::Cast(Casting::at_unit(
                        wizard,
                        Spell::Protection,
                        target,
                    )));
                }
            };
            match window {
                Window::TurnStart { .. } => {
                    for (target, _, _) in self.on_board() {
                        protect(target, out);
                    }
                }
                Window::SpellCast { caster, .. } => {
                    let Some(spell) = self.queued_spell(caster) else {
                        continue;
                    };
                    let caster_square = self.unit(caster).square();
                    let aimed = self.aimed_squares(spell);
                    let centre = spell
                        .target
                        .and_then(|target| self.unit(target).square())
                        .or(spell.to);
                    if knows(Spell::Dispel)
                        && (caster_square.is_some_and(near) || centre.is_some_and(near))
                    {
                        out.push(Move::Cast(Casting::answering(wizard, Spell::Dispel)));
                    }
                    for (target, _, sq) in self.on_board() {
                        if aimed & bit(sq) != 0 {
                            protect(target, out);
                        }
                    }
                }
                Window::AttackAimed { target, .. } => protect(target, out),
                Window::FailedSave { save, .. } => {
                    let unit = self.unit(save.unit);
                    if knows(Spell::Healing) && unit.square().is_some_and(near) {
                        out.push(Move::Cast(Casting::answering(wizard, Spell::Healing)));
                    }
                }
                Window::Destroyed { dead, square, .. } => {
                    if knows(Spell::RaiseDead)
                        && near(square)
                        && self.unit_at(square).is_none()
                        && !self.unit(dead).profile().is_general()
                        && self.room_for_zombie(seat)
                    {
                        out.push(Move::Cast(Casting::answering(wizard, Spell::RaiseDead)));
                    }
                }
            }
        }
    }

    /// The squares whose units a spell is aimed at: its target's, or its
    /// area.
    fn aimed_squares(&self, spell: Casting) -> u64 {
        match (spell.target.and_then(|t| self.unit(t).square()), spell.to) {
            (Some(sq), _) => bit(sq),
            (None, Some(centre)) if spell.spell.is_area() => area(centre),
            _ => 0,
        }
    }

    /// What the open window answers, for labels: "dispel the Zap! of …".
    pub(crate) fn answer_text(&self, window: Window) -> String {
        match window {
            Window::SpellCast { caster, .. } => match self.queued_spell(caster) {
                Some(spell) => format!(
                    "cancel the {} of {}",
                    spell.spell.name(),
                    self.describe(caster)
                ),
                None => "cancel the enemy spell".into(),
            },
            Window::FailedSave { save, .. } => {
                format!("{} make the failed save again", self.describe(save.unit))
            }
            Window::Destroyed { square, .. } => {
                format!("a Zombie rises on {}", to_square(square))
            }
            Window::TurnStart { .. } | Window::AttackAimed { .. } => String::new(),
        }
    }

    /// What the window asks, for refusals.
    fn window_text(&self, window: Window) -> String {
        match window {
            Window::TurnStart { .. } => "your opponent's turn begins".into(),
            Window::SpellCast { caster, .. } => {
                format!("{} are casting a spell", self.describe(caster))
            }
            Window::AttackAimed { target, .. } => {
                format!("an attack is aimed at your {}", self.describe(target))
            }
            Window::FailedSave { save, .. } => {
                format!("your {} failed a save", self.describe(save.unit))
            }
            Window::Destroyed { square, .. } => {
                format!("a unit was destroyed on {}", to_square(square))
            }
        }
    }

    /// Why a move is refused while a window is open.
    pub(crate) fn explain_window(&self, window: Window, mv: Move) -> Rejection {
        let asked = self.window_text(window);
        let message = match mv {
            Move::Cast(casting) => {
                if !self.may_cast_instant(casting.caster) {
                    format!(
                        "{asked}: {} cannot cast now (one spell per own turn, one instant in \
                         the opponent's turn)",
                        self.describe(casting.caster)
                    )
                } else {
                    format!(
                        "{asked}: {} cannot be cast here, or not at that target or from so far",
                        casting.spell.name()
                    )
                }
            }
            _ => format!("{asked}: cast one of the instant spells offered, or pass"),
        };
        Rejection::new(RejectCode::IllegalAction, message)
    }
}
