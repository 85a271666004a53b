//! Spells: the economy of one spell per own turn (W38), when each kind may
//! be cast (W39), and each spell's effect (W41–W51).

use fray_protocol::{Action, RejectCode, Rejection};

use super::moves::Move;
use super::reactions::Window;
use super::spells::Spell;
use super::state::{ChessWar, Step};
use crate::Dice;
use crate::effect_log::Log;
use crate::grid::Sq;

/// A spell as cast: everything it needs is named before any die.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Casting {
    pub caster: u8,
    pub spell: Spell,
    pub target: Option<u8>,
    pub to: Option<Sq>,
}

impl ChessWar {
    pub(crate) fn cast_action(&self, casting: Casting) -> Action {
        let _ = casting;
        Action::new("cast")
    }

    pub(crate) fn push_cast_notation(&self, out: &mut String, casting: Casting) {
        let _ = (out, casting);
    }

    pub(crate) fn cast_label(&self, casting: Casting) -> String {
        let _ = casting;
        String::new()
    }

    pub(crate) fn parse_cast(&self, seat: u8, action: &Action) -> Result<Move, Rejection> {
        let _ = (seat, action);
        Err(Rejection::new(RejectCode::IllegalAction, "no"))
    }

    pub(crate) fn explain_cast(&self, seat: u8, step: Step, casting: Casting) -> Rejection {
        let _ = (seat, step, casting);
        Rejection::new(RejectCode::IllegalAction, "no")
    }

    pub(crate) fn explain_window(&self, window: Window, mv: Move) -> Rejection {
        let _ = (window, mv);
        Rejection::new(RejectCode::IllegalAction, "no")
    }

    /// The spells `seat` may cast as actions of its own turn in `step`.
    pub(crate) fn turn_casts(&self, seat: u8, step: Step, out: &mut Vec<Move>) {
        let _ = (seat, step, out);
    }

    /// The instants the window's seat may cast in it.
    pub(crate) fn window_casts(&self, window: Window, out: &mut Vec<Move>) {
        let _ = (window, out);
    }

    pub(crate) fn play_cast(&mut self, casting: Casting, log: &mut Log) {
        let _ = (casting, log);
    }

    pub(crate) fn resolve_spell(
        &mut self,
        casting: Casting,
        answers: Option<Window>,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) {
        let _ = (casting, answers, dice, log);
    }
}
