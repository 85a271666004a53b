//! One websocket connection to the server: connect and say hello, send
//! (within the server's message rate), receive the next message.

use std::sync::Arc;
use std::time::Duration;

use fray_protocol::{ClientMessage, Limits, PROTOCOL_VERSION, ServerMessage};
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::pace::Bucket;
use super::stats::Stats;

/// How long connecting and the hello exchange may take.
const HANDSHAKE: Duration = Duration::from_secs(15);

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// An open, greeted connection. Counted in `Stats::connections` while it
/// lives.
pub struct Conn {
    ws: Ws,
    pub limits: Limits,
    bucket: Bucket,
    stats: Arc<Stats>,
}

/// What `recv` got.
pub enum Recv {
    /// A text frame, unread: each caller reads what it needs of it
    /// ([`super::incoming::Incoming`]).
    Text(Utf8Bytes),
    /// The connection is gone (closed, reset, or unreadable), and why.
    Gone(String),
}

impl Conn {
    /// Connects to `url` and says hello, with `token` to play.
    pub async fn open(url: &str, token: Option<&str>, stats: &Arc<Stats>) -> Result<Conn, String> {
        tokio::time::timeout(HANDSHAKE, Conn::handshake(url, token, stats))
            .await
            .map_err(|_| format!("no welcome within {} s", HANDSHAKE.as_secs()))?
    }

    async fn handshake(url: &str, token: Option<&str>, stats: &Arc<Stats>) -> Result<Conn, String> {
        // Small buffers: ten thousand idle connections must fit in one
        // process (tungstenite's default read buffer is 128 KiB). A larger
        // one does not pay for itself either: tungstenite zeroes the free
        // part of the buffer before every read, the one that finds nothing
        // too.
        let config = WebSocketConfig::default()
            .read_buffer_size(4 * 1024)
            .write_buffer_size(0);
        let (mut ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(config), true)
            .await
            .map_err(|error| error.to_string())?;
        let hello = ClientMessage::Hello {
            version: PROTOCOL_VERSION,
            token: token.map(str::to_owned),
        };
        ws.send(Message::text(encode(&hello)))
            .await
            .map_err(|error| error.to_string())?;
        loop {
            let frame = ws
                .next()
                .await
                .ok_or("the server closed the connection before its welcome")?
                .map_err(|error| error.to_string())?;
            let Message::Text(text) = frame else { continue };
            match serde_json::from_str::<ServerMessage>(&text) {
                Ok(ServerMessage::Welcome { limits, .. }) => {
                    stats.connected();
                    return Ok(Conn {
                        ws,
                        bucket: Bucket::for_limit(limits.messages_per_second),
                        limits,
                        stats: stats.clone(),
                    });
                }
                Ok(ServerMessage::Error { code, message, .. }) => {
                    return Err(format!("hello refused ({code}): {message}"));
                }
                Ok(_) => continue,
                Err(error) => return Err(format!("not a server message: {error}")),
            }
        }
    }

    /// Sends `message`, first waiting as long as the server's rate limit
    /// asks.
    pub async fn send(&mut self, message: &ClientMessage) -> Result<(), String> {
        self.pace().await;
        self.send_now(message).await
    }

    /// Waits until the server's rate limit allows one more message, and
    /// takes it.
    pub async fn pace(&mut self) {
        let wait = self.bucket.take();
        if !wait.is_zero() {
            tokio::time::sleep(wait).await;
        }
    }

    /// Sends `message` at once: call `pace` first.
    pub async fn send_now(&mut self, message: &ClientMessage) -> Result<(), String> {
        self.send_text_now(encode(message)).await
    }

    /// Sends a message already encoded, at once: call `pace` first.
    pub async fn send_text_now(&mut self, text: String) -> Result<(), String> {
        self.ws
            .send(Message::text(text))
            .await
            .map_err(|error| error.to_string())
    }

    /// The next message from the server; pings are answered on the way.
    pub async fn recv(&mut self) -> Recv {
        loop {
            match self.ws.next().await {
                None => return Recv::Gone("the connection closed".into()),
                Some(Err(error)) => return Recv::Gone(error.to_string()),
                Some(Ok(Message::Text(text))) => return Recv::Text(text),
                Some(Ok(Message::Close(frame))) => {
                    return Recv::Gone(match frame {
                        Some(frame) => {
                            format!("closed by the server ({}): {}", frame.code, frame.reason)
                        }
                        None => "closed by the server".into(),
                    });
                }
                Some(Ok(_)) => continue,
            }
        }
    }

    /// Closes the connection politely (bounded in time).
    pub async fn close(mut self) {
        let _ = tokio::time::timeout(Duration::from_secs(2), self.ws.close(None)).await;
    }
}

impl Drop for Conn {
    fn drop(&mut self) {
        self.stats.disconnected();
    }
}

fn encode(message: &ClientMessage) -> String {
    serde_json::to_string(message).expect("client messages encode")
}

/// Waits before reconnecting: 50 ms doubling up to 2 s.
pub struct Backoff(Duration);

impl Backoff {
    pub fn new() -> Backoff {
        Backoff(Duration::from_millis(50))
    }

    pub fn next(&mut self) -> Duration {
        let wait = self.0;
        self.0 = (self.0 * 2).min(Duration::from_secs(2));
        wait
    }

    pub fn reset(&mut self) {
        self.0 = Duration::from_millis(50);
    }
}
