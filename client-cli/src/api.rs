//! Talking to the server: one function per request, errors in words a user
//! understands.

use std::fmt;
use std::io;
use std::time::Duration;

use fray_protocol::{
    ArmyList, ArmyListId, BotLevel, ErrorBody, ErrorCode, History, JoinMatch, MatchId, MatchStatus,
    MatchSummary, NewMatch, NewPlayer, PlayerCreated, PlayerId, Replay, Role, StoredArmyList,
    Suggestion, SuggestionRequest, SystemId, SystemInfo,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use ureq::Agent;

use crate::shown::shown;

/// How long one request may take, connecting included.
const TIMEOUT: Duration = Duration::from_secs(15);

/// The largest answer read: a replay of a long game runs to megabytes, and
/// ureq's own default (10 MiB) would cut the longest off.
const MAX_REPLY_BYTES: u64 = 256 * 1024 * 1024;

/// Idle connections kept for reuse when nobody asks for more.
const DEFAULT_POOL: usize = 4;

/// A Fray server, by its base URL. Clones share one connection pool.
#[derive(Clone)]
pub struct Server {
    base: String,
    agent: Agent,
    token: Option<String>,
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
    Refused {
        base: String,
        status: u16,
        /// The error's code, when the body was a Fray error body.
        code: Option<ErrorCode>,
        message: String,
        /// Every reason, for an invalid army list.
        reasons: Vec<String>,
    },
}

impl ApiError {
    /// Whether trying again later may help: the server is away, restarting
    /// or overloaded.
    pub fn is_transient(&self) -> bool {
        match self {
            ApiError::Unreachable { .. } => true,
            ApiError::Refused { status, code, .. } => {
                *status >= 500 || *code == Some(ErrorCode::Unavailable)
            }
            ApiError::BadUrl { .. } | ApiError::BadReply { .. } => false,
        }
    }

    /// The server's code, for a refusal.
    pub fn code(&self) -> Option<ErrorCode> {
        match self {
            ApiError::Refused { code, .. } => *code,
            _ => None,
        }
    }
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
                 Start it (`fray-server`), or point --server (or FRAY_SERVER) at \
                 another"
            ),
            ApiError::BadReply { url, reason } => write!(
                f,
                "the reply from {url} is not one fray understands ({reason}); \
                 is that a Fray server of the same version?"
            ),
            ApiError::Refused {
                base,
                code: Some(ErrorCode::NotAuthenticated | ErrorCode::BadToken),
                message,
                ..
            } => write!(
                f,
                "the server at {base} refused your token ({}); log in again with \
                 `fray login --server {base} --name NAME`",
                shown(message)
            ),
            ApiError::Refused {
                code: Some(ErrorCode::InvalidArmy),
                reasons,
                ..
            } if !reasons.is_empty() => {
                write!(f, "the army list is invalid:")?;
                for reason in reasons {
                    write!(f, "\n  - {}", shown(reason))?;
                }
                Ok(())
            }
            ApiError::Refused {
                code: Some(_),
                message,
                ..
            } => f.write_str(&shown(message)),
            ApiError::Refused {
                base,
                status,
                code: None,
                message,
                ..
            } => write!(
                f,
                "the server at {base} refused ({status}): {}",
                shown(message)
            ),
        }
    }
}

/// The HTTP methods the lobby uses.
#[derive(Debug, Clone, Copy)]
enum Method {
    Get,
    Post,
    Put,
    Delete,
}

/// `GET /api/matches` filters.
#[derive(Debug, Default, Clone)]
pub struct MatchFilter {
    pub status: Option<MatchStatus>,
    pub system: Option<SystemId>,
    pub player: Option<PlayerId>,
}

impl Server {
    pub fn new(base: &str) -> Result<Server, ApiError> {
        let base = normalize(base);
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
        Ok(Server {
            base,
            agent: agent(DEFAULT_POOL),
            token: None,
        })
    }

    /// The same server, keeping up to `connections` idle connections for
    /// reuse: for a caller that makes many requests at once.
    pub fn pooled(mut self, connections: usize) -> Server {
        self.agent = agent(connections.max(DEFAULT_POOL));
        self
    }

    /// The same server, acting as the player `token` names.
    pub fn with_token(mut self, token: Option<String>) -> Server {
        self.token = token;
        self
    }

    /// `GET /api/systems`: every game system the server offers.
    pub fn systems(&self) -> Result<Vec<SystemInfo>, ApiError> {
        self.json(Method::Get, "/api/systems", None::<&()>)
    }

    /// `POST /api/players`: a new player and its token.
    pub fn register(&self, name: &str) -> Result<PlayerCreated, ApiError> {
        let body = NewPlayer {
            name: name.to_string(),
        };
        self.json(Method::Post, "/api/players", Some(&body))
    }

    /// `GET /api/army-lists`: the player's lists, oldest first.
    pub fn army_lists(&self) -> Result<Vec<StoredArmyList>, ApiError> {
        self.json(Method::Get, "/api/army-lists", None::<&()>)
    }

    pub fn army_list(&self, id: ArmyListId) -> Result<StoredArmyList, ApiError> {
        self.json(Method::Get, &format!("/api/army-lists/{id}"), None::<&()>)
    }

    pub fn create_army_list(&self, list: &ArmyList) -> Result<StoredArmyList, ApiError> {
        self.json(Method::Post, "/api/army-lists", Some(list))
    }

    pub fn replace_army_list(
        &self,
        id: ArmyListId,
        list: &ArmyList,
    ) -> Result<StoredArmyList, ApiError> {
        self.json(Method::Put, &format!("/api/army-lists/{id}"), Some(list))
    }

    pub fn delete_army_list(&self, id: ArmyListId) -> Result<(), ApiError> {
        self.send(
            Method::Delete,
            &format!("/api/army-lists/{id}"),
            None::<&()>,
        )
        .map(|_| ())
    }

    pub fn create_match(&self, new: &NewMatch) -> Result<MatchSummary, ApiError> {
        self.json(Method::Post, "/api/matches", Some(new))
    }

    pub fn matches(&self, filter: &MatchFilter) -> Result<Vec<MatchSummary>, ApiError> {
        let mut query = Vec::new();
        if let Some(status) = filter.status {
            query.push(format!("status={status}"));
        }
        if let Some(system) = filter.system {
            query.push(format!("system={system}"));
        }
        if let Some(player) = filter.player {
            query.push(format!("player={player}"));
        }
        let path = if query.is_empty() {
            "/api/matches".to_string()
        } else {
            format!("/api/matches?{}", query.join("&"))
        };
        self.json(Method::Get, &path, None::<&()>)
    }

    pub fn match_summary(&self, id: MatchId) -> Result<MatchSummary, ApiError> {
        self.json(Method::Get, &format!("/api/matches/{id}"), None::<&()>)
    }

    pub fn join_match(&self, id: MatchId, army_list: ArmyListId) -> Result<MatchSummary, ApiError> {
        let body = JoinMatch { army_list };
        self.json(
            Method::Post,
            &format!("/api/matches/{id}/join"),
            Some(&body),
        )
    }

    /// `POST /api/matches/{id}/rematch`: this player's seat in the rematch
    /// of finished match `id`, made if no one asked before.
    pub fn rematch(&self, id: MatchId) -> Result<MatchSummary, ApiError> {
        self.json(
            Method::Post,
            &format!("/api/matches/{id}/rematch"),
            None::<&()>,
        )
    }

    /// `POST /api/matches/{id}/suggestion`: what a house bot of `level`
    /// would do in this player's seat now.
    pub fn suggestion(&self, id: MatchId, level: BotLevel) -> Result<Suggestion, ApiError> {
        self.json(
            Method::Post,
            &format!("/api/matches/{id}/suggestion"),
            Some(&SuggestionRequest { level }),
        )
    }

    /// Checks that the server knows this client's token, before a wait
    /// that would otherwise only find out at the end. The lobby has no
    /// who-am-I path: listing one's army lists is the cheapest request that
    /// needs the token.
    pub fn check_token(&self) -> Result<(), ApiError> {
        self.send(Method::Get, "/api/army-lists", None::<&()>)
            .map(|_| ())
    }

    /// `GET /api/matches/{id}/replay`: a finished match, every event and
    /// the dice seed.
    /// The server answers a page at a time; every page is read.
    pub fn replay(&self, id: MatchId) -> Result<Replay, ApiError> {
        let path = format!("/api/matches/{id}/replay");
        let mut replay: Replay = self.json(Method::Get, &path, None::<&()>)?;
        while let Some(after) = replay.next.take() {
            let page: Replay =
                self.json(Method::Get, &format!("{path}?after={after}"), None::<&()>)?;
            replay.events.extend(page.events);
            replay.chat.extend(page.chat);
            replay.next = page.next;
        }
        Ok(replay)
    }

    /// `GET /api/matches/{id}/history`: the match's log up to `upto` as
    /// `role` was told it (a player's needs this server's token).
    pub fn history(&self, id: MatchId, role: Role, upto: u64) -> Result<History, ApiError> {
        let role = match role {
            Role::Player => "player",
            Role::Spectator => "spectator",
        };
        let path = format!("/api/matches/{id}/history?role={role}&upto={upto}");
        let mut history: History = self.json(Method::Get, &path, None::<&()>)?;
        // The server answers a page at a time; every page is read.
        while let Some(after) = history.next.take() {
            let page: History =
                self.json(Method::Get, &format!("{path}&after={after}"), None::<&()>)?;
            history.events.extend(page.events);
            history.next = page.next;
        }
        Ok(history)
    }

    fn json<B: Serialize, T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        body: Option<&B>,
    ) -> Result<T, ApiError> {
        let text = self.send(method, path, body)?;
        serde_json::from_str(&text).map_err(|error| ApiError::BadReply {
            url: format!("{}{path}", self.base),
            reason: error.to_string(),
        })
    }

    /// Sends one request; the body of a 2xx answer, or the refusal.
    fn send<B: Serialize>(
        &self,
        method: Method,
        path: &str,
        body: Option<&B>,
    ) -> Result<String, ApiError> {
        let url = format!("{}{path}", self.base);
        let auth = self.token.as_ref().map(|token| format!("Bearer {token}"));
        let response = match method {
            Method::Get | Method::Delete => {
                let mut request = match method {
                    Method::Get => self.agent.get(&url),
                    _ => self.agent.delete(&url),
                };
                if let Some(auth) = &auth {
                    request = request.header("Authorization", auth);
                }
                request.call()
            }
            Method::Post | Method::Put => {
                let mut request = match method {
                    Method::Post => self.agent.post(&url),
                    _ => self.agent.put(&url),
                };
                if let Some(auth) = &auth {
                    request = request.header("Authorization", auth);
                }
                match body {
                    Some(body) => request.send_json(body),
                    None => request.send_empty(),
                }
            }
        };
        let mut response = response.map_err(|error| self.transport_error(&url, error))?;
        let status = response.status().as_u16();
        let text = response
            .body_mut()
            .with_config()
            .limit(MAX_REPLY_BYTES)
            .read_to_string()
            .map_err(|error| self.transport_error(&url, error))?;
        if !(200..300).contains(&status) {
            return Err(self.refusal(status, &text));
        }
        Ok(text)
    }

    fn refusal(&self, status: u16, body: &str) -> ApiError {
        match serde_json::from_str::<ErrorBody>(body) {
            Ok(ErrorBody { error }) => ApiError::Refused {
                base: self.base.clone(),
                status,
                code: Some(error.code),
                message: error.message,
                reasons: error.reasons,
            },
            Err(_) => ApiError::Refused {
                base: self.base.clone(),
                status,
                code: None,
                message: error_message(body),
                reasons: Vec::new(),
            },
        }
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

/// An agent that hands every status back (refusals are read from their
/// body) and keeps `connections` idle connections to the server.
fn agent(connections: usize) -> Agent {
    Agent::config_builder()
        .http_status_as_error(false)
        .timeout_global(Some(TIMEOUT))
        .max_idle_connections(connections)
        .max_idle_connections_per_host(connections)
        .build()
        .into()
}

/// A server's address as it is saved and compared: trimmed, without a
/// trailing slash.
pub fn normalize(base: &str) -> String {
    base.trim().trim_end_matches('/').to_string()
}

/// The message of a body that is not a Fray error body: the text itself.
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
    use crate::shown::{HOSTILE, is_safe_lines};

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
    fn refusals_read_as_the_server_put_them() {
        let server = Server::new("http://127.0.0.1:7878").unwrap();
        let invalid = server.refusal(
            422,
            r#"{"error":{"code":"invalid_army","message":"the army list is invalid: a; b","reasons":["a","b"]}}"#,
        );
        assert_eq!(invalid.code(), Some(ErrorCode::InvalidArmy));
        assert_eq!(
            invalid.to_string(),
            "the army list is invalid:\n  - a\n  - b"
        );

        let token = server.refusal(
            401,
            r#"{"error":{"code":"bad_token","message":"the token is not one this server issued"}}"#,
        );
        let text = token.to_string();
        assert!(
            text.contains("fray login --server http://127.0.0.1:7878"),
            "{text}"
        );

        let full = server.refusal(
            409,
            r#"{"error":{"code":"match_full","message":"match 7 is running: every seat is taken"}}"#,
        );
        assert_eq!(full.to_string(), "match 7 is running: every seat is taken");

        let odd = server.refusal(502, "bad gateway");
        assert_eq!(
            odd.to_string(),
            "the server at http://127.0.0.1:7878 refused (502): bad gateway"
        );
    }

    #[test]
    fn a_refusal_is_told_with_its_terminal_commands_escaped() {
        let server = Server::new("http://127.0.0.1:7878").unwrap();
        let body = |code: &str| {
            serde_json::json!({"error": {
                "code": code,
                "message": format!("no{HOSTILE}\nforged line"),
                "reasons": [format!("a{HOSTILE}"), "b\nforged line"],
            }})
            .to_string()
        };
        for (status, body) in [
            (422, body("invalid_army")),
            (409, body("match_full")),
            (401, body("bad_token")),
            (502, format!("bad{HOSTILE}gateway")),
        ] {
            let told = server.refusal(status, &body).to_string();
            assert!(is_safe_lines(&told), "{told:?}");
            assert!(!told.contains("\nforged line"), "{told}");
        }
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
