//! What a position is worth to each seat, between 0 and 1: a finished game
//! by its outcome, an unfinished one by the force each seat has left on the
//! board.

use fray_protocol::{Seat, Viewer};
use fray_rules::GameRules;

/// Each seat's reward, in seat order.
pub struct Rewards(Vec<f64>);

impl Rewards {
    pub fn of(&self, seat: Seat) -> f64 {
        self.0.get(usize::from(seat.0)).copied().unwrap_or(0.0)
    }
}

/// Each seat's reward for `state`. A win is 1 to every winner, a loss 0, a
/// draw half. Short of an end, each seat's share of the miniatures on the
/// board: the plainest force every system has.
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
            *force += f64::from(piece.count);
        }
    }
    let total: f64 = force.iter().sum();
    if total == 0.0 {
        return Rewards(vec![1.0 / seats.max(1) as f64; seats]);
    }
    Rewards(force.into_iter().map(|force| force / total).collect())
}
