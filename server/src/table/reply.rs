//! How a match's commands are answered: one way, whoever asked. A command
//! carries its [`Reply`]; the match answers through it, whether the asker
//! is a websocket (through its outbox) or a REST handler (through a
//! oneshot it awaits).

use fray_protocol::{ErrorCode, MatchId, ServerMessage};
use tokio::sync::oneshot;

use super::TableError;
use crate::metrics::{Metrics, Via};
use crate::outbox::{Delivery, Outbox};

/// Why a command was not carried out, in the protocol's words: its code and
/// a message for a person. It names no seat; the client's view does.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
}

impl Refusal {
    pub fn new(code: ErrorCode, message: impl Into<String>) -> Refusal {
        Refusal {
            code,
            message: message.into(),
        }
    }

    /// The match's actor has stopped (to be rebuilt from its log) between
    /// the asking and the answer.
    pub fn restarting() -> Refusal {
        Refusal::new(
            ErrorCode::Unavailable,
            "the match is restarting; subscribe again and try again",
        )
    }
}

/// The one mapping of a table's failures to what the asker is told, for
/// websocket and REST alike. A failure of the server's own is logged here
/// and told only as such: its details are the operator's.
impl From<TableError> for Refusal {
    fn from(error: TableError) -> Refusal {
        let code = match &error {
            TableError::NotFound(_) => ErrorCode::NotFound,
            TableError::NotStarted(_) => ErrorCode::MatchNotRunning,
            TableError::Stopping => ErrorCode::Unavailable,
            TableError::Rebuild { .. } | TableError::Db(_) => {
                tracing::error!(%error, "request failed");
                return Refusal::new(
                    ErrorCode::Internal,
                    "the server failed to answer; it has been logged",
                );
            }
        };
        Refusal::new(code, error.to_string())
    }
}

/// Where a command's answer goes.
pub enum Reply {
    /// Over a websocket: queued on the connection's outbox, naming the match
    /// and the client's id for the message (when the message has one).
    Socket {
        outbox: Outbox,
        match_id: MatchId,
        id: Option<u64>,
    },
    /// Over REST: to the handler awaiting it.
    Rest(oneshot::Sender<Result<(), Refusal>>),
    /// A house bot's: no one awaits the answer. The bot chose from its
    /// seat's options, so a refusal is the server's fault, and logged.
    HouseBot,
}

impl Reply {
    /// A REST reply, and the answer its handler awaits.
    pub fn rest() -> (Reply, oneshot::Receiver<Result<(), Refusal>>) {
        let (reply, answer) = oneshot::channel();
        (Reply::Rest(reply), answer)
    }

    /// The command was carried out as event `seq` (in the asker's
    /// numbering): a websocket client is told which event its message made.
    pub fn ack(self, seq: u64) {
        match self {
            Reply::Socket {
                outbox,
                match_id,
                id: Some(id),
            } => {
                outbox.send(&ServerMessage::Ack { match_id, id, seq });
            }
            other => other.done(),
        }
    }

    /// The command was carried out; over a websocket, what it changed is
    /// the answer (a batch, a line of chat, a draw offer told to all).
    pub fn done(self) {
        if let Reply::Rest(reply) = self {
            let _ = reply.send(Ok(()));
        }
    }

    /// The command was refused. Over a websocket the refusal is counted
    /// here ([`tell_refusal`]); over REST the handler's answer is counted
    /// as every REST error is.
    pub fn refuse(self, refusal: Refusal, metrics: &Metrics) {
        match self {
            Reply::Socket {
                outbox,
                match_id,
                id,
            } => tell_refusal(&outbox, metrics, Some(match_id), id, refusal, 1),
            Reply::Rest(reply) => {
                let _ = reply.send(Err(refusal));
            }
            Reply::HouseBot => {
                tracing::error!(code = ?refusal.code, message = %refusal.message, "a house bot's command was refused");
            }
        }
    }
}

/// Tells a websocket client of `count` messages refused with one error,
/// counting them. Such answers never fill the outbox: with it half full
/// they are left out, and a client that is not reading is dropped by the
/// frames that must go.
pub fn tell_refusal(
    outbox: &Outbox,
    metrics: &Metrics,
    match_id: Option<MatchId>,
    id: Option<u64>,
    Refusal { code, message }: Refusal,
    count: u64,
) {
    metrics.refused(code, Via::Websocket, count);
    let error = ServerMessage::Error {
        match_id,
        id,
        code,
        message,
        count: (count > 1).then_some(count),
    };
    if outbox.send_spare(&error) == Delivery::Skipped {
        metrics.refusals_skipped.inc();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::db::DbError;
    use crate::outbox::outbox;

    fn socket(id: Option<u64>) -> (Reply, crate::outbox::Inbox) {
        let (outbox, inbox) = outbox(8, 1 << 16);
        let reply = Reply::Socket {
            outbox,
            match_id: MatchId(7),
            id,
        };
        (reply, inbox)
    }

    fn told(inbox: &crate::outbox::Inbox) -> Option<serde_json::Value> {
        inbox
            .try_recv()
            .map(|frame| serde_json::from_str(frame.as_str()).unwrap())
    }

    #[test]
    fn a_socket_is_acknowledged_with_its_id_and_told_nothing_when_done() {
        let (reply, inbox) = socket(Some(3));
        reply.ack(12);
        assert_eq!(
            told(&inbox),
            Some(serde_json::json!({"type": "ack", "match_id": 7, "id": 3, "seq": 12}))
        );

        let (reply, inbox) = socket(None);
        reply.done();
        assert_eq!(told(&inbox), None, "what the command changed is the answer");
    }

    #[test]
    fn a_socket_is_told_a_refusal_naming_the_match_and_its_id() {
        let (reply, inbox) = socket(Some(5));
        reply.refuse(
            Refusal::new(ErrorCode::GameOver, "the match is over"),
            &Metrics::default(),
        );
        let error = told(&inbox).unwrap();
        assert_eq!(error["type"], "error");
        assert_eq!(error["code"], "game_over");
        assert_eq!((&error["match_id"], &error["id"]), (&7.into(), &5.into()));
    }

    #[tokio::test]
    async fn a_rest_handler_is_answered_through_its_oneshot() {
        let (reply, answer) = Reply::rest();
        reply.ack(4);
        assert_eq!(answer.await.unwrap(), Ok(()));

        let (reply, answer) = Reply::rest();
        let refusal = Refusal::new(ErrorCode::GameOver, "over");
        reply.refuse(refusal.clone(), &Metrics::default());
        assert_eq!(answer.await.unwrap(), Err(refusal));
    }

    #[test]
    fn a_table_error_is_told_by_its_code_and_a_server_fault_without_its_details() {
        let missing = Refusal::from(TableError::NotFound(MatchId(9)));
        assert_eq!(missing.code, ErrorCode::NotFound);
        assert!(missing.message.contains('9'), "{}", missing.message);
        let waiting = Refusal::from(TableError::NotStarted(MatchId(9)));
        assert_eq!(waiting.code, ErrorCode::MatchNotRunning);
        assert_eq!(
            Refusal::from(TableError::Stopping).code,
            ErrorCode::Unavailable
        );

        let fault = TableError::Db(DbError::Query(sqlx::Error::Protocol(
            "secret detail".into(),
        )));
        let told = Refusal::from(fault);
        assert_eq!(told.code, ErrorCode::Internal);
        assert!(!told.message.contains("secret"), "{}", told.message);
    }
}
