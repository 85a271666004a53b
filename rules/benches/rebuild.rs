//! What the server's rebuild of one match costs: one random game of every
//! registered system (its example armies, default options) replayed from
//! its seed through `act`, keeping the views the allowance for logs stored
//! by earlier releases judges from: the referee's alone (`referee_view`,
//! as the rebuild kept them before) or every viewer's (`every_view`, as it
//! keeps them now, so that no audience change passes).
//!
//! `cargo bench -p fray-rules --bench rebuild -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use fray_protocol::{Action, ArmyList, MatchConfig, ScopedEffect, Seat, Viewer, apply_all};
use fray_rules::{ChaChaDice, Dice, EveryView, Game};

/// Actions at most in the recorded game, so that every game is bounded.
const MOST_ACTIONS: usize = 3_000;

struct Recorded {
    config: MatchConfig,
    armies: [ArmyList; 2],
    seed: u64,
    actions: Vec<(Seat, Action)>,
}

fn record(config: MatchConfig, armies: [ArmyList; 2], seed: u64) -> Recorded {
    let mut dice = ChaChaDice::from_u64(seed);
    let mut chooser = ChaChaDice::from_u64(seed ^ 0x5EED);
    let (mut game, _) = Game::setup(&config, &armies, &mut dice).expect("sets up");
    let mut actions = Vec::new();
    while game.outcome().is_none() && actions.len() < MOST_ACTIONS {
        let seat = game.to_act()[0];
        let options = game.options(seat);
        let sides = u8::try_from(options.len().min(255)).expect("at most 255");
        let action = options[usize::from(chooser.roll(sides)) - 1].action.clone();
        game.act(seat, &action, &mut dice).expect("a listed action");
        actions.push((seat, action));
    }
    Recorded {
        config,
        armies,
        seed,
        actions,
    }
}

/// Replays `recorded` from its seed, keeping `start`'s views along it.
fn replay<T>(
    recorded: &Recorded,
    start: impl Fn(&Game) -> T,
    apply: impl Fn(&mut T, &[ScopedEffect]),
) -> T {
    let mut dice = ChaChaDice::from_u64(recorded.seed);
    let (mut game, _) =
        Game::setup(&recorded.config, &recorded.armies, &mut dice).expect("sets up");
    let mut kept = start(&game);
    for (seat, action) in &recorded.actions {
        let effects = game.act(*seat, action, &mut dice).expect("as recorded");
        apply(&mut kept, &effects);
    }
    kept
}

fn rebuilds(c: &mut Criterion) {
    for &system in fray_rules::registered() {
        let armies = fray_rules::example_armies(system).expect("a registered system");
        let recorded = record(MatchConfig::new(system), armies, 7);
        let mut group = c.benchmark_group(format!("rebuild/{}", system.key()));
        eprintln!("{}: {} actions", system.key(), recorded.actions.len());
        group.bench_function("referee_view", |b| {
            b.iter(|| {
                black_box(replay(
                    &recorded,
                    |game| game.view(Viewer::Referee),
                    |view, effects| apply_all(view, effects.iter().map(|scoped| &scoped.effect)),
                ))
            })
        });
        group.bench_function("every_view", |b| {
            b.iter(|| black_box(replay(&recorded, EveryView::of, EveryView::apply)))
        });
        group.finish();
    }
}

criterion_group!(benches, rebuilds);
criterion_main!(benches);
