//! What a match is played on: the book's chessboard, or the battle map of
//! its variant (section VIII), 24 inches a side and played on a grid of one
//! square per inch, with the variant's Move values. Everything else the book
//! measures in spaces is measured in the same squares (B1, B2 in the rules document).

use super::army::Troop;
use super::board::Board;
use crate::match_options::Choice;

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

    /// What Fast adds to Move.
    pub fn fast_bonus(self) -> u8 {
        match self {
            Map::Chessboard => 2,
            Map::BattleMap => 5,
        }
    }
}
