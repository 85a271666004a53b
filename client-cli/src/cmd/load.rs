//! `fray load`: runs the load generator, `fray-load`, a binary of its own so
//! that the player's client does not carry it. It is looked for beside this
//! executable first (where `cargo build` and an install put both), then on
//! PATH.

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};

use crate::fail::Exit;

/// The load generator's file name.
const LOAD_BIN: &str = "fray-load";

/// Runs `fray-load ARGS` and exits as it does. `fray`'s own `--server` and
/// `--config`, given before `load`, reach it through the environment
/// variables both read, so that the same flag given after `load` still wins.
pub fn run(server: Option<String>, config: Option<PathBuf>, args: Vec<OsString>) -> ExitCode {
    let Some(program) = find() else {
        eprintln!(
            "fray: `fray load` runs the load generator `{LOAD_BIN}`, which is not installed \
             beside fray or on PATH; build it with `cargo build --release -p fray-load` \
             (or install it with `cargo install --path load`)"
        );
        return ExitCode::from(Exit::Other as u8);
    };
    let mut command = Command::new(&program);
    command.args(args);
    if let Some(server) = server {
        command.env("FRAY_SERVER", server);
    }
    if let Some(config) = config {
        command.env("FRAY_CONFIG", config);
    }
    match command.status() {
        Ok(status) => match status.code() {
            Some(code) => ExitCode::from(u8::try_from(code).unwrap_or(1)),
            // Killed by a signal: no status of its own to pass on.
            None => ExitCode::from(Exit::Other as u8),
        },
        Err(error) => {
            eprintln!("fray: cannot run {}: {error}", program.display());
            ExitCode::from(Exit::Other as u8)
        }
    }
}

/// `fray-load` beside the running `fray`, else the first on PATH.
fn find() -> Option<PathBuf> {
    let file = format!("{LOAD_BIN}{}", std::env::consts::EXE_SUFFIX);
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| exe.parent().map(|dir| dir.join(&file)));
    let on_path = std::env::var_os("PATH")
        .map(|path| std::env::split_paths(&path).collect::<Vec<_>>())
        .unwrap_or_default()
        .into_iter()
        .map(|dir| dir.join(&file));
    beside.into_iter().chain(on_path).find(|path| is_file(path))
}

fn is_file(path: &Path) -> bool {
    path.metadata().is_ok_and(|meta| meta.is_file())
}
