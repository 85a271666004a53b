//! Random play for the benches: moves chosen uniformly by a ChaCha stream
//! apart from the game's dice, whole games on the fast path (no effects)
//! and through the contract (`options` + `act`). Each bench uses what it
//! needs of it.
#![allow(dead_code)]

use std::hint::black_box;

use fray_protocol::{ArmyList, MatchConfig};
use fray_rules::{ChaChaDice, GameRules};
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Chooses among `n` uniformly, from its own stream.
pub struct Chooser(ChaCha8Rng);

impl Chooser {
    pub fn new(seed: u64) -> Self {
        Chooser(ChaCha8Rng::seed_from_u64(seed ^ 0x9E37_79B9_7F4A_7C15))
    }

    pub fn index(&mut self, n: usize) -> usize {
        ((u128::from(self.0.next_u64()) * n as u128) >> 64) as usize
    }
}

/// One random game on the fast path: the final state and the actions
/// taken.
pub fn fast_game<G: GameRules>(config: &MatchConfig, armies: &[ArmyList], seed: u64) -> (G, usize) {
    let mut dice = ChaChaDice::from_u64(seed);
    let mut game = G::setup_quiet(config, armies, &mut dice).expect("legal armies");
    let mut chooser = Chooser::new(seed);
    let mut moves = Vec::with_capacity(2048);
    let mut actions = 0;
    while let Some(&seat) = game.to_act().first() {
        moves.clear();
        game.legal_moves(seat, &mut moves);
        game.play_quiet(seat, moves[chooser.index(moves.len())], &mut dice);
        actions += 1;
    }
    (game, actions)
}

/// One random game through the contract; returns the actions taken.
pub fn contract_game<G: GameRules>(config: &MatchConfig, armies: &[ArmyList], seed: u64) -> usize {
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
