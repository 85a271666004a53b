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

    /// One step or leap by each offset: to an empty square or onto an enemy.
    pub(crate) fn push_leaps(&self, ix: Ix, offsets: &[(i8, i8)], out: &mut Vec<Move>) {
        let (owner, from) = (self.owner(ix), self.square_of(ix));
        for &(df, dr) in offsets {
            if let Some(to) = grid::offset(from, df, dr)
                && !self.holds(owner, to)
            {
                out.push(Move::Go { piece: ix, to });
            }
        }
    }

    /// Along each line, up to `reach` squares, until a piece: the empty
    /// squares, then an enemy to take.
    pub(crate) fn push_slides(&self, ix: Ix, lines: &[(i8, i8)], reach: u8, out: &mut Vec<Move>) {
        let (owner, from) = (self.owner(ix), self.square_of(ix));
        for &(df, dr) in lines {
            let mut at = from;
            for _ in 0..reach {
                let Some(to) = grid::offset(at, df, dr) else {
                    break;
                };
                match self.at(to) {
                    None => out.push(Move::Go { piece: ix, to }),
                    Some(other) => {
                        if self.piece(other).owner != owner {
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
    /// stands there: what a leaper threatens.
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
                let Some(to) = grid::offset(at, df, dr) else {
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
    /// next move.
    pub(crate) fn threatened(&self, seat: u8, sq: Sq) -> bool {
        self.attacked_by(1 - seat) & bit(sq) != 0
    }
}
