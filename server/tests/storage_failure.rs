//! A disk that fails under a running server: writes are refused and
//! `/healthz` says so; once the disk works again the server says `ok` by
//! itself, with nobody writing, and has lost nothing it acknowledged.
//!
//! The fault is real: under RLIMIT_FSIZE every write to a file past the limit
//! fails (EFBIG), as every write that needs a new block fails on a full disk
//! (ENOSPC), and SQLite fails the commit either way. The limit holds for the
//! whole process, so this is the only test in its binary.

#![cfg(unix)]

mod common;

use std::time::Instant;

use common::play::{Chooser, Follower, play, two_armies};
use common::{PATIENCE, TestServer};
use fray_protocol::{ClientMessage, ErrorCode, MatchConfig, Role, ServerMessage, SystemId};
use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
use serde_json::json;

/// While it lives, no file of this process can be written to.
struct DiskFault {
    before: Rlimit,
}

impl DiskFault {
    fn start() -> DiskFault {
        // Ignoring SIGXFSZ makes a write past the limit fail with EFBIG
        // instead of ending the process.
        // SAFETY: SIG_IGN installs no handler, so no code of ours runs in a
        // signal's context.
        unsafe {
            libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
        }
        let before = getrlimit(Resource::Fsize);
        let none = Rlimit {
            current: Some(0),
            maximum: before.maximum,
        };
        setrlimit(Resource::Fsize, none).unwrap();
        DiskFault { before }
    }
}

impl Drop for DiskFault {
    fn drop(&mut self) {
        setrlimit(Resource::Fsize, self.before).unwrap();
    }
}

#[test]
fn a_failing_disk_degrades_the_server_until_it_heals_and_loses_nothing_acknowledged() {
    let server = TestServer::start_unthrottled();
    let system = SystemId::SummonersChess;
    let seats = [server.player("Alice"), server.player("Bob")];
    let [a, b] = two_armies(system);
    let id = server
        .started_match(
            &MatchConfig::new(system),
            &[(&seats[0], &a), (&seats[1], &b)],
        )
        .id;
    let subscribe = |seat: usize| {
        Follower::subscribe(server.client(Some(&seats[seat].token)), id, Role::Player)
    };
    let mut players = [subscribe(0), subscribe(1)];
    let mut chooser = Chooser::new(18);
    assert_eq!(play(&mut players, &mut [], &mut chooser, 6), 6);
    let acknowledged = (players[0].seq, players[0].view.clone());
    assert_eq!(acknowledged.0, 6);

    let fault = DiskFault::start();

    // A lobby write fails...
    let (status, body) = server.request("POST", "/api/players", None, Some(&json!({"name": "Cy"})));
    assert_eq!(status, 500, "{body}");

    // ...and so does an action: never acknowledged, its match stops and
    // every subscriber is sent away to come back later.
    let seat = players[0].to_act[0].0 as usize;
    let actor = &mut players[seat];
    let option = actor.options[0].clone();
    actor.client.send(&ClientMessage::Act {
        match_id: id,
        id: 7,
        action: option.action,
    });
    for message in actor.client.recv_until_closed() {
        match message {
            ServerMessage::Ack { .. } | ServerMessage::Batch(_) => {
                panic!("an action was accepted while nothing could be stored: {message:?}")
            }
            ServerMessage::Error { code, .. } => assert_eq!(code, ErrorCode::Unavailable),
            _ => {}
        }
    }

    // What is stored can still be read: the lobby, and the match rebuilt
    // from its log for a spectator, as far as it was acknowledged.
    let (status, body) = server.get(&format!("/api/matches/{id}"));
    assert_eq!(
        (status, &body["seq"]),
        (200, &json!(acknowledged.0)),
        "{body}"
    );
    let spectator = Follower::subscribe(server.client(None), id, Role::Spectator);
    assert_eq!(spectator.seq, acknowledged.0);

    let (status, health) = server.get("/healthz");
    assert_eq!(status, 503, "{health}");
    assert_eq!(health["status"], "degraded", "{health}");
    let storage = &health["storage"];
    assert!(
        storage["failing"]
            .as_array()
            .is_some_and(|failing| failing.contains(&json!("writes"))),
        "{health}"
    );
    assert!(
        storage["error"]
            .as_str()
            .is_some_and(|error| !error.is_empty()),
        "{health}"
    );
    assert!(
        storage["failing_since"]
            .as_str()
            .is_some_and(|since| since.ends_with('Z')),
        "{health}"
    );
    let failing_writes = r#"fray_storage_failing{work="writes"}"#;
    assert_eq!(server.figures().value(failing_writes), 1.0);

    // Healed, with nobody writing: only /healthz is asked.
    drop(fault);
    let deadline = Instant::now() + PATIENCE;
    let health = loop {
        let (status, health) = server.get("/healthz");
        if status == 200 || Instant::now() > deadline {
            break health;
        }
        std::thread::sleep(std::time::Duration::from_millis(100));
    };
    assert_eq!(
        health,
        json!({"status": "ok", "version": env!("CARGO_PKG_VERSION")})
    );
    assert_eq!(server.figures().value(failing_writes), 0.0);

    // Every acknowledged action is in the log and in a fresh subscription,
    // and the match goes on.
    let report = server.verify(id);
    assert!(report.matches(), "{report}");
    assert_eq!(
        report.events,
        1 + acknowledged.0 as usize,
        "the set-up and each action"
    );
    let mut players = [subscribe(0), subscribe(1)];
    assert_eq!(
        (players[0].seq, players[0].view.clone()),
        acknowledged,
        "the match as it was acknowledged"
    );
    assert_eq!(play(&mut players, &mut [], &mut chooser, 2), 2);
    server.player("Cy");
}
