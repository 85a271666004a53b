//! Bearer tokens: 32 random bytes shown once as hex; only their SHA-256 is
//! stored. A token has that much entropy, so a fast hash is enough: there is
//! nothing to brute-force as there would be with a password.

use sha2::{Digest, Sha256};

/// A fresh token from the operating system's entropy.
pub fn new_token() -> String {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).expect("the operating system's random source is available");
    to_hex(&bytes)
}

pub fn token_hash(token: &str) -> [u8; 32] {
    Sha256::digest(token.as_bytes()).into()
}

pub fn to_hex(bytes: &[u8]) -> String {
    use std::fmt::Write;
    bytes
        .iter()
        .fold(String::with_capacity(bytes.len() * 2), |mut text, byte| {
            let _ = write!(text, "{byte:02x}");
            text
        })
}
