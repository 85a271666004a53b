//! The ways of moving most pieces share: a step, a slide up to some
//! distance, a leap; each listing the squares a piece may go to (empty, or
//! an enemy to take by displacement) and the squares it threatens.

use crate::grid::{self, Sq, bit};

use super::moves::Move;
use super::state::{ActionChessFactionChess, Ix};

impl ActionChessFactionChess {
    fn owner(&self, ix: Ix) -> u8 {
        self.piece(ix).owner
    }

    fn square_of(&self, ix: Ix) -> Sq {
        self.piece(ix)
            .square
            .expect("a moving piece is on the board")
    }

    /// Whether a piece of `seat` may capture what stands on `sq`: an enemy
    /// that can be captured. Every faction's moves ask this, never
    /// `enemy_of` alone, so that no move takes a Dryad (F7).
    pub(crate) fn takeable_by(&self, seat: u8, sq: Sq) -> bool {
        self.at(sq).is_some_and(|ix| {
            let piece = self.piece(ix);
            piece.owner != seat && piece.kind.can_be_captured()
        })
    }

    /// Whether a piece of `seat` may end a move on `sq` by displacement:
    /// an empty square, or one it may capture on.
    pub(crate) fn open_to(&self, seat: u8, sq: Sq) -> bool {
        self.is_empty(sq) || self.takeable_by(seat, sq)
    }

    /// One step or leap by each offset: to an empty square or onto an enemy
    /// it may take.
    pub(crate) fn push_leaps(&self, ix: Ix, offsets: &[(i8, i8)], out: &mut Vec<Move>) {
        let (owner, from) = (self.owner(ix), self.square_of(ix));
        for &(df, dr) in offsets {
            if let Some(to) = grid::offset(from, df, dr)
                && self.passes(from, to)
                && self.open_to(owner, to)
            {
                out.push(Move::Go { piece: ix, to });
            }
        }
    }

    /// Along each line, up to `reach` squares, until a piece or a wall: the empty
    /// squares, then an enemy to take (stopping before one that cannot be
    /// taken, as before a friend).
    pub(crate) fn push_slides(&self, ix: Ix, lines: &[(i8, i8)], reach: u8, out: &mut Vec<Move>) {
        let (owner, from) = (self.owner(ix), self.square_of(ix));
        for &(df, dr) in lines {
            let mut at = from;
            for _ in 0..reach {
                let Some(to) = grid::offset(at, df, dr).filter(|&to| self.passes(at, to)) else {
                    break;
                };
                match self.at(to) {
                    None => out.push(Move::Go { piece: ix, to }),
                    Some(_) => {
                        if self.takeable_by(owner, to) {
                            out.push(Move::Go { piece: ix, to });
                        }
                        break;
                    }
                }
                at = to;
            }
        }
    }

    /// The squares a piece at `from` reaches by each offset, whatever
    /// stands there, walls ignored: kept for code not yet asking walls
    /// (the Swarm's); every other faction asks [`Self::reach`].
    pub(crate) fn leap_reach(from: Sq, offsets: &[(i8, i8)]) -> u64 {
        offsets
            .iter()
            .filter_map(|&(df, dr)| grid::offset(from, df, dr))
            .fold(0, |mask, sq| mask | bit(sq))
    }

    /// The squares along each line from `from`, up to `reach`, up to and
    /// including the first occupied one: what a slider threatens.
    pub(crate) fn slide_reach(&self, from: Sq, lines: &[(i8, i8)], reach: u8) -> u64 {
        let mut mask = 0;
        for &(df, dr) in lines {
            let mut at = from;
            for _ in 0..reach {
                let Some(to) = grid::offset(at, df, dr).filter(|&to| self.passes(at, to)) else {
                    break;
                };
                mask |= bit(to);
                if !self.is_empty(to) {
                    break;
                }
                at = to;
            }
        }
        mask
    }

    /// Every square `seat`'s pieces could capture on on their next move.
    pub(crate) fn attacked_by(&self, seat: u8) -> u64 {
        self.pieces_of(seat).fold(0, |mask, (ix, _)| {
            mask | super::faction_rules::threats(self, ix)
        })
    }

    /// Whether `seat`'s opponent could capture the piece on `sq` on its
    /// next move. Threats are squares, whatever stands there; a piece that
    /// cannot be captured (a Dryad) is never threatened.
    pub(crate) fn threatened(&self, seat: u8, sq: Sq) -> bool {
        let uncapturable = self
            .at(sq)
            .is_some_and(|ix| !self.piece(ix).kind.can_be_captured());
        !uncapturable && self.attacked_by(1 - seat) & bit(sq) != 0
    }
}
