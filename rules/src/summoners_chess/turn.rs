//! One turn: a piece moves (capturing what stands on its destination), every
//! summons the new position calls for is made, and then the game ends or the
//! turn passes to the other player.

use super::moves::Move;
use super::state::{EMPTY, Phase, Place, SummonersChess};
use fray_protocol::PieceId;

use crate::kit::effect_log::Log;

impl SummonersChess {
    /// Moves a piece, capturing an enemy on `to`. Returns whether it captured.
    fn step(&mut self, piece: u8, to: u8) -> bool {
        let from = self
            .piece(piece)
            .square()
            .expect("a moving piece is on the board");
        let victim = self.piece_at(to);
        if let Some(victim) = victim {
            self.pieces[victim as usize].place = Place::Captured;
        }
        self.board[from as usize] = EMPTY;
        self.board[to as usize] = piece;
        self.pieces[piece as usize].place = Place::Board(to);
        victim.is_some()
    }
}

/// Plays a legal move of the game proper (a placement is
/// [`SummonersChess::place_acolytes`]). The caller has checked it is legal.
pub(super) fn play(game: &mut SummonersChess, mv: Move, log: &mut Log) {
    let Phase::Play { seat } = game.phase else {
        unreachable!("moves are played only while the game is on");
    };
    let captured = match mv {
        Move::Step { piece, to } => game.step(piece, to),
        Move::Pass => {
            log.say(|| "No piece can move: the turn passes".into());
            false
        }
        Move::Place(_) => unreachable!("Acolytes are placed only at the set-up"),
    };
    // A summons is part of the move that caused it, so it is made before
    // the game is judged (R8).
    let first_new = game.count;
    let summoned = game.resolve_summons(seat) > 0;
    // Told after the move and the pieces it brought, where a client
    // shows the summons.
    for index in first_new..game.count {
        log.tell_after_change_of(PieceId(u32::from(index)), || game.summons_told(index));
    }
    game.end_turn(seat, captured, summoned);
}
