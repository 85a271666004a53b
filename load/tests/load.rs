//! `fray-load` (the real binary) against a real server started in-process on
//! an ephemeral port with a temporary database; the durability check across
//! a crash of that server (its runtime dropped mid-flight) and a restart on
//! the same database and port.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;
use tempfile::TempDir;

use common::start_server;

const PATIENCE: Duration = Duration::from_secs(20);

/// `fray-load ARGS` with a config file of its own.
fn fray_load(dir: &Path, args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_fray-load"));
    command
        .args(args)
        .env("FRAY_CONFIG", dir.join("config.json"))
        .env_remove("FRAY_SERVER")
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

fn finished(output: Output, what: &str) -> (i32, String, String) {
    let code = output.status.code().expect("fray-load exits with a code");
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
    let server = start_server();
    let url = server.url("");
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
    let output = fray_load(dir.path(), &args)
        .output()
        .expect("fray-load runs");
    let (code, stdout, stderr) = finished(output, "fray-load");
    assert_eq!(code, 0, "fray-load failed:\n{stdout}\n{stderr}");
    let summary = summary(&stdout, &stderr);
    assert_eq!(summary["errors"], 0, "{summary:#}\n{stderr}");
    assert_eq!(summary["disconnects"], 0, "{summary:#}");
    assert_eq!(summary["connections"]["expected"], 4 * 2 + 2 + 3);
    assert_eq!(summary["connections"]["held"], 4 * 2 + 2 + 3, "{summary:#}");
    assert!(
        summary["matches_started"].as_u64().unwrap() >= 4,
        "{summary:#}"
    );
    // Every match after the first four was made while playing, and timed.
    let made_while_playing = summary["matches_started"].as_u64().unwrap() - 4;
    assert_eq!(
        summary["new_match_us"]["count"].as_u64().unwrap_or(0),
        made_while_playing,
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
        .expect("fray-load runs");
    let (code, stdout, stderr) = finished(output, "fray-load");
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
    let server = start_server();
    let url = server.url("");
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
    .expect("fray-load runs");

    // Crash the server once acks are flowing, and start it again on the same
    // database and port.
    let deadline = Instant::now() + PATIENCE;
    while std::fs::metadata(&log).map_or(0, |m| m.len()) < 2000 {
        assert!(Instant::now() < deadline, "no acks were logged");
        std::thread::sleep(Duration::from_millis(50));
    }
    let server = server.crash_and_restart();

    let output = child.wait_with_output().expect("fray-load finishes");
    let (code, stdout, stderr) = finished(output, "fray-load --check-durability");
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
        .expect("fray-load runs");
    let (code, stdout, stderr) = finished(output, "fray-load --verify-acks");
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
        .expect("fray-load runs");
    let (code, stdout, _) = finished(output, "fray-load --verify-acks");
    assert_eq!(code, 1, "{stdout}");
    assert!(stdout.contains("durability FAILED: 2 of"), "{stdout}");
    assert!(
        stdout.contains("CHANGED: match") && stdout.contains("LOST: match"),
        "{stdout}"
    );
    drop(server);
}
