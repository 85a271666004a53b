//! The lobby requests the load tool makes, over one shared HTTP agent
//! (blocking: call them from `spawn_blocking`).

use std::fmt;
use std::time::Duration;

use fray_protocol::{
    ArmyList, ArmyListId, ErrorBody, ErrorCode, JoinMatch, MatchConfig, MatchId, MatchSummary,
    NewMatch, NewPlayer, PlayerCreated, Replay, StoredArmyList,
};
use serde::Serialize;
use serde::de::DeserializeOwned;
use ureq::Agent;

/// How long one request may take.
const TIMEOUT: Duration = Duration::from_secs(30);

/// The server's lobby, as one agent that keeps its connections.
#[derive(Clone)]
pub struct Rest {
    base: String,
    agent: Agent,
}

/// Why a request failed.
#[derive(Debug, Clone)]
pub enum RestError {
    /// Nothing answered, or the connection broke: worth retrying.
    Transport(String),
    /// The server answered with an error.
    Refused {
        status: u16,
        code: Option<ErrorCode>,
        message: String,
    },
    /// An answer that is not what was asked for.
    BadReply(String),
}

impl RestError {
    /// Whether trying again later may help: the server is away, restarting
    /// or overloaded.
    pub fn is_transient(&self) -> bool {
        match self {
            RestError::Transport(_) => true,
            RestError::Refused { status, code, .. } => {
                *status >= 500 || *code == Some(ErrorCode::Unavailable)
            }
            RestError::BadReply(_) => false,
        }
    }

    pub fn code(&self) -> Option<ErrorCode> {
        match self {
            RestError::Refused { code, .. } => *code,
            _ => None,
        }
    }

    /// A short key for the error counts.
    pub fn key(&self) -> String {
        match self {
            RestError::Transport(_) => "rest_unreachable".into(),
            RestError::Refused {
                code: Some(code), ..
            } => format!("rest_{code}"),
            RestError::Refused { status, .. } => format!("rest_http_{status}"),
            RestError::BadReply(_) => "rest_bad_reply".into(),
        }
    }
}

impl fmt::Display for RestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RestError::Transport(reason) => write!(f, "the server cannot be reached: {reason}"),
            RestError::Refused {
                status, message, ..
            } => write!(f, "refused ({status}): {message}"),
            RestError::BadReply(reason) => write!(f, "an unexpected reply: {reason}"),
        }
    }
}

impl Rest {
    pub fn new(base: &str, connections: usize) -> Rest {
        let agent = Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(TIMEOUT))
            .max_idle_connections(connections.max(4))
            .max_idle_connections_per_host(connections.max(4))
            .build()
            .into();
        Rest {
            base: base.to_string(),
            agent,
        }
    }

    pub fn register(&self, name: &str) -> Result<PlayerCreated, RestError> {
        let body = NewPlayer { name: name.into() };
        self.post("/api/players", None, &body)
    }

    pub fn create_army_list(&self, token: &str, list: &ArmyList) -> Result<ArmyListId, RestError> {
        self.post::<_, StoredArmyList>("/api/army-lists", Some(token), list)
            .map(|stored| stored.id)
    }

    pub fn create_match(
        &self,
        token: &str,
        config: &MatchConfig,
        army_list: ArmyListId,
    ) -> Result<MatchSummary, RestError> {
        let body = NewMatch {
            config: config.clone(),
            army_list,
            seats: None,
        };
        self.post("/api/matches", Some(token), &body)
    }

    pub fn join(
        &self,
        token: &str,
        id: MatchId,
        army_list: ArmyListId,
    ) -> Result<MatchSummary, RestError> {
        let body = JoinMatch { army_list };
        self.post(&format!("/api/matches/{id}/join"), Some(token), &body)
    }

    pub fn replay(&self, id: MatchId) -> Result<Replay, RestError> {
        self.get(&format!("/api/matches/{id}/replay"))
    }

    fn get<T: DeserializeOwned>(&self, path: &str) -> Result<T, RestError> {
        let url = format!("{}{path}", self.base);
        let response = self.agent.get(&url).call();
        answer(response)
    }

    fn post<B: Serialize, T: DeserializeOwned>(
        &self,
        path: &str,
        token: Option<&str>,
        body: &B,
    ) -> Result<T, RestError> {
        let url = format!("{}{path}", self.base);
        let mut request = self.agent.post(&url);
        if let Some(token) = token {
            request = request.header("Authorization", &format!("Bearer {token}"));
        }
        answer(request.send_json(body))
    }
}

fn answer<T: DeserializeOwned>(
    response: Result<ureq::http::Response<ureq::Body>, ureq::Error>,
) -> Result<T, RestError> {
    let mut response = response.map_err(|error| RestError::Transport(error.to_string()))?;
    let status = response.status().as_u16();
    let text = response
        .body_mut()
        .with_config()
        .limit(256 * 1024 * 1024)
        .read_to_string()
        .map_err(|error| RestError::Transport(error.to_string()))?;
    if !(200..300).contains(&status) {
        return Err(match serde_json::from_str::<ErrorBody>(&text) {
            Ok(ErrorBody { error }) => RestError::Refused {
                status,
                code: Some(error.code),
                message: error.message,
            },
            Err(_) => RestError::Refused {
                status,
                code: None,
                message: text.chars().take(200).collect(),
            },
        });
    }
    serde_json::from_str(&text).map_err(|error| RestError::BadReply(error.to_string()))
}
