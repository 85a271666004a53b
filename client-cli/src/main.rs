//! `fray`: a player's seat at a Fray server.
//!
//! The client is thin on purpose: it links the protocol only, never the rules,
//! and shows what the server sends.

mod api;
mod render;
mod table;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::{Parser, Subcommand};

use crate::api::Server;

/// Fray's command-line client.
///
/// This release lists the game systems a server offers. Logging in, army
/// lists, matches, play, watching and replays arrive in a later release.
#[derive(Debug, Parser)]
#[command(name = "fray", version)]
struct Cli {
    /// The Fray server to talk to (plain http).
    #[arg(
        long,
        env = "FRAY_SERVER",
        default_value = "http://127.0.0.1:7878",
        global = true,
        value_name = "URL"
    )]
    server: String,

    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// List the server's game systems, their armies and every unit profile.
    Systems,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Systems => systems(&cli.server),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("fray: {message}");
            ExitCode::FAILURE
        }
    }
}

fn systems(server: &str) -> Result<(), String> {
    let server = Server::new(server).map_err(|error| error.to_string())?;
    let systems = server.systems().map_err(|error| error.to_string())?;
    print(&render::systems(&systems))
}

/// Writes to stdout; a reader that went away (`fray systems | head`) is not
/// an error worth a word.
fn print(text: &str) -> Result<(), String> {
    let mut out = io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(error) if error.kind() == io::ErrorKind::BrokenPipe => Ok(()),
        Err(error) => Err(format!("cannot write to standard output: {error}")),
    }
}
