//! Movement: up to Move spaces (Fast +2; on the battle map inches, every
//! second diagonal inch counting two, Fast +5), straight or diagonal, through
//! allies but never through enemies, obstacles, or between two obstacles
//! meeting at a corner, ending on a free space. Flight passes over anything
//! but ends on a free open space. A Large miniature moves by its main space
//! and may end partly on obstacles. Summon moves an ally beside the summoner.

use fray_protocol::{Effect, ScopedEffect};

use super::army::Trait;
use super::board::{self, Sq, Squares};
use super::log::Log;
use super::moves::Move;
use super::state::{ChessboardConfrontation, Rerollable, marks};
use crate::kit::dice::Dice;

impl ChessboardConfrontation {
    /// The squares a miniature may end a move on, as a mask.
    pub(crate) fn destinations(&self, index: u8) -> Squares {
        let mini = self.mini(index);
        let Some(start) = mini.square() else {
            return Squares::EMPTY;
        };
        if mini.marked(marks::STUN) {
            return Squares::EMPTY;
        }
        let flight = mini.has(Trait::Flight);
        let blocked = self.obstacles | self.enemy_mask(mini.owner);
        let may_step = |from: Sq, to: Sq| {
            flight || !(blocked.contains(to) || board::squeezes(from, to, self.obstacles))
        };
        let reached = self.reachable(start, mini.movement(self.settings.map), may_step);
        board::squares_of(reached & !board::bit(start))
            .filter(|&sq| self.fits(index, sq))
            .collect()
    }

    /// The squares within `budget` of `start` by steps `may_step` allows,
    /// each paid for as the match measures it. On the battle map the
    /// cheapest way to a square depends on whether it took an odd number of
    /// diagonals, so each square is reached once per parity, cheapest first.
    fn reachable(&self, start: Sq, budget: u8, may_step: impl Fn(Sq, Sq) -> bool) -> Squares {
        let measure = self.measure();
        let mut settled = [Squares::EMPTY; 2];
        let mut by_cost: Vec<Vec<(Sq, bool)>> = vec![Vec::new(); usize::from(budget) + 1];
        by_cost[0].push((start, false));
        for cost in 0..=budget {
            for (sq, odd) in std::mem::take(&mut by_cost[usize::from(cost)]) {
                if settled[usize::from(odd)].contains(sq) {
                    continue;
                }
                settled[usize::from(odd)].insert(sq);
                for n in self.board.neighbours(sq) {
                    let (step, odd_after) = measure.step(board::is_diagonal(sq, n), odd);
                    let arrives = cost + step;
                    if arrives <= budget
                        && !settled[usize::from(odd_after)].contains(n)
                        && may_step(sq, n)
                    {
                        by_cost[usize::from(arrives)].push((n, odd_after));
                    }
                }
            }
        }
        settled[0] | settled[1]
    }

    /// A step is told by its `piece_moved` alone: a narration of it too
    /// would log it twice.
    pub(crate) fn step(&mut self, piece: u8, to: Sq) {
        self.put(piece, to);
        if let Some(a) = self.activation.as_mut() {
            a.moved = true;
        }
    }

    pub(crate) fn summon_moves(&self, piece: u8, out: &mut Vec<Move>) {
        let mini = self.mini(piece);
        let Some(at) = mini.square() else {
            return;
        };
        for (ally, other) in self.on_board() {
            if ally == piece || other.owner != mini.owner || other.marked(marks::STUN) {
                continue;
            }
            for to in self.board.neighbours(at) {
                if other.square() != Some(to) && self.fits(ally, to) {
                    out.push(Move::Summon { piece, ally, to });
                }
            }
        }
    }

    /// Summon is the summoner's action for its turn whether or not the ally
    /// comes: it cannot attack afterwards. Under the book's reading a Skill
    /// roll decides whether the ally comes (R12).
    pub(crate) fn summon(
        &mut self,
        piece: u8,
        ally: u8,
        to: Sq,
        dice: &mut dyn Dice,
        log: &mut Log,
    ) {
        if let Some(a) = self.activation.as_mut() {
            a.summoned = true;
        }
        if !self.settings.rulings.summon_takes_skill_roll() {
            self.bring(piece, ally, to, log);
            return;
        }
        if self.skill_roll(piece, SUMMON_SKILL, dice, log) {
            self.bring(piece, ally, to, log);
        } else if !self.offer_reroll(Rerollable::Summon { ally, to }) {
            self.summons_fails(piece, log);
        }
    }

    /// The summoned ally arrives beside the summoner.
    pub(crate) fn bring(&mut self, piece: u8, ally: u8, to: Sq, log: &mut Log) {
        let from = self.mini(ally).square().expect("on the board");
        self.put(ally, to);
        log.say(|| {
            format!(
                "the {} summons the {} from {} to {}",
                self.mini(piece).troop.name(),
                self.mini(ally).troop.name(),
                board::to_square(from),
                board::to_square(to)
            )
        });
    }

    pub(crate) fn summons_fails(&self, piece: u8, log: &mut Log) {
        log.say(|| {
            format!(
                "the {}'s summons fails: no ally comes",
                self.mini(piece).troop.name()
            )
        });
    }
}

/// What the Skill roll for Summon is for, as the roll is told.
pub(crate) const SUMMON_SKILL: &str = "summon an ally";

/// `stored`, the effects of one action as releases before protocol version 3
/// logged them, without what they told twice: a step was narrated ("the
/// Minion moves from g1 to g2") just before its `piece_moved`. `None` when
/// nothing was.
pub fn without_steps_told_twice(stored: &[ScopedEffect]) -> Option<Vec<ScopedEffect>> {
    let told_twice = |at: usize| {
        let (Effect::Narration { text }, Some(next)) = (&stored[at].effect, stored.get(at + 1))
        else {
            return false;
        };
        let Effect::PieceMoved {
            from: Some(from),
            to,
            ..
        } = &next.effect
        else {
            return false;
        };
        let text = text.to_string();
        text.starts_with("the ") && text.ends_with(&format!(" moves from {from} to {to}"))
    };
    let kept: Vec<ScopedEffect> = (0..stored.len())
        .filter(|&at| !told_twice(at))
        .map(|at| stored[at].clone())
        .collect();
    (kept.len() < stored.len()).then_some(kept)
}
