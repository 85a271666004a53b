//! Reaper: a Queen-moving Reaper that never captures by moving but
//! removes every piece beside the square its move ends on, friend or foe
//! (E2), held within 4 squares of its immovable Shackle once it is within
//! them (E4). The side loses when its Reaper is captured. Rulings E1–E8
//! in `docs/rules/action-chess-faction-chess.md`.

use crate::kit::dice::Dice;
use crate::kit::effect_log::Log;
use crate::kit::grid::{self, ALL_DIRECTIONS, Sq, bit};

use super::layout::{Role, by_chess_role};
use super::moves::Move;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Ix};

type Game = ActionChessFactionChess;

/// A slide with no limit but the board's edge: the Reaper moves as a Queen.
const FULL_LENGTH: u8 = 7;

/// How far, counted in king's steps, the Shackle holds its Reaper (E4).
const LEASH: u8 = 4;

pub(super) fn layout(white: bool) -> Vec<(Kind, Sq)> {
    by_chess_role(white, |role| match role {
        Role::Queen => Some(Kind::Reaper),
        Role::King => Some(Kind::Shackle),
        _ => None,
    })
}

/// The squares the Reaper may end its move on: a Queen's slides
/// onto empty squares only (E1), within the leash if it starts within it
/// (E4).
fn destinations(game: &Game, reaper: Ix) -> u64 {
    let piece = game.piece(reaper);
    let from = piece.square.expect("a moving Reaper is on the board");
    let leash = game
        .find(piece.owner, Kind::Shackle)
        .map(|(_, shackle)| shackle)
        .filter(|&shackle| grid::distance(from, shackle) <= LEASH);
    let mut mask = 0;
    for &(df, dr) in &ALL_DIRECTIONS {
        let mut at = from;
        for _ in 0..FULL_LENGTH {
            let Some(to) = grid::offset(at, df, dr).filter(|&to| game.passes(at, to)) else {
                break;
            };
            if !game.is_empty(to) {
                break;
            }
            if leash.is_none_or(|shackle| grid::distance(to, shackle) <= LEASH) {
                mask |= bit(to);
            }
            at = to;
        }
    }
    mask
}

/// The Shackle never moves (E3); only the Reaper has moves.
pub(super) fn main_moves(game: &Game, seat: u8, out: &mut Vec<Move>) {
    for (ix, _) in game.pieces_of(seat) {
        piece_moves(game, ix, out);
    }
}

/// A Reaper's moves, held by its owner's Shackle if it has one; a
/// Shackle has none.
pub(super) fn piece_moves(game: &Game, ix: Ix, out: &mut Vec<Move>) {
    if game.piece(ix).kind == Kind::Reaper {
        out.extend(grid::squares_of(destinations(game, ix)).map(|to| Move::Go { piece: ix, to }));
    }
}

/// The Reaper moves, then every piece on the eight squares around it is
/// captured (E2).
pub(super) fn play_main(game: &mut Game, _seat: u8, mv: Move, _dice: &mut dyn Dice, log: &mut Log) {
    let Move::Go { piece, to } = mv else {
        unreachable!("not a Reaper move: {mv:?}")
    };
    game.move_piece(piece, to);
    // A Dryad beside it stays (F7).
    // A Spirit sharing a square goes with the piece there (D5).
    let around: Vec<Ix> = grid::neighbours(to)
        .flat_map(|sq| game.occupants(sq))
        .filter(|&victim| game.piece(victim).kind.can_be_captured())
        .collect();
    for victim in around {
        // The sweep does not move into their squares: no Swarmling
        // defends (Q5).
        game.capture_undefended(victim, log);
    }
}

/// Every square beside a square the Reaper could end its move on (E6);
/// the Shackle threatens nothing.
pub(super) fn threats(game: &Game, ix: Ix) -> u64 {
    match game.piece(ix).kind {
        Kind::Reaper => grid::squares_of(destinations(game, ix))
            .fold(0, |mask, to| mask | Game::leap_reach(to, &ALL_DIRECTIONS)),
        Kind::Shackle => 0,
        other => unreachable!("{other:?} is not a Reaper piece"),
    }
}
