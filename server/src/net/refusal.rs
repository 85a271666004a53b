//! Turning away a connection the server has no room for, at once and
//! without a task: a short `503` the client can act on (or `429`, when its
//! address holds as many connections as one may), then the close.

use std::io::{Read, Write};
use std::sync::LazyLock;

use fray_protocol::{ErrorBody, ErrorCode, ErrorDetail};
use tokio::net::TcpStream;

/// Seconds a refused client is asked to wait before it tries again.
const RETRY_AFTER_SECONDS: u32 = 5;

/// The answer when the server holds as many connections as it may.
pub(super) static SERVER_FULL: LazyLock<Vec<u8>> = LazyLock::new(|| {
    response(
        "503 Service Unavailable",
        ErrorCode::Unavailable,
        "the server holds as many connections as it may; try again shortly".into(),
    )
});

/// The answer when the client's address holds `max` connections already.
pub(super) fn address_full(max: usize) -> Vec<u8> {
    response(
        "429 Too Many Requests",
        ErrorCode::RateLimited,
        format!(
            "your address holds {max} connections to this server, as many as one address \
             may; close one, then try again"
        ),
    )
}

fn response(status: &str, code: ErrorCode, message: String) -> Vec<u8> {
    let body = serde_json::to_string(&ErrorBody {
        error: ErrorDetail {
            code,
            message,
            reasons: Vec::new(),
        },
    })
    .expect("an error body serialises");
    format!(
        "HTTP/1.1 {status}\r\n\
         Retry-After: {RETRY_AFTER_SECONDS}\r\n\
         Connection: close\r\n\
         Content-Type: application/json\r\n\
         Content-Length: {}\r\n\r\n{body}",
        body.len()
    )
    .into_bytes()
}

/// Writes the refusal `answer` if the socket takes it at once (a new
/// socket's send buffer always does), and closes the connection.
pub(super) fn refuse(tcp: TcpStream, answer: &[u8]) {
    // Out of tokio, whose readiness for a socket it has not polled yet would
    // refuse the write; the socket stays non-blocking.
    let Ok(mut tcp) = tcp.into_std() else { return };
    // Closing a socket with unread bytes resets the connection, and a reset
    // may destroy the answer before the client reads it: take whatever of
    // the request has come.
    let mut request = [0u8; 2048];
    let _ = tcp.read(&mut request);
    let _ = tcp.write(answer);
}
