//! A `cast` as an action: its protocol form, its notation ("Qd1:zap@e6",
//! "Qd1:flight@c2-c5", "Qd1:dispel") and its label in words; the reading of
//! a `cast` sent by a player, and why one is refused on the own turn.

use fray_protocol::{Action, RejectCode, Rejection};

use super::magic::Casting;
use super::moves::Move;
use super::spells::Spell;
use super::state::{ChessWar, Step};
use crate::kit::describe::Describe;
use crate::kit::grid::{push_square, to_square};
use crate::kit::match_options::Choice;

impl ChessWar {
    pub(crate) fn cast_action(&self, casting: Casting) -> Action {
        let mut action = Action::new("cast")
            .piece(self.unit(casting.caster).id)
            .choice(casting.spell.key());
        if let Some(target) = casting.target {
            action = action.target(self.unit(target).id);
        }
        if let Some(to) = casting.to {
            action = action.to(to_square(to));
        }
        action
    }

    /// "Qd1:zap@e6", "Qd1:storm@e6", "Qd1:flight@c3-c6", "Qd1:dispel".
    pub(crate) fn push_cast_notation(&self, out: &mut String, casting: Casting) {
        let caster = self.unit(casting.caster);
        out.push_str(caster.profile().piece.glyph());
        if let Some(sq) = caster.square() {
            push_square(out, sq);
        }
        out.push(':');
        out.push_str(casting.spell.key());
        if let Some(sq) = casting.target.and_then(|target| self.unit(target).square()) {
            out.push('@');
            push_square(out, sq);
            if let Some(to) = casting.to {
                out.push('-');
                push_square(out, to);
            }
        } else if let Some(to) = casting.to {
            out.push('@');
            push_square(out, to);
        }
    }

    pub(crate) fn cast_label(&self, casting: Casting) -> String {
        let caster = self.describe(casting.caster);
        let name = casting.spell.name();
        let target = casting.target.map(|t| self.describe(t)).unwrap_or_default();
        let to = casting.to.map(|sq| to_square(sq).to_string());
        match casting.spell {
            Spell::Zap => format!("{caster} cast {name} at {target}"),
            Spell::Storm | Spell::Fear | Spell::Plague => format!(
                "{caster} cast {name} on the squares around {}",
                to.unwrap_or_default()
            ),
            Spell::Protection | Spell::Strike => format!("{caster} cast {name} on {target}"),
            Spell::Flight => format!(
                "{caster} cast {name}: {target} fly to {}",
                to.unwrap_or_default()
            ),
            Spell::Dispel | Spell::Healing | Spell::RaiseDead => {
                match self.reaction.map(|window| self.answer_text(window)) {
                    Some(answer) => format!("{caster} cast {name}: {answer}"),
                    None => format!("{caster} cast {name}"),
                }
            }
        }
    }

    /// Reads a `cast`: the caster as its piece, the spell's key as its
    /// choice, and the target unit and square the spell needs.
    pub(crate) fn parse_cast(&self, seat: u8, action: &Action) -> Result<Move, Rejection> {
        let unknown = |message: String| Rejection::new(RejectCode::UnknownAction, message);
        let piece = action
            .piece
            .ok_or_else(|| unknown("'cast' names the caster as its piece".into()))?;
        let key = action
            .choice
            .as_deref()
            .ok_or_else(|| unknown("'cast' names the spell's key as its choice".into()))?;
        let spell = Spell::ALL
            .iter()
            .copied()
            .find(|spell| spell.key() == key)
            .ok_or_else(|| unknown(format!("'{key}' is not a spell of ChessWar!")))?;
        let caster = self.own_piece(seat, piece)?;
        let target = action
            .target
            .map(|id| self.standing_piece(id))
            .transpose()?;
        let to = action
            .to
            .map(crate::kit::action_form::board_square)
            .transpose()?;
        Ok(Move::Cast(Casting {
            caster,
            spell,
            target,
            to,
        }))
    }

    /// Why a cast on the own turn is refused.
    pub(crate) fn explain_cast(&self, step: Step, casting: Casting) -> Rejection {
        let illegal = |message: String| Rejection::new(RejectCode::IllegalAction, message);
        let caster = self.describe(casting.caster);
        let spell = casting.spell;
        if !self.knows(casting.caster, spell) {
            let known: Vec<&str> = self
                .unit(casting.caster)
                .profile()
                .spells()
                .iter()
                .map(|spell| spell.name())
                .collect();
            return illegal(if known.is_empty() {
                format!("{caster} cast no spells")
            } else {
                format!(
                    "{caster} cannot cast {}: their spells are {}",
                    spell.name(),
                    known.join(", ")
                )
            });
        }
        if !self.may_cast_on_own_turn(casting.caster) {
            return illegal(format!("{caster} have spent this turn's spell"));
        }
        if let Some(bar) = self.timing_bar(casting.caster, spell, step) {
            return illegal(format!("{caster} cannot cast {} now: {bar}", spell.name()));
        }
        illegal(format!(
            "{} cannot take that target: {}",
            spell.name(),
            spell.summary()
        ))
    }
}
