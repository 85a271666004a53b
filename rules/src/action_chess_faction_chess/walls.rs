//! Walls (Wallmaster, line 83): they stand on the edges between two
//! orthogonally neighbouring squares, one or two high, and every faction's
//! movement asks them whether it may pass (W10–W13).

use fray_protocol::Wall;

use crate::kit::grid::{self, SIZE, Sq};

use super::state::ActionChessFactionChess;

/// The edges between orthogonal neighbours: 7 × 8 between files, then
/// 8 × 7 between ranks.
pub(crate) const EDGES: usize = 2 * (SIZE as usize - 1) * SIZE as usize;

/// How high a wall stands: a wall put on a wall doubles it, and a double
/// wall cannot be leapt (line 83, W11).
pub(crate) const DOUBLE: u8 = 2;

/// The edge between two orthogonal neighbours, if they are that.
pub(crate) fn edge(a: Sq, b: Sq) -> Option<usize> {
    let (low, high) = (a.min(b), a.max(b));
    let (f, r) = (grid::file(low) as usize, grid::rank(low) as usize);
    let side = SIZE as usize - 1;
    if grid::rank(high) == grid::rank(low) && grid::file(high) == grid::file(low) + 1 {
        Some(r * side + f)
    } else if grid::file(high) == grid::file(low) && grid::rank(high) == grid::rank(low) + 1 {
        Some(side * SIZE as usize + r * SIZE as usize + f)
    } else {
        None
    }
}

/// The two squares an edge stands between, the smaller first.
pub(crate) fn squares_of(edge: usize) -> [Sq; 2] {
    let side = SIZE as usize - 1;
    let low = if edge < side * SIZE as usize {
        grid::at((edge % side) as u8, (edge / side) as u8)
    } else {
        let rest = edge - side * SIZE as usize;
        grid::at((rest % SIZE as usize) as u8, (rest / SIZE as usize) as u8)
    };
    let high = if edge < side * SIZE as usize {
        low + 1
    } else {
        low + SIZE
    };
    [low, high]
}

/// The walls as the view shows them: `wall`, or `double-wall` for a wall
/// put on a wall.
pub(crate) fn wall_views(walls: &[u8; EDGES]) -> Vec<Wall> {
    // The view keeps its walls sorted.
    let mut views: Vec<Wall> = (0..EDGES)
        .filter(|&edge| walls[edge] > 0)
        .map(|edge| {
            let mut between = squares_of(edge).map(grid::to_square);
            between.sort();
            Wall {
                between,
                kind: if walls[edge] >= DOUBLE {
                    "double-wall"
                } else {
                    "wall"
                }
                .into(),
            }
        })
        .collect();
    views.sort();
    views
}

impl ActionChessFactionChess {
    fn wall_between(&self, a: Sq, b: Sq) -> u8 {
        edge(a, b).map_or(0, |edge| self.walls[edge])
    }

    /// Whether a piece may go from `from` to `to` as far as walls go (W10,
    /// W11): a step to one of the 8 squares around crosses no wall (a
    /// diagonal step is stopped only when both ways round its corner are
    /// walled); a longer leap crosses no double wall standing between two
    /// squares of the rectangle its two squares span.
    pub(crate) fn passes(&self, from: Sq, to: Sq) -> bool {
        if !self.walled {
            return true;
        }
        let (df, dr) = (
            grid::file(to) as i8 - grid::file(from) as i8,
            grid::rank(to) as i8 - grid::rank(from) as i8,
        );
        if df.abs() <= 1 && dr.abs() <= 1 {
            self.steps(from, df, dr)
        } else {
            !self.double_wall_within(from, to)
        }
    }

    fn steps(&self, from: Sq, df: i8, dr: i8) -> bool {
        let Some(to) = grid::offset(from, df, dr) else {
            return false;
        };
        if df == 0 || dr == 0 {
            return self.wall_between(from, to) == 0;
        }
        let round = |corner: Option<Sq>| {
            corner.is_some_and(|c| self.wall_between(from, c) == 0 && self.wall_between(c, to) == 0)
        };
        round(grid::offset(from, df, 0)) || round(grid::offset(from, 0, dr))
    }

    fn double_wall_within(&self, from: Sq, to: Sq) -> bool {
        let (f0, f1) = (
            grid::file(from).min(grid::file(to)),
            grid::file(from).max(grid::file(to)),
        );
        let (r0, r1) = (
            grid::rank(from).min(grid::rank(to)),
            grid::rank(from).max(grid::rank(to)),
        );
        let double = |a: Sq, b: Sq| self.wall_between(a, b) >= DOUBLE;
        (f0..=f1).any(|f| {
            (r0..=r1).any(|r| {
                let sq = grid::at(f, r);
                (f < f1 && double(sq, grid::at(f + 1, r)))
                    || (r < r1 && double(sq, grid::at(f, r + 1)))
            })
        })
    }

    /// The squares a piece at `from` reaches by each offset, whatever
    /// stands there but not through walls: what a stepper or leaper
    /// threatens.
    pub(crate) fn reach(&self, from: Sq, offsets: &[(i8, i8)]) -> u64 {
        offsets
            .iter()
            .filter_map(|&(df, dr)| grid::offset(from, df, dr))
            .filter(|&to| self.passes(from, to))
            .fold(0, |mask, sq| mask | grid::bit(sq))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kit::grid::named;

    #[test]
    fn every_edge_names_its_two_squares_and_back() {
        for edge_ix in 0..EDGES {
            let [a, b] = squares_of(edge_ix);
            assert_eq!(edge(a, b), Some(edge_ix));
            assert_eq!(edge(b, a), Some(edge_ix));
        }
        assert_eq!(
            edge(named("h1"), named("a2")),
            None,
            "not neighbours across the edge"
        );
        assert_eq!(edge(named("a1"), named("b2")), None, "diagonal");
    }
}
