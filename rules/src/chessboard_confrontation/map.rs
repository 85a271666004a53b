//! What a match is played on: the book's chessboard, or the battle map of
//! its variant (section VIII), 24 inches a side and played on a grid of one
//! square per inch, with the variant's Move values and its inches, every
//! second diagonal inch counting two. Everything else the book measures in
//! spaces is measured in the same inches (B1, B2 in the rules document).

use super::army::Troop;
use super::board::{Board, Measure};
use super::rulings::Rulings;
use crate::kit::match_options::Choice;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum Map {
    #[default]
    Chessboard,
    BattleMap,
}

impl Choice for Map {
    const ALL: &'static [Self] = &[Map::Chessboard, Map::BattleMap];

    fn key(self) -> &'static str {
        match self {
            Map::Chessboard => "board",
            Map::BattleMap => "battle-map",
        }
    }
}

impl Map {
    pub fn board(self) -> Board {
        match self {
            Map::Chessboard => Board::CHESSBOARD,
            Map::BattleMap => Board::BATTLE_MAP,
        }
    }

    /// A troop's Move: spaces on the chessboard, inches on the battle map.
    pub fn movement(self, troop: Troop) -> u8 {
        match self {
            Map::Chessboard => troop.movement(),
            Map::BattleMap => match troop {
                Troop::Minion => 5,
                Troop::Regular | Troop::Advanced => 6,
                Troop::Elite | Troop::Monster => 7,
            },
        }
    }

    /// How moves and ranges are counted: in spaces on the chessboard, in
    /// inches on the battle map, where a diagonal step under the earlier
    /// readings counted one inch (B2).
    pub fn measure(self, rulings: Rulings) -> Measure {
        match self {
            Map::BattleMap if rulings.diagonal_inches_alternate() => Measure::AlternateDiagonals,
            _ => Measure::Spaces,
        }
    }

    /// What Fast adds to Move.
    pub fn fast_bonus(self) -> u8 {
        match self {
            Map::Chessboard => 2,
            Map::BattleMap => 5,
        }
    }
}
