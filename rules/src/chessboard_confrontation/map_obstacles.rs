//! Obstacles on the battle map, which the book says cover "about ½ of the
//! area" and leaves how to the players (B5): random rectangles, each a d24
//! for the file and a d24 for the rank of its lowest corner and a d4 for its
//! width and a d4 for its depth in inches, until half the map's squares are
//! covered. As on the chessboard, none covers a seated player's side (nor,
//! in Retrieve, the centre or a seated player's corners) and none may cut
//! the open map in two: a rectangle that would is left out. The fixed
//! layout is a grid of blocks over half the map, with streets between them
//! (under the earlier readings, the chessboard's, each space 3×3 inches).

use super::board::{self, Board, Squares, at};
use super::log::{Log, roll_of};
use super::obstacles::{FIXED, connected, forbidden};
use super::state::{Layout, Settings};
use crate::kit::dice::Dice;

/// Rectangles tried before the map is taken as it is. Of 9,000 layouts
/// measured (two to four seats, Retrieve) none needed more than 167, and
/// every one reached half; the cap only bounds a set-up's dice.
pub const MAX_RECTANGLES: u32 = 1_000;

/// The largest rectangle side, in inches: the d4.
const MAX_RECTANGLE_SIDE: u8 = 4;

/// How many times larger an inch-square of the map is than a space of the
/// chessboard is under the earlier readings' fixed layout.
const FIXED_SCALE: u8 = 3;

/// The fixed layout's blocks stand on every pair of these spans of files
/// (b–e, g–k, n–r, t–w) and ranks (2–4, 6–8, 10–11, 14–15, 17–19, 21–23),
/// as (first, last), counted from 0: 18 files by 16 ranks, 288 squares,
/// half the map. Between them run streets an inch wide, and two inches
/// wide through the centre, and the edges stay clear.
const BLOCK_FILES: [(u8, u8); 4] = [(1, 4), (6, 10), (13, 17), (19, 22)];
const BLOCK_RANKS: [(u8, u8); 6] = [(1, 3), (5, 7), (9, 10), (13, 14), (16, 18), (20, 22)];

/// The obstacles for a new game on the battle map.
pub fn lay(settings: &Settings, seats: u8, dice: &mut dyn Dice, log: &mut Log) -> Squares {
    let map = Board::BATTLE_MAP;
    match settings.layout {
        Layout::Open => Squares::EMPTY,
        Layout::Fixed if settings.rulings.fixed_map_covers_half() => blocks(),
        Layout::Fixed => chessboard_layout_enlarged(),
        Layout::Random => {
            let forbidden = forbidden(map, seats, settings.scenario, settings.corners_clear);
            random(map, forbidden, dice, log)
        }
    }
}

/// The blocks of [`BLOCK_FILES`] by [`BLOCK_RANKS`].
fn blocks() -> Squares {
    let map = Board::BATTLE_MAP;
    BLOCK_RANKS
        .iter()
        .flat_map(|&(first_rank, last_rank)| {
            BLOCK_FILES.iter().map(move |&(first_file, last_file)| {
                let (wide, deep) = (last_file - first_file + 1, last_rank - first_rank + 1);
                rectangle(map, first_file, first_rank, wide, deep)
            })
        })
        .fold(Squares::EMPTY, |all, block| all | block)
}

/// The chessboard's fixed layout with every space a 3×3-inch block.
fn chessboard_layout_enlarged() -> Squares {
    FIXED
        .iter()
        .map(|name| {
            let square: fray_protocol::Square = name.parse().expect("a fixed square");
            rectangle(
                Board::BATTLE_MAP,
                square.file * FIXED_SCALE,
                square.rank * FIXED_SCALE,
                FIXED_SCALE,
                FIXED_SCALE,
            )
        })
        .fold(Squares::EMPTY, |all, block| all | block)
}

/// The squares of a `wide` × `deep` rectangle whose lowest corner is at
/// (`file`, `rank`), cut off at the map's edges.
fn rectangle(map: Board, file: u8, rank: u8, wide: u8, deep: u8) -> Squares {
    let files = file..(file + wide).min(map.width());
    (rank..(rank + deep).min(map.height()))
        .flat_map(|r| files.clone().map(move |f| at(f, r)))
        .collect()
}

fn random(map: Board, forbidden: Squares, dice: &mut dyn Dice, log: &mut Log) -> Squares {
    let half = map.squares().len() / 2;
    let mut obstacles = Squares::EMPTY;
    let mut tried = 0;
    while obstacles.len() < half && tried < MAX_RECTANGLES {
        tried += 1;
        let (file, rank) = (dice.roll(map.width()), dice.roll(map.height()));
        let (wide, deep) = (dice.roll(MAX_RECTANGLE_SIDE), dice.roll(MAX_RECTANGLE_SIDE));
        let block = rectangle(map, file - 1, rank - 1, wide, deep) & !forbidden & !obstacles;
        let keeps_map_whole = connected(map, obstacles | block);
        log.roll(|| {
            let corner = board::to_square(at(file - 1, rank - 1));
            roll_of(
                None,
                None,
                "obstacle (d24 file, d24 rank, d4 wide, d4 deep)",
                vec![(24, file), (24, rank), (4, wide), (4, deep)],
                0,
                if block.is_empty() {
                    format!("{wide}×{deep} from {corner}: nothing there may take it")
                } else if keeps_map_whole {
                    format!("{wide}×{deep} obstacle from {corner}")
                } else {
                    format!("{wide}×{deep} from {corner} would cut the map in two: left out")
                },
            )
        });
        if keeps_map_whole {
            obstacles |= block;
        }
    }
    obstacles
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chessboard_confrontation::rulings::Rulings;
    use crate::chessboard_confrontation::state::Scenario;

    fn settings(layout: Layout, scenario: Scenario) -> Settings {
        Settings {
            layout,
            scenario,
            map: crate::chessboard_confrontation::Map::BattleMap,
            ..Settings::default()
        }
    }

    #[test]
    fn a_rectangle_is_cut_off_at_the_edge() {
        let map = Board::BATTLE_MAP;
        assert_eq!(rectangle(map, 22, 0, 4, 2).len(), 4);
        assert_eq!(rectangle(map, 0, 0, 3, 4).len(), 12);
    }

    fn fixed_layout(rulings: Rulings) -> Squares {
        let settings = Settings {
            rulings,
            ..settings(Layout::Fixed, Scenario::Retrieve)
        };
        lay(
            &settings,
            4,
            &mut crate::ScriptedDice::new([]),
            &mut Log::silent(),
        )
    }

    #[test]
    fn the_fixed_layout_covers_half_the_map_clear_of_every_edge_and_the_centre() {
        let fixed = fixed_layout(Rulings::Book);
        let map = Board::BATTLE_MAP;
        assert_eq!(fixed.len(), map.squares().len() / 2);
        assert!(connected(map, fixed));
        assert!(!fixed.meets(forbidden(map, 4, Scenario::Retrieve, true)));
    }

    #[test]
    fn the_earlier_fixed_layout_is_the_chessboards_three_times_larger_and_connected() {
        for rulings in [Rulings::Fray2026, Rulings::Fray2025] {
            let fixed = fixed_layout(rulings);
            assert_eq!(fixed.len(), 12 * 9);
            let map = Board::BATTLE_MAP;
            assert!(connected(map, fixed));
            assert!(!fixed.meets(forbidden(map, 4, Scenario::Retrieve, true)));
        }
    }

    /// 120 random layouts, 40 for each number of seats: about half the map
    /// covered, never a seated player's side, and the open map in one piece.
    #[test]
    fn random_layouts_cover_half_the_map_and_leave_it_whole() {
        let map = Board::BATTLE_MAP;
        for seats in 2..=4u8 {
            for seed in 0..40u64 {
                let mut dice = crate::ChaChaDice::from_u64(seed * 5 + u64::from(seats));
                let scenario = if seed % 2 == 0 {
                    Scenario::Retrieve
                } else {
                    Scenario::LastStanding
                };
                let obstacles = lay(
                    &settings(Layout::Random, scenario),
                    seats,
                    &mut dice,
                    &mut Log::silent(),
                );
                let covered = obstacles.len();
                assert!(
                    (288..288 + 16).contains(&covered),
                    "{seats} seats, seed {seed}: {covered} squares covered"
                );
                assert!(connected(map, obstacles), "{seats} seats, seed {seed}");
                assert!(!obstacles.meets(forbidden(map, seats, scenario, true)));
            }
        }
    }
}
