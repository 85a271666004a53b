//! Why the lobby refused to make, join or start a match. The HTTP layer
//! says each as a status and an error code (`http/error.rs`).

use fray_protocol::{MatchId, MatchStatus};
use fray_rules::SetupError;
use thiserror::Error;

use crate::db::DbError;
use crate::text::TextError;

#[derive(Debug, Error)]
pub enum LobbyError {
    #[error("no match {0}")]
    NoMatch(MatchId),
    /// The system, seats or options are not a match this server can play.
    #[error("{0}")]
    InvalidMatch(String),
    /// The rules refuse the army list for this match, for every one of
    /// these reasons.
    #[error("the army list is invalid: {}", .0.join("; "))]
    InvalidArmy(Vec<String>),
    #[error(transparent)]
    Text(#[from] TextError),
    #[error("match {id} is {status}: every seat is taken")]
    Full { id: MatchId, status: MatchStatus },
    #[error("you already hold a seat in match {0}")]
    AlreadySeated(MatchId),
    #[error(
        "match {id} is the rematch of match {of}: its seats are kept for that \
         match's players, who take them with POST /api/matches/{of}/rematch"
    )]
    KeptForRematch { id: MatchId, of: MatchId },
    /// Other joins took every seat looked at; the next look finds it full.
    #[error("the seats of match {0} were taken while you joined; try again")]
    SeatsTaken(MatchId),
    #[error("you held no seat in match {0}; only its players may ask for its rematch")]
    NotAPlayer(MatchId),
    #[error("match {id} is {status}: a rematch follows a finished match")]
    NotOver { id: MatchId, status: MatchStatus },
    /// Another player's request made the rematch at the same moment, twice.
    #[error("the rematch of match {0} was being made while you asked; try again")]
    RematchBusy(MatchId),
    /// The database lacks what it should hold.
    #[error("match {0} has no list for your seat")]
    NoPlayedList(MatchId),
    #[error(transparent)]
    Db(#[from] DbError),
}

impl From<SetupError> for LobbyError {
    fn from(error: SetupError) -> Self {
        match error {
            SetupError::InvalidArmy { reasons, .. } => LobbyError::InvalidArmy(reasons),
            other => LobbyError::InvalidMatch(other.to_string()),
        }
    }
}
