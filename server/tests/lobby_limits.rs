//! The lobby's limits per client address: registering players, and the
//! other writes under `/api`, each have a bucket per address; over it, the
//! answer is `429 rate_limited` with `Retry-After`, and reads still pass.

mod common;

use std::io::{Read, Write};
use std::net::{IpAddr, SocketAddr, TcpStream};
use std::time::Duration;

use common::TestServer;
use common::play::two_armies;
use fray_protocol::SystemId;
use serde_json::{Value, json};

/// One HTTP/1.1 request sent from `from` (any address of the loopback
/// network, on Linux): the status, the `Retry-After` header, the body.
fn request_from(
    server: &TestServer,
    from: IpAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: &Value,
) -> (u16, Option<u64>, Value) {
    let socket =
        socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).expect("a socket");
    socket
        .bind(&SocketAddr::new(from, 0).into())
        .expect("binds to the address");
    socket.connect(&server.address.into()).expect("connects");
    let mut stream: TcpStream = socket.into();
    stream
        .set_read_timeout(Some(common::PATIENCE))
        .expect("a timeout");
    let body = body.to_string();
    let auth = token
        .map(|token| format!("Authorization: Bearer {token}\r\n"))
        .unwrap_or_default();
    write!(
        stream,
        "{method} {path} HTTP/1.1\r\nHost: fray\r\nConnection: close\r\n{auth}\
         Content-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .expect("the request is sent");
    let mut answer = String::new();
    stream.read_to_string(&mut answer).expect("an answer");
    let (head, body) = answer.split_once("\r\n\r\n").expect("a head and a body");
    let status = head[9..12].parse().expect("a status");
    let retry_after = head
        .lines()
        .find_map(|line| {
            line.to_ascii_lowercase()
                .strip_prefix("retry-after:")
                .map(str::to_owned)
        })
        .map(|value| value.trim().parse().expect("whole seconds"));
    let body = if body.is_empty() {
        Value::Null
    } else {
        serde_json::from_str(body).expect("a JSON body")
    };
    (status, retry_after, body)
}

const HOME: IpAddr = IpAddr::V4(std::net::Ipv4Addr::LOCALHOST);
const NEIGHBOUR: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(127, 0, 0, 2));

#[test]
fn registering_players_is_limited_per_address_and_answered_with_retry_after() {
    // One a second, two at once: the shortest wait the limit can give.
    let server = TestServer::start_with(|config| {
        config.players_per_minute = 60;
        config.players_burst = 2;
    });
    let registered = std::cell::Cell::new(0);
    let register = |from| {
        registered.set(registered.get() + 1);
        request_from(
            &server,
            from,
            "POST",
            "/api/players",
            None,
            &json!({"name": format!("Mallory {}", registered.get())}),
        )
    };
    assert_eq!(register(HOME).0, 201);
    assert_eq!(register(HOME).0, 201);
    let (status, retry_after, body) = register(HOME);
    assert_eq!(status, 429, "{body}");
    assert_eq!(body["error"]["code"], "rate_limited");
    assert_eq!(retry_after, Some(1));

    let (status, _) = server.get("/api/matches");
    assert_eq!(status, 200, "reads are not limited");
    if cfg!(target_os = "linux") {
        assert_eq!(
            register(NEIGHBOUR).0,
            201,
            "another address has its own bucket"
        );
    }

    std::thread::sleep(Duration::from_secs(retry_after.unwrap()));
    assert_eq!(
        register(HOME).0,
        201,
        "let through once Retry-After has passed"
    );
    assert_eq!(register(HOME).0, 429);
}

#[test]
fn lobby_writes_have_a_limit_of_their_own() {
    let server = TestServer::start_with(|config| {
        config.lobby_writes_per_minute = 1;
        config.lobby_writes_burst = 2;
    });
    let alice = server.player("Alice");
    let [list, _] = two_armies(SystemId::FantasyArmies);
    let list = serde_json::to_value(&list).unwrap();
    let write =
        |method, path: &str| request_from(&server, HOME, method, path, Some(&alice.token), &list);
    assert_eq!(write("POST", "/api/army-lists").0, 201);
    assert_eq!(write("POST", "/api/army-lists").0, 201);
    for (method, path) in [
        ("POST", "/api/army-lists"),
        ("PUT", "/api/army-lists/1"),
        ("DELETE", "/api/army-lists/1"),
        ("POST", "/api/matches"),
        ("POST", "/api/matches/1/join"),
        ("POST", "/api/matches/1/resign"),
    ] {
        let (status, retry_after, body) = write(method, path);
        assert_eq!(status, 429, "{method} {path}: {body}");
        assert_eq!(body["error"]["code"], "rate_limited");
        let wait = retry_after.expect("Retry-After");
        assert!((1..=60).contains(&wait), "one a minute: {wait} s");
    }

    let (status, lists) = server.request("GET", "/api/army-lists", Some(&alice.token), None);
    assert_eq!(status, 200, "reads are not limited");
    assert_eq!(lists.as_array().map(Vec::len), Some(2));
    assert_eq!(
        server.player("Bob").name,
        "Bob",
        "registering has its own limit"
    );
    if cfg!(target_os = "linux") {
        let (status, _, body) = request_from(
            &server,
            NEIGHBOUR,
            "POST",
            "/api/army-lists",
            Some(&alice.token),
            &list,
        );
        assert_eq!(
            status, 201,
            "the limit is the address's, not the player's: {body}"
        );
    }
}
