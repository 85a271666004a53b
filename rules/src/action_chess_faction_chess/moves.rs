//! Every decision a player can make, as one small `Copy` value. The forms
//! are shared by all factions; which are legal is each faction's to say
//! (`faction_rules.rs`), so listing and judging are one generator.

use crate::kit::compass::Compass;
use crate::kit::grid::Sq;

use super::pieces::Kind;
use super::state::Ix;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Move {
    /// A piece goes to a square, taking what its rules take on the way or
    /// there: chess moves (castling is the King's two-square move, en
    /// passant the pawn's diagonal step), steps, slides, leaps, a draughts
    /// jump (to its landing square).
    Go { piece: Ix, to: Sq },
    /// A move that promotes, with what the piece becomes (a Pawn, a
    /// Villager).
    Promote { piece: Ix, to: Sq, into: Kind },
    /// A move in two legs, by way of `via` (a Death Knight, a Bunny Knight,
    /// a Mayor's extra step).
    Via { piece: Ix, via: Sq, to: Sq },
    /// A move of a random distance in a chosen direction: the server rolls
    /// the distance (Beastfolk).
    Roll { piece: Ix, toward: Compass },
    /// What a piece becomes, chosen after its move (a Goatman's promotion).
    Become { piece: Ix, into: Kind },
    /// `piece` puts a `kind` on `to`: a Factory's product; or `piece` itself
    /// is put there (the Phylactery carried, the Lich-King's return).
    Place { piece: Ix, kind: Kind, to: Sq },
    /// Two pieces become one of the next size (Slime).
    Merge { piece: Ix, with: Ix },
    /// A piece becomes two of the next size down, the new one on `to`
    /// (Slime).
    Split { piece: Ix, to: Sq },
    /// Three Drones that could all move to `to` become a Factory there.
    Build { to: Sq },
    /// A Butcher slaughters an adjacent friend, `victim`, after its move.
    Slaughter { piece: Ix, victim: Ix },
    /// A Diner eats the corpse on `corpse` and moves to `to` as the piece
    /// the corpse was.
    Feast { piece: Ix, corpse: Sq, to: Sq },
    /// `count` Swarmlings of the stack `piece` move to `to`, as one piece.
    Swarm { piece: Ix, to: Sq, count: u16 },
    /// The Hive Queen `piece` places `count` Swarmlings on `to`.
    Hatch { piece: Ix, to: Sq, count: u16 },
    /// A Chest or a Generator puts a wall between the neighbouring squares
    /// `a` and `b` (the smaller first), or doubles the wall there
    /// (Wallmaster).
    Wall { piece: Ix, a: Sq, b: Sq },
    /// A Shade moves to `to` and haunts it unseen (Ghost).
    Haunt { piece: Ix, to: Sq },
    /// `piece` captures `victim` without moving: the Poltergeist's capture
    /// at the start of the turn (Ghost).
    Take { piece: Ix, victim: Ix },
    /// Decline what is offered: stop taking, leave the Phylactery, start
    /// the main move.
    Done,
}

impl Move {
    /// The piece the move names first, if it names one.
    pub fn piece(self) -> Option<Ix> {
        match self {
            Move::Go { piece, .. }
            | Move::Promote { piece, .. }
            | Move::Via { piece, .. }
            | Move::Roll { piece, .. }
            | Move::Become { piece, .. }
            | Move::Place { piece, .. }
            | Move::Merge { piece, .. }
            | Move::Split { piece, .. }
            | Move::Slaughter { piece, .. }
            | Move::Feast { piece, .. }
            | Move::Swarm { piece, .. }
            | Move::Hatch { piece, .. }
            | Move::Wall { piece, .. }
            | Move::Haunt { piece, .. }
            | Move::Take { piece, .. } => Some(piece),
            Move::Build { .. } | Move::Done => None,
        }
    }

    /// The square the named piece's move ends on, when the move says.
    pub fn destination(self) -> Option<Sq> {
        match self {
            Move::Go { to, .. }
            | Move::Promote { to, .. }
            | Move::Via { to, .. }
            | Move::Feast { to, .. }
            | Move::Swarm { to, .. }
            | Move::Haunt { to, .. } => Some(to),
            _ => None,
        }
    }
}
