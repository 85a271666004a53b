//! How a game ends: a player wins by capturing all four enemy Acolytes or by
//! reducing the opponent to two pieces or fewer; a game that goes on too long
//! without a capture or a summons, or too long in all, is drawn.

use fray_protocol::{Outcome, Phrase, Seat};

use crate::kit::game_length::{self, Counted};

use super::state::{Ending, Phase, SummonersChess};

impl SummonersChess {
    /// After a move and its summons: judge the game, or pass the turn.
    pub(crate) fn end_turn(&mut self, mover: u8, captured: bool, summoned: bool) {
        // Only a capture takes pieces away, and only the mover captures, so
        // only the mover's opponent can have just lost (R9).
        if captured && let Some(ending) = self.defeat_of(1 - mover) {
            self.phase = Phase::Over(ending);
            return;
        }
        self.quiet_turns = if captured || summoned {
            0
        } else {
            self.quiet_turns + 1
        };
        let limits = self.rules.limits;
        if game_length::reached(self.quiet_turns, limits.quiet_turns) {
            self.phase = Phase::Over(Ending::QuietTurns);
            return;
        }
        if game_length::reached(self.turn, limits.max_turns) {
            self.phase = Phase::Over(Ending::TurnLimit);
            return;
        }
        self.turn += 1;
        self.phase = Phase::Play { seat: 1 - mover };
    }

    /// The ending if `loser` has no Acolyte left or two pieces or fewer.
    pub(crate) fn defeat_of(&self, loser: u8) -> Option<Ending> {
        let (mut acolytes, mut pieces) = (0u8, 0u8);
        for (_, piece) in self.on_board() {
            if piece.owner == loser {
                pieces += 1;
                acolytes += u8::from(piece.profile().is_acolyte());
            }
        }
        (acolytes == 0 || pieces <= 2).then_some(Ending::Won {
            winner: 1 - loser,
            no_acolytes: acolytes == 0,
            pieces_left: pieces,
        })
    }
}

pub(super) fn outcome(game: &SummonersChess) -> Option<Outcome> {
    let Phase::Over(ending) = game.phase else {
        return None;
    };
    Some(match ending {
        Ending::Won {
            winner,
            no_acolytes,
            pieces_left,
        } => {
            let pieces = match pieces_left {
                1 => "1 piece".to_string(),
                n => format!("{n} pieces"),
            };
            let what = match (no_acolytes, pieces_left <= 2) {
                (true, true) => format!(" lost all four Acolytes and was reduced to {pieces}"),
                (true, false) => " lost all four Acolytes".to_string(),
                _ => format!(" was reduced to {pieces}"),
            };
            Outcome::win(Seat(winner), Phrase::from(Seat(1 - winner)).text(what))
        }
        Ending::QuietTurns => {
            Counted::Turns.passed_without(game.rules.limits.quiet_turns, "a capture or a summons")
        }
        Ending::TurnLimit => Counted::Turns.limit_reached(game.rules.limits.max_turns),
    })
}
