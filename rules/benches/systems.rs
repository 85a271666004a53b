//! Complete random games of every registered system, with its example pair
//! of armies and the default options, on the fast path (no effects) and
//! through the contract (`options` + `act`); and Chessboard Confrontation's
//! battle-map variant on the fast path.
//! Moves are chosen uniformly by a ChaCha stream apart from the game's dice.
//!
//! `cargo bench -p fray-rules --bench systems -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use fray_protocol::{ArmyList, MatchConfig, OptionValue, SystemId};
use fray_rules::{ChaChaDice, GameSystem, MoveRules, SystemVisitor};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

struct Chooser(ChaCha8Rng);

impl Chooser {
    fn new(seed: u64) -> Self {
        Chooser(ChaCha8Rng::seed_from_u64(seed ^ 0x9E37_79B9_7F4A_7C15))
    }

    fn index(&mut self, n: usize) -> usize {
        ((u128::from(self.0.next_u64()) * n as u128) >> 64) as usize
    }
}

/// One random game on the fast path (no effects); returns the final state.
fn fast_game<G: MoveRules>(config: &MatchConfig, armies: &[ArmyList], seed: u64) -> G {
    let mut dice = ChaChaDice::from_u64(seed);
    let mut game = G::setup_quiet(config, armies, &mut dice).expect("legal armies");
    let mut chooser = Chooser::new(seed);
    let mut moves = Vec::with_capacity(512);
    while let Some(&seat) = game.to_act().first() {
        moves.clear();
        game.legal_moves(seat, &mut moves);
        game.play_quiet(seat, moves[chooser.index(moves.len())], &mut dice);
    }
    game
}

/// Plays the contract path to the end; returns the actions taken.
fn contract_game<G: MoveRules>(config: &MatchConfig, armies: &[ArmyList], seed: u64) -> usize {
    let mut dice = ChaChaDice::from_u64(seed);
    let (mut game, effects) = G::setup(config, armies, &mut dice).expect("legal armies");
    black_box(effects);
    let mut chooser = Chooser::new(seed);
    let mut actions = 0;
    while game.outcome().is_none() {
        let seat = game.to_act()[0];
        let options = game.options(seat);
        let option = &options[chooser.index(options.len())];
        black_box(game.act(seat, &option.action, &mut dice).expect("listed"));
        actions += 1;
    }
    actions
}

/// `<system>/random_game`: `fast` and `contract`.
struct RandomGames<'a>(&'a mut Criterion);

impl SystemVisitor for RandomGames<'_> {
    type Output = ();

    fn visit<S: GameSystem>(self) {
        let config = MatchConfig::new(S::ID);
        let armies = fray_rules::example_armies(S::ID).expect("a registered system");
        let mut group = self
            .0
            .benchmark_group(format!("{}/random_game", S::ID.key()));
        group.throughput(Throughput::Elements(1));
        let mut seed = 0u64;
        group.bench_function("fast", |b| {
            b.iter(|| {
                seed += 1;
                black_box(fast_game::<S>(&config, &armies, seed))
            })
        });
        group.bench_function("contract", |b| {
            b.iter(|| {
                seed += 1;
                contract_game::<S>(&config, &armies, seed)
            })
        });
        group.finish();
    }
}

fn random_games(c: &mut Criterion) {
    for &system in fray_rules::registered() {
        fray_rules::with_system(system, RandomGames(c));
    }
}

/// The battle-map variant: 24×24 squares, obstacles over half of them laid
/// at every set-up; an option of one system, so named here.
fn chessboard_confrontation_battle_map(c: &mut Criterion) {
    use fray_rules::chessboard_confrontation::{ChessboardConfrontation, MAP};
    let system = SystemId::ChessboardConfrontation;
    let config = MatchConfig::new(system).with(MAP, OptionValue::Text("battle-map".into()));
    let armies = fray_rules::example_armies(system).expect("a registered system");
    let mut group = c.benchmark_group("chessboard-confrontation/battle_map_2_players");
    group.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    group.bench_function("fast", |b| {
        b.iter(|| {
            seed += 1;
            black_box(fast_game::<ChessboardConfrontation>(&config, &armies, seed))
        })
    });
    group.finish();
}

criterion_group!(benches, random_games, chessboard_confrontation_battle_map);
criterion_main!(benches);
