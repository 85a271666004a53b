//! The ways of moving most pieces share: a step, a slide up to some
//! distance, a leap; each listing the squares a piece may go to (empty, or
//! an enemy to take by displacement) and the squares it threatens.

use crate::kit::grid::{self, Sq, bit};

use super::moves::Move;
use super::state::{ActionChessFactionChess, Ix};

/// How a piece's threats ask the condition some of its moves have: a
/// Sprite's or Titania's flight while it is threatened (F3), a Mayor's
/// move while it is free (H7).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Conditions {
    /// Judged on the position.
    Judged,
    /// Taken as met: asked from within another piece's condition, so that
    /// two such conditions never ask each other back without end (F8, H9).
    TakenAsMet,
}

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
    /// next move: check (G5). Threats are squares, whatever stands there;
    /// a piece that cannot be captured (a Dryad) is never threatened.
    pub(crate) fn threatened(&self, seat: u8, sq: Sq) -> bool {
        self.capturable_on(sq) && self.attacked_by(1 - seat) & bit(sq) != 0
    }

    /// Every square `seat`'s pieces could capture on with their next move
    /// as the book asks it of a Sprite, Titania and the Mayor ("could
    /// capture", "threatened"): their moves' threats, with their own
    /// conditions asked as `conditions` says, and where the reading counts
    /// it a missile thrown after a move (G4, A12).
    pub(crate) fn endangering(&self, seat: u8, conditions: Conditions) -> u64 {
        self.pieces_of(seat).fold(0, |mask, (ix, _)| {
            mask | self.endangered_by_piece(ix, conditions)
        })
    }

    /// Whether the piece of `seat` on `sq` is threatened as the book asks
    /// it of a Sprite, Titania and the Mayor ([`Self::endangering`]).
    pub(crate) fn endangered(&self, seat: u8, sq: Sq, conditions: Conditions) -> bool {
        self.capturable_on(sq)
            && self
                .pieces_of(1 - seat)
                .any(|(ix, _)| self.endangered_by_piece(ix, conditions) & bit(sq) != 0)
    }

    /// One piece's part of [`Self::endangering`].
    fn endangered_by_piece(&self, ix: Ix, conditions: Conditions) -> u64 {
        let thrown = if self.rules.rulings.throws_count_as_threats_outside_check() {
            super::faction_rules::throw_threats(self, ix)
        } else {
            0
        };
        thrown | super::faction_rules::threats_with(self, ix, conditions)
    }

    /// Whether nothing on `sq` is a piece no capture may take (a Dryad).
    fn capturable_on(&self, sq: Sq) -> bool {
        self.at(sq)
            .is_none_or(|ix| self.piece(ix).kind.can_be_captured())
    }
}
