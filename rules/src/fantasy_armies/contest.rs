//! Contests for a square: both sides roll their HTH dice, the side whose turn
//! it is rolls one more; the higher total wins, a tie goes to whoever rolled
//! more dice, then to the player whose turn it is. The loser takes a hit.

use super::armies::Role;
use super::board::Sq;
use super::state::FantasyArmies;
use crate::Dice;
use crate::effect_log::{Log, roll_d6s, roll_for};

/// The result of the dice in a contest, before any save.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContestWinner {
    Attacker,
    Defender,
}

/// Decides a contest from the dice counts and totals, as the book's tie rules say.
pub fn contest_winner(
    attacker_dice: i32,
    attacker_total: i32,
    defender_dice: i32,
    defender_total: i32,
) -> ContestWinner {
    use std::cmp::Ordering::*;
    match attacker_total
        .cmp(&defender_total)
        .then(attacker_dice.cmp(&defender_dice))
    {
        Greater | Equal => ContestWinner::Attacker,
        Less => ContestWinner::Defender,
    }
}

impl FantasyArmies {
    pub(crate) fn contest(
        &mut self,
        attacker: u8,
        defender: u8,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) {
        let owner = self.piece(attacker).owner;
        let target_sq: Sq = self
            .piece(defender)
            .square()
            .expect("defender on the board");
        let attacker_dice = self
            .contest_hth(attacker)
            .expect("a piece with HTH - cannot attack")
            + 1;
        // HTH "-": the defender cannot fight back and rolls nothing.
        let defender_dice = self.contest_hth(defender).unwrap_or(0);
        let attack = roll_d6s(dice, attacker_dice.max(0) as u8);
        let defence = roll_d6s(dice, defender_dice.max(0) as u8);
        let winner = contest_winner(attacker_dice, attack.total, defender_dice, defence.total);

        log.say(|| {
            format!(
                "{} contests {}",
                self.describe(attacker),
                self.describe(defender)
            )
        });
        log.roll(|| {
            roll_for(
                owner,
                Some(attacker),
                format!(
                    "{} attacks: HTH {} with the mover's extra die",
                    self.describe(attacker),
                    attacker_dice - 1
                ),
                attack.dice(),
                0,
                match winner {
                    ContestWinner::Attacker => "wins the contest".into(),
                    ContestWinner::Defender => "loses the contest".into(),
                },
            )
        });
        log.roll(|| {
            roll_for(
                self.piece(defender).owner,
                Some(defender),
                format!("{} defends: HTH {}", self.describe(defender), defender_dice),
                defence.dice(),
                0,
                match winner {
                    ContestWinner::Defender => "wins the contest".into(),
                    ContestWinner::Attacker => "loses the contest".into(),
                },
            )
        });

        match winner {
            ContestWinner::Attacker => {
                if self.take_hit(defender, dice, log, "lost a contest") {
                    self.credit_kill(attacker, log);
                    self.relocate(attacker, target_sq);
                }
            }
            ContestWinner::Defender => {
                if self.take_hit(attacker, dice, log, "lost a contest") {
                    self.credit_kill(defender, log);
                }
            }
        }
    }

    /// Undead c: a Vampire or Ghoul that removes an enemy gains +1 HTH.
    pub(crate) fn credit_kill(&mut self, killer: u8, log: &mut Log) {
        if self.piece(killer).profile().role == Role::Killer {
            self.piece_mut(killer).hth_change += 1;
            log.say(|| format!("{} feeds and gains +1 HTH", self.describe(killer)));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn higher_total_wins_then_more_dice_then_the_mover() {
        assert_eq!(contest_winner(2, 9, 1, 6), ContestWinner::Attacker);
        assert_eq!(contest_winner(2, 5, 3, 6), ContestWinner::Defender);
        assert_eq!(contest_winner(2, 7, 3, 7), ContestWinner::Defender);
        assert_eq!(contest_winner(3, 7, 2, 7), ContestWinner::Attacker);
        assert_eq!(contest_winner(2, 7, 2, 7), ContestWinner::Attacker);
    }
}
