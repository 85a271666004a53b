//! `fray load`: many matches of bots over real websockets, with a progress
//! line and a summary; `--check-durability` checks acks against the stored
//! log after crashes.
//!
//! One file per job: [`args`] the command line, [`rest`] the lobby requests,
//! [`setup`] players, army lists and matches, [`conn`] one websocket
//! connection, [`incoming`] the bots' light reading of server messages,
//! [`bot`] a match's two seats, [`watchers`] idle and spectator
//! connections, [`pace`] rate limits, [`stats`] the counters and the progress
//! line, [`memory`] the server's memory, [`report`] the summary, [`acks`]
//! the acknowledgement log and its check.

mod acks;
mod args;
mod bot;
mod conn;
mod incoming;
mod memory;
mod pace;
mod report;
mod rest;
mod run;
mod scan;
mod setup;
mod stats;
mod watchers;

pub use args::LoadArgs;

use crate::fail::Failure;
use crate::session::Session;

/// Runs `fray load` on a multi-threaded runtime of its own.
pub fn run(session: &Session, args: LoadArgs) -> Result<(), Failure> {
    let plan = args.plan(&session.base)?;
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .map_err(|error| Failure::other(format!("cannot start the runtime: {error}")))?;
    let result = runtime.block_on(run::run(plan));
    // Blocking requests still waiting on a server that is gone must not
    // hold the exit.
    runtime.shutdown_timeout(std::time::Duration::from_secs(1));
    result
}
