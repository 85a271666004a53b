//! The units on the board named by glyph. In some systems a glyph is the
//! way a unit moves (Summoners Chess's Trolls and Ogres are both `R`), so
//! where one glyph stands for several units each name comes with its
//! squares.

use std::collections::BTreeMap;

use fray_protocol::{Square, View};

use crate::shown::shown;

/// "A Acolyte", "R Trolls d4, Ogres f5 g6": one entry per glyph on the
/// board, in glyph order; escaped to print.
pub fn legend(view: &View) -> Vec<String> {
    let mut by_glyph: BTreeMap<String, BTreeMap<String, Vec<Square>>> = BTreeMap::new();
    for piece in view.pieces.values() {
        if let Some(square) = piece.square {
            by_glyph
                .entry(shown(&piece.glyph).into_owned())
                .or_default()
                .entry(shown(&piece.name).into_owned())
                .or_default()
                .push(square);
        }
    }
    by_glyph
        .into_iter()
        .map(|(glyph, names)| {
            let named: Vec<String> = if names.len() == 1 {
                names.into_keys().collect()
            } else {
                names
                    .into_iter()
                    .map(|(name, mut squares)| {
                        squares.sort();
                        let squares: Vec<String> = squares.iter().map(Square::to_string).collect();
                        format!("{name} {}", squares.join(" "))
                    })
                    .collect()
            };
            format!("{glyph} {}", named.join(", "))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_protocol::{PieceId, PieceView, Seat};

    fn piece(id: u32, glyph: &str, name: &str, square: Option<&str>) -> PieceView {
        PieceView {
            count: 1,
            id: PieceId(id),
            owner: Seat(id as u8 % 2),
            kind: name.to_lowercase(),
            name: name.into(),
            glyph: glyph.into(),
            square: square.map(|s| s.parse().unwrap()),
            stats: Vec::new(),
            markers: Vec::new(),
        }
    }

    #[test]
    fn units_sharing_a_glyph_are_told_apart_by_name_and_square() {
        let pieces = [
            piece(1, "A", "Acolyte", Some("a1")),
            piece(2, "A", "Acolyte", Some("h8")),
            piece(3, "R", "Trolls", Some("d4")),
            piece(4, "R", "Ogres", Some("g6")),
            piece(5, "R", "Ogres", Some("f5")),
            piece(6, "N", "Elves", None),
        ];
        let view = View {
            pieces: pieces.into_iter().map(|p| (p.id, p)).collect(),
            ..View::default()
        };
        assert_eq!(legend(&view), ["A Acolyte", "R Ogres f5 g6, Trolls d4"]);
    }
}
