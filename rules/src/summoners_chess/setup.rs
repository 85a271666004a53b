//! The start of a match: the terrain tiles laid at random, four Acolytes each
//! on the back rows (on fixed squares, or where each player chooses), and the
//! coin flip for who moves first.

use fray_protocol::{DiceRoll, Die, Effect, Phrase, Seat};

use super::board::{self, SQUARES};
use super::placement::{AcolyteSetup, Placement};
use super::state::{Phase, Rules, SummonersChess};
use super::terrain;
use super::units::ACOLYTE;
use crate::Dice;
use crate::kit::effect_log::{Log, coin_for_first};
use crate::kit::match_options::Choice;

impl SummonersChess {
    /// Lays the terrain, then either places the Acolytes on their fixed
    /// squares and flips the coin, or asks both players at once where their
    /// Acolytes stand; logs each step as the view's effects.
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
        match rules.acolytes {
            AcolyteSetup::Fixed => {
                for seat in 0..2 {
                    game.add_acolytes(seat, Placement::fixed(seat), log);
                }
                game.start_play(dice, log);
            }
            AcolyteSetup::Chosen => game.phase = Phase::Placing { chosen: [None; 2] },
        }
        log.push(|| Effect::TurnChanged {
            turn: game.turn_view(),
        });
        game
    }

    /// A player's placement (R1, R18). Both choose at once, in either
    /// order; a choice is kept hidden, told only to its maker, until the
    /// other has chosen too. Then both sets of Acolytes are put down
    /// together and the coin is flipped, as the book orders it; the new
    /// Acolytes and the turn are found by comparing the views.
    pub(crate) fn place_acolytes(
        &mut self,
        seat: u8,
        placement: Placement,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) {
        let Phase::Placing { mut chosen } = self.phase else {
            unreachable!("Acolytes are placed only at the set-up");
        };
        chosen[seat as usize] = Some(placement);
        let [Some(first), Some(second)] = chosen else {
            self.phase = Phase::Placing { chosen };
            log.tell_only(Seat(seat), || {
                Phrase::from(Seat(seat)).text(format!(
                    " chose {} for their Acolytes, shown to all once both players have chosen",
                    placement.squares_named(seat)
                ))
            });
            return;
        };
        for (seat, placement) in [(0, first), (1, second)] {
            self.add_acolytes(seat, placement, &mut Log::silent());
            log.tell(|| {
                Phrase::from(Seat(seat)).text(format!(
                    " places their Acolytes on {}",
                    placement.squares_named(seat)
                ))
            });
        }
        self.start_play(dice, log);
    }

    /// Puts a seat's four Acolytes down, telling each to `log`.
    fn add_acolytes(&mut self, seat: u8, placement: Placement, log: &mut Log) {
        for sq in placement.squares(seat) {
            let index = self.add_piece(ACOLYTE, seat, sq);
            log.push(|| Effect::PiecePlaced {
                piece: self.piece_view(index),
            });
        }
    }

    /// Flips the coin and gives the first turn to its winner.
    fn start_play(&mut self, dice: &mut dyn Dice, log: &mut Log) {
        let first = coin_for_first(dice, log);
        self.first_player = first;
        self.phase = Phase::Play { seat: first };
        log.tell(|| Phrase::from(Seat(first)).text(" moves first"));
    }
}
