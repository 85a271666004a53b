//! The bots' choices: a small seeded generator, shared by `fray bot` and
//! `fray load`.

/// A small seeded generator (SplitMix64): the same seed makes the same
/// choices against the same options, and nothing here needs more.
pub struct SplitMix64(u64);

impl SplitMix64 {
    pub fn new(seed: u64) -> SplitMix64 {
        SplitMix64(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Uniform in `0..n` (n > 0), by multiply-and-shift.
    pub fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_same_seed_makes_the_same_choices_and_all_are_in_range() {
        let mut a = SplitMix64::new(7);
        let mut b = SplitMix64::new(7);
        let picks: Vec<usize> = (0..200).map(|_| a.below(5)).collect();
        assert_eq!(picks, (0..200).map(|_| b.below(5)).collect::<Vec<_>>());
        assert!(picks.iter().all(|pick| *pick < 5));
        for value in 0..5 {
            assert!(picks.contains(&value), "{value} is never picked");
        }
        assert_eq!(SplitMix64::new(1).below(1), 0);
    }
}
