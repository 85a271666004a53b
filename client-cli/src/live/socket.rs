//! One websocket connection to the server, blocking, with a short read
//! timeout so that its owner can also send and ping between reads.

use std::io;
use std::net::{SocketAddr, TcpStream, ToSocketAddrs};
use std::time::Duration;

use fray_protocol::{ClientMessage, ServerMessage};
use tungstenite::protocol::CloseFrame;
use tungstenite::{Message, WebSocket};

/// How long one read waits for a frame: the most a queued action waits for
/// the socket, so short, but long enough not to spin.
const POLL: Duration = Duration::from_millis(10);

/// How long connecting, the upgrade and any one write may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// Where the server's socket is.
#[derive(Debug, Clone)]
pub struct Target {
    /// The server's http address, for messages.
    pub base: String,
    /// host:port, to resolve and connect to.
    authority: String,
    /// ws://host:port/ws.
    url: String,
}

impl Target {
    /// From the lobby's base URL: http://host:port (maybe with a path) has
    /// its socket at ws://host:port/ws.
    pub fn from_base(base: &str) -> Result<Target, String> {
        let base = base.trim().trim_end_matches('/');
        let rest = base
            .strip_prefix("http://")
            .ok_or_else(|| "it must start with http://".to_string())?;
        let authority = rest.split('/').next().unwrap_or_default();
        if authority.is_empty() {
            return Err("it names no host".into());
        }
        let authority = if authority
            .rsplit_once(':')
            .is_some_and(|(_, port)| !port.is_empty() && port.chars().all(|c| c.is_ascii_digit()))
        {
            authority.to_string()
        } else {
            format!("{authority}:80")
        };
        Ok(Target {
            base: base.to_string(),
            authority,
            url: format!("ws://{rest}/ws"),
        })
    }
}

/// What one read brought.
#[derive(Debug)]
pub enum Heard {
    /// A message of the protocol.
    Message(Box<ServerMessage>),
    /// Proof of life without a message (a websocket ping, a frame this
    /// version does not know).
    Life,
    /// Nothing within the poll interval.
    Nothing,
}

pub struct Socket {
    ws: WebSocket<TcpStream>,
}

impl Socket {
    /// Connects and upgrades; the reason in words when it cannot.
    pub fn connect(target: &Target) -> Result<Socket, String> {
        let addresses: Vec<SocketAddr> = target
            .authority
            .to_socket_addrs()
            .map_err(|error| format!("cannot resolve {}: {error}", target.authority))?
            .collect();
        let mut last_error = format!("{} resolves to no address", target.authority);
        let mut stream = None;
        for address in addresses {
            match TcpStream::connect_timeout(&address, CONNECT_TIMEOUT) {
                Ok(connected) => {
                    stream = Some(connected);
                    break;
                }
                Err(error) => last_error = connect_error(&error),
            }
        }
        let stream = stream.ok_or(last_error)?;
        let setup = |stream: &TcpStream| -> io::Result<()> {
            stream.set_nodelay(true)?;
            stream.set_read_timeout(Some(CONNECT_TIMEOUT))?;
            stream.set_write_timeout(Some(CONNECT_TIMEOUT))
        };
        setup(&stream).map_err(|error| error.to_string())?;
        let (ws, _) = tungstenite::client::client(target.url.as_str(), stream).map_err(
            |error| match error {
                tungstenite::HandshakeError::Failure(tungstenite::Error::Http(response)) => {
                    format!(
                        "{} answered {} instead of a websocket; is it a Fray server?",
                        target.url,
                        response.status()
                    )
                }
                tungstenite::HandshakeError::Failure(error) => error.to_string(),
                tungstenite::HandshakeError::Interrupted(_) => {
                    "the websocket upgrade got no answer".to_string()
                }
            },
        )?;
        ws.get_ref()
            .set_read_timeout(Some(POLL))
            .map_err(|error| error.to_string())?;
        Ok(Socket { ws })
    }

    pub fn send(&mut self, message: &ClientMessage) -> Result<(), String> {
        // Serialising a protocol type cannot fail.
        let text = serde_json::to_string(message).unwrap_or_default();
        self.ws
            .send(Message::text(text))
            .map_err(|error| dropped(&error))
    }

    /// Reads what came within the poll interval; `Err` with the reason when
    /// the connection is gone.
    pub fn receive(&mut self) -> Result<Heard, String> {
        match self.ws.read() {
            Ok(Message::Text(text)) => Ok(match serde_json::from_str(text.as_str()) {
                Ok(message) => Heard::Message(Box::new(message)),
                // A message a newer server added: ignore it, as the
                // protocol asks.
                Err(_) => Heard::Life,
            }),
            Ok(Message::Close(frame)) => Err(closed(frame.as_ref())),
            Ok(_) => Ok(Heard::Life),
            Err(tungstenite::Error::Io(error))
                if matches!(
                    error.kind(),
                    io::ErrorKind::WouldBlock | io::ErrorKind::TimedOut
                ) =>
            {
                Ok(Heard::Nothing)
            }
            Err(error) => Err(dropped(&error)),
        }
    }

    /// Says goodbye with a close frame, as far as the socket lets it.
    pub fn close(mut self) {
        let _ = self.ws.close(None);
        let _ = self.ws.flush();
    }
}

fn connect_error(error: &io::Error) -> String {
    match error.kind() {
        io::ErrorKind::ConnectionRefused => "connection refused".into(),
        io::ErrorKind::TimedOut => "timed out".into(),
        _ => error.to_string(),
    }
}

fn dropped(error: &tungstenite::Error) -> String {
    match error {
        tungstenite::Error::ConnectionClosed | tungstenite::Error::AlreadyClosed => {
            "the connection closed".into()
        }
        tungstenite::Error::Io(error) => match error.kind() {
            io::ErrorKind::UnexpectedEof
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::BrokenPipe => "the server hung up".into(),
            _ => error.to_string(),
        },
        tungstenite::Error::Protocol(_) => "the server hung up".into(),
        other => other.to_string(),
    }
}

/// The server's close codes, in words (see docs/protocol.md).
fn closed(frame: Option<&CloseFrame>) -> String {
    let Some(frame) = frame else {
        return "the server closed the connection".into();
    };
    match u16::from(frame.code) {
        4000 => "the connection fell too far behind".into(),
        4001 => "the connection was idle too long".into(),
        1001 => "the server is stopping".into(),
        code if frame.reason.is_empty() => format!("the server closed the connection ({code})"),
        code => format!(
            "the server closed the connection: {} ({code})",
            frame.reason.as_str()
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_socket_lives_beside_the_lobby() {
        let target = Target::from_base("http://127.0.0.1:7878/").unwrap();
        assert_eq!(target.url, "ws://127.0.0.1:7878/ws");
        assert_eq!(target.authority, "127.0.0.1:7878");
        let target = Target::from_base("http://fray.example").unwrap();
        assert_eq!(target.url, "ws://fray.example/ws");
        assert_eq!(target.authority, "fray.example:80");
        assert!(Target::from_base("https://fray.example").is_err());
        assert!(Target::from_base("http://").is_err());
    }
}
