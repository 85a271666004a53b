//! What every system builds its rules from, apart from the contract they
//! keep: the board's grid, dice, the log an action tells, the referee's kept
//! view, match options read against their specs, the form of an action and
//! the checks every army list begins with.

pub mod action_form;
pub mod army_check;
pub mod compass;
pub mod describe;
pub mod dice;
pub mod effect_log;
pub mod game_length;
pub mod grid;
pub mod kept_view;
pub mod match_options;

/// A fixed stream of picks for the crate's own tests (a random army, a
/// hidden army drawn, a random game's choices), apart from the dice, so
/// that each is the same every run.
#[cfg(test)]
pub(crate) fn picks(seed: u64) -> impl FnMut(usize) -> usize {
    let mut state = seed;
    move |n| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) as usize) % n
    }
}
