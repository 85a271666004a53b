//! What each square of the board shows, as text that reads without colour,
//! the same in full screen and in line mode. A square is four columns:
//!
//! ```text
//!  N f      column 0     the owner's mark: none for yours, `*` for the
//! *N        (ownership)  opponent's, `~` and `+` for a third and fourth seat
//! *Rf2      columns 1-2  the piece's glyph as the server sends it
//!           column 3     the terrain's letter (terrain), or how many pieces
//!                        share the square
//! ```
//!
//! So " N f" is your piece `N` in a forest, "*N  " the opponent's on open
//! ground. A Large miniature shows on every square it covers (footprint).
//!
//! A board wider than [`FINE_FROM`] files (the 24×24 battle map) is drawn
//! with fine cells of two columns, the mark and the glyph's first
//! character, so that it fits a terminal: "*m", " E", and on an empty
//! square its terrain's letter twice ("oo") or nothing.

pub mod footprint;
pub mod ownership;
pub mod terrain;
pub mod units;

use std::collections::BTreeMap;

use fray_protocol::{PieceView, Seat, Square, View};

use crate::shown::shown;
use ownership::Owners;

/// A piece on a square: standing there, or covering it with a Large body.
#[derive(Debug, Clone, Copy)]
pub struct Occupant<'a> {
    pub piece: &'a PieceView,
    /// True on the piece's own square (a Large miniature's main space).
    pub main: bool,
}

/// One square's text: `piece` then `corner`, four columns in all.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cell {
    /// The mark and the glyph, three columns; spaces on an empty square.
    pub piece: String,
    /// The terrain's letter, a stack's count, or a space.
    pub corner: char,
}

/// Files from which a board is drawn with fine cells.
pub const FINE_FROM: u8 = 13;

/// Whether the board is drawn with fine cells of two columns.
pub fn fine(view: &View) -> bool {
    view.width >= FINE_FROM
}

/// The board's squares as text, for one viewer.
pub struct Cells<'a> {
    view: &'a View,
    pub owners: Owners,
    /// Each terrain's letter, by name.
    pub letters: BTreeMap<String, char>,
    occupants: BTreeMap<Square, Vec<Occupant<'a>>>,
}

impl<'a> Cells<'a> {
    /// `me` is the viewer's seat; none for a spectator or a replay.
    pub fn new(view: &'a View, me: Option<Seat>) -> Cells<'a> {
        let mut occupants: BTreeMap<Square, Vec<Occupant<'a>>> = BTreeMap::new();
        for piece in view.pieces.values() {
            for (at, square) in footprint::covered(view, piece).into_iter().enumerate() {
                let main = at == 0;
                occupants
                    .entry(square)
                    .or_default()
                    .push(Occupant { piece, main });
            }
        }
        for list in occupants.values_mut() {
            // A piece standing on the square is drawn before a body over it.
            list.sort_by_key(|occupant| !occupant.main);
        }
        Cells {
            view,
            owners: Owners::of(view, me),
            letters: terrain::letters(view),
            occupants,
        }
    }

    /// The pieces on a square, those standing there first.
    pub fn occupants(&self, square: Square) -> &[Occupant<'a>] {
        self.occupants.get(&square).map_or(&[], Vec::as_slice)
    }

    pub fn terrain_letter(&self, square: Square) -> Option<char> {
        let name = self.view.terrain.get(&square)?;
        self.letters.get(name).copied()
    }

    /// A fine cell's two columns: the mark and the glyph's first character;
    /// on an empty square the terrain's letter twice, or spaces.
    pub fn fine_cell(&self, square: Square) -> [char; 2] {
        match self.occupants(square).first() {
            Some(first) => {
                let glyph = shown(&first.piece.glyph).chars().next().unwrap_or('?');
                [self.owners.mark(first.piece.owner), glyph]
            }
            None => {
                let terrain = self.terrain_letter(square).unwrap_or(' ');
                [terrain, terrain]
            }
        }
    }

    pub fn cell(&self, square: Square) -> Cell {
        let occupants = self.occupants(square);
        let terrain = self.terrain_letter(square).unwrap_or(' ');
        let Some(first) = occupants.first() else {
            return Cell {
                piece: "   ".into(),
                corner: terrain,
            };
        };
        let mark = self.owners.mark(first.piece.owner);
        let glyph: String = shown(&first.piece.glyph).chars().take(2).collect();
        let glyph = if glyph.is_empty() { "?".into() } else { glyph };
        // Miniatures, not pieces: a Swarmling stack of three is one piece.
        let miniatures: u32 = occupants.iter().map(|o| o.piece.count).sum();
        match miniatures {
            0 | 1 => Cell {
                piece: format!("{mark}{glyph:<2}"),
                corner: terrain,
            },
            count => Cell {
                piece: format!("{mark}{glyph:×<2}"),
                corner: char::from_digit(count, 10).unwrap_or('+'),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_protocol::{PieceId, PlayerView, Stat};

    fn piece(id: u32, owner: u8, glyph: &str, square: &str) -> PieceView {
        PieceView {
            count: 1,
            id: PieceId(id),
            owner: Seat(owner),
            kind: "k".into(),
            name: format!("Piece {glyph}"),
            glyph: glyph.into(),
            square: Some(square.parse().unwrap()),
            stats: Vec::new(),
            markers: Vec::new(),
        }
    }

    fn view(pieces: Vec<PieceView>) -> View {
        View {
            width: 8,
            height: 8,
            terrain: [("a1".parse().unwrap(), "forests".to_string())].into(),
            pieces: pieces.into_iter().map(|p| (p.id, p)).collect(),
            players: [0, 1]
                .map(|seat| PlayerView {
                    seat: Seat(seat),
                    ..PlayerView::default()
                })
                .into(),
            ..View::default()
        }
    }

    fn text(cells: &Cells, square: &str) -> String {
        let cell = cells.cell(square.parse().unwrap());
        format!("{}{}", cell.piece, cell.corner)
    }

    #[test]
    fn a_square_shows_mark_glyph_and_terrain_in_fixed_columns() {
        let view = view(vec![piece(1, 0, "N", "a1"), piece(2, 1, "N", "b1")]);
        let mine = Cells::new(&view, Some(Seat(0)));
        assert_eq!(text(&mine, "a1"), " N f");
        assert_eq!(text(&mine, "b1"), "*N  ");
        assert_eq!(text(&mine, "c1"), "    ");
        let theirs = Cells::new(&view, Some(Seat(1)));
        assert_eq!(
            text(&theirs, "a1"),
            "*N f",
            "the same piece, seen by the other seat"
        );
        assert_eq!(text(&theirs, "b1"), " N  ");
    }

    #[test]
    fn stacks_show_a_count_and_glyphs_keep_their_columns() {
        let view = view(vec![
            piece(1, 1, "Z", "c3"),
            piece(2, 1, "Z", "c3"),
            piece(3, 1, "Z", "c3"),
            piece(4, 0, "Sk", "d4"),
            piece(5, 0, "Sk", "d4"),
            piece(6, 0, "Sk", "e5"),
        ]);
        let cells = Cells::new(&view, Some(Seat(0)));
        assert_eq!(text(&cells, "c3"), "*Z×3");
        assert_eq!(text(&cells, "d4"), " Sk2");
        assert_eq!(text(&cells, "e5"), " Sk ");
    }

    #[test]
    fn a_piece_that_is_a_stack_shows_its_count() {
        let mut swarm = piece(1, 1, "z", "c3");
        swarm.count = 4;
        let mut big = piece(2, 1, "z", "d4");
        big.count = 12;
        let view = view(vec![swarm, big, piece(3, 0, "S", "c3")]);
        let cells = Cells::new(&view, Some(Seat(0)));
        assert_eq!(text(&cells, "c3"), "*z×5", "four Swarmlings and a Spirit");
        assert_eq!(text(&cells, "d4"), "*z×+", "more than nine");
    }

    #[test]
    fn a_large_miniature_is_drawn_on_its_four_squares() {
        let mut monster = piece(1, 1, "M", "f6");
        monster.stats = vec![Stat::new("size", "large"), Stat::new("reach", "north-west")];
        let view = view(vec![monster]);
        let cells = Cells::new(&view, Some(Seat(0)));
        for square in ["f6", "e6", "f7", "e7"] {
            assert_eq!(text(&cells, square), "*M  ", "{square}");
        }
        assert_eq!(text(&cells, "g6"), "    ");
        let main: Vec<bool> = ["f6", "e7"]
            .iter()
            .map(|s| cells.occupants(s.parse().unwrap())[0].main)
            .collect();
        assert_eq!(main, [true, false]);
    }
}
