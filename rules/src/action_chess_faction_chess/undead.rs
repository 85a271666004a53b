//! Undead.

use crate::dice::Dice;
use crate::effect_log::Log;
use crate::grid::{ALL_DIRECTIONS, Sq};

use super::layout::{Role, by_chess_role};
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Decision, Ix};

type Game = ActionChessFactionChess;

pub(super) fn layout(white: bool) -> Vec<(Kind, Sq)> {
    by_chess_role(white, |role| match role {
        Role::Pawn => Some(Kind::Zombie),
        Role::Rook => Some(Kind::GraveGuard),
        Role::Knight | Role::Bishop => Some(Kind::DeathKnight),
        Role::Queen => Some(Kind::Phylactery),
        Role::King => Some(Kind::LichKing),
    })
}

// PLACEHOLDER until the faction's rules land: every piece steps as a king.
pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    for (ix, _) in game.pieces_of(seat) {
        game.push_leaps(ix, &ALL_DIRECTIONS, out);
    }
}

pub(super) fn play_main(game: &mut Game, _seat: u8, mv: Move, _dice: &mut dyn Dice, log: &mut Log) {
    let Move::Go { piece, to } = mv else {
        unreachable!("not a Undead move: {mv:?}")
    };
    game.go(piece, to, log);
}

pub(super) fn threats(game: &Game, ix: Ix) -> u64 {
    Game::leap_reach(
        game.piece(ix).square.expect("on the board"),
        &ALL_DIRECTIONS,
    )
}

pub(super) fn decision_moves(_game: &Game, _decision: Decision, _out: &mut Vec<Move>) {}

pub(super) fn play_decision(
    _game: &mut Game,
    _decision: Decision,
    _mv: Move,
    _dice: &mut dyn Dice,
    _log: &mut Log,
) {
}

pub(super) fn on_captured(_game: &mut Game, _victim: Ix, _log: &mut Log) {}
