//! How a game ends, in words: a faction meets its defeat condition
//! (checkmate is the Classique's), a player cannot move (stalemate), or a
//! draw rule ends it.

use fray_protocol::{Outcome, Phrase, Seat};

use crate::kit::game_length::Counted;

use super::factions::Faction;
use super::pieces::Kind;
use super::state::{ActionChessFactionChess, Ending, Stage};

pub(super) fn outcome(game: &ActionChessFactionChess) -> Option<Outcome> {
    let Stage::Over(ending) = game.stage else {
        return None;
    };
    Some(match ending {
        Ending::Defeated { loser } => {
            let faction = game.faction_of(loser);
            let why = if faction == Faction::Classique && game.count_of(loser, Kind::King) > 0 {
                "is checkmated".to_string()
            } else {
                format!("is defeated: {}", faction.defeat_rule())
            };
            Outcome::win(
                Seat(1 - loser),
                Phrase::from(Seat(loser)).text(format!(" {why}")),
            )
        }
        Ending::Stalemate { seat } => {
            Outcome::draw(Phrase::from(Seat(seat)).text(" has no legal move: stalemate"))
        }
        Ending::Repetition => Outcome::draw("the same position came about for the third time"),
        Ending::QuietTurns => Counted::Turns.passed_without(
            game.rules.limits.quiet_turns,
            "a capture or a pawn's advance",
        ),
        Ending::TurnLimit => Counted::Turns.limit_reached(game.rules.limits.max_turns),
    })
}
