//! Ghost: Spirits that share squares and pin the enemy they share with,
//! Shades that haunt a square unseen, Phantoms that become what they
//! capture, the Poltergeist's capture at the start of the turn, and the
//! Wraith, whose capture loses the game. Rulings D1– in
//! `docs/rules/action-chess-faction-chess.md`.

use crate::dice::Dice;
use crate::effect_log::Log;
use crate::grid::Sq;

use super::layout::{Role, by_chess_role};
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Ix};

type Game = ActionChessFactionChess;

pub(super) fn layout(white: bool) -> Vec<(Kind, Sq)> {
    by_chess_role(white, |role| {
        Some(match role {
            Role::Pawn => Kind::Spirit,
            Role::Rook | Role::Knight => Kind::Shade,
            Role::Bishop => Kind::Phantom,
            Role::Queen => Kind::Poltergeist,
            Role::King => Kind::Wraith,
        })
    })
}

/// Whether `seat` still has its Wraith: a copy of a Wraith is not it.
pub(super) fn has_wraith(game: &Game, seat: u8) -> bool {
    game.pieces_of(seat)
        .any(|(_, piece)| piece.kind == Kind::Wraith && !piece.copy)
}

pub(super) fn start_moves(_game: &Game, _seat: u8, _out: &mut Vec<Move>) {}

pub(super) fn play_start(
    _game: &mut Game,
    _seat: u8,
    mv: Move,
    _dice: &mut dyn Dice,
    _log: &mut Log,
) {
    unreachable!("not a Ghost start-of-turn move: {mv:?}")
}

pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    for (ix, _) in game.pieces_of(seat) {
        piece_moves(game, ix, out);
    }
}

/// One Ghost piece's moves.
pub(super) fn piece_moves(_game: &Game, _ix: Ix, _out: &mut Vec<Move>) {}

pub(super) fn play_main(
    _game: &mut Game,
    _seat: u8,
    mv: Move,
    _dice: &mut dyn Dice,
    _log: &mut Log,
) {
    unreachable!("not a Ghost move: {mv:?}")
}

pub(super) fn threats(_game: &Game, _ix: Ix) -> u64 {
    0
}
