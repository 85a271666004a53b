//! The hand-written batch encoder (`fray_protocol::batch_json`) against
//! serde's text, over every batch of whole random games of each playable
//! system as each seat would get it. The protocol crate tests every field
//! and escape; this needs the rules, which the protocol may not link.

use fray_protocol::{
    Batch, MatchConfig, MatchId, ScopedEffect, Seat, ServerMessage, SystemId, Viewer, batch_json,
};
use fray_rules::{ChaChaDice, Game};

fn by_serde(batch: &Batch) -> String {
    serde_json::to_string(&ServerMessage::Batch(batch.clone())).unwrap()
}

/// Every batch of whole random games of each playable system, as each
/// seat would get it, against serde's text.
#[test]
fn real_games_encode_as_serde_encodes_them() {
    for system in [
        SystemId::FantasyArmies,
        SystemId::SummonersChess,
        SystemId::ChessboardConfrontation,
    ] {
        let mut dice = ChaChaDice::from_u64(3);
        let armies = fray_rules::example_armies(system).expect("playable");
        let (mut game, mut effects) =
            Game::setup(&MatchConfig::new(system), &armies, &mut dice).unwrap();
        for seq in 0..400u64 {
            for seat in [Seat(0), Seat(1)] {
                let batch = Batch {
                    match_id: MatchId(9),
                    seq,
                    effects: ScopedEffect::for_viewer(&effects, Viewer::Seat(seat)),
                    to_act: game.to_act(),
                    options: game.options(seat),
                };
                assert_eq!(batch_json(&batch), by_serde(&batch), "{system} seq {seq}");
            }
            let Some(&seat) = game.to_act().first() else {
                break;
            };
            let options = game.options(seat);
            let pick = (seq as usize * 7919) % options.len();
            effects = game.act(seat, &options[pick].action, &mut dice).unwrap();
        }
    }
}
