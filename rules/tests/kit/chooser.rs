//! Random play's choices, from their own ChaCha stream, never from the
//! game's dice.

use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

/// Picks from its own ChaCha stream, never from the game's dice.
pub struct Chooser(ChaCha8Rng);

impl Chooser {
    pub fn new(seed: u64) -> Self {
        Chooser(ChaCha8Rng::seed_from_u64(seed ^ 0x9E37_79B9_7F4A_7C15))
    }

    /// Uniform in `0..n` (multiply-shift; the bias is below n / 2^64).
    pub fn index(&mut self, n: usize) -> usize {
        assert!(n > 0);
        ((u128::from(self.0.next_u64()) * n as u128) >> 64) as usize
    }

    /// Uniform in `low..=high`.
    pub fn between(&mut self, low: i64, high: i64) -> i64 {
        assert!(low <= high);
        low + self.index((high - low) as usize + 1) as i64
    }

    pub fn one_in(&mut self, n: u32) -> bool {
        self.0.next_u32().is_multiple_of(n)
    }

    pub fn pick<'a, T>(&mut self, from: &'a [T]) -> &'a T {
        &from[self.index(from.len())]
    }
}
