//! Encoding and decoding the hot websocket messages, from real mid-game
//! positions of each system: the `batch` the match actor encodes once per
//! distinct viewer after every action (with the options of the seat to
//! act), the `act` it decodes, the `ack` it answers with, and the `snapshot`
//! a subscriber starts from. What a client pays is the decode column.
//!
//! `cargo bench -p fray-server --bench messages -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fray_protocol::{
    Batch, ClientMessage, MatchConfig, MatchId, MatchStatus, ScopedEffect, ServerMessage, Snapshot,
    SystemId, Viewer,
};
use fray_rules::{ChaChaDice, Game};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Actions played before the position is taken: the middle of a typical game.
const PLIES: usize = 30;

/// A game `PLIES` random actions in, and the effects of the last one.
fn mid_game(system: SystemId) -> (Game, Vec<ScopedEffect>) {
    let mut dice = ChaChaDice::from_u64(7);
    let (mut game, mut effects) = Game::setup(
        &MatchConfig::new(system),
        &fray_rules::example_armies(system).expect("a playable system"),
        &mut dice,
    )
    .expect("legal armies");
    let mut chooser = ChaCha8Rng::seed_from_u64(11);
    for _ in 0..PLIES {
        if game.outcome().is_some() {
            break;
        }
        let seat = game.to_act()[0];
        let options = game.options(seat);
        let pick = (chooser.next_u64() % options.len() as u64) as usize;
        effects = game
            .act(seat, &options[pick].action, &mut dice)
            .expect("a listed option is legal");
    }
    (game, effects)
}

fn messages(c: &mut Criterion) {
    for &system in fray_rules::registered() {
        let (game, effects) = mid_game(system);
        let seat = game.to_act()[0];
        let options = game.options(seat);
        let batch = ServerMessage::Batch(Batch {
            match_id: MatchId(1),
            seq: PLIES as u64,
            effects: ScopedEffect::for_viewer(&effects, Viewer::Seat(seat)),
            to_act: game.to_act(),
            options: options.clone(),
        });
        let snapshot = ServerMessage::Snapshot(Snapshot {
            match_id: MatchId(1),
            seq: PLIES as u64,
            status: MatchStatus::Running,
            seat: Some(seat),
            view: game.view(Viewer::Seat(seat)),
            to_act: game.to_act(),
            options: options.clone(),
            commitment: "0".repeat(64),
        });
        let act = ClientMessage::Act {
            match_id: MatchId(1),
            id: 42,
            action: options[0].action.clone(),
        };
        let ack = ServerMessage::Ack {
            match_id: MatchId(1),
            id: 42,
            seq: PLIES as u64 + 1,
        };
        let batch_text = serde_json::to_string(&batch).unwrap();
        let snapshot_text = serde_json::to_string(&snapshot).unwrap();
        let act_text = serde_json::to_string(&act).unwrap();
        let ack_text = serde_json::to_string(&ack).unwrap();
        eprintln!(
            "{system}: batch {} bytes ({} options), snapshot {} bytes, act {} bytes, ack {} bytes",
            batch_text.len(),
            options.len(),
            snapshot_text.len(),
            act_text.len(),
            ack_text.len()
        );

        let mut group = c.benchmark_group(format!("messages/{system}"));
        group.throughput(Throughput::Elements(1));
        group.bench_function("batch/encode", |b| {
            b.iter(|| fray_server::outbox::encode(black_box(&batch)))
        });
        group.bench_function("batch/encode-serde", |b| {
            b.iter(|| serde_json::to_string(black_box(&batch)).unwrap())
        });
        group.bench_function("batch/decode", |b| {
            b.iter(|| serde_json::from_str::<ServerMessage>(black_box(&batch_text)).unwrap())
        });
        group.bench_function("snapshot/encode", |b| {
            b.iter(|| serde_json::to_string(black_box(&snapshot)).unwrap())
        });
        group.bench_function("snapshot/decode", |b| {
            b.iter(|| serde_json::from_str::<ServerMessage>(black_box(&snapshot_text)).unwrap())
        });
        group.bench_function("act/decode", |b| {
            b.iter(|| serde_json::from_str::<ClientMessage>(black_box(&act_text)).unwrap())
        });
        group.bench_function("ack/encode", |b| {
            b.iter(|| serde_json::to_string(black_box(&ack)).unwrap())
        });
        group.bench_function("options/list", |b| {
            b.iter(|| black_box(&game).options(seat))
        });
        group.finish();
    }
}

criterion_group!(benches, messages);
criterion_main!(benches);
