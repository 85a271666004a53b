//! One battle turn: one piece acts (moves or contests, shoots, casts or
//! tunnels); then the game ends if a king piece fell or a cap was reached, and
//! otherwise the turn passes (or stays, for Charge!'s extra turns).

use super::moves::Move;
use super::state::{Ending, FantasyArmies, Phase};
use crate::Dice;
use crate::kit::effect_log::Log;

impl FantasyArmies {
    fn end_turn(&mut self, removed_any: bool) {
        let Phase::Battle { seat } = self.phase else {
            unreachable!("turns end only in battle");
        };
        if let Some(winner) = self.king_removed {
            self.phase = Phase::Over(Ending::KingRemoved { winner });
            return;
        }
        self.turns_since_removal = if removed_any {
            0
        } else {
            self.turns_since_removal + 1
        };
        if self.turns_since_removal >= self.limits.turns_without_removal {
            self.phase = Phase::Over(Ending::TurnsWithoutRemoval);
            return;
        }
        if self.turn >= self.limits.max_turns {
            self.phase = Phase::Over(Ending::TurnLimit);
            return;
        }
        self.turn += 1;
        let extra = &mut self.extra_turns[seat as usize];
        let next = if *extra > 0 {
            *extra -= 1;
            seat
        } else {
            1 - seat
        };
        self.phase = Phase::Battle { seat: next };
    }
}

/// Plays a legal move. The caller has checked it is legal.
pub(super) fn play(game: &mut FantasyArmies, mv: Move, dice: &mut dyn Dice, log: &mut Log) {
    let removals_before = game.removals;
    match mv {
        Move::Deploy { piece, to } => return game.deploy(piece, to),
        Move::GoFirst { me } => return game.go_first(me, log),
        Move::Step { piece, to } => game.step(piece, to, dice, log),
        Move::Shoot { piece, target } => game.shoot(piece, target, dice, log),
        Move::Cast {
            piece,
            spell,
            target,
            to,
        } => game.cast(piece, spell, target, to, dice, log),
        Move::Tunnel { piece, to } => game.tunnel(piece, to, dice, log),
        Move::Pass => log.say(|| "No legal action: the turn passes".into()),
    }
    game.end_turn(game.removals != removals_before);
}
