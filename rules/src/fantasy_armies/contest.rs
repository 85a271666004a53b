//! Contests for a square: both sides roll their HTH dice, the side whose turn
//! it is rolls one more, and each adds its HTH modifier to its total (R4); the
//! higher total wins, a tie goes to whoever rolled more dice, then to the
//! player whose turn it is. The loser takes a hit.

use super::board::Sq;
use super::hth::Hth;
use super::state::FantasyArmies;
use super::units::Role;
use crate::Dice;
use crate::kit::describe::Describe;
use crate::kit::effect_log::{Log, roll_d6s, roll_for};

/// The result of the dice in a contest, before any save.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ContestWinner {
    Attacker,
    Defender,
}

/// Decides a contest from the dice rolled and the totals with their
/// modifiers, as the book's tie rules say: a modifier is not a die (R5).
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
        let attacker_hth = self
            .contest_hth(attacker)
            .expect("a piece with HTH - cannot attack");
        let attacker_dice = attacker_hth.dice + 1;
        // HTH "-": the defender cannot fight back, rolls nothing and adds nothing.
        let defender_hth = self.contest_hth(defender).unwrap_or(Hth {
            dice: 0,
            modifier: 0,
        });
        let attack = roll_d6s(dice, attacker_dice.max(0) as u8);
        let defence = roll_d6s(dice, defender_hth.dice.max(0) as u8);
        let winner = contest_winner(
            attacker_dice,
            attack.total + attacker_hth.modifier,
            defender_hth.dice,
            defence.total + defender_hth.modifier,
        );

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
                    "{} attacks: HTH {attacker_hth} with the mover's extra die",
                    self.describe(attacker),
                ),
                attack.dice(),
                attacker_hth.modifier,
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
                format!("{} defends: HTH {defender_hth}", self.describe(defender),),
                defence.dice(),
                defender_hth.modifier,
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
            let gained = &mut self.piece_mut(killer).hth_change;
            *gained = gained.saturating_add(1);
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
