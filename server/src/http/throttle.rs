//! Per-address limits on the lobby's writes: registering players, which
//! costs a client nothing and the server a stored row each, and every other
//! write under `/api`. A request over its limit is answered `429
//! rate_limited` with `Retry-After`; reads are never limited.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{ConnectInfo, Request, State};
use axum::http::header::RETRY_AFTER;
use axum::http::{HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use fray_protocol::ErrorCode;

use super::ApiError;
use super::limiter::{Limiter, Rate};
use crate::config::Config;

/// The limiters, shared by every request.
#[derive(Clone)]
pub struct Throttle {
    players: Option<Arc<Limiter>>,
    writes: Option<Arc<Limiter>>,
}

/// What a request counts against.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Registration,
    LobbyWrite,
}

impl Throttle {
    pub fn new(config: &Config) -> Throttle {
        let now = Instant::now();
        let players = Rate {
            per_minute: config.players_per_minute,
            burst: config.players_burst,
        };
        let writes = Rate {
            per_minute: config.lobby_writes_per_minute,
            burst: config.lobby_writes_burst,
        };
        Throttle {
            players: Limiter::new(players, now).map(Arc::new),
            writes: Limiter::new(writes, now).map(Arc::new),
        }
    }

    fn limiter(&self, kind: Kind) -> Option<&Limiter> {
        match kind {
            Kind::Registration => self.players.as_deref(),
            Kind::LobbyWrite => self.writes.as_deref(),
        }
    }
}

/// The one `POST` under `/api` that is a read: a list checked, not stored.
const ARMY_CHECK: &str = "/api/army-lists/check";

fn kind(method: &Method, path: &str) -> Option<Kind> {
    if matches!(*method, Method::GET | Method::HEAD | Method::OPTIONS) {
        return None;
    }
    if path == "/api/players" {
        Some(Kind::Registration)
    } else if path == ARMY_CHECK {
        // It stores nothing, and a builder asks after each change.
        None
    } else if path.starts_with("/api/") {
        Some(Kind::LobbyWrite)
    } else {
        None
    }
}

/// The middleware. A request without a peer address (a handler called
/// in-process) is not limited.
pub async fn limit(State(throttle): State<Throttle>, request: Request, next: Next) -> Response {
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(peer)| peer.ip());
    let kind = kind(request.method(), request.uri().path());
    if let (Some(peer), Some(kind)) = (peer, kind)
        && let Some(limiter) = throttle.limiter(kind)
        && let Err(wait) = limiter.take(peer, Instant::now())
    {
        return too_many(kind, wait);
    }
    next.run(request).await
}

fn too_many(kind: Kind, wait: Duration) -> Response {
    let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
    let seconds = seconds.max(1);
    let what = match kind {
        Kind::Registration => "players registered",
        Kind::LobbyWrite => "lobby changes",
    };
    let mut response = ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        ErrorCode::RateLimited,
        format!("too many {what} from your address; try again in {seconds} s"),
    )
    .into_response();
    response
        .headers_mut()
        .insert(RETRY_AFTER, HeaderValue::from(seconds));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn registering_and_other_writes_are_counted_apart_and_reads_not_at_all() {
        assert_eq!(
            kind(&Method::POST, "/api/players"),
            Some(Kind::Registration)
        );
        for (method, path) in [
            (Method::POST, "/api/army-lists"),
            (Method::PUT, "/api/army-lists/3"),
            (Method::DELETE, "/api/army-lists/3"),
            (Method::POST, "/api/matches"),
            (Method::POST, "/api/matches/7/join"),
            (Method::POST, "/api/matches/7/resign"),
        ] {
            assert_eq!(
                kind(&method, path),
                Some(Kind::LobbyWrite),
                "{method} {path}"
            );
        }
        for (method, path) in [
            (Method::GET, "/api/matches"),
            (Method::GET, "/api/army-lists"),
            (Method::POST, "/api/army-lists/check"),
            (Method::HEAD, "/api/systems"),
            (Method::GET, "/ws"),
            (Method::GET, "/healthz"),
        ] {
            assert_eq!(kind(&method, path), None, "{method} {path}");
        }
    }

    #[test]
    fn retry_after_is_whole_seconds_rounded_up() {
        let retry = |wait| too_many(Kind::LobbyWrite, wait).headers()[RETRY_AFTER].clone();
        assert_eq!(retry(Duration::from_millis(1)), "1");
        assert_eq!(retry(Duration::from_secs(6)), "6");
        assert_eq!(retry(Duration::from_millis(6_001)), "7");
        let response = too_many(Kind::Registration, Duration::from_secs(2));
        assert_eq!(response.status(), StatusCode::TOO_MANY_REQUESTS);
    }
}
