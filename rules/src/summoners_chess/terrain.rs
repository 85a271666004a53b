//! The 64 terrain tiles, four of each of the sixteen types: laid in chart
//! order, shuffled with the match's dice, and indexed by type so that a
//! summons check finds a terrain's four squares without searching.

use super::board::{SQUARES, Sq};
use super::units::{COPIES, TERRAINS, Terrain};
use crate::Dice;
use crate::kit::match_options::Choice;

/// The tiles in chart order, four of each: a1–d1 Ruins, e1–h1 Swamps,
/// a2–d2 Mountains, …, e8–h8 Badlands. The shuffle starts from this order,
/// and scripted dice that never swap leave it as it is.
pub fn chart_order() -> [Terrain; SQUARES] {
    std::array::from_fn(|sq| Terrain::ALL[sq / COPIES])
}

/// The dice faces a shuffle rolled, one per tile placed, kept for the log.
pub struct ShuffleRolls {
    /// `(sides, face)` of each roll, in order: a d64 first, a d2 last.
    pub rolls: Vec<(u8, u8)>,
}

/// Lays the tiles at random: a Fisher–Yates shuffle of [`chart_order`].
/// For each square from h8 (index 63) down to b1 (index 1), a die with one
/// side per square not yet settled (d64, d63, …, d2) picks the tile that
/// goes there from those left; a face of `n` leaves the tile in place.
/// 63 rolls in all, each fair, so every layout is equally likely.
pub fn shuffled(dice: &mut dyn Dice, keep_rolls: bool) -> ([Terrain; SQUARES], ShuffleRolls) {
    let mut tiles = chart_order();
    let mut rolls = Vec::with_capacity(if keep_rolls { SQUARES - 1 } else { 0 });
    for last in (1..SQUARES).rev() {
        let sides = (last + 1) as u8;
        let face = dice.roll(sides);
        tiles.swap(last, usize::from(face - 1));
        if keep_rolls {
            rolls.push((sides, face));
        }
    }
    (tiles, ShuffleRolls { rolls })
}

/// The four squares of each terrain, in square order.
pub fn tiles_by_terrain(layout: &[Terrain; SQUARES]) -> [[Sq; COPIES]; TERRAINS] {
    let mut tiles = [[0; COPIES]; TERRAINS];
    let mut found = [0usize; TERRAINS];
    for (sq, terrain) in layout.iter().enumerate() {
        let t = terrain.index();
        assert!(found[t] < COPIES, "more than four {} tiles", terrain.name());
        tiles[t][found[t]] = sq as Sq;
        found[t] += 1;
    }
    assert!(found.iter().all(|&n| n == COPIES), "a tile type is missing");
    tiles
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ChaChaDice;

    #[test]
    fn a_shuffle_keeps_four_of_each_tile() {
        let (layout, rolls) = shuffled(&mut ChaChaDice::from_u64(9), true);
        assert_eq!(rolls.rolls.len(), 63);
        assert_eq!(rolls.rolls[0].0, 64);
        assert_eq!(rolls.rolls[62].0, 2);
        let tiles = tiles_by_terrain(&layout);
        for &terrain in Terrain::ALL {
            for sq in tiles[terrain.index()] {
                assert_eq!(layout[sq as usize], terrain);
            }
        }
        assert_ne!(layout, chart_order(), "seed 9 happens to leave chart order");
    }
}
