//! Peasant.

use crate::dice::Dice;
use crate::effect_log::Log;
use crate::grid::{ALL_DIRECTIONS, Sq};

use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Decision, Ix};

type Game = ActionChessFactionChess;

/// Draughts' start: the dark squares of the side's three nearest ranks
/// (a1 is dark), the Sergeants at either end of the front row.
pub(super) fn layout(white: bool) -> Vec<(Kind, Sq)> {
    let mut layout = Vec::with_capacity(12);
    for own in 0..3u8 {
        let rank = super::layout::own_rank(white, own);
        let dark: Vec<u8> = (0..8u8).filter(|file| (file + rank) % 2 == 0).collect();
        for (at, &file) in dark.iter().enumerate() {
            let front_end = own == 2 && (at == 0 || at == dark.len() - 1);
            let kind = if front_end { Kind::Sergeant } else { Kind::Man };
            layout.push((kind, crate::grid::at(file, rank)));
        }
    }
    layout
}

// PLACEHOLDER until the faction's rules land: every piece steps as a king.
pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    for (ix, _) in game.pieces_of(seat) {
        game.push_leaps(ix, &ALL_DIRECTIONS, out);
    }
}

pub(super) fn play_main(game: &mut Game, _seat: u8, mv: Move, _dice: &mut dyn Dice, log: &mut Log) {
    let Move::Go { piece, to } = mv else {
        unreachable!("not a Peasant move: {mv:?}")
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
