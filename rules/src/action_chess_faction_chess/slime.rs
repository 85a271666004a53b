//! Slime.

use crate::dice::Dice;
use crate::effect_log::Log;
use crate::grid::{ALL_DIRECTIONS, Sq};

use super::layout::{Role, by_chess_role};
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Ix};

type Game = ActionChessFactionChess;

pub(super) fn layout(white: bool) -> Vec<(Kind, Sq)> {
    by_chess_role(white, |role| match role {
        Role::Pawn => Some(Kind::Glob),
        Role::Rook | Role::Bishop => Some(Kind::Oozle),
        Role::Knight => Some(Kind::Goolem),
        Role::Queen => Some(Kind::Goobeast),
        Role::King => Some(Kind::Goobrain),
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
        unreachable!("not a Slime move: {mv:?}")
    };
    game.go(piece, to, log);
}

pub(super) fn threats(game: &Game, ix: Ix) -> u64 {
    Game::leap_reach(
        game.piece(ix).square.expect("on the board"),
        &ALL_DIRECTIONS,
    )
}

/// What two of `kind` merge into.
pub(super) fn merged(kind: Kind) -> Option<Kind> {
    match kind {
        Kind::Glob => Some(Kind::Oozle),
        Kind::Oozle => Some(Kind::Goolem),
        Kind::Goolem => Some(Kind::Goobeast),
        _ => None,
    }
}

/// What a `kind` splits into (two of them).
pub(super) fn split(kind: Kind) -> Option<Kind> {
    match kind {
        Kind::Oozle => Some(Kind::Glob),
        Kind::Goolem => Some(Kind::Oozle),
        Kind::Goobeast => Some(Kind::Goolem),
        _ => None,
    }
}
