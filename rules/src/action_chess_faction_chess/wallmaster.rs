//! Wallmaster: PLACEHOLDER until the faction's rules land (issue 24); the
//! faction is not in `Faction::PLAYABLE`, so no match fields it.

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
        Role::King => Some(Kind::Chest),
        _ => None,
    })
}

pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    for (ix, _) in game.pieces_of(seat) {
        game.push_leaps(ix, &ALL_DIRECTIONS, out);
    }
}

pub(super) fn play_main(game: &mut Game, _seat: u8, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
    let Move::Go { piece, to } = mv else {
        unreachable!("not a Wallmaster move: {mv:?}")
    };
    game.go(piece, to, dice, log);
}

pub(super) fn threats(game: &Game, ix: Ix) -> u64 {
    Game::leap_reach(
        game.piece(ix).square.expect("on the board"),
        &ALL_DIRECTIONS,
    )
}
