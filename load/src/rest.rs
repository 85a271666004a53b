//! The lobby requests the load tool makes: the client's own [`Server`] with a
//! connection pool sized for the run, acting for a different player on each
//! request. Blocking: call them from `spawn_blocking`.

use fray_protocol::{
    ArmyList, ArmyListId, BotArmy, BotLevel, MatchConfig, MatchId, MatchSummary, NewBot, NewMatch,
    PlayerCreated, Replay, Seat, SystemInfo,
};

use fray_cli::api::{ApiError, Server};

/// The server's lobby, as one pool of connections.
#[derive(Clone)]
pub struct Rest {
    server: Server,
}

impl Rest {
    pub fn new(base: &str, connections: usize) -> Result<Rest, ApiError> {
        Ok(Rest {
            server: Server::new(base)?.pooled(connections),
        })
    }

    /// The systems the server plays, with their example armies.
    pub fn systems(&self) -> Result<Vec<SystemInfo>, ApiError> {
        self.server.systems()
    }

    pub fn register(&self, name: &str) -> Result<PlayerCreated, ApiError> {
        self.server.register(name)
    }

    pub fn create_army_list(&self, token: &str, list: &ArmyList) -> Result<ArmyListId, ApiError> {
        self.as_player(token)
            .create_army_list(list)
            .map(|stored| stored.id)
    }

    /// A match of `config` with the player in seat 0; with a house bot of
    /// `against`'s level in seat 1, if given, which starts it at once.
    pub fn create_match(
        &self,
        token: &str,
        config: &MatchConfig,
        army_list: ArmyListId,
        against: Option<BotLevel>,
    ) -> Result<MatchSummary, ApiError> {
        let bots = against.map(|level| NewBot {
            seat: Seat(1),
            level,
            army: BotArmy::default(),
        });
        self.as_player(token).create_match(&NewMatch {
            config: config.clone(),
            army_list,
            seats: None,
            seat: None,
            bots: bots.into_iter().collect(),
        })
    }

    pub fn join(
        &self,
        token: &str,
        id: MatchId,
        army_list: ArmyListId,
    ) -> Result<MatchSummary, ApiError> {
        self.as_player(token).join_match(id, army_list)
    }

    pub fn replay(&self, id: MatchId) -> Result<Replay, ApiError> {
        self.server.replay(id)
    }

    fn as_player(&self, token: &str) -> Server {
        self.server.clone().with_token(Some(token.to_string()))
    }
}

/// A short key for the error counts.
pub fn error_key(error: &ApiError) -> String {
    match (error, error.code()) {
        (_, Some(code)) => format!("rest_{code}"),
        (ApiError::Refused { status, .. }, None) => format!("rest_http_{status}"),
        (ApiError::Unreachable { .. }, None) => "rest_unreachable".into(),
        (ApiError::BadUrl { .. } | ApiError::BadReply { .. }, None) => "rest_bad_reply".into(),
    }
}
