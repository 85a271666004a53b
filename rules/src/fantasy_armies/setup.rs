//! Before the battle: the D6 roll-off (lowest deploys all its pieces first,
//! ties rerolled), deployment within two rows (Rangers: the whole half), and
//! the first deployer's choice of who moves first.

use fray_protocol::{Phrase, Seat};

use super::army::CheckedArmy;
use super::board::Sq;
use super::state::{EMPTY, FantasyArmies, MatchOptions, Phase, Piece, Place};
use crate::Dice;
use crate::kit::effect_log::{Log, roll_for, single};

impl FantasyArmies {
    /// A new game with both armies waiting off the board, after the roll-off.
    pub(crate) fn new_game(
        armies: [CheckedArmy; 2],
        options: MatchOptions,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) -> Self {
        let mut pieces = Vec::with_capacity(armies[0].pieces.len() + armies[1].pieces.len());
        for (owner, army) in armies.iter().enumerate() {
            pieces.extend(army.pieces.iter().map(|&unit| Piece {
                unit,
                owner: owner as u8,
                place: Place::Reserve,
                hth_change: 0,
                moved: false,
                entangled: false,
                lasting: None,
            }));
        }
        let first_deployer = roll_off(dice, log);
        FantasyArmies {
            pieces,
            board: [EMPTY; 64],
            armies: [armies[0].army, armies[1].army],
            phase: Phase::Deploy {
                seat: first_deployer,
            },
            first_deployer,
            turn: 0,
            turns_since_removal: 0,
            removals: 0,
            extra_turns: [0; 2],
            ritual_bonus: [false; 2],
            king_removed: None,
            limits: options.limits,
            hth_modifiers: options.hth_modifiers,
            kept_view: Default::default(),
        }
    }

    pub(crate) fn deploy(&mut self, index: u8, to: Sq) {
        let seat = self.piece(index).owner;
        self.piece_mut(index).place = Place::Board(to);
        self.board[to as usize] = index;
        let waiting = |s: u8| {
            self.pieces
                .iter()
                .any(|p| p.owner == s && p.place == Place::Reserve)
        };
        if !waiting(seat) {
            let other = 1 - seat;
            self.phase = if waiting(other) {
                Phase::Deploy { seat: other }
            } else {
                Phase::ChooseFirst {
                    seat: self.first_deployer,
                }
            };
        }
    }

    pub(crate) fn go_first(&mut self, me: bool, log: &mut Log) {
        let chooser = self.first_deployer;
        let first = if me { chooser } else { 1 - chooser };
        log.tell(|| {
            Phrase::new()
                .seat(Seat(chooser))
                .text(" chooses ")
                .seat(Seat(first))
                .text(" to move first")
        });
        self.turn = 1;
        self.phase = Phase::Battle { seat: first };
    }
}

/// Each player rolls a D6 until they differ; the lower deploys first.
fn roll_off(dice: &mut dyn Dice, log: &mut Log) -> u8 {
    loop {
        let rolls = [dice.roll(6), dice.roll(6)];
        let tie = rolls[0] == rolls[1];
        for seat in 0..2u8 {
            let face = rolls[seat as usize];
            let lower = face < rolls[1 - seat as usize];
            log.roll(|| {
                roll_for(
                    seat,
                    None,
                    "deployment roll-off (lowest deploys first)".into(),
                    single(face),
                    0,
                    if tie {
                        "a tie: both roll again".into()
                    } else if lower {
                        "lowest: deploys first".into()
                    } else {
                        "deploys second".into()
                    },
                )
            });
        }
        if !tie {
            return if rolls[0] < rolls[1] { 0 } else { 1 };
        }
    }
}
