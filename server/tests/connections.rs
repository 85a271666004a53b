//! Clients that hold connections without using them: each is let go in
//! time, and the server keeps answering everyone else.

mod common;

use std::io::{ErrorKind, Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

use common::TestServer;
use fray_protocol::{ClientMessage, ServerMessage};

/// Longer than any limit these tests set, plus a busy machine's delays.
const MARGIN: Duration = Duration::from_secs(5);

fn connect(address: SocketAddr) -> TcpStream {
    let stream = TcpStream::connect(address).expect("connects");
    stream.set_read_timeout(Some(MARGIN)).expect("read timeout");
    stream
}

/// Sends `GET /healthz` on a kept-alive connection and reads the answer
/// whole: its status line.
fn healthz(stream: &mut TcpStream) -> String {
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: fray\r\n\r\n")
        .expect("the request is sent");
    let response = read_response(stream).expect("an answer");
    response.lines().next().unwrap_or_default().to_owned()
}

/// Reads one response (head and `Content-Length` body); `None` if the
/// connection closes before any of it.
fn read_response(stream: &mut TcpStream) -> Option<String> {
    let mut bytes = Vec::new();
    let mut byte = [0u8];
    while !bytes.ends_with(b"\r\n\r\n") {
        match stream.read(&mut byte) {
            Ok(0) if bytes.is_empty() => return None,
            Ok(0) => panic!("closed mid-response: {:?}", String::from_utf8_lossy(&bytes)),
            Ok(_) => bytes.push(byte[0]),
            Err(error) => panic!("no response: {error}"),
        }
    }
    let head = String::from_utf8(bytes).expect("a UTF-8 head");
    let length: usize = head
        .lines()
        .find_map(|line| {
            let (name, value) = line.split_once(':')?;
            name.eq_ignore_ascii_case("content-length")
                .then(|| value.trim().parse().expect("a length"))
        })
        .unwrap_or(0);
    let mut body = vec![0; length];
    stream.read_exact(&mut body).expect("the body");
    Some(head + &String::from_utf8_lossy(&body))
}

/// Whether the server closes `stream` (with nothing more to say) within
/// `limit`.
fn closed_within(stream: &mut TcpStream, limit: Duration) -> bool {
    stream.set_read_timeout(Some(limit)).expect("read timeout");
    let mut buffer = [0u8; 256];
    match stream.read(&mut buffer) {
        Ok(0) => true,
        Ok(count) => panic!(
            "the server wrote {:?}",
            String::from_utf8_lossy(&buffer[..count])
        ),
        Err(error) if matches!(error.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) => false,
        Err(error) if error.kind() == ErrorKind::ConnectionReset => true,
        Err(error) => panic!("reading failed: {error}"),
    }
}

#[test]
fn a_request_head_sent_too_slowly_is_cut_off() {
    let server = TestServer::start_with(|config| {
        config.header_read_seconds = 1;
        config.http_idle_seconds = 60;
    });
    let mut stream = connect(server.address);
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: fray\r\n")
        .expect("half a head is sent");
    assert!(
        closed_within(&mut stream, MARGIN),
        "a connection that never finished its head is still open"
    );
}

#[test]
fn a_kept_alive_connection_waits_for_its_next_request_up_to_the_idle_limit() {
    let server = TestServer::start_with(|config| {
        config.header_read_seconds = 1;
        config.http_idle_seconds = 3;
    });
    let mut stream = connect(server.address);
    assert_eq!(healthz(&mut stream), "HTTP/1.1 200 OK");
    // Longer than a head may take: waiting between requests is not sending
    // a head slowly.
    std::thread::sleep(Duration::from_secs(2));
    assert_eq!(healthz(&mut stream), "HTTP/1.1 200 OK");
    assert!(
        closed_within(&mut stream, MARGIN),
        "an idle kept-alive connection is still open"
    );
}

#[test]
fn on_a_kept_alive_connection_a_head_is_timed_from_its_first_byte() {
    let server = TestServer::start_with(|config| {
        config.header_read_seconds = 1;
        config.http_idle_seconds = 60;
    });
    let mut stream = connect(server.address);
    assert_eq!(healthz(&mut stream), "HTTP/1.1 200 OK");
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: fray\r\n")
        .expect("half a head is sent");
    assert!(
        closed_within(&mut stream, MARGIN),
        "a half-sent head was given the idle limit"
    );
}

#[test]
fn a_websocket_is_not_held_to_the_http_limits() {
    let server = TestServer::start_with(|config| {
        config.header_read_seconds = 1;
        config.http_idle_seconds = 1;
    });
    let mut client = server.client(None);
    // Silent for longer than both limits (the websocket's own idle limit is
    // a minute).
    std::thread::sleep(Duration::from_millis(2500));
    client.send(&ClientMessage::Ping { nonce: 7 });
    match client.recv() {
        ServerMessage::Pong { nonce } => assert_eq!(nonce, 7),
        other => panic!("expected a pong, got {other:?}"),
    }
}

/// `GET /healthz` on a new connection: its status, or `None` if the
/// connection was closed or reset without one.
fn healthz_status(address: SocketAddr) -> Option<u16> {
    let mut stream = connect(address);
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: fray\r\nConnection: close\r\n\r\n")
        .ok()?;
    let mut response = String::new();
    stream.read_to_string(&mut response).ok()?;
    let status = response.strip_prefix("HTTP/1.1 ")?.get(..3)?;
    Some(status.parse().expect("a status"))
}

#[test]
fn past_the_cap_connections_are_refused_at_once_and_healthz_answers_when_silent_ones_time_out() {
    const CAP: usize = 8;
    const PAST_THE_CAP: usize = 4;
    let server = TestServer::start_with(|config| {
        config.max_connections = CAP as u32;
        config.header_read_seconds = 1;
    });
    let mut silent: Vec<TcpStream> = (0..CAP + PAST_THE_CAP)
        .map(|_| connect(server.address))
        .collect();

    // Asked while every silent connection is still open on this side.
    let deadline = std::time::Instant::now() + Duration::from_secs(1) + MARGIN;
    while healthz_status(server.address) != Some(200) {
        assert!(
            std::time::Instant::now() < deadline,
            "/healthz did not answer while silent connections were held"
        );
        std::thread::sleep(Duration::from_millis(50));
    }

    let mut refused = 0;
    for stream in &mut silent {
        let mut answer = String::new();
        stream
            .read_to_string(&mut answer)
            .expect("the server closes every silent connection");
        if answer.is_empty() {
            continue; // Held until the head was late.
        }
        refused += 1;
        assert!(
            answer.starts_with("HTTP/1.1 503 Service Unavailable\r\n"),
            "{answer}"
        );
        assert!(answer.contains("\r\nRetry-After: 5\r\n"), "{answer}");
        assert!(answer.contains("\r\nConnection: close\r\n"), "{answer}");
        assert!(answer.ends_with(r#""code":"unavailable","message":"the server holds as many connections as it may; try again shortly"}}"#), "{answer}");
    }
    // One more may be refused if the harness's own health check still held
    // its place when the silent connections came.
    assert!(
        (PAST_THE_CAP..=PAST_THE_CAP + 1).contains(&refused),
        "{refused} of {} refused with a cap of {CAP}",
        CAP + PAST_THE_CAP
    );
}

#[test]
fn a_websocket_holds_its_place_under_the_cap_until_it_closes() {
    let server = TestServer::start_with(|config| config.max_connections = 2);
    let first = server.client(None);
    let _second = server.client(None);
    let deadline = std::time::Instant::now() + MARGIN;
    while healthz_status(server.address) != Some(503) {
        assert!(
            std::time::Instant::now() < deadline,
            "two websockets did not fill a cap of two"
        );
        std::thread::sleep(Duration::from_millis(50));
    }

    first.vanish();
    let deadline = std::time::Instant::now() + MARGIN;
    while healthz_status(server.address) != Some(200) {
        assert!(
            std::time::Instant::now() < deadline,
            "a closed websocket did not give its place back"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The server binary with `args`, run by `sh` with `shell_setup` first; its
/// log lines as they come.
#[cfg(unix)]
struct ServerProcess {
    child: std::process::Child,
    log: std::sync::mpsc::Receiver<String>,
    seen: Vec<String>,
}

#[cfg(unix)]
impl ServerProcess {
    fn start(shell_setup: &str, args: &[&str]) -> ServerProcess {
        use std::io::BufRead;
        use std::process::{Command, Stdio};

        let mut child = Command::new("sh")
            .arg("-c")
            .arg(format!(r#"{shell_setup} && exec "$@""#))
            .arg("sh")
            .arg(env!("CARGO_BIN_EXE_fray-server"))
            .args(args)
            .env("RUST_LOG", "info")
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the server starts");
        let stderr = child.stderr.take().expect("stderr");
        let (line, log) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for text in std::io::BufReader::new(stderr).lines() {
                let Ok(text) = text else { return };
                if line.send(text).is_err() {
                    return;
                }
            }
        });
        ServerProcess {
            child,
            log,
            seen: Vec::new(),
        }
    }

    /// The first log line containing `text`.
    fn wait_for_log(&mut self, text: &str) -> String {
        if let Some(seen) = self.seen.iter().find(|line| line.contains(text)) {
            return seen.clone();
        }
        loop {
            let line = self
                .log
                .recv_timeout(common::PATIENCE)
                .unwrap_or_else(|_| panic!("no {text:?} in the log: {:#?}", self.seen));
            self.seen.push(line.clone());
            if line.contains(text) {
                return line;
            }
        }
    }

    fn address(&mut self) -> SocketAddr {
        let line = self.wait_for_log("fray-server listening");
        let address = line
            .split_whitespace()
            .find_map(|field| field.strip_prefix("address="))
            .unwrap_or_else(|| panic!("no address in {line:?}"));
        address.parse().expect("an address")
    }

    /// Stops it as an operator would (SIGTERM); its whole log.
    fn stop(mut self) -> Vec<String> {
        let killed = std::process::Command::new("kill")
            .arg(self.child.id().to_string())
            .status()
            .expect("kill runs");
        assert!(killed.success());
        let deadline = std::time::Instant::now() + common::PATIENCE;
        let status = loop {
            if let Some(status) = self.child.try_wait().expect("the server's status") {
                break status;
            }
            assert!(
                std::time::Instant::now() < deadline,
                "the server did not stop"
            );
            std::thread::sleep(Duration::from_millis(50));
        };
        self.seen.extend(self.log.try_iter());
        assert!(status.success(), "{status}: {:#?}", self.seen);
        self.seen
    }
}

/// 400 silent connections against a server that may open 256 files: past
/// the file limit every `accept` would fail ("Too many open files") and
/// `/healthz` go unanswered while they are held.
#[cfg(unix)]
#[test]
fn with_few_files_the_cap_is_lowered_to_fit_and_healthz_answers_through_a_flood() {
    const SILENT: usize = 400;
    // 256 files, less the 64 the server keeps for the rest.
    const FITS: usize = 192;
    let dir = tempfile::tempdir().expect("a temporary directory");
    let database = fray_test_server::database_url(dir.path().join("fray.db"));
    let mut server = ServerProcess::start(
        "ulimit -n 256",
        &[
            "--bind",
            "127.0.0.1:0",
            "--database",
            &database,
            "--header-read-seconds",
            "3",
        ],
    );
    let address = server.address();
    let deadline = std::time::Instant::now() + common::PATIENCE;
    while healthz_status(address) != Some(200) {
        assert!(
            std::time::Instant::now() < deadline,
            "the server never answered"
        );
        std::thread::sleep(Duration::from_millis(50));
    }

    let mut silent: Vec<TcpStream> = (0..SILENT).map(|_| connect(address)).collect();
    let deadline = std::time::Instant::now() + Duration::from_secs(3) + MARGIN;
    while healthz_status(address) != Some(200) {
        assert!(
            std::time::Instant::now() < deadline,
            "/healthz did not answer while silent connections were held"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let mut refused = 0;
    for stream in &mut silent {
        let mut answer = String::new();
        stream
            .read_to_string(&mut answer)
            .expect("the server closes every silent connection");
        if answer.starts_with("HTTP/1.1 503 ") {
            refused += 1;
        } else {
            assert_eq!(answer, "", "a held connection is closed without a word");
        }
    }
    // Exact unless the machine stalled for the whole head limit while the
    // silent connections came, letting some held ones go early.
    assert_eq!(refused, SILENT - FITS);

    let log = server.stop();
    let lowered = format!("the connection cap is lowered to {FITS} ");
    assert!(log.iter().any(|line| line.contains(&lowered)), "{log:#?}");
    let reached = log
        .iter()
        .filter(|line| line.contains("connection cap reached"))
        .count();
    assert_eq!(reached, 1, "{log:#?}");
    assert!(
        !log.iter().any(|line| line.contains("accept failed")),
        "{log:#?}"
    );
}

#[test]
fn a_request_body_that_stops_coming_is_answered_and_its_connection_closed() {
    let server = TestServer::start_with(|config| {
        config.header_read_seconds = 1;
        config.http_idle_seconds = 2;
    });
    let mut stream = connect(server.address);
    stream
        .write_all(
            b"POST /api/players HTTP/1.1\r\nHost: fray\r\nContent-Type: application/json\r\n\
              Content-Length: 100\r\n\r\n{\"name\":",
        )
        .expect("a head and part of a body are sent");
    let answer = read_response(&mut stream).expect("an answer");
    assert!(
        answer.starts_with("HTTP/1.1 400 Bad Request\r\n"),
        "{answer}"
    );
    assert!(answer.contains("whole request body"), "{answer}");
    assert!(
        closed_within(&mut stream, MARGIN),
        "the connection of a stalled body is still open"
    );
}

/// A body trickled a few bytes at a time, never a whole idle limit between
/// two parts, would otherwise hold its connection for as long as it likes.
#[test]
fn a_request_body_trickled_past_the_limit_is_answered_and_its_connection_closed() {
    let server = TestServer::start_with(|config| {
        config.header_read_seconds = 1;
        config.http_idle_seconds = 2;
    });
    let body = br#"{"name":"slow and unsteady"}"#;
    let mut stream = connect(server.address);
    write!(
        stream,
        "POST /api/players HTTP/1.1\r\nHost: fray\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    )
    .expect("the head is sent");
    for part in body.chunks(body.len().div_ceil(4)) {
        std::thread::sleep(Duration::from_millis(700));
        if stream.write_all(part).is_err() {
            break;
        }
    }
    let answer = read_response(&mut stream).expect("an answer");
    assert!(
        answer.starts_with("HTTP/1.1 400 Bad Request\r\n"),
        "{answer}"
    );
    assert!(
        closed_within(&mut stream, MARGIN),
        "the connection of a trickled body is still open"
    );
}

#[test]
fn a_request_body_sent_in_parts_within_the_limit_is_read_whole() {
    let server = TestServer::start_with(|config| {
        config.header_read_seconds = 1;
        config.http_idle_seconds = 2;
    });
    let body = br#"{"name":"slow but steady"}"#;
    let mut stream = connect(server.address);
    write!(
        stream,
        "POST /api/players HTTP/1.1\r\nHost: fray\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n",
        body.len()
    )
    .expect("the head is sent");
    for part in body.chunks(body.len().div_ceil(4)) {
        std::thread::sleep(Duration::from_millis(200));
        stream.write_all(part).expect("a part is sent");
    }
    let answer = read_response(&mut stream).expect("an answer");
    assert!(answer.starts_with("HTTP/1.1 201 Created\r\n"), "{answer}");
}

/// A client that asks for answers and never reads them: once the socket's
/// buffers are full, the server's write waits on it, and without a limit
/// the connection (and a graceful stop) waited forever.
#[test]
fn a_client_that_never_reads_its_answers_is_let_go_after_the_idle_limit() {
    let server = TestServer::start_with(|config| {
        config.header_read_seconds = 1;
        config.http_idle_seconds = 2;
    });
    let socket =
        socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None).expect("a socket");
    socket.set_recv_buffer_size(2048).expect("a small buffer");
    socket.connect(&server.address.into()).expect("connects");
    let mut stream: TcpStream = socket.into();
    let ask = b"GET /api/systems HTTP/1.1\r\nHost: fray\r\n\r\n".repeat(2_000);
    stream.write_all(&ask).expect("the requests are sent");
    let open = || server.figures().value("fray_connections");
    // The figures' own request is one connection; the reader is another.
    assert_eq!(open(), 2.0, "the silent reader is held while it may be");

    let deadline = std::time::Instant::now() + Duration::from_secs(2) + 2 * MARGIN;
    while open() > 1.0 {
        assert!(
            std::time::Instant::now() < deadline,
            "a connection whose answers are never read is still held"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
}
