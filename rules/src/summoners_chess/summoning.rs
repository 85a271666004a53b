//! Summoning: a player who holds (has a piece on) three tiles of one terrain
//! while the fourth is empty summons that terrain's unit onto the fourth.
//! Checked for both players after every move, so a summons blocked by a piece
//! on the fourth tile happens as soon as that piece leaves (R3–R8).

use super::board;
use super::state::SummonersChess;
use super::units::{COPIES, Chart, Terrain, summoned_unit};
use crate::kit::match_options::Choice;

impl SummonersChess {
    /// Makes every summons the position now calls for: the player who moved
    /// first, then the other, each in chart order (R7). Returns how many.
    /// Each is told by the move, after its changes (`turn.rs`).
    pub(crate) fn resolve_summons(&mut self, mover: u8) -> u8 {
        let mut made = 0;
        for seat in [mover, 1 - mover] {
            for &terrain in Terrain::ALL {
                let Some(chart) = self.chart_open_to(seat, terrain) else {
                    continue;
                };
                let Some(fourth) = self.summoning_square(seat, terrain) else {
                    continue;
                };
                let unit = summoned_unit(terrain, chart);
                self.add_piece(unit, seat, fourth);
                self.summoned[chart as usize][seat as usize] |= terrain.bit();
                made += 1;
            }
        }
        made
    }

    /// The chart `seat` would summon from on `terrain` now, if any: the first
    /// chart's unit if no one has summoned it (once per game, for both
    /// players: R4); in the variant, the second chart's unit if the opponent
    /// summoned the first and no one has summoned the second (R10).
    pub(crate) fn chart_open_to(&self, seat: u8, terrain: Terrain) -> Option<Chart> {
        if !self.is_summoned(terrain, Chart::First) {
            Some(Chart::First)
        } else if self.rules.second_unit
            && self.summoned_by(1 - seat, terrain, Chart::First)
            && !self.is_summoned(terrain, Chart::Second)
        {
            Some(Chart::Second)
        } else {
            None
        }
    }

    /// The fourth tile of `terrain`, if `seat` holds exactly the other three
    /// and it is empty. A piece on the fourth tile, the enemy's or the
    /// summoner's own, blocks the summons (R5, R6).
    pub(crate) fn summoning_square(&self, seat: u8, terrain: Terrain) -> Option<board::Sq> {
        let tiles = self.tiles[terrain.index()];
        let held = tiles.iter().filter(|&&sq| self.holds(seat, sq)).count();
        if held != COPIES - 1 {
            return None;
        }
        tiles.into_iter().find(|&sq| self.is_empty(sq))
    }
}
