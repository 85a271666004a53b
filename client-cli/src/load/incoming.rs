//! The bots' light reading of server messages: only what a bot acts on,
//! borrowed from the frame. Views, effects (but whether the game ended),
//! notations and labels are skipped unread; each option's action stays the
//! raw JSON the server sent, to be sent back unchanged in `act`.
//!
//! A full [`fray_protocol::ServerMessage`] decode of a fantasy-armies batch
//! with its options costs about 100 µs; on the machine the server shares,
//! that cost would cap the load the tool can drive.

use std::fmt::{self, Write as _};

use fray_protocol::{ErrorCode, MatchId, MatchStatus, Seat};
use serde::Deserialize;
use serde::de::{Deserializer, SeqAccess, Visitor};
use serde_json::value::RawValue;

/// A server message's `type`. Unknown types are refused, as the full decode
/// refuses them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Welcome,
    Snapshot,
    Batch,
    Ack,
    Error,
    SeatAway,
    SeatBack,
    Pong,
}

/// The fields of any server message a bot or a spectator reads; the rest
/// is skipped.
#[derive(Debug, Deserialize)]
pub struct Incoming<'a> {
    #[serde(rename = "type")]
    pub kind: Kind,
    pub match_id: Option<MatchId>,
    pub seq: Option<u64>,
    /// An ack's or an error's `id`.
    pub id: Option<u64>,
    /// A snapshot's seat (none for a spectator).
    pub seat: Option<Seat>,
    pub status: Option<MatchStatus>,
    #[serde(default)]
    pub to_act: Vec<Seat>,
    #[serde(default, borrow)]
    pub options: Vec<RawOption<'a>>,
    /// Whether a batch's effects end the game.
    #[serde(default, rename = "effects")]
    pub game_ended: GameEnded,
    pub code: Option<ErrorCode>,
    pub message: Option<String>,
}

/// One listed option: its action as sent, the notation and label skipped.
#[derive(Debug, Deserialize)]
pub struct RawOption<'a> {
    #[serde(borrow)]
    pub action: &'a RawValue,
}

impl<'a> Incoming<'a> {
    /// Reads a text frame.
    pub fn read(text: &'a str) -> serde_json::Result<Incoming<'a>> {
        serde_json::from_str(text)
    }
}

/// Whether a list of effects holds `game_ended`; each effect's other fields
/// are skipped.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct GameEnded(pub bool);

#[derive(Deserialize)]
#[serde(rename_all = "snake_case")]
enum EffectType {
    GameEnded,
    #[serde(other)]
    Other,
}

#[derive(Deserialize)]
struct EffectTag {
    #[serde(rename = "type")]
    kind: EffectType,
}

impl<'de> Deserialize<'de> for GameEnded {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Effects;
        impl<'de> Visitor<'de> for Effects {
            type Value = GameEnded;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a list of effects")
            }

            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<GameEnded, A::Error> {
                let mut ended = false;
                while let Some(effect) = seq.next_element::<EffectTag>()? {
                    ended |= matches!(effect.kind, EffectType::GameEnded);
                }
                Ok(GameEnded(ended))
            }
        }
        deserializer.deserialize_seq(Effects)
    }
}

/// The `act` message for `action`, the raw JSON of a listed option, spliced
/// in unchanged: what encoding `ClientMessage::Act` would give.
pub fn act_text(match_id: MatchId, id: u64, action: &str) -> String {
    let mut text = String::with_capacity(64 + action.len());
    let _ = write!(
        text,
        "{{\"type\":\"act\",\"match_id\":{},\"id\":{id},\"action\":{action}}}",
        match_id.0
    );
    text
}

#[cfg(test)]
mod tests {
    use fray_protocol::{
        Action, ActionOption, Batch, ClientMessage, Effect, Outcome, PieceId, ServerMessage, Square,
    };

    use super::*;

    fn option(to: Square, label: &str) -> ActionOption {
        ActionOption {
            action: Action::new("move").piece(PieceId(3)).to(to),
            notation: format!("Q-{to}"),
            // Escapes in a skipped string are skipped too.
            label: format!("{label} \"quoted\" \u{e9}"),
        }
    }

    fn batch(effects: Vec<Effect>, options: Vec<ActionOption>) -> String {
        serde_json::to_string(&ServerMessage::Batch(Batch {
            match_id: MatchId(12),
            seq: 9,
            effects,
            to_act: vec![Seat(1)],
            options,
        }))
        .unwrap()
    }

    #[test]
    fn a_batch_reads_its_seq_seats_and_raw_actions() {
        let options = vec![
            option(Square::new(0, 1), "first"),
            option(Square::new(4, 3), "second"),
        ];
        let text = batch(
            vec![Effect::PieceMoved {
                piece: PieceId(3),
                from: None,
                to: Square::new(0, 1),
            }],
            options.clone(),
        );
        let message = Incoming::read(&text).unwrap();
        assert_eq!(message.kind, Kind::Batch);
        assert_eq!(message.match_id, Some(MatchId(12)));
        assert_eq!(message.seq, Some(9));
        assert_eq!(message.to_act, vec![Seat(1)]);
        assert_eq!(message.game_ended, GameEnded(false));
        let actions: Vec<Action> = message
            .options
            .iter()
            .map(|option| serde_json::from_str(option.action.get()).unwrap())
            .collect();
        assert_eq!(
            actions,
            options.into_iter().map(|o| o.action).collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_game_ended_effect_is_seen() {
        let text = batch(
            vec![
                Effect::PieceRemoved {
                    piece: PieceId(4),
                    reason: "captured".into(),
                },
                Effect::GameEnded {
                    outcome: Outcome::win(Seat(0), "checkmate"),
                },
            ],
            Vec::new(),
        );
        let message = Incoming::read(&text).unwrap();
        assert_eq!(message.game_ended, GameEnded(true));
        assert!(message.options.is_empty());
    }

    #[test]
    fn acks_and_errors_read() {
        let ack = serde_json::to_string(&ServerMessage::Ack {
            match_id: MatchId(5),
            id: 77,
            seq: 3,
        })
        .unwrap();
        let message = Incoming::read(&ack).unwrap();
        assert_eq!(
            (message.kind, message.match_id, message.id, message.seq),
            (Kind::Ack, Some(MatchId(5)), Some(77), Some(3))
        );
        let error = serde_json::to_string(&ServerMessage::Error {
            match_id: None,
            id: Some(4),
            code: ErrorCode::NotYourTurn,
            message: "not \"now\"".into(),
        })
        .unwrap();
        let message = Incoming::read(&error).unwrap();
        assert_eq!(message.kind, Kind::Error);
        assert_eq!(message.code, Some(ErrorCode::NotYourTurn));
        assert_eq!(message.message.as_deref(), Some("not \"now\""));
        assert!(Incoming::read(r#"{"type":"no_such_message"}"#).is_err());
    }

    #[test]
    fn the_spliced_act_is_what_encoding_gives() {
        let action = Action::new("cast")
            .piece(PieceId(8))
            .to(Square::new(2, 5))
            .choice("fire \"ball\"");
        let raw = serde_json::to_string(&action).unwrap();
        let spliced = act_text(MatchId(-3), 41, &raw);
        let encoded = serde_json::to_string(&ClientMessage::Act {
            match_id: MatchId(-3),
            id: 41,
            action: action.clone(),
        })
        .unwrap();
        assert_eq!(spliced, encoded);
        assert_eq!(
            serde_json::from_str::<ClientMessage>(&spliced).unwrap(),
            ClientMessage::Act {
                match_id: MatchId(-3),
                id: 41,
                action,
            }
        );
    }
}
