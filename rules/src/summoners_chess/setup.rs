//! The start of a match: the terrain tiles laid at random, four Acolytes each
//! on the back rows, and the coin flip for who moves first.

use fray_protocol::{DiceRoll, Die, Effect, Phrase, Seat};

use super::board::{self, SQUARES};
use super::state::{Phase, Rules, SummonersChess};
use super::terrain;
use super::units::ACOLYTE;
use crate::Dice;
use crate::effect_log::Log;

impl SummonersChess {
    /// Lays the terrain, places the Acolytes and flips the coin, in the
    /// book's order; logs each step as the view's effects.
    pub(crate) fn new_game(rules: Rules, dice: &mut dyn Dice, log: &mut Log) -> Self {
        let (layout, shuffle) = terrain::shuffled(dice, log.is_recording());
        log.roll(|| {
            let dice: Vec<Die> = shuffle
                .rolls
                .iter()
                .map(|&(sides, face)| Die { sides, face })
                .collect();
            DiceRoll {
                seat: None,
                piece: None,
                purpose: "terrain shuffle: from h8 down to b1, a die with one side per square \
                          left picks that square's tile (Fisher–Yates)"
                    .into(),
                total: dice.iter().map(|d| i32::from(d.face)).sum(),
                dice,
                modifier: 0,
                result: "the 64 terrain tiles are laid".into(),
            }
        });
        let mut game = SummonersChess::empty(layout, rules);
        for sq in 0..SQUARES as u8 {
            log.push(|| Effect::TerrainChanged {
                square: board::to_square(sq),
                terrain: Some(layout[sq as usize].key().into()),
            });
        }
        for seat in 0..2 {
            for sq in board::acolyte_squares(seat) {
                let index = game.add_piece(ACOLYTE, seat, sq);
                log.push(|| Effect::PiecePlaced {
                    piece: game.piece_view(index),
                });
            }
        }
        let first = flip_coin(dice, log);
        game.first_player = first;
        game.phase = Phase::Play { seat: first };
        log.tell(|| Phrase::from(Seat(first)).text(" moves first"));
        log.push(|| Effect::TurnChanged {
            turn: game.turn_view(),
        });
        game
    }
}

/// A d2: 1 gives seat 0 the first move, 2 gives it to seat 1.
fn flip_coin(dice: &mut dyn Dice, log: &mut Log) -> u8 {
    let face = dice.roll(2);
    let first = face - 1;
    log.roll(|| DiceRoll {
        seat: None,
        piece: None,
        purpose: Phrase::new()
            .text("coin flip (1: ")
            .seat(Seat(0))
            .text(" moves first, 2: ")
            .seat(Seat(1))
            .text(")"),
        dice: vec![Die { sides: 2, face }],
        modifier: 0,
        total: i32::from(face),
        result: Phrase::from(Seat(first)).text(" moves first"),
    });
    first
}
