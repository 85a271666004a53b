//! Obstacles: d6+10 markers, each placed by a d8 for the row and a d8 for
//! the column; a space that is taken sends it to a random adjacent space (a
//! d8 for the direction). No obstacle goes on a seated player's starting side
//! (nor, in Retrieve, on the four centre spaces or the corners of a seated
//! player's side, where the objective is carried), and none that would cut
//! the open board in two: every miniature can always reach every side. A
//! marker that finds no space in ten tries is not placed (R4).

use super::board::{self, Board, Sq, Squares};
use super::log::{Log, roll_of};
use super::state::{Layout, Scenario, Settings};
use crate::kit::compass::Compass;
use crate::kit::dice::Dice;

pub const TRIES: u8 = 10;

/// The fixed layout: twelve obstacles between ranks 3 and 6, clear of every side and the centre.
pub const FIXED: [&str; 12] = [
    "b3", "c3", "f3", "g3", "e3", "c5", "b6", "c6", "f6", "g6", "d6", "f4",
];

/// Whether every open space can be reached from every other by the
/// movement rules (straight or diagonal steps, never between two obstacles
/// meeting at a corner).
pub fn connected(board: Board, obstacles: Squares) -> bool {
    let open = board.squares() & !obstacles;
    let Some(start) = open.first() else {
        return true;
    };
    let mut seen = board::bit(start);
    let mut stack = vec![start];
    while let Some(sq) = stack.pop() {
        for n in board.neighbours(sq) {
            if !seen.contains(n) && !obstacles.contains(n) && !board::squeezes(sq, n, obstacles) {
                seen.insert(n);
                stack.push(n);
            }
        }
    }
    seen == open
}

/// The squares no random obstacle may take: the seated players' sides and,
/// in Retrieve, the centre and their corners.
pub(crate) fn forbidden(
    board: Board,
    seats: u8,
    scenario: Scenario,
    corners_clear: bool,
) -> Squares {
    let mut mask = (0..seats).fold(Squares::EMPTY, |mask, seat| mask | board.side(seat));
    if scenario == Scenario::Retrieve {
        mask |= board.centre().into_iter().collect();
        if corners_clear {
            mask |= (0..seats).flat_map(|seat| board.corners(seat)).collect();
        }
    }
    mask
}

fn allowed(board: Board, sq: Sq, obstacles: Squares, forbidden: Squares) -> bool {
    !obstacles.contains(sq)
        && !forbidden.contains(sq)
        && connected(board, obstacles | board::bit(sq))
}

/// The obstacles for a new game.
pub fn lay(
    board: Board,
    settings: &Settings,
    seats: u8,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Squares {
    let (layout, scenario) = (settings.layout, settings.scenario);
    match layout {
        Layout::Open => Squares::EMPTY,
        Layout::Fixed => FIXED
            .iter()
            .map(|name| {
                let square = name.parse().expect("a fixed square");
                board.address(square).expect("on the board")
            })
            .collect(),
        Layout::Random => {
            let count = dice.roll(6);
            log.roll(|| {
                roll_of(
                    None,
                    None,
                    "number of obstacles (d6+10)",
                    vec![(6, count)],
                    10,
                    format!("{} obstacles", u32::from(count) + 10),
                )
            });
            let forbidden = forbidden(board, seats, scenario, settings.corners_clear);
            let mut obstacles = Squares::EMPTY;
            for _ in 0..u32::from(count) + 10 {
                if let Some(sq) = place_one(board, obstacles, forbidden, dice, log) {
                    obstacles.insert(sq);
                }
            }
            obstacles
        }
    }
}

fn place_one(
    board: Board,
    obstacles: Squares,
    forbidden: Squares,
    dice: &mut dyn Dice,
    log: &mut Log,
) -> Option<Sq> {
    for _ in 0..TRIES {
        let row = dice.roll(8);
        let column = dice.roll(8);
        let sq = board::at(column - 1, row - 1);
        let ok = allowed(board, sq, obstacles, forbidden);
        log.roll(|| {
            roll_of(
                None,
                None,
                "obstacle row and column (d8, d8)",
                vec![(8, row), (8, column)],
                0,
                if ok {
                    format!("obstacle on {}", board::to_square(sq))
                } else {
                    format!("{} cannot take it: an adjacent space", board::to_square(sq))
                },
            )
        });
        if ok {
            return Some(sq);
        }
        let way = dice.roll(8);
        let (df, dr) = Compass(way - 1).step();
        let next = board
            .offset(sq, df, dr)
            .filter(|&n| allowed(board, n, obstacles, forbidden));
        log.roll(|| {
            roll_of(
                None,
                None,
                "adjacent space (d8: 1 up, then clockwise)",
                vec![(8, way)],
                0,
                match next {
                    Some(n) => format!("obstacle on {}", board::to_square(n)),
                    None => "no space there: roll again".into(),
                },
            )
        });
        if next.is_some() {
            return next;
        }
    }
    log.say(|| "an obstacle found no space and is left out".into());
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(layout: Layout, scenario: Scenario) -> Settings {
        Settings {
            layout,
            scenario,
            ..Settings::default()
        }
    }

    #[test]
    fn the_fixed_layout_is_connected_and_clear_of_sides_and_centre() {
        let fixed = lay(
            Board::CHESSBOARD,
            &settings(Layout::Fixed, Scenario::Retrieve),
            4,
            &mut crate::ScriptedDice::new([]),
            &mut Log::silent(),
        );
        assert_eq!(fixed.len(), 12);
        assert!(connected(Board::CHESSBOARD, fixed));
        assert!(!fixed.meets(forbidden(Board::CHESSBOARD, 4, Scenario::Retrieve, true)));
    }

    /// Ten obstacles, as (row, column) rolls, on squares two apart from each
    /// other and from every side, corner and the centre.
    const SPREAD: [(u8, u8); 10] = [
        (3, 3),
        (3, 5),
        (3, 7),
        (5, 1),
        (5, 3),
        (5, 7),
        (7, 1),
        (7, 3),
        (7, 5),
        (7, 7),
    ];

    fn spread_faces() -> impl Iterator<Item = u8> {
        SPREAD.into_iter().flat_map(|(row, column)| [row, column])
    }

    #[test]
    fn a_retrieve_obstacle_rolled_onto_a_home_corner_moves_off_it() {
        // d6 = 1: eleven obstacles. The first rolls row 1, column 1: a1, a
        // corner of seat 0's side; the d8 for an adjacent space rolls 1, up,
        // to a2 (with two seats, on nobody's side). Then ten more.
        let mut faces = vec![1, 1, 1, 1];
        faces.extend(spread_faces());
        let obstacles = lay(
            Board::CHESSBOARD,
            &settings(Layout::Random, Scenario::Retrieve),
            2,
            &mut crate::ScriptedDice::new(faces),
            &mut Log::silent(),
        );
        let a1 = board::bit(board::at(0, 0));
        let a2 = board::bit(board::at(0, 1));
        assert!(
            !obstacles.meets(a1),
            "a1 is where seat 0 carries the objective"
        );
        assert!(obstacles.meets(a2), "the obstacle went up to a2");
        assert_eq!(obstacles.len(), 11);
    }

    #[test]
    fn a_match_stored_before_the_corners_were_kept_clear_is_laid_as_then() {
        // The same rolls as above: a1 takes the first obstacle.
        let mut faces = vec![1, 1, 1];
        faces.extend(spread_faces());
        let earlier = Settings {
            corners_clear: false,
            ..settings(Layout::Random, Scenario::Retrieve)
        };
        let obstacles = lay(
            Board::CHESSBOARD,
            &earlier,
            2,
            &mut crate::ScriptedDice::new(faces),
            &mut Log::silent(),
        );
        assert!(obstacles.contains(board::at(0, 0)));
    }

    #[test]
    fn outside_retrieve_a_corner_may_hold_an_obstacle() {
        // d6 = 1, then row 1, column 1: a1 takes it, then the ten.
        let mut faces = vec![1, 1, 1];
        faces.extend(spread_faces());
        let obstacles = lay(
            Board::CHESSBOARD,
            &settings(Layout::Random, Scenario::LastStanding),
            2,
            &mut crate::ScriptedDice::new(faces),
            &mut Log::silent(),
        );
        assert!(obstacles.contains(board::at(0, 0)));
    }

    /// Thousands of random layouts: in Retrieve every seated player's
    /// corners stay open and the open board stays in one piece, so every
    /// seat can carry the objective home.
    #[test]
    fn every_random_retrieve_layout_leaves_every_seat_its_corners() {
        for seats in 2..=4u8 {
            for seed in 0..1000u64 {
                let mut dice = crate::ChaChaDice::from_u64(seed * 7 + u64::from(seats));
                let obstacles = lay(
                    Board::CHESSBOARD,
                    &settings(Layout::Random, Scenario::Retrieve),
                    seats,
                    &mut dice,
                    &mut Log::silent(),
                );
                assert!(
                    connected(Board::CHESSBOARD, obstacles),
                    "{seats} seats, seed {seed}"
                );
                for seat in 0..seats {
                    for corner in Board::CHESSBOARD.corners(seat) {
                        assert!(
                            !obstacles.contains(corner),
                            "{seats} seats, seed {seed}: seat {seat}'s corner {}",
                            board::to_square(corner)
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn a_wall_with_only_corner_gaps_cuts_the_board() {
        // b1, a2 meet at a corner: a1 is shut in.
        let (b1, a2) = (board::at(1, 0), board::at(0, 1));
        let board = Board::CHESSBOARD;
        assert!(!connected(board, board::bit(b1) | board::bit(a2)));
        assert!(connected(board, board::bit(b1)));
    }
}
