//! The bots' light reading of server messages: only what a bot acts on,
//! borrowed from the frame. Views, effects (but whether the game ended),
//! notations and labels are skimmed over unread (`scan.rs`); each option's
//! action stays the raw JSON the server sent, to be sent back unchanged in
//! `act`.
//!
//! A full [`fray_protocol::ServerMessage`] decode of a fantasy-armies batch
//! with its options costs about 100 µs; on the machine the server shares,
//! that cost would cap the load the tool can drive.

use std::fmt::{self, Write as _};

use fray_protocol::{ErrorCode, MatchId, MatchStatus, Seat};
use serde::Deserialize;
use serde::de::{Deserializer, SeqAccess, Visitor};

use super::scan::{self, Scanner};

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
#[derive(Debug)]
pub struct Incoming<'a> {
    pub kind: Kind,
    pub match_id: Option<MatchId>,
    pub seq: Option<u64>,
    /// An ack's or an error's `id`.
    pub id: Option<u64>,
    /// A snapshot's seat (none for a spectator).
    pub seat: Option<Seat>,
    pub status: Option<MatchStatus>,
    pub to_act: Vec<Seat>,
    pub options: Vec<RawOption<'a>>,
    /// Whether a batch's effects end the game.
    pub game_ended: GameEnded,
    pub code: Option<ErrorCode>,
    pub message: Option<String>,
}

/// One listed option: its action as sent, the notation and label skipped.
#[derive(Debug)]
pub struct RawOption<'a> {
    /// The action's JSON text, exactly as the server wrote it.
    pub action: &'a str,
}

impl<'a> Incoming<'a> {
    /// Reads a text frame: the fields above with serde, everything else
    /// skimmed over. Keys are matched as the server writes them (no
    /// escapes); a key written otherwise is skipped like an unknown one.
    pub fn read(text: &'a str) -> Result<Incoming<'a>, scan::Error> {
        let mut kind = None;
        let mut message = Incoming {
            kind: Kind::Pong,
            match_id: None,
            seq: None,
            id: None,
            seat: None,
            status: None,
            to_act: Vec::new(),
            options: Vec::new(),
            game_ended: GameEnded(false),
            code: None,
            message: None,
        };
        let mut scanner = Scanner::new(text);
        scanner.object(|key, scanner| {
            match key {
                r#""type""# => kind = Some(field(scanner)?),
                r#""match_id""# => message.match_id = field(scanner)?,
                r#""seq""# => message.seq = field(scanner)?,
                r#""id""# => message.id = field(scanner)?,
                r#""seat""# => message.seat = field(scanner)?,
                r#""status""# => message.status = field(scanner)?,
                r#""to_act""# => message.to_act = field(scanner)?,
                r#""effects""# => message.game_ended = field(scanner)?,
                r#""code""# => message.code = field(scanner)?,
                r#""message""# => message.message = field(scanner)?,
                r#""options""# => scanner.array(|scanner| {
                    let mut action = None;
                    scanner.object(|key, scanner| {
                        let value = scanner.value()?;
                        if key == r#""action""# {
                            action = Some(value);
                        }
                        Ok(())
                    })?;
                    let action = action.ok_or_else(|| missing("an option's action"))?;
                    message.options.push(RawOption { action });
                    Ok(())
                })?,
                _ => {
                    scanner.value()?;
                }
            }
            Ok(())
        })?;
        scanner.finish()?;
        message.kind = kind.ok_or_else(|| missing("the message's type"))?;
        Ok(message)
    }
}

fn field<'a, T: Deserialize<'a>>(scanner: &mut Scanner<'a>) -> Result<T, scan::Error> {
    serde_json::from_str(scanner.value()?)
}

fn missing(what: &str) -> scan::Error {
    serde::de::Error::custom(format!("{what} is missing"))
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
        Action, ActionOption, Batch, ClientMessage, Effect, Outcome, PieceId, ServerMessage,
        Snapshot, Square, View,
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
            .map(|option| serde_json::from_str(option.action).unwrap())
            .collect();
        assert_eq!(
            actions,
            options.into_iter().map(|o| o.action).collect::<Vec<_>>()
        );
    }

    #[test]
    fn a_snapshot_reads_past_its_view_whatever_the_field_order() {
        let snapshot = ServerMessage::Snapshot(Snapshot {
            match_id: MatchId(4),
            seq: 17,
            status: MatchStatus::Running,
            seat: Some(Seat(1)),
            view: View {
                system: "a \"quoted\" {system} [x]".into(),
                width: 8,
                height: 8,
                ..View::default()
            },
            to_act: vec![Seat(1)],
            options: vec![option(Square::new(2, 2), "only")],
            commitment: "ab".repeat(32),
        });
        let text = serde_json::to_string(&snapshot).unwrap();
        let message = Incoming::read(&text).unwrap();
        assert_eq!(message.kind, Kind::Snapshot);
        assert_eq!(
            (message.match_id, message.seq, message.seat, message.status),
            (
                Some(MatchId(4)),
                Some(17),
                Some(Seat(1)),
                Some(MatchStatus::Running)
            )
        );
        assert_eq!(message.options.len(), 1);

        // The same fields in another order, spaced out, with a field no
        // version of the server sends.
        let text = r#" { "options" : [ { "label" : "x", "action" : {"verb":"pass"} } ] ,
            "new_field": {"a": [1, "]"]}, "seq": 3, "type": "batch" } "#;
        let message = Incoming::read(text).unwrap();
        assert_eq!((message.kind, message.seq), (Kind::Batch, Some(3)));
        assert_eq!(message.options[0].action, r#"{"verb":"pass"}"#);

        assert!(
            Incoming::read(r#"{"seq":3}"#).is_err(),
            "a message needs its type"
        );
        assert!(Incoming::read(r#"{"type":"batch","options":[{"label":"x"}]}"#).is_err());
        assert!(Incoming::read(r#"{"type":"batch","seq":"three"}"#).is_err());
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
            count: None,
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
