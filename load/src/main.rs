//! `fray-load` (also run as `fray load`): many matches of bots over real
//! websockets, with a progress line and a summary; `--check-durability`
//! checks acks against the stored log after crashes.
//!
//! A crate of its own so that the player's client, `fray`, stays thin: it
//! only finds this binary and hands it its arguments.
//!
//! One file per job: [`args`] the command line, [`rest`] the lobby requests,
//! [`setup`] players, army lists and matches, [`conn`] one websocket
//! connection, [`incoming`] the bots' light reading of server messages,
//! [`bot`] a match's two seats, [`watchers`] idle and spectator
//! connections, [`pace`] rate limits, [`stats`] the counters and the progress
//! line, [`memory`] the server's memory, [`report`] the summary, [`acks`]
//! the acknowledgement log and its check.

#![forbid(unsafe_code)]

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

use std::path::PathBuf;
use std::process::ExitCode;

use clap::Parser;
use fray_cli::fail::{EXIT_CODES, Failure};
use fray_cli::session::Session;
use fray_cli::shown;

use args::LoadArgs;

/// The load tool decodes thousands of frames a second on the machine it
/// shares with the server; glibc's malloc was a tenth of its CPU
/// (docs/PERFORMANCE.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Load a server with many matches of bots and report throughput, latency
/// and memory.
///
/// Sets up players, army lists and MATCHES matches over REST, then plays
/// them over websockets: two connections per match, each seat playing a
/// random listed option as soon as it may act. A match that ends is
/// replaced by a new one, so MATCHES run for the whole DURATION. A progress
/// line is printed on stderr once a second (with that second's actions and
/// slowest ack) and a summary on stdout at the end. Bots keep under the
/// server's per-connection message rate (told in `welcome`).
///
///   fray-load --server http://127.0.0.1:7878 --matches 100 --duration 20s
///   fray-load --matches 0 --idle 10000 --duration 30s --server-pid "$(pidof fray-server)"
///   fray-load --matches 300 --duration 90s --check-durability acks.jsonl
///   fray-load --verify-acks acks.jsonl
///
///   (`fray load ARGS` runs this same tool.)
#[derive(Debug, Parser)]
#[command(name = "fray-load", version, verbatim_doc_comment, after_help = EXIT_CODES)]
struct Cli {
    /// The Fray server to load (plain http) [default: the server of your
    /// last `fray login`, else http://127.0.0.1:7878]
    #[arg(long, env = "FRAY_SERVER", value_name = "URL")]
    server: Option<String>,

    /// The file that keeps `fray`'s logins, read for the default server
    /// [default: $XDG_CONFIG_HOME/fray/config.json, else
    /// ~/.config/fray/config.json]
    #[arg(long, env = "FRAY_CONFIG", value_name = "FILE")]
    config: Option<PathBuf>,

    #[command(flatten)]
    load: LoadArgs,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            eprintln!("fray-load: {}", shown::shown_lines(&failure.to_string()));
            failure.exit_code()
        }
    }
}

/// Runs the load on a multi-threaded runtime of its own.
fn run(cli: Cli) -> Result<(), Failure> {
    let session = Session::open(cli.server, cli.config)?;
    let plan = cli.load.plan(&session.base)?;
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

#[cfg(test)]
mod tests {
    #[test]
    fn the_command_line_is_consistent() {
        use clap::CommandFactory;
        super::Cli::command().debug_assert();
    }
}
