//! What a position is worth to each seat, between 0 and 1: a finished game
//! by its outcome, an unfinished one by the force each seat has left on the
//! board.

use fray_protocol::{PieceView, Seat, Viewer};
use fray_rules::GameRules;

/// Each seat's reward, in seat order.
pub struct Rewards(Vec<f64>);

impl Rewards {
    pub fn of(&self, seat: Seat) -> f64 {
        self.0.get(usize::from(seat.0)).copied().unwrap_or(0.0)
    }
}

/// Each seat's reward for `state`. A win is 1 to every winner, a loss 0, a
/// draw half. Short of an end, each seat's share of the force on the board,
/// each piece by its [`worth`].
pub fn rewards<G: GameRules>(state: &G) -> Rewards {
    let view = state.view(Viewer::Referee);
    let seats = view.players.len();
    if let Some(outcome) = &view.outcome {
        return Rewards(
            (0..seats)
                .map(|seat| match outcome.winners.contains(&Seat(seat as u8)) {
                    true => 1.0,
                    false if outcome.is_draw() => 0.5,
                    false => 0.0,
                })
                .collect(),
        );
    }
    let mut force = vec![0.0; seats];
    for piece in view.pieces.values().filter(|piece| piece.square.is_some()) {
        if let Some(force) = force.get_mut(usize::from(piece.owner.0)) {
            *force += worth(piece);
        }
    }
    let total: f64 = force.iter().sum();
    if total == 0.0 {
        return Rewards(vec![1.0 / seats.max(1) as f64; seats]);
    }
    Rewards(force.into_iter().map(|force| force / total).collect())
}

/// What a piece is worth, as its own rule book would price it: its points
/// where the book prints them (Fantasy Armies' `PV`, Chessboard
/// Confrontation's `cost`), else the chess piece it moves as (ChessWar!'s
/// `piece`, and the glyphs of the chess-board systems), else 1; times the
/// miniatures it is (a Swarmling stack).
pub fn worth(piece: &PieceView) -> f64 {
    let printed = piece.stats.iter().find_map(|stat| match stat.key.as_str() {
        "PV" | "cost" => stat
            .value
            .parse::<f64>()
            .ok()
            .filter(|points| *points > 0.0),
        "piece" => Some(chess_value(&stat.value)),
        _ => None,
    });
    let each = printed.unwrap_or_else(|| chess_value(&piece.glyph));
    each * f64::from(piece.count)
}

/// The usual chess values, by the piece's name or letter; 1 for a piece of
/// no chess kind. A king is worth more than a queen: in most systems its
/// loss ends the game, and a playout rarely reaches that end, so the value
/// must make guarding one's own and hunting the other's worth it.
fn chess_value(name: &str) -> f64 {
    match name.to_ascii_lowercase().as_str() {
        "p" | "pawn" => 1.0,
        "n" | "knight" | "b" | "bishop" => 3.0,
        "r" | "rook" => 5.0,
        "q" | "queen" => 9.0,
        "k" | "king" => 12.0,
        _ => 1.0,
    }
}
