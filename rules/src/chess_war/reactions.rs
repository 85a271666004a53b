//! The reaction windows (W40): the moments in the middle of play at which a
//! seat is asked whether it casts an instant spell, each opened only when
//! the seat has something it could cast there.

use super::resolution::PendingSave;
use super::state::ChessWar;
use crate::grid::Sq;

/// A moment at which `seat` may answer with an instant.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Window {
    /// 1. The start of the opponent's turn.
    TurnStart { seat: u8 },
    /// 2. An enemy spell is cast (`caster` indexes the units).
    SpellCast { seat: u8, caster: u8 },
    /// 3. An enemy shot or attack is aimed at `target`, one of the seat's.
    AttackAimed { seat: u8, target: u8 },
    /// 4. One of the seat's units failed a save that would destroy it.
    FailedSave { seat: u8, save: PendingSave },
    /// 5. A unit was destroyed on `square`.
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
}

impl ChessWar {
    /// Opens `window` if its seat could cast something there.
    pub(crate) fn open_window(&mut self, window: Window) {
        let _ = window;
    }
}
