//! A match's dice: a seed from the operating system's entropy, published only
//! as its SHA-256 commitment until the match is over.

use sha2::{Digest, Sha256};

use crate::auth::to_hex;

pub fn new_seed() -> [u8; 32] {
    let mut seed = [0u8; 32];
    getrandom::fill(&mut seed).expect("the operating system's random source is available");
    seed
}

/// The SHA-256 of the seed, hex: what players see while the match runs.
pub fn commitment(seed: &[u8; 32]) -> String {
    to_hex(&Sha256::digest(seed))
}
