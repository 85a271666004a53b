//! What a position is worth to each seat, between 0 and 1: a finished game
//! by its outcome, an unfinished one by the force each seat has left on the
//! board and by how near each general is to falling.

use std::collections::BTreeMap;

use fray_protocol::{PieceId, PieceView, Seat, Viewer};
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
/// each piece by its [`worth`], weighed by the chance that a general falls
/// ([`GENERAL_FALLS`]): a seat whose general is in melee is that much
/// nearer a loss, and its enemies that much nearer a win.
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
    Rewards(weighed(&force, &generals_falling(&view.pieces, seats)))
}

/// Each seat's reward from its force and the chance its general falls:
/// its share of the force while no general falls; nothing if its own
/// does; and, if an enemy's does, what it had not yet won (as a share of
/// the enemies' generals, where there are several).
fn weighed(force: &[f64], falls: &[f64]) -> Vec<f64> {
    let total: f64 = force.iter().sum();
    let all_falling: f64 = falls.iter().sum();
    let others = (force.len().max(2) - 1) as f64;
    force
        .iter()
        .zip(falls)
        .map(|(force, falls)| {
            let share = force / total;
            let enemy_falls = (all_falling - falls) / others;
            (1.0 - falls) * (share + (1.0 - share) * enemy_falls)
        })
        .collect()
}

/// The chance that a general with one enemy beside it falls before its
/// side can save it; each further enemy takes the same chance again.
/// Random playouts of a couple of dozen actions rarely reach the enemy's
/// melee phase, so without this a search sends its general to fight:
/// ChessWar!'s expert lost most of its games to random play that way,
/// and weighing the general's danger won 35 of 40 where the bot without
/// it won 29 (docs/bots.md).
const GENERAL_FALLS: f64 = 0.6;

/// For each seat, the chance its general falls soon, from the enemies on
/// the squares around it; 0 for a seat with no general (only ChessWar!
/// has one: the unit whose `piece` is the king, whose death loses the
/// game).
fn generals_falling(pieces: &BTreeMap<PieceId, PieceView>, seats: usize) -> Vec<f64> {
    let mut falls = vec![0.0; seats];
    for general in pieces.values().filter(|piece| is_general(piece)) {
        let Some(at) = general.square else { continue };
        let enemies_beside = pieces
            .values()
            .filter(|piece| piece.owner != general.owner)
            .filter_map(|piece| piece.square)
            .filter(|square| {
                square.file.abs_diff(at.file) <= 1 && square.rank.abs_diff(at.rank) <= 1
            })
            .count();
        if let Some(falls) = falls.get_mut(usize::from(general.owner.0)) {
            *falls = 1.0 - (1.0 - GENERAL_FALLS).powi(enemies_beside as i32);
        }
    }
    falls
}

fn is_general(piece: &PieceView) -> bool {
    piece
        .stats
        .iter()
        .any(|stat| stat.key == "piece" && stat.value.eq_ignore_ascii_case("king"))
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

#[cfg(test)]
mod tests {
    use fray_protocol::{Square, Stat};

    use super::*;

    fn unit(id: u32, owner: u8, piece: &str, square: &str) -> (PieceId, PieceView) {
        let view = PieceView {
            id: PieceId(id),
            owner: Seat(owner),
            kind: piece.into(),
            name: piece.into(),
            glyph: "u".into(),
            square: Some(square.parse::<Square>().unwrap()),
            stats: vec![Stat::new("piece", piece)],
            markers: Vec::new(),
            count: 1,
        };
        (view.id, view)
    }

    #[test]
    fn a_general_falls_the_likelier_the_more_enemies_stand_beside_it() {
        let alone = BTreeMap::from([unit(1, 0, "king", "d4"), unit(2, 1, "pawn", "d6")]);
        assert_eq!(generals_falling(&alone, 2), vec![0.0, 0.0]);

        let beset = BTreeMap::from([
            unit(1, 0, "king", "d4"),
            unit(2, 1, "pawn", "e5"),
            unit(3, 1, "pawn", "c3"),
            unit(4, 0, "pawn", "d3"),
            unit(5, 1, "king", "h8"),
        ]);
        let falls = generals_falling(&beset, 2);
        assert!((falls[0] - 0.84).abs() < 1e-9, "{falls:?}");
        assert_eq!(falls[1], 0.0, "a general beside none of its enemies");
    }

    #[test]
    fn a_falling_general_costs_its_side_and_gives_to_the_other() {
        assert_eq!(weighed(&[30.0, 10.0], &[0.0, 0.0]), vec![0.75, 0.25]);
        let rewards = weighed(&[30.0, 10.0], &[0.6, 0.0]);
        assert!((rewards[0] - 0.3).abs() < 1e-9, "{rewards:?}");
        assert!((rewards[1] - 0.7).abs() < 1e-9, "{rewards:?}");
    }
}
