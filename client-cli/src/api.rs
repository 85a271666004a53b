//! Talking to the server: one function per request, errors in words a user
//! understands.

use std::fmt;
use std::io;
use std::time::Duration;

use fray_protocol::SystemInfo;
use serde::de::DeserializeOwned;
use ureq::Agent;

/// How long one request may take, connecting included.
const TIMEOUT: Duration = Duration::from_secs(15);

/// A Fray server, by its base URL.
pub struct Server {
    base: String,
    agent: Agent,
}

/// Why a request failed.
#[derive(Debug)]
pub enum ApiError {
    /// The URL given for the server is not one the client can use.
    BadUrl { url: String, reason: String },
    /// Nothing answered at the address.
    Unreachable { base: String, reason: String },
    /// Something answered, but not with what the client expected.
    BadReply { url: String, reason: String },
    /// The server answered with an error of its own.
    Server {
        url: String,
        status: u16,
        message: String,
    },
}

impl fmt::Display for ApiError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ApiError::BadUrl { url, reason } => {
                write!(f, "cannot use '{url}' as the server's address: {reason}")
            }
            ApiError::Unreachable { base, reason } => write!(
                f,
                "cannot reach the Fray server at {base} ({reason}); is it running? \
                 Start one with `cargo run --release -p fray-server`, or point \
                 --server (or FRAY_SERVER) at another"
            ),
            ApiError::BadReply { url, reason } => write!(
                f,
                "the reply from {url} is not one fray understands ({reason}); \
                 is that a Fray server of the same version?"
            ),
            ApiError::Server {
                url,
                status,
                message,
            } => write!(f, "the server refused {url} ({status}): {message}"),
        }
    }
}

impl Server {
    pub fn new(base: &str) -> Result<Server, ApiError> {
        let base = base.trim().trim_end_matches('/').to_string();
        let bad = |reason: &str| ApiError::BadUrl {
            url: base.clone(),
            reason: reason.to_string(),
        };
        if base.starts_with("https://") {
            return Err(bad(
                "this release of fray speaks plain http only; use an http:// address",
            ));
        }
        match base.strip_prefix("http://") {
            None => return Err(bad("it must start with http://")),
            Some("") => return Err(bad("it names no host")),
            Some(_) => {}
        }
        let agent = Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(TIMEOUT))
            .build()
            .into();
        Ok(Server { base, agent })
    }

    /// `GET /api/systems`: every game system the server offers.
    pub fn systems(&self) -> Result<Vec<SystemInfo>, ApiError> {
        self.get_json("/api/systems")
    }

    fn get_json<T: DeserializeOwned>(&self, path: &str) -> Result<T, ApiError> {
        let url = format!("{}{path}", self.base);
        let mut response = self
            .agent
            .get(&url)
            .call()
            .map_err(|error| self.transport_error(&url, error))?;
        let status = response.status().as_u16();
        let body = response
            .body_mut()
            .read_to_string()
            .map_err(|error| self.transport_error(&url, error))?;
        if !(200..300).contains(&status) {
            return Err(ApiError::Server {
                message: error_message(&body),
                url,
                status,
            });
        }
        serde_json::from_str(&body).map_err(|error| ApiError::BadReply {
            url,
            reason: error.to_string(),
        })
    }

    fn transport_error(&self, url: &str, error: ureq::Error) -> ApiError {
        let unreachable = |reason: String| ApiError::Unreachable {
            base: self.base.clone(),
            reason,
        };
        match error {
            ureq::Error::Io(error) => match error.kind() {
                io::ErrorKind::ConnectionRefused => unreachable("connection refused".into()),
                io::ErrorKind::TimedOut => unreachable("timed out".into()),
                _ => unreachable(error.to_string()),
            },
            ureq::Error::HostNotFound => unreachable("host not found".into()),
            ureq::Error::ConnectionFailed => unreachable("connection failed".into()),
            ureq::Error::Timeout(_) => {
                unreachable(format!("no answer within {} seconds", TIMEOUT.as_secs()))
            }
            ureq::Error::BadUri(reason) => ApiError::BadUrl {
                url: self.base.clone(),
                reason,
            },
            ureq::Error::Http(error) => ApiError::BadUrl {
                url: self.base.clone(),
                reason: error.to_string(),
            },
            other => ApiError::BadReply {
                url: url.to_string(),
                reason: other.to_string(),
            },
        }
    }
}

/// The message of the server's JSON error body
/// (`{"error":{"code":...,"message":...}}`), or the body itself.
fn error_message(body: &str) -> String {
    let parsed: Option<serde_json::Value> = serde_json::from_str(body).ok();
    let message = parsed
        .as_ref()
        .and_then(|value| value.pointer("/error/message"))
        .and_then(|message| message.as_str());
    match message {
        Some(message) => message.to_string(),
        None if body.trim().is_empty() => "no reason given".to_string(),
        None => body.trim().chars().take(200).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_urls_are_checked_before_any_request() {
        assert!(Server::new("http://127.0.0.1:7878/").is_ok());
        for bad in [
            "127.0.0.1:7878",
            "https://fray.example",
            "http://",
            "ftp://x",
        ] {
            let error = Server::new(bad).err().expect(bad);
            assert!(matches!(error, ApiError::BadUrl { .. }), "{bad}: {error}");
        }
    }

    #[test]
    fn error_bodies_give_their_message() {
        let body = r#"{"error":{"code":"not_found","message":"no route for /x"}}"#;
        assert_eq!(error_message(body), "no route for /x");
        assert_eq!(error_message(""), "no reason given");
        assert_eq!(error_message("teapot"), "teapot");
    }

    #[test]
    fn an_unreachable_server_is_one_clear_error() {
        // Bind and drop a listener so the port is (almost certainly) closed.
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|listener| listener.local_addr())
            .map(|addr| addr.port())
            .unwrap();
        let server = Server::new(&format!("http://127.0.0.1:{port}")).unwrap();
        let error = server.systems().unwrap_err();
        assert!(matches!(error, ApiError::Unreachable { .. }), "{error}");
        let text = error.to_string();
        assert!(text.contains("cannot reach the Fray server"), "{text}");
        assert!(!text.contains('\n'), "{text}");
    }
}
