//! The test table for the real `fray` binary: a real server started
//! in-process on an ephemeral port with a temporary database, and players,
//! each a config file (FRAY_CONFIG) in a directory of its own.

#![allow(dead_code)]

use std::io::Read;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use tempfile::TempDir;

pub use fray_test_server::TestServer;

pub const ELVES: &[&str] = &[
    "--system",
    "fantasy-armies",
    "--army",
    "elves",
    "--name",
    "Elves starter",
    "--unit",
    "clan-lord=1",
    "--unit",
    "druid=1",
    "--unit",
    "battlemaster=1",
    "--unit",
    "pegasus-rider=1",
    "--unit",
    "bowmaster=2",
    "--unit",
    "ranger=2",
    "--unit",
    "archer=4",
];

pub const DEMONS: &[&str] = &[
    "--system",
    "fantasy-armies",
    "--army",
    "demons",
    "--name",
    "Demons starter",
    "--unit",
    "demon-king=1",
    "--unit",
    "hellwitch=1",
    "--unit",
    "blood-demon=1",
    "--unit",
    "winged-demon=1",
    "--unit",
    "bone-demon=2",
    "--unit",
    "demospawn=4",
    "--unit",
    "black-warrior=4",
];

/// A server that answers histories and replays a few events a page:
/// `fray` must read every page of them.
pub fn start_server() -> TestServer {
    TestServer::start_with(|config| config.events_per_page = 7)
}

/// Runs `sql`, with `text` bound to `?1`, on `server`'s database behind its
/// back: for data the server refuses today but may hold from before.
pub fn execute_sql(server: &TestServer, sql: &str, text: &str) {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .expect("a runtime");
    runtime.block_on(async {
        let db = fray_server::db::connect(&server.database_url())
            .await
            .expect("the database opens");
        sqlx::query(sql)
            .bind(text)
            .execute(&db)
            .await
            .unwrap_or_else(|error| panic!("{sql}: {error}"));
        db.close().await;
    });
}

/// `GET path` of `server`, as JSON.
pub fn get_json(server: &TestServer, path: &str) -> serde_json::Value {
    let mut response = ureq::get(&server.url(path))
        .call()
        .unwrap_or_else(|error| panic!("GET {path}: {error}"));
    let text = response.body_mut().read_to_string().expect("a body");
    serde_json::from_str(&text).unwrap_or_else(|_| panic!("GET {path}: not JSON: {text}"))
}

/// One player's seat: a config file in a temporary directory.
pub struct Player {
    pub dir: TempDir,
}

impl Player {
    pub fn new() -> Player {
        Player {
            dir: tempfile::tempdir().expect("a temporary directory"),
        }
    }

    pub fn config(&self) -> PathBuf {
        self.dir.path().join("fray").join("config.json")
    }

    /// `fray ARGS` with this player's config and nothing else from the
    /// environment that could point elsewhere.
    pub fn command(&self, args: &[&str]) -> Command {
        let mut command = Command::new(env!("CARGO_BIN_EXE_fray"));
        command
            .args(args)
            .env("FRAY_CONFIG", self.config())
            .env_remove("FRAY_SERVER")
            .env_remove("XDG_CONFIG_HOME")
            .env("HOME", self.dir.path());
        command
    }

    /// Runs `fray` with this player's config, standard input closed (so
    /// never a terminal); a run that takes longer than [`RUN_PATIENCE`] is
    /// killed and fails the test rather than hang it.
    pub fn fray(&self, args: &[&str]) -> Run {
        let mut child = self
            .command(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("fray runs");
        let stdout = read_on_a_thread(child.stdout.take());
        let stderr = read_on_a_thread(child.stderr.take());
        let deadline = Instant::now() + RUN_PATIENCE;
        let status = loop {
            if let Some(status) = child.try_wait().expect("fray is waited for") {
                break status;
            }
            if Instant::now() > deadline {
                let _ = child.kill();
                let _ = child.wait();
                panic!(
                    "fray {args:?} ran longer than {RUN_PATIENCE:?}:\n{}",
                    String::from_utf8_lossy(&stdout.join().unwrap_or_default())
                );
            }
            std::thread::sleep(Duration::from_millis(10));
        };
        let output = Output {
            status,
            stdout: stdout.join().unwrap_or_default(),
            stderr: stderr.join().unwrap_or_default(),
        };
        Run::from(output, args)
    }

    /// Starts `fray ARGS` with piped standard input and output.
    pub fn spawn(&self, args: &[&str]) -> Child {
        self.command(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("fray starts")
    }

    /// `fray ... ARGS` that must succeed; its standard output.
    pub fn ok(&self, args: &[&str]) -> String {
        let run = self.fray(args);
        assert_eq!(run.code, 0, "fray {args:?} failed:\n{}", run.stderr);
        run.stdout
    }

    pub fn login(&self, server: &TestServer, name: &str) -> String {
        self.ok(&["login", "--server", &server.url(""), "--name", name])
    }

    /// Stores a list given by options; its id.
    pub fn army(&self, options: &[&str]) -> String {
        let mut args = vec!["army", "new"];
        args.extend_from_slice(options);
        let out = self.ok(&args);
        number_after(&out, "army list ")
    }

    /// Stores a list given as JSON; its id.
    pub fn import_army(&self, list: &serde_json::Value) -> String {
        let file = self.dir.path().join("army.json");
        std::fs::write(&file, list.to_string()).expect("the list is written");
        let out = self.ok(&["army", "import", file.to_str().expect("a UTF-8 path")]);
        number_after(&out, "Imported army list ")
    }
}

/// How long one `fray` command may run in a test.
pub const RUN_PATIENCE: Duration = Duration::from_secs(60);

fn read_on_a_thread(pipe: Option<impl Read + Send + 'static>) -> JoinHandle<Vec<u8>> {
    std::thread::spawn(move || {
        let mut bytes = Vec::new();
        if let Some(mut pipe) = pipe {
            let _ = pipe.read_to_end(&mut bytes);
        }
        bytes
    })
}

pub struct Run {
    pub code: i32,
    pub stdout: String,
    pub stderr: String,
}

impl Run {
    pub fn from(output: Output, args: &[&str]) -> Run {
        let run = Run {
            code: output.status.code().expect("fray exits with a code"),
            stdout: String::from_utf8(output.stdout).expect("utf-8"),
            stderr: String::from_utf8(output.stderr).expect("utf-8"),
        };
        assert!(
            !run.stderr.contains("panicked") && !run.stderr.contains("RUST_BACKTRACE"),
            "fray {args:?} panicked:\n{}",
            run.stderr
        );
        run
    }

    /// Fails with `code` and one `fray: ` message.
    pub fn fails(&self, code: i32) -> &str {
        assert_eq!(
            self.code, code,
            "stdout:\n{}\nstderr:\n{}",
            self.stdout, self.stderr
        );
        assert!(self.stderr.starts_with("fray: "), "{}", self.stderr);
        &self.stderr
    }
}

/// The number that follows `marker` in `text`.
pub fn number_after(text: &str, marker: &str) -> String {
    let start = text
        .find(marker)
        .unwrap_or_else(|| panic!("no '{marker}' in:\n{text}"))
        + marker.len();
    text[start..]
        .chars()
        .take_while(char::is_ascii_digit)
        .collect()
}

pub fn closed_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|listener| listener.local_addr())
        .map(|address| address.port())
        .expect("a port")
}
