//! Beastfolk.

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
        Role::Pawn => Some(Kind::Goatman),
        Role::Rook | Role::Bishop => Some(Kind::Minotaur),
        Role::Knight => Some(Kind::Boarman),
        Role::Queen | Role::King => Some(Kind::Leonine),
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
        unreachable!("not a Beastfolk move: {mv:?}")
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

/// The die a Beastfolk piece rolls for its distance.
pub(super) fn distance_die(kind: Kind) -> Option<u8> {
    match kind {
        Kind::Goatman => Some(4),
        Kind::Minotaur | Kind::Boarman | Kind::Leonine => Some(8),
        _ => None,
    }
}
