//! Every random number the rules use comes from a [`Dice`] they are handed:
//! ChaCha20 seeded per match on the server, a scripted sequence in tests.

use rand_chacha::ChaCha20Rng;
use rand_chacha::rand_core::{Rng, SeedableRng};

pub trait Dice {
    /// A fair roll of a die with `sides` faces: 1 to `sides`.
    fn roll(&mut self, sides: u8) -> u8;
}

/// The production dice: ChaCha20 from a 32-byte seed, stable across platforms
/// and crate versions, so a stored seed replays a game exactly.
#[derive(Clone)]
pub struct ChaChaDice {
    rng: ChaCha20Rng,
}

impl ChaChaDice {
    pub fn from_seed(seed: [u8; 32]) -> Self {
        ChaChaDice {
            rng: ChaCha20Rng::from_seed(seed),
        }
    }

    /// A seed spread from a small number, for tests, benchmarks and simulations.
    pub fn from_u64(seed: u64) -> Self {
        let mut bytes = [0u8; 32];
        bytes[..8].copy_from_slice(&seed.to_le_bytes());
        Self::from_seed(bytes)
    }
}

impl Dice for ChaChaDice {
    fn roll(&mut self, sides: u8) -> u8 {
        assert!(sides > 0, "a die needs at least one side");
        let sides = u32::from(sides);
        // Rejection sampling: the top partial block of u32 values would favour low faces.
        let zone = u32::MAX - (u32::MAX % sides);
        loop {
            let value = self.rng.next_u32();
            if value < zone {
                return (value % sides) as u8 + 1;
            }
        }
    }
}

/// Dice for tests: each roll is the next scripted face. Running out, or a face
/// larger than the die, panics with the roll's number, so a test of a special
/// rule says exactly which rolls it makes. Faces left over when the dice are
/// dropped panic too: a test must use every roll it scripts.
pub struct ScriptedDice {
    faces: Vec<u8>,
    used: usize,
}

impl ScriptedDice {
    pub fn new(faces: impl IntoIterator<Item = u8>) -> Self {
        ScriptedDice {
            faces: faces.into_iter().collect(),
            used: 0,
        }
    }

    /// Rolls scripted but not yet made.
    pub fn remaining(&self) -> usize {
        self.faces.len() - self.used
    }

    /// Rolls made so far.
    pub fn used(&self) -> usize {
        self.used
    }
}

impl Dice for ScriptedDice {
    fn roll(&mut self, sides: u8) -> u8 {
        let Some(&face) = self.faces.get(self.used) else {
            panic!(
                "scripted dice ran out: roll {} (a d{sides}) was asked for but only {} were scripted",
                self.used + 1,
                self.faces.len()
            );
        };
        assert!(
            (1..=sides).contains(&face),
            "scripted roll {} is {face}, which a d{sides} cannot show",
            self.used + 1
        );
        self.used += 1;
        face
    }
}

impl Drop for ScriptedDice {
    fn drop(&mut self) {
        if !std::thread::panicking() && self.remaining() > 0 {
            panic!(
                "{} scripted roll(s) were never made: {:?}",
                self.remaining(),
                &self.faces[self.used..]
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chacha_dice_are_reproducible_and_in_range() {
        let mut a = ChaChaDice::from_u64(7);
        let mut b = ChaChaDice::from_u64(7);
        let rolls: Vec<u8> = (0..1000).map(|_| a.roll(6)).collect();
        assert_eq!(rolls, (0..1000).map(|_| b.roll(6)).collect::<Vec<_>>());
        assert!(rolls.iter().all(|face| (1..=6).contains(face)));
        for face in 1..=6 {
            let count = rolls.iter().filter(|&&r| r == face).count();
            assert!(
                (100..=240).contains(&count),
                "face {face} came {count} times in 1000"
            );
        }
    }

    #[test]
    fn chacha_dice_differ_by_seed() {
        let mut a = ChaChaDice::from_u64(1);
        let mut b = ChaChaDice::from_u64(2);
        let a: Vec<u8> = (0..32).map(|_| a.roll(20)).collect();
        let b: Vec<u8> = (0..32).map(|_| b.roll(20)).collect();
        assert_ne!(a, b);
    }

    #[test]
    fn scripted_dice_give_their_faces_in_order() {
        let mut dice = ScriptedDice::new([3, 6, 1]);
        assert_eq!([dice.roll(6), dice.roll(6), dice.roll(4)], [3, 6, 1]);
        assert_eq!(dice.remaining(), 0);
    }

    #[test]
    #[should_panic(expected = "scripted dice ran out: roll 2")]
    fn scripted_dice_fail_loudly_when_they_run_out() {
        let mut dice = ScriptedDice::new([4]);
        dice.roll(6);
        dice.roll(6);
    }

    #[test]
    #[should_panic(expected = "which a d6 cannot show")]
    fn scripted_dice_refuse_impossible_faces() {
        ScriptedDice::new([7]).roll(6);
    }

    #[test]
    #[should_panic(expected = "never made")]
    fn scripted_dice_fail_loudly_when_rolls_are_left_over() {
        let mut dice = ScriptedDice::new([4, 5]);
        dice.roll(6);
    }
}
