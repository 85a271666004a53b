//! Matches stored before a rule changes must play on unchanged: replaying
//! a stored match's log must give the effects it was played with. Whole
//! games of random choices, every ordered pair of the races' example
//! armies, are played with the options migration 0008 gives the ChessWar!
//! matches stored before issue 35 (`rulings: fray-2026`, the 30-round limit
//! they were made with); the digest of every effect of each game must be
//! the one recorded when those readings were the only ones.

mod cw_common;
mod kit;
use cw_common::*;
use fray_rules::Choice;

/// FNV-1a: a digest that no Rust release changes.
fn fnv(digest: &mut u64, bytes: &[u8]) {
    for &byte in bytes {
        *digest ^= u64::from(byte);
        *digest = digest.wrapping_mul(0x0000_0100_0000_01b3);
    }
}

/// The options of a ChessWar! match stored before issue 35.
fn stored_config() -> MatchConfig {
    config()
        .with(MAX_ROUNDS, OptionValue::Int(30))
        .with(RULINGS, OptionValue::Text("fray-2026".into()))
}

/// Plays one game with uniform random choices and returns the digest of
/// every action and effect, and the number of actions.
fn digest_of_game(races: [Race; 2], seed: u64, config: &MatchConfig) -> (u64, usize) {
    let lists = [example(races[0]), example(races[1])];
    let mut dice = ChaChaDice::from_u64(seed);
    let mut picks = Picks(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let (mut game, effects) = ChessWar::setup(config, &lists, &mut dice).expect("setup");
    let mut digest = 0xcbf2_9ce4_8422_2325;
    fnv(&mut digest, &serde_json::to_vec(&effects).unwrap());
    let mut actions = 0;
    while game.outcome().is_none() {
        assert!(actions < 20_000, "no end after {actions} actions");
        let seats = game.to_act();
        let seat = seats[picks.below(seats.len())];
        let options = game.options(seat);
        let action = options[picks.below(options.len())].action.clone();
        let effects = game
            .act(seat, &action, &mut dice)
            .unwrap_or_else(|r| panic!("{action:?} refused: {r}"));
        fnv(
            &mut digest,
            &serde_json::to_vec(&(seat, &action, &effects)).unwrap(),
        );
        actions += 1;
    }
    fnv(&mut digest, &serde_json::to_vec(&game.outcome()).unwrap());
    (digest, actions)
}

/// Two games of every ordered pair of races, each with its seed.
fn games() -> impl Iterator<Item = ([Race; 2], u64)> {
    let pairings = Race::ALL
        .iter()
        .flat_map(|&first| Race::ALL.iter().map(move |&second| [first, second]));
    pairings.flat_map(|races| [races, races]).zip(1..)
}

/// Each game's digest, in the order of [`games`], recorded with the rules
/// of release e23f2fb (the comment: the races and the game's actions).
const DIGESTS: [u64; 72] = [
    0xb037581eb08fe51a, // [Humans, Humans] 403
    0x39f0608c4e634ba3, // [Humans, Humans] 121
    0xa3f11014b179ac5c, // [Humans, Dwarves] 221
    0x9017d6f0c5279ce4, // [Humans, Dwarves] 72
    0xb40bae2d71e6e8de, // [Humans, Elves] 324
    0x83504797c7d22068, // [Humans, Elves] 239
    0xc15fb168be8b160b, // [Humans, Undead] 311
    0xbd654ef48e23207c, // [Humans, Undead] 48
    0xa2d4619b70e4f4cb, // [Humans, Orcs] 305
    0x2df4ac45b149cb7a, // [Humans, Orcs] 195
    0x862db0e45d7b5579, // [Humans, Chaos] 93
    0xd3d17dfd6c2bfb95, // [Humans, Chaos] 115
    0xb3c54c96f86a3669, // [Dwarves, Humans] 137
    0x07b9ffbddbf59622, // [Dwarves, Humans] 125
    0xe9b672e7f9a552e3, // [Dwarves, Dwarves] 271
    0x005e20b063161a20, // [Dwarves, Dwarves] 92
    0xe7eccbca3480c0ea, // [Dwarves, Elves] 66
    0x1fea624cd3d4ca7b, // [Dwarves, Elves] 66
    0xdcf45397a5aa6e2c, // [Dwarves, Undead] 76
    0xc2c41912142b8260, // [Dwarves, Undead] 384
    0xec2a2ab0f9eaeeca, // [Dwarves, Orcs] 91
    0x6317549ce4f4d9b7, // [Dwarves, Orcs] 53
    0xa8f7ba764c7bb2f1, // [Dwarves, Chaos] 33
    0xab5beadc07621ce5, // [Dwarves, Chaos] 76
    0xa8368a3ca11b6c93, // [Elves, Humans] 168
    0x5f1392e24b7ed7ca, // [Elves, Humans] 177
    0x92b0e5bfc2824393, // [Elves, Dwarves] 121
    0x7bba769a9edc495e, // [Elves, Dwarves] 120
    0x9eba1010b40b99c0, // [Elves, Elves] 196
    0x4235f8bb513de9cc, // [Elves, Elves] 86
    0xed87ee26e823192e, // [Elves, Undead] 76
    0xe9a96ed0c3520d09, // [Elves, Undead] 159
    0xbb728a1dafa50227, // [Elves, Orcs] 347
    0x91707e01111dbf88, // [Elves, Orcs] 131
    0xd763a02c592733d2, // [Elves, Chaos] 63
    0x3ff108ae117c9826, // [Elves, Chaos] 179
    0xc0a6ba1b71855869, // [Undead, Humans] 148
    0x0ad67154dfe10935, // [Undead, Humans] 72
    0x28c207a057c31a4e, // [Undead, Dwarves] 271
    0xe7836e7f7fa95849, // [Undead, Dwarves] 136
    0xb67c915f8ecec094, // [Undead, Elves] 67
    0x0e669cd467c275bf, // [Undead, Elves] 257
    0xf4809dec5837e1dd, // [Undead, Undead] 330
    0x9141793f0df5e98e, // [Undead, Undead] 250
    0xa243b4a3b6e5faba, // [Undead, Orcs] 512
    0x4c707e229bd8b695, // [Undead, Orcs] 135
    0x25a18ea45366574a, // [Undead, Chaos] 212
    0xa30c67f5a8ab7bb8, // [Undead, Chaos] 352
    0x366cbb7157f2694c, // [Orcs, Humans] 222
    0x7f670a6f2d092243, // [Orcs, Humans] 233
    0x7b576722c962890d, // [Orcs, Dwarves] 120
    0x3ddd40e354618694, // [Orcs, Dwarves] 173
    0x601e64a4a92673d2, // [Orcs, Elves] 228
    0x4fb1ad89603a1981, // [Orcs, Elves] 235
    0xb90f53481eaf3b25, // [Orcs, Undead] 309
    0xc7c6dd9f20210285, // [Orcs, Undead] 253
    0x47ac8f4a33646d10, // [Orcs, Orcs] 565
    0x51af0680980e0993, // [Orcs, Orcs] 127
    0x0134f0a9c7be0d24, // [Orcs, Chaos] 241
    0x07ac9b2ab1bebfb5, // [Orcs, Chaos] 194
    0x727bcd014f6ef18e, // [Chaos, Humans] 100
    0xbba62c3e8c8155f1, // [Chaos, Humans] 214
    0xca4b2e14a987db29, // [Chaos, Dwarves] 167
    0xe0c256ca6f5c4a98, // [Chaos, Dwarves] 570
    0xb5afa09aa7a4b98a, // [Chaos, Elves] 69
    0xca12e48fc273083d, // [Chaos, Elves] 121
    0x4e8f4196f4123896, // [Chaos, Undead] 225
    0x00da9262aadf3e91, // [Chaos, Undead] 184
    0x88f3e861e2a4d5dd, // [Chaos, Orcs] 309
    0x550c9fb78207fb54, // [Chaos, Orcs] 205
    0xb44c686d64df87cc, // [Chaos, Chaos] 150
    0x4f6874093d8a5c22, // [Chaos, Chaos] 195
];

#[test]
fn matches_stored_before_issue_35_replay_as_they_were_played() {
    let config = stored_config();
    for ((races, seed), expected) in games().zip(DIGESTS) {
        let (digest, _) = digest_of_game(races, seed, &config);
        assert_eq!(digest, expected, "{races:?}, seed {seed}");
    }
}

/// The digests see the readings: with `rulings: book` the same games play
/// otherwise.
#[test]
fn the_books_readings_change_these_games() {
    let config = config().with(MAX_ROUNDS, OptionValue::Int(30));
    let changed = games()
        .zip(DIGESTS)
        .take(12)
        .filter(|&((races, seed), stored)| digest_of_game(races, seed, &config).0 != stored)
        .count();
    assert!(changed > 0, "the book's readings changed none of 12 games");
}
