//! `fray-server`: parse the command line, start logging, serve until told to
//! stop.

use std::io::IsTerminal;
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use fray_server::{Config, serve, shutdown_signal};
use tokio::net::TcpListener;
use tracing_subscriber::EnvFilter;

/// Fray's authoritative game server.
///
/// This release serves a health check (GET /healthz) and the game systems
/// with their armies (GET /api/systems). Matches, websocket play and storage
/// arrive in later releases: nothing is saved yet.
#[derive(Debug, Parser)]
#[command(name = "fray-server", version, args_conflicts_with_subcommands = true)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,

    #[command(flatten)]
    serve: Config,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Serve the HTTP API (the default when no command is given).
    Serve(Config),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging();
    let config = match cli.command {
        Some(Command::Serve(config)) => config,
        None => cli.serve,
    };

    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(error) => {
            tracing::error!(%error, "cannot start the async runtime");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(config)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            tracing::error!("{message}");
            ExitCode::FAILURE
        }
    }
}

/// Logs to stderr at the level RUST_LOG asks for, `info` by default; colours
/// only on a terminal.
fn init_logging() {
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(std::io::stderr().is_terminal())
        .init();
}

async fn run(config: Config) -> Result<(), String> {
    tracing::warn!(
        database = %config.database,
        "storage is not implemented yet (issue 4): nothing is saved and the database is not opened"
    );
    let listener = TcpListener::bind(config.bind)
        .await
        .map_err(|error| format!("cannot listen on {}: {error}", config.bind))?;
    let address = listener
        .local_addr()
        .map_err(|error| format!("cannot read the listening address: {error}"))?;
    tracing::info!(%address, version = env!("CARGO_PKG_VERSION"), "fray-server listening");
    serve(listener, shutdown_signal())
        .await
        .map_err(|error| format!("the server stopped on an error: {error}"))?;
    tracing::info!("fray-server stopped");
    Ok(())
}
