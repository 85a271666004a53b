//! A database the server cannot write stops its start: one error line that
//! names the database and why, and a non-zero exit status, rather than a
//! server that answers and then fails every write.

#![cfg(unix)]

use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use tempfile::TempDir;

/// Longer than any refusal takes; a server still running then has started.
const PATIENCE: Duration = Duration::from_secs(20);

/// `nobody`: root writes whatever the permissions say, so a test running as
/// root runs the server as this user instead.
const NOBODY: u32 = 65_534;

/// Who the server runs as.
#[derive(Debug, Clone, Copy)]
enum As {
    /// Whoever runs the tests.
    Tester,
    /// Someone file permissions hold back: the tester, or `nobody` when the
    /// tests run as root.
    Restricted,
}

/// The server as `who`, with the folder its binary was copied to if it had
/// to be (a checkout in a home only root may enter cannot be run by
/// `nobody`); none when even the copy cannot be run (a temporary folder
/// mounted without exec).
fn server_command(who: As) -> Option<(Command, Option<TempDir>)> {
    let built = env!("CARGO_BIN_EXE_fray-server");
    if !matches!(who, As::Restricted) || !running_as_root() {
        return Some((Command::new(built), None));
    }
    let copied = tempfile::tempdir().unwrap();
    set_mode(copied.path(), 0o755);
    let binary = copied.path().join("fray-server");
    std::fs::copy(built, &binary).expect("the server's binary is copied");
    set_mode(&binary, 0o755);
    let runs = Command::new(&binary)
        .arg("--version")
        .uid(NOBODY)
        .gid(NOBODY)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success());
    if !runs {
        eprintln!(
            "skipped: the tests run as root, and nobody (uid {NOBODY}) cannot run \
             {}, so file permissions cannot be tested here",
            binary.display()
        );
        return None;
    }
    let mut command = Command::new(&binary);
    command.uid(NOBODY).gid(NOBODY);
    Some((command, Some(copied)))
}

/// Serves on `database` as `who` until it stops by itself: its exit status
/// and stderr. Panics if it is still serving after [`PATIENCE`]; none when
/// the server cannot be run as `who` here.
fn serve(database: &str, who: As) -> Option<(Option<i32>, String)> {
    let (mut command, _copied) = server_command(who)?;
    command
        .args(["serve", "--bind", "127.0.0.1:0", "--database", database])
        .env_remove("RUST_LOG")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped());
    let mut server = command
        .spawn()
        .unwrap_or_else(|error| panic!("fray-server runs: {error}"));
    let deadline = Instant::now() + PATIENCE;
    while server.try_wait().expect("the server's status").is_none() {
        if Instant::now() > deadline {
            let _ = server.kill();
            panic!("fray-server started on {database}, which it cannot write");
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let output = server.wait_with_output().expect("the server's output");
    Some((
        output.status.code(),
        String::from_utf8_lossy(&output.stderr).into_owned(),
    ))
}

fn running_as_root() -> bool {
    rustix::process::geteuid().is_root()
}

/// A directory the server may write in (as whichever user it runs).
fn open_directory() -> TempDir {
    let dir = tempfile::tempdir().unwrap();
    set_mode(dir.path(), 0o777);
    dir
}

fn set_mode(path: &Path, mode: u32) {
    std::fs::set_permissions(path, std::fs::Permissions::from_mode(mode)).unwrap();
}

/// A database as a server leaves it: created, migrated, closed.
fn migrated_database(dir: &Path) -> String {
    let url = format!("sqlite://{}", dir.join("fray.db").display());
    tokio::runtime::Runtime::new().unwrap().block_on(async {
        fray_server::db::connect(&url).await.unwrap().close().await;
    });
    url
}

/// The refusal is the last line, an error that names the database.
fn assert_refused(database: &str, served: Option<(Option<i32>, String)>, reason: &str) {
    let Some((code, stderr)) = served else {
        return;
    };
    assert_eq!(code, Some(1), "{stderr}");
    let last = stderr.lines().last().unwrap_or_default();
    assert!(last.contains("ERROR"), "{stderr}");
    let expected = format!("the database {database} cannot be written ({reason})");
    assert!(last.contains(&expected), "{expected}\n{stderr}");
    assert!(
        last.contains("fray-server needs to write its database"),
        "{stderr}"
    );
}

#[test]
fn a_database_opened_read_only_refuses_the_start() {
    let dir = open_directory();
    let url = format!("{}?mode=ro", migrated_database(dir.path()));
    assert_refused(
        &url,
        serve(&url, As::Tester),
        "attempt to write a readonly database",
    );
}

#[test]
fn a_database_file_without_write_permission_refuses_the_start() {
    let dir = open_directory();
    let url = migrated_database(dir.path());
    set_mode(&dir.path().join("fray.db"), 0o444);
    assert_refused(
        &url,
        serve(&url, As::Restricted),
        "attempt to write a readonly database",
    );
}

#[test]
fn a_new_database_in_a_directory_without_write_permission_refuses_the_start() {
    let dir = tempfile::tempdir().unwrap();
    set_mode(dir.path(), 0o555);
    let url = format!("sqlite://{}", dir.path().join("fray.db").display());
    assert_refused(
        &url,
        serve(&url, As::Restricted),
        "unable to open database file",
    );
    assert!(!dir.path().join("fray.db").exists());
}
