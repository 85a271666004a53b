//! The test table: a real server on an ephemeral port with a temporary
//! database, plain HTTP requests, and blocking websocket clients.

#![allow(dead_code)]

pub mod browser;
pub mod page_play;
pub mod play;
pub mod views;

use std::net::{SocketAddr, TcpStream};
use std::ops::Deref;
use std::time::Duration;

use fray_protocol::{
    ArmyList, ClientMessage, History, MatchConfig, MatchId, MatchSummary, PROTOCOL_VERSION,
    PlayerCreated, Role, ServerMessage, StoredArmyList, SystemInfo,
};
use fray_server::Config;
use fray_server::tools::verify::VerifyReport;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::{self, Message, WebSocket, stream::MaybeTlsStream};

/// How long a test waits for any one answer before failing.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// The one test server ([`fray_test_server::TestServer`], which `fray`'s
/// and `fray-load`'s tests start too), with the requests the server's own
/// tests make of it.
pub struct TestServer {
    server: fray_test_server::TestServer,
}

impl Deref for TestServer {
    type Target = fray_test_server::TestServer;

    fn deref(&self) -> &fray_test_server::TestServer {
        &self.server
    }
}

impl TestServer {
    /// A server on a new, empty database.
    pub fn start() -> TestServer {
        TestServer::start_with(|_| {})
    }

    /// A server on a new database whose message limit no test player
    /// reaches: players that act the moment they may send faster than the
    /// default limit allows (the limit has its own test).
    pub fn start_unthrottled() -> TestServer {
        TestServer::start_with(|config| config.messages_per_second = 10_000)
    }

    /// A server on a new database, with settings changed by `adjust`; the
    /// lobby's limits per client address are off unless `adjust` sets them
    /// (they have their own tests, `tests/lobby_limits.rs`).
    pub fn start_with(adjust: impl FnOnce(&mut Config)) -> TestServer {
        TestServer {
            server: fray_test_server::TestServer::start_with(adjust),
        }
    }

    /// A server on a new database that describes the game systems as
    /// `adjust` changes the rules' descriptions: a system as no registered
    /// system is yet, such as one whose armies are secret.
    pub fn start_offering(adjust: impl FnOnce(&mut Vec<SystemInfo>)) -> TestServer {
        let mut systems = fray_rules::systems();
        adjust(&mut systems);
        TestServer {
            server: fray_test_server::TestServer::start_offering(systems),
        }
    }

    /// Stops this server as a crash would and starts a new one on the same
    /// database file and address.
    pub fn crash_and_restart(self) -> TestServer {
        TestServer {
            server: self.server.crash_and_restart(),
        }
    }

    /// Stops this server gracefully and starts a new one on the same file
    /// and address.
    pub fn restart(self) -> TestServer {
        TestServer {
            server: self.server.restart(),
        }
    }

    /// `fray-server verify` of match `id`, on this server's database.
    pub fn verify(&self, id: MatchId) -> VerifyReport {
        tokio::runtime::Runtime::new()
            .unwrap()
            .block_on(fray_server::tools::verify::verify_url(
                &self.database_url(),
                id,
            ))
            .expect("the match can be verified")
    }

    /// Sends a request; the status and the JSON body (null when empty).
    pub fn request(
        &self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: Option<&Value>,
    ) -> (u16, Value) {
        let url = self.url(path);
        let agent = agent();
        let auth = token.map(|token| format!("Bearer {token}"));
        let response = match (method, body) {
            ("GET", _) => with_auth(agent.get(&url), auth.as_deref()).call(),
            ("DELETE", _) => with_auth(agent.delete(&url), auth.as_deref()).call(),
            ("POST", Some(body)) => with_auth(agent.post(&url), auth.as_deref()).send_json(body),
            ("POST", None) => with_auth(agent.post(&url), auth.as_deref()).send_empty(),
            ("PUT", Some(body)) => with_auth(agent.put(&url), auth.as_deref()).send_json(body),
            other => panic!("unsupported request {other:?}"),
        };
        let mut response = response.expect("the server answers");
        let status = response.status().as_u16();
        let text = response.body_mut().read_to_string().expect("a body");
        let body = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or_else(|_| panic!("{path}: not JSON: {text}"))
        };
        (status, body)
    }

    /// What `GET /metrics` says now.
    pub fn figures(&self) -> Figures {
        let response = agent()
            .get(&self.url("/metrics"))
            .call()
            .expect("the server answers");
        let kind = response
            .headers()
            .get("content-type")
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        assert!(kind.starts_with("application/openmetrics-text"), "{kind}");
        let text = response.into_body().read_to_string().expect("a body");
        assert!(text.ends_with("# EOF\n"), "{text}");
        Figures(text)
    }

    pub fn get(&self, path: &str) -> (u16, Value) {
        self.request("GET", path, None, None)
    }

    /// `GET` a match's history at `path`, which must be answered: every
    /// page of it, as a client follows them.
    pub fn history(&self, path: &str, token: Option<&str>) -> History {
        let page = |path: &str| -> History {
            let (status, body) = self.request("GET", path, token, None);
            assert_eq!(status, 200, "{body}");
            serde_json::from_value(body).expect("a history")
        };
        let mut whole = page(path);
        let joint = if path.contains('?') { '&' } else { '?' };
        while let Some(after) = whole.next.take() {
            let more = page(&format!("{path}{joint}after={after}"));
            whole.events.extend(more.events);
            whole.next = more.next;
        }
        whole
    }

    /// A finished match's replay, every page of it put together, as a
    /// client follows them.
    pub fn replay(&self, id: MatchId) -> Value {
        let path = format!("/api/matches/{id}/replay");
        let (status, mut whole) = self.get(&path);
        assert_eq!(status, 200, "{whole}");
        while let Some(after) = whole["next"].as_u64() {
            let (status, page) = self.get(&format!("{path}?after={after}"));
            assert_eq!(status, 200, "{page}");
            for field in ["events", "chat"] {
                let more = page[field].as_array().cloned().unwrap_or_default();
                if let Some(held) = whole[field].as_array_mut() {
                    held.extend(more);
                } else if !more.is_empty() {
                    whole[field] = Value::Array(more);
                }
            }
            whole["next"] = page["next"].clone();
        }
        if let Some(fields) = whole.as_object_mut() {
            fields.remove("next");
        }
        whole
    }

    /// Registers a player.
    pub fn player(&self, name: &str) -> PlayerCreated {
        let (status, body) =
            self.request("POST", "/api/players", None, Some(&json!({"name": name})));
        assert_eq!(status, 201, "{body}");
        serde_json::from_value(body).expect("a created player")
    }

    pub fn army_list(&self, token: &str, list: &ArmyList) -> StoredArmyList {
        let body = serde_json::to_value(list).expect("a list serialises");
        let (status, body) = self.request("POST", "/api/army-lists", Some(token), Some(&body));
        assert_eq!(status, 201, "{body}");
        serde_json::from_value(body).expect("a stored list")
    }

    /// Creates a match with `creator`'s list and has each other player join;
    /// the match is then running.
    pub fn started_match(
        &self,
        config: &MatchConfig,
        seats: &[(&PlayerCreated, &ArmyList)],
    ) -> MatchSummary {
        let (creator, creator_list) = seats[0];
        let list = self.army_list(&creator.token, creator_list);
        let body = json!({"config": config, "army_list": list.id, "seats": seats.len()});
        let (status, body) =
            self.request("POST", "/api/matches", Some(&creator.token), Some(&body));
        assert_eq!(status, 201, "{body}");
        let mut summary: MatchSummary = serde_json::from_value(body).expect("a match");
        for (player, army) in &seats[1..] {
            let list = self.army_list(&player.token, army);
            let (status, body) = self.request(
                "POST",
                &format!("/api/matches/{}/join", summary.id),
                Some(&player.token),
                Some(&json!({"army_list": list.id})),
            );
            assert_eq!(status, 200, "{body}");
            summary = serde_json::from_value(body).expect("a match");
        }
        summary
    }

    /// A websocket client that has said hello (with `token`, if given).
    pub fn client(&self, token: Option<&str>) -> Client {
        let mut client = Client::connect(&self.ws_url());
        client.send(&ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            token: token.map(str::to_owned),
        });
        match client.recv() {
            ServerMessage::Welcome { .. } => client,
            other => panic!("expected welcome, got {other:?}"),
        }
    }
}

fn agent() -> ureq::Agent {
    ureq::Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(PATIENCE))
        .build()
        .into()
}

fn with_auth<B>(request: ureq::RequestBuilder<B>, auth: Option<&str>) -> ureq::RequestBuilder<B> {
    match auth {
        Some(auth) => request.header("Authorization", auth),
        None => request,
    }
}

/// The server's figures, as `GET /metrics` gave them.
pub struct Figures(String);

impl Figures {
    /// The value of one series, named with its labels as the text has them.
    pub fn value(&self, series: &str) -> f64 {
        self.0
            .lines()
            .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
            .unwrap_or_else(|| panic!("no {series} in\n{}", self.0))
            .parse()
            .unwrap()
    }
}

/// A blocking websocket client.
pub struct Client {
    socket: WebSocket<MaybeTlsStream<TcpStream>>,
}

impl Client {
    pub fn connect(url: &str) -> Client {
        let (socket, _) = tungstenite::connect(url).expect("websocket connects");
        if let MaybeTlsStream::Plain(stream) = socket.get_ref() {
            stream
                .set_read_timeout(Some(PATIENCE))
                .expect("read timeout");
        }
        Client { socket }
    }

    /// A client whose socket takes in at most a few KiB before the server
    /// must wait: a reader that falls behind.
    pub fn connect_slow(address: SocketAddr, url: &str) -> Client {
        let socket = socket2::Socket::new(socket2::Domain::IPV4, socket2::Type::STREAM, None)
            .expect("a socket");
        socket.set_recv_buffer_size(2048).expect("a small buffer");
        socket.connect(&address.into()).expect("connects");
        let stream: TcpStream = socket.into();
        stream
            .set_read_timeout(Some(PATIENCE))
            .expect("read timeout");
        let (socket, _) =
            tungstenite::client(url, MaybeTlsStream::Plain(stream)).expect("websocket handshake");
        Client { socket }
    }

    /// Says hello without a token.
    pub fn hello(&mut self) {
        self.send(&ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            token: None,
        });
        match self.recv() {
            ServerMessage::Welcome { .. } => {}
            other => panic!("expected welcome, got {other:?}"),
        }
    }

    /// Reads until the server closes or drops the connection, handing each
    /// text message to `each`. `Err` if the server kept the connection open
    /// until the read timed out.
    fn read_until_closed(&mut self, mut each: impl FnMut(&str)) -> Result<(), tungstenite::Error> {
        loop {
            match self.socket.read() {
                Ok(Message::Text(text)) => each(&text),
                Ok(Message::Close(_)) => return Ok(()),
                Ok(_) => continue,
                Err(tungstenite::Error::Io(error))
                    if matches!(
                        error.kind(),
                        std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                    ) =>
                {
                    return Err(tungstenite::Error::Io(error));
                }
                Err(_) => return Ok(()),
            }
        }
    }

    /// Reads whatever is left until the server closes or drops the
    /// connection: how many text messages came first. `Err` if the server
    /// kept the connection open until the read timed out.
    pub fn drain_until_closed(&mut self) -> Result<usize, tungstenite::Error> {
        let mut delivered = 0;
        self.read_until_closed(|_| delivered += 1)?;
        Ok(delivered)
    }

    pub fn send(&mut self, message: &ClientMessage) {
        self.try_send(message)
            .expect("the socket takes the message");
    }

    /// Sends `message`, or says why the socket would not take it (the
    /// server closed the connection).
    pub fn try_send(&mut self, message: &ClientMessage) -> Result<(), tungstenite::Error> {
        let text = serde_json::to_string(message).expect("a message serialises");
        self.socket.send(Message::text(text))
    }

    pub fn send_binary(&mut self, bytes: &[u8]) {
        self.socket
            .send(Message::binary(bytes.to_vec()))
            .expect("the socket takes the message");
    }

    pub fn send_text(&mut self, text: &str) {
        self.socket
            .send(Message::text(text))
            .expect("the socket takes the message");
    }

    /// The next protocol message; panics on a close or a timeout.
    pub fn recv(&mut self) -> ServerMessage {
        // The server's pings come more often than the read timeout: they
        // must not keep a test waiting for a message that never comes.
        let deadline = std::time::Instant::now() + PATIENCE;
        loop {
            assert!(
                std::time::Instant::now() < deadline,
                "no message within {PATIENCE:?}"
            );
            match self.socket.read().expect("a message before the timeout") {
                Message::Text(text) => {
                    return serde_json::from_str(&text)
                        .unwrap_or_else(|error| panic!("not a server message ({error}): {text}"));
                }
                Message::Close(frame) => panic!("the server closed the connection: {frame:?}"),
                _ => continue,
            }
        }
    }

    /// The next message that is not a seat's away/back notice.
    pub fn recv_game(&mut self) -> ServerMessage {
        loop {
            match self.recv() {
                ServerMessage::SeatAway { .. } | ServerMessage::SeatBack { .. } => continue,
                other => return other,
            }
        }
    }

    /// Every protocol message until the server closes or drops the
    /// connection; panics if it keeps the connection open until the read
    /// times out.
    pub fn recv_until_closed(&mut self) -> Vec<ServerMessage> {
        let mut received = Vec::new();
        let read = self.read_until_closed(|text| {
            received.push(
                serde_json::from_str(text)
                    .unwrap_or_else(|error| panic!("not a server message ({error}): {text}")),
            );
        });
        if let Err(error) = read {
            panic!("the connection stayed open ({error}); received {received:?}");
        }
        received
    }

    /// Reads until the server closes; the close code.
    pub fn recv_close(&mut self) -> Option<u16> {
        loop {
            match self.socket.read() {
                Ok(Message::Close(frame)) => return frame.map(|frame| u16::from(frame.code)),
                Ok(_) => continue,
                Err(_) => return None,
            }
        }
    }

    /// Reads the raw stream to its end without answering anything (a
    /// client that has gone quiet): the code of the close frame the server
    /// sent, if it sent one. `recv_close` cannot tell this, because reading
    /// through the websocket answers the server's pings first, and that write
    /// fails once the server has hung up.
    pub fn close_code_without_answering(mut self) -> Option<u16> {
        let MaybeTlsStream::Plain(stream) = self.socket.get_mut() else {
            panic!("tests use plain TCP");
        };
        let mut bytes = Vec::new();
        // Whatever the end (EOF or a reset), the close frame is in what came.
        let _ = std::io::Read::read_to_end(stream, &mut bytes);
        let mut at = 0;
        while at + 2 <= bytes.len() {
            let opcode = bytes[at] & 0x0f;
            let (length, header) = match bytes[at + 1] & 0x7f {
                126 => (
                    usize::from(u16::from_be_bytes([bytes[at + 2], bytes[at + 3]])),
                    4,
                ),
                127 => panic!("no frame here is that long"),
                short => (usize::from(short), 2),
            };
            let payload = at + header;
            if opcode == 0x8 && length >= 2 {
                return Some(u16::from_be_bytes([bytes[payload], bytes[payload + 1]]));
            }
            at = payload + length;
        }
        None
    }

    pub fn subscribe(&mut self, match_id: MatchId, role: Role, since: Option<u64>) {
        self.send(&ClientMessage::Subscribe {
            match_id,
            role,
            since,
        });
    }

    /// Lets the TCP stream go without a close handshake, as a dropped
    /// network would.
    pub fn vanish(self) {
        if let MaybeTlsStream::Plain(stream) = self.socket.get_ref() {
            let _ = stream.shutdown(std::net::Shutdown::Both);
        }
    }
}
