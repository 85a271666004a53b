//! `fray load` (the real binary) against a real server started in-process on
//! an ephemeral port with a temporary database; the durability check across
//! a crash of that server (its runtime dropped mid-flight) and a restart on
//! the same database and port.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use fray_server::Config;
use serde_json::Value;
use tempfile::TempDir;
use tokio::sync::oneshot;

const PATIENCE: Duration = Duration::from_secs(20);

/// How a server is stopped.
enum Stop {
    Graceful,
    /// Everything dropped where it stands, as a crash would leave it.
    Crash,
}

/// A server on its own runtime thread, on a fixed address and database.
struct TestServer {
    address: SocketAddr,
    database: String,
    stop: Option<oneshot::Sender<Stop>>,
    thread: Option<JoinHandle<()>>,
}

impl TestServer {
    /// A server on a new database in `dir`, on an ephemeral port.
    fn start(dir: &Path) -> TestServer {
        let database = format!("sqlite://{}", dir.join("fray.db").display());
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        TestServer::serve(listener, database)
    }

    fn serve(listener: std::net::TcpListener, database: String) -> TestServer {
        listener.set_nonblocking(true).expect("non-blocking");
        let address = listener.local_addr().expect("an address");
        let config = Config::with_database(database.clone());
        let (stop, stopped) = oneshot::channel::<Stop>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("a runtime");
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener).expect("a listener");
                let (graceful_tx, graceful_rx) = oneshot::channel::<()>();
                let serve = fray_server::serve(listener, config, async {
                    let _ = graceful_rx.await;
                });
                tokio::pin!(serve);
                tokio::select! {
                    result = &mut serve => result.expect("the server runs"),
                    how = stopped => match how {
                        Ok(Stop::Crash) => {}
                        _ => {
                            let _ = graceful_tx.send(());
                            serve.await.expect("the server stops");
                        }
                    },
                }
            });
            // Dropping the runtime abandons whatever a crash left running.
            runtime.shutdown_background();
        });
        let server = TestServer {
            address,
            database,
            stop: Some(stop),
            thread: Some(thread),
        };
        server.wait_until_healthy();
        server
    }

    fn wait_until_healthy(&self) {
        let deadline = Instant::now() + PATIENCE;
        let url = format!("{}/healthz", self.url());
        while Instant::now() < deadline {
            if let Ok(response) = ureq::get(&url).call()
                && response.status() == 200
            {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("the server did not become healthy");
    }

    fn halt(&mut self, how: Stop) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(how);
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }

    /// Crashes this server and starts a new one on the same database and
    /// the same port.
    fn crash_and_restart(mut self) -> TestServer {
        self.halt(Stop::Crash);
        let deadline = Instant::now() + PATIENCE;
        let listener = loop {
            match std::net::TcpListener::bind(self.address) {
                Ok(listener) => break listener,
                Err(error) if Instant::now() < deadline => {
                    let _ = error;
                    std::thread::sleep(Duration::from_millis(20));
                }
                Err(error) => panic!("cannot bind {} again: {error}", self.address),
            }
        };
        TestServer::serve(listener, self.database.clone())
    }

    fn url(&self) -> String {
        format!("http://{}", self.address)
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.halt(Stop::Graceful);
    }
}

/// `fray load ARGS` with a config file of its own.
fn fray_load(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fray"));
    command
        .arg("load")
        .args(args)
        .env("FRAY_CONFIG", dir.join("config.json"))
        .env_remove("FRAY_SERVER")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

fn finished(output: Output, what: &str) -> (i32, String, String) {
    let code = output.status.code().expect("fray exits with a code");
    let stdout = String::from_utf8(output.stdout).expect("utf-8");
    let stderr = String::from_utf8(output.stderr).expect("utf-8");
    assert!(!stderr.contains("panicked"), "{what} panicked:\n{stderr}");
    (code, stdout, stderr)
}

fn summary(stdout: &str, stderr: &str) -> Value {
    serde_json::from_str(stdout.trim())
        .unwrap_or_else(|error| panic!("not a JSON summary ({error}):\n{stdout}\n{stderr}"))
}

#[test]
fn a_short_load_run_plays_and_reports_cleanly() {
    let dir = TempDir::new().expect("a temporary directory");
    let server = TestServer::start(dir.path());
    let url = server.url();
    let args = [
        "--server",
        &url,
        "--matches",
        "4",
        "--duration",
        "3s",
        "--idle",
        "2",
        "--spectators",
        "3",
        "--system",
        "mix",
        "--seed",
        "7",
        "--server-pid",
        &std::process::id().to_string(),
        "--json",
    ];
    let output = fray_load(dir.path(), &args).output().expect("fray runs");
    let (code, stdout, stderr) = finished(output, "fray load");
    assert_eq!(code, 0, "fray load failed:\n{stdout}\n{stderr}");
    let summary = summary(&stdout, &stderr);
    assert_eq!(summary["errors"], 0, "{summary:#}\n{stderr}");
    assert_eq!(summary["disconnects"], 0, "{summary:#}");
    assert_eq!(summary["connections"]["expected"], 4 * 2 + 2 + 3);
    assert_eq!(summary["connections"]["held"], 4 * 2 + 2 + 3, "{summary:#}");
    assert!(
        summary["matches_started"].as_u64().unwrap() >= 4,
        "{summary:#}"
    );
    let acked = summary["actions_acked"].as_u64().unwrap();
    assert!(
        acked > 0 || summary["matches_finished"].as_u64().unwrap() > 0,
        "{summary:#}"
    );
    assert!(summary["ack_latency_us"]["p99"].as_u64().unwrap() > 0);
    assert!(
        summary["spectator_batches"].as_u64().unwrap() > 0,
        "{summary:#}"
    );
    // The progress line came once a second.
    assert!(stderr.contains("actions/s"), "{stderr}");
    // The memory was read (here the test process is the server).
    assert!(summary["memory"]["all_open"]["rss_kib"].as_u64().unwrap() > 0);

    // The text summary says the same in words.
    let mut text_args = args.to_vec();
    text_args.retain(|arg| *arg != "--json");
    text_args[5] = "2s";
    let output = fray_load(dir.path(), &text_args)
        .output()
        .expect("fray runs");
    let (code, stdout, stderr) = finished(output, "fray load");
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    for line in [
        "connections",
        "ack latency   p50",
        "errors        none",
        "per connection",
    ] {
        assert!(stdout.contains(line), "no '{line}' in:\n{stdout}");
    }
}

#[test]
fn acked_actions_survive_a_crash_and_the_check_says_so() {
    let dir = TempDir::new().expect("a temporary directory");
    let server = TestServer::start(dir.path());
    let url = server.url();
    let log: PathBuf = dir.path().join("acks.jsonl");
    let log_arg = log.to_str().expect("a UTF-8 path").to_owned();
    let child = fray_load(
        dir.path(),
        &[
            "--server",
            &url,
            "--matches",
            "4",
            "--duration",
            "3s",
            "--system",
            "sc",
            "--spectators",
            "2",
            "--check-durability",
            &log_arg,
            "--drain-timeout",
            "60s",
            "--json",
        ],
    )
    .spawn()
    .expect("fray runs");

    // Crash the server once acks are flowing, and start it again on the same
    // database and port.
    let deadline = Instant::now() + PATIENCE;
    while std::fs::metadata(&log).map_or(0, |m| m.len()) < 2000 {
        assert!(Instant::now() < deadline, "no acks were logged");
        std::thread::sleep(Duration::from_millis(50));
    }
    let server = server.crash_and_restart();

    let output = child.wait_with_output().expect("fray finishes");
    let (code, stdout, stderr) = finished(output, "fray load --check-durability");
    assert_eq!(code, 0, "the durability check failed:\n{stdout}\n{stderr}");
    let summary = summary(&stdout, &stderr);
    let verdict = &summary["durability"];
    assert_eq!(verdict["passed"], true, "{summary:#}");
    assert!(verdict["acks_checked"].as_u64().unwrap() > 0, "{summary:#}");
    assert!(
        summary["disconnects"].as_u64().unwrap() >= 8,
        "the crash was not seen: {summary:#}"
    );
    assert!(summary["reconnects"].as_u64().unwrap() >= 8, "{summary:#}");

    // The check alone over the same log passes too…
    let output = fray_load(dir.path(), &["--server", &url, "--verify-acks", &log_arg])
        .output()
        .expect("fray runs");
    let (code, stdout, stderr) = finished(output, "fray load --verify-acks");
    assert_eq!(code, 0, "{stdout}\n{stderr}");
    assert!(stdout.contains("durability VERIFIED"), "{stdout}");

    // …and fails once the log claims an ack the server never stored.
    let first_ack: Value = std::fs::read_to_string(&log)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).unwrap())
        .find(|entry| entry["kind"] == "ack")
        .expect("an ack");
    let mut forged = first_ack.clone();
    forged["action"] = serde_json::json!({"verb": "pass"});
    let mut beyond = first_ack;
    beyond["seq"] = serde_json::json!(1_000_000);
    let mut text = std::fs::read_to_string(&log).unwrap();
    text.push_str(&format!("{forged}\n{beyond}\n"));
    std::fs::write(&log, text).unwrap();
    let output = fray_load(dir.path(), &["--server", &url, "--verify-acks", &log_arg])
        .output()
        .expect("fray runs");
    let (code, stdout, _) = finished(output, "fray load --verify-acks");
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("durability FAILED: 2 of"), "{stdout}");
    assert!(
        stdout.contains("CHANGED: match") && stdout.contains("LOST: match"),
        "{stdout}"
    );
    drop(server);
}
