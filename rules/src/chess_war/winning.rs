//! The end of the game (W34–W37): the general hunt, both generals in one
//! action, the lengthened game to total destruction with the undead
//! crumbling, and the round limit with the survivors' points.

use fray_protocol::{Outcome, Phrase, Seat};

use super::state::{ChessWar, Ending, Phase, Place};
use super::units::{ChessPiece, Race};
use crate::kit::effect_log::Log;
use crate::kit::game_length;

impl ChessWar {
    /// Whether `seat`'s general has been destroyed.
    fn general_fallen(&self, seat: u8) -> bool {
        self.units.iter().any(|unit| {
            unit.owner == seat && unit.profile().is_general() && unit.place == Place::Destroyed
        })
    }

    /// Whether `seat`'s army is still in play: a unit on the board, or
    /// Trolls waiting for their regeneration roll (W35).
    fn in_play(&self, seat: u8) -> bool {
        self.on_board().any(|(_, unit, _)| unit.owner == seat)
            || self
                .fallen_trolls
                .iter()
                .any(|&(index, _)| self.unit(index).owner == seat)
    }

    /// Ends the game once an action has resolved, if it is over: true then.
    pub(crate) fn check_end(&mut self, log: &mut Log) -> bool {
        let ending = if self.options.lengthened {
            match (self.in_play(0), self.in_play(1)) {
                (true, true) => None,
                (true, false) => Some(Ending::Annihilation { winner: 0 }),
                (false, true) => Some(Ending::Annihilation { winner: 1 }),
                (false, false) => Some(Ending::Annihilation {
                    winner: self.last_removed.unwrap_or(0),
                }),
            }
        } else {
            match (self.general_fallen(0), self.general_fallen(1)) {
                (false, false) => None,
                (true, true) => Some(Ending::BothGenerals),
                (true, false) => Some(Ending::GeneralSlain { winner: 1 }),
                (false, true) => Some(Ending::GeneralSlain { winner: 0 }),
            }
        };
        let Some(ending) = ending else {
            return false;
        };
        self.phase = Phase::Over(ending);
        log.tell_after_changes(|| outcome(self).expect("the game is over").reason);
        true
    }

    /// In the lengthened game, once the Liche and every Necromancer are
    /// destroyed, every other undead unit is (W34).
    pub(crate) fn crumble(&mut self, log: &mut Log) {
        if !self.options.lengthened {
            return;
        }
        for seat in 0..2u8 {
            if self.race(seat) != Race::Undead {
                continue;
            }
            let casters_left = self.on_board().any(|(_, unit, _)| {
                unit.owner == seat
                    && matches!(unit.profile().piece, ChessPiece::King | ChessPiece::Queen)
            });
            if casters_left {
                continue;
            }
            let crumbling: Vec<u8> = self
                .on_board()
                .filter(|(_, unit, _)| unit.owner == seat)
                .map(|(index, _, _)| index)
                .collect();
            if crumbling.is_empty() {
                continue;
            }
            log.tell(|| {
                Phrase::new()
                    .text("with no Liche or Necromancer left, the undead of ")
                    .seat(Seat(seat))
                    .text(" crumble to dust")
            });
            for index in crumbling {
                self.destroy(index);
            }
        }
    }

    /// Whether the turn just ended closed the last round the match allows.
    pub(crate) fn round_limit_reached(&self) -> bool {
        // Each round is both players' turns.
        game_length::reached(self.turn, 2 * self.options.max_rounds)
    }

    /// The points of `seat`'s units on the board (W36).
    pub fn survivors_points(&self, seat: u8) -> u32 {
        self.on_board()
            .filter(|(_, unit, _)| unit.owner == seat)
            .map(|(_, unit, _)| u32::from(unit.profile().cost))
            .sum()
    }

    pub(crate) fn end_at_round_limit(&mut self, log: &mut Log) {
        let points = [self.survivors_points(0), self.survivors_points(1)];
        let winner = if !self.options.lengthened || points[0] == points[1] {
            None
        } else if points[0] > points[1] {
            Some(0)
        } else {
            Some(1)
        };
        self.phase = Phase::Over(Ending::RoundLimit { winner, points });
        log.tell_after_changes(|| outcome(self).expect("the game is over").reason);
    }
}

pub(super) fn outcome(game: &ChessWar) -> Option<Outcome> {
    let Phase::Over(ending) = game.phase else {
        return None;
    };
    Some(match ending {
        Ending::GeneralSlain { winner } => Outcome::win(
            Seat(winner),
            Phrase::new()
                .text("the general of ")
                .seat(Seat(1 - winner))
                .text(" is slain"),
        ),
        Ending::BothGenerals => Outcome::draw("both generals fell in the same action"),
        Ending::Annihilation { winner } => Outcome::win(
            Seat(winner),
            Phrase::new()
                .text("only the army of ")
                .seat(Seat(winner))
                .text(" is left on the field"),
        ),
        Ending::RoundLimit {
            winner: None,
            points,
        } if game.options.lengthened => Outcome::draw(format!(
            "the round limit: the survivors are worth {} points each",
            points[0]
        )),
        Ending::RoundLimit { winner: None, .. } => {
            Outcome::draw("the round limit is reached with both generals alive")
        }
        Ending::RoundLimit {
            winner: Some(winner),
            points,
        } => Outcome::win(
            Seat(winner),
            format!(
                "the round limit: the survivors are worth {} points to {}",
                points[usize::from(winner)],
                points[usize::from(1 - winner)]
            ),
        ),
    })
}
