//! The bot's own chance: the choices its search draws and the dice its
//! playouts roll, apart from the match's dice, which it never sees.

use fray_rules::Dice;
use rand_chacha::ChaCha8Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

pub struct Chance(ChaCha8Rng);

impl Chance {
    pub fn from_seed(seed: u64) -> Chance {
        Chance(ChaCha8Rng::seed_from_u64(seed))
    }

    /// Uniform in `0..n` (`n > 0`).
    pub fn index(&mut self, n: usize) -> usize {
        ((u128::from(self.0.next_u64()) * n as u128) >> 64) as usize
    }
}

impl Dice for Chance {
    fn roll(&mut self, sides: u8) -> u8 {
        1 + self.index(usize::from(sides)) as u8
    }
}
