//! The squares a piece covers. A Large miniature covers two by two: the
//! view gives its main space as the piece's square and the rest by the
//! stats `size: large` and `reach`, the way its body lies from the main
//! space (`north-east`: towards higher files and ranks), "so clients can
//! draw it" (docs/rules/chessboard-confrontation.md, R3). This only reads
//! those stats to draw; where a piece may stand is the server's to say.

use fray_protocol::{PieceView, Square, View};

/// The piece's square first, then the rest of a Large body, on the board.
/// Empty for a piece off the board.
pub fn covered(view: &View, piece: &PieceView) -> Vec<Square> {
    let Some(main) = piece.square else {
        return Vec::new();
    };
    let mut squares = vec![main];
    if let Some((files, ranks)) = body_steps(piece) {
        let step = |df: i8, dr: i8| -> Option<Square> {
            let file = main.file.checked_add_signed(df)?;
            let rank = main.rank.checked_add_signed(dr)?;
            (file < view.width && rank < view.height).then_some(Square::new(file, rank))
        };
        squares.extend(
            [step(files, 0), step(0, ranks), step(files, ranks)]
                .into_iter()
                .flatten(),
        );
    }
    squares
}

fn stat<'a>(piece: &'a PieceView, key: &str) -> Option<&'a str> {
    piece
        .stats
        .iter()
        .find(|stat| stat.key.eq_ignore_ascii_case(key))
        .map(|stat| stat.value.trim())
}

/// Steps in files and ranks from the main space to the body's far corner,
/// for a Large piece whose reach is told.
fn body_steps(piece: &PieceView) -> Option<(i8, i8)> {
    if !stat(piece, "size")?.eq_ignore_ascii_case("large") {
        return None;
    }
    let reach = stat(piece, "reach")?.to_ascii_lowercase();
    let (ranks, files) = reach.split_once('-')?;
    let ranks = match ranks {
        "north" => 1,
        "south" => -1,
        _ => return None,
    };
    let files = match files {
        "east" => 1,
        "west" => -1,
        _ => return None,
    };
    Some((files, ranks))
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_protocol::{PieceId, Seat, Stat};

    fn piece(square: &str, stats: &[(&str, &str)]) -> PieceView {
        PieceView {
            count: 1,
            id: PieceId(1),
            owner: Seat(0),
            kind: "monster".into(),
            name: "Big Monster".into(),
            glyph: "M".into(),
            square: Some(square.parse().unwrap()),
            stats: stats.iter().map(|(k, v)| Stat::new(*k, *v)).collect(),
            markers: Vec::new(),
        }
    }

    fn board() -> View {
        View {
            width: 8,
            height: 8,
            ..View::default()
        }
    }

    fn names(squares: Vec<Square>) -> Vec<String> {
        squares.iter().map(Square::to_string).collect()
    }

    #[test]
    fn a_large_piece_covers_two_by_two_the_way_its_reach_says() {
        let large = |square, reach| {
            piece(
                square,
                &[("die", "d12"), ("size", "large"), ("reach", reach)],
            )
        };
        assert_eq!(
            names(covered(&board(), &large("b2", "north-east"))),
            ["b2", "c2", "b3", "c3"]
        );
        assert_eq!(
            names(covered(&board(), &large("e7", "south-west"))),
            ["e7", "d7", "e6", "d6"]
        );
    }

    #[test]
    fn other_pieces_cover_their_square_only() {
        assert_eq!(
            names(covered(&board(), &piece("d4", &[("die", "d6")]))),
            ["d4"]
        );
        let untold = piece("d4", &[("size", "large")]);
        assert_eq!(
            names(covered(&board(), &untold)),
            ["d4"],
            "no reach, no body to draw"
        );
        let mut off = untold.clone();
        off.square = None;
        assert!(covered(&board(), &off).is_empty());
    }

    #[test]
    fn a_body_past_the_edge_is_not_drawn_there() {
        let edge = piece("h1", &[("size", "large"), ("reach", "south-east")]);
        assert_eq!(names(covered(&board(), &edge)), ["h1"]);
    }
}
