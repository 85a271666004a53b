//! What one client may hold: matches followed on one connection, and
//! connections open from one address. Past either it is refused clearly,
//! and everyone else is still served.

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};

use common::play::two_armies;
use common::{PATIENCE, TestServer};
use fray_protocol::{
    ClientMessage, ErrorCode, MatchConfig, MatchId, Role, ServerMessage, SystemId,
};
use serde_json::Value;

/// A running match between two new players named after `n`.
fn running_match(server: &TestServer, n: usize) -> MatchId {
    let seated = [format!("a{n}"), format!("b{n}")].map(|name| server.player(&name));
    let [a, b] = two_armies(SystemId::FantasyArmies);
    let config = MatchConfig::new(SystemId::FantasyArmies);
    server
        .started_match(&config, &[(&seated[0], &a), (&seated[1], &b)])
        .id
}

fn expect_snapshot(client: &mut common::Client, id: MatchId) {
    match client.recv_game() {
        ServerMessage::Snapshot(snapshot) => assert_eq!(snapshot.match_id, id),
        other => panic!("expected the snapshot of match {id}, got {other:?}"),
    }
}

#[test]
fn a_connection_follows_at_most_so_many_matches_at_once() {
    let server = TestServer::start_with(|config| config.max_subscriptions_per_connection = 2);
    let ids: Vec<MatchId> = (0..3).map(|n| running_match(&server, n)).collect();
    let mut watcher = server.client(None);
    for &id in &ids[..2] {
        watcher.subscribe(id, Role::Spectator, None);
        expect_snapshot(&mut watcher, id);
    }
    // Following a match again takes no second place.
    watcher.subscribe(ids[0], Role::Spectator, None);
    expect_snapshot(&mut watcher, ids[0]);

    watcher.subscribe(ids[2], Role::Spectator, None);
    match watcher.recv_game() {
        ServerMessage::Error {
            match_id,
            code,
            message,
            ..
        } => {
            assert_eq!(code, ErrorCode::TooManySubscriptions);
            assert_eq!(match_id, Some(ids[2]));
            assert!(
                message.contains('2'),
                "the message says the limit: {message}"
            );
        }
        other => panic!("expected too_many_subscriptions, got {other:?}"),
    }

    watcher.send(&ClientMessage::Unsubscribe { match_id: ids[0] });
    watcher.subscribe(ids[2], Role::Spectator, None);
    expect_snapshot(&mut watcher, ids[2]);
}

/// Opens a connection to `server` from `local` (any port).
fn connect_from(local: &str, server: SocketAddr) -> TcpStream {
    let socket =
        socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).expect("a socket");
    let local: SocketAddr = format!("{local}:0").parse().unwrap();
    socket.bind(&local.into()).expect("binds the local address");
    socket.connect(&server.into()).expect("connects");
    let stream: TcpStream = socket.into();
    stream
        .set_read_timeout(Some(PATIENCE))
        .expect("read timeout");
    stream
}

/// `GET /healthz` on `stream`, read to the close: the status, the head and
/// the body.
fn healthz(mut stream: TcpStream) -> (u16, String, String) {
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: fray\r\nConnection: close\r\n\r\n")
        .expect("the request is sent");
    let mut answer = String::new();
    let _ = stream.read_to_string(&mut answer);
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|status| status.parse().ok())
        .unwrap_or_else(|| panic!("no status in {answer:?}"));
    (status, head.to_owned(), body.to_owned())
}

#[test]
fn one_address_holds_at_most_so_many_connections_and_others_still_get_in() {
    let server = TestServer::start_with(|config| config.max_connections_per_address = 3);
    let mut held: Vec<TcpStream> = (0..3)
        .map(|_| connect_from("127.0.0.1", server.address))
        .collect();

    let (status, head, body) = healthz(connect_from("127.0.0.1", server.address));
    assert_eq!(status, 429, "{head}\n\n{body}");
    assert!(head.contains("\r\nRetry-After: "), "{head}");
    let body: Value = serde_json::from_str(&body).expect("an error body");
    assert_eq!(body["error"]["code"], "rate_limited", "{body}");

    // Another address is let in (all of 127/8 is this machine).
    let (status, _, body) = healthz(connect_from("127.0.0.2", server.address));
    assert_eq!(status, 200, "{body}");

    // A place given back is a place to take.
    drop(held.pop());
    let deadline = std::time::Instant::now() + PATIENCE;
    loop {
        let (status, _, body) = healthz(connect_from("127.0.0.1", server.address));
        if status == 200 {
            break;
        }
        assert_eq!(status, 429, "{body}");
        assert!(std::time::Instant::now() < deadline, "no place came back");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}
