//! The command-line tools of `fray-server` beside serving: `verify` re-runs a
//! stored match and checks it, `simulate` plays many random games in-process.
//! See `docs/tools.md`.

pub mod output;
pub mod simulate;
pub mod verify;
