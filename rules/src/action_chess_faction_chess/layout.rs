//! Starting layouts. Most factions replace chess pieces, so they start
//! where those pieces would: White on ranks 1 and 2 with its queen on d1,
//! Black on ranks 8 and 7 with its queen on d8 (the board mirrored by rank,
//! as in chess).

use crate::kit::grid::{self, Sq};

use super::pieces::Kind;

/// A chess piece's role, for the factions whose pieces replace them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Pawn,
    Rook,
    Knight,
    Bishop,
    Queen,
    King,
}

/// The back rank from the a-file to the h-file.
const BACK_RANK: [Role; 8] = [
    Role::Rook,
    Role::Knight,
    Role::Bishop,
    Role::Queen,
    Role::King,
    Role::Bishop,
    Role::Knight,
    Role::Rook,
];

/// `rank` counted from a side's own back rank (0) to the square's rank.
pub fn own_rank(white: bool, rank: u8) -> u8 {
    if white { rank } else { 7 - rank }
}

/// The square on `file` of the side's own `rank` (0 = its back rank).
pub fn square(white: bool, file: u8, rank: u8) -> Sq {
    grid::at(file, own_rank(white, rank))
}

/// Each chess piece's square, given what replaces it (`None`: nothing).
pub fn by_chess_role(white: bool, replace: impl Fn(Role) -> Option<Kind>) -> Vec<(Kind, Sq)> {
    let mut layout = Vec::with_capacity(16);
    for (file, &role) in BACK_RANK.iter().enumerate() {
        if let Some(kind) = replace(role) {
            layout.push((kind, square(white, file as u8, 0)));
        }
    }
    if let Some(kind) = replace(Role::Pawn) {
        for file in 0..8 {
            layout.push((kind, square(white, file, 1)));
        }
    }
    layout
}
