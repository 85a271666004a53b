//! The batch message, written by hand. A match sends one after every action,
//! and the copy for a seat that must act lists every option it has (some 66,
//! 7 KB, in a fantasy-armies middle game). That list is the largest single
//! cost of an action on the server, and serde's derived writer spends most
//! of it on bookkeeping; here each option is a run of appends
//! (docs/PERFORMANCE.md has the measurements).
//!
//! The text is byte for byte what `serde_json::to_string` writes for
//! `ServerMessage::Batch` (tested below, and over whole games in the
//! server's `batch_json` test): field order, escapes and all. Effects, few
//! per batch and of many shapes, still go through serde.

use crate::{ActionOption, Batch};

/// Room for one option's JSON: the largest seen is about 130 bytes.
const BYTES_PER_OPTION: usize = 144;

/// `ServerMessage::Batch(batch.clone())` as `serde_json::to_string` writes
/// it, without the clone.
pub fn batch_json(batch: &Batch) -> String {
    let mut out = Vec::with_capacity(256 + batch.options.len() * BYTES_PER_OPTION);
    out.extend_from_slice(br#"{"type":"batch","match_id":"#);
    push_int(&mut out, batch.match_id.0);
    out.extend_from_slice(br#","seq":"#);
    push_int(&mut out, batch.seq);
    out.extend_from_slice(br#","effects":"#);
    serde_json::to_writer(&mut out, &batch.effects).expect("effects always serialise");
    out.extend_from_slice(br#","to_act":["#);
    for (i, seat) in batch.to_act.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        push_int(&mut out, seat.0);
    }
    out.extend_from_slice(br#"],"options":["#);
    for (i, option) in batch.options.iter().enumerate() {
        if i > 0 {
            out.push(b',');
        }
        push_option(&mut out, option);
    }
    out.extend_from_slice(b"]}");
    String::from_utf8(out).expect("every piece written is UTF-8")
}

fn push_option(out: &mut Vec<u8>, option: &ActionOption) {
    let action = &option.action;
    out.extend_from_slice(br#"{"action":{"verb":"#);
    push_str(out, &action.verb);
    if let Some(piece) = action.piece {
        out.extend_from_slice(br#","piece":"#);
        push_int(out, piece.0);
    }
    if let Some(target) = action.target {
        out.extend_from_slice(br#","target":"#);
        push_int(out, target.0);
    }
    if let Some(to) = action.to {
        out.extend_from_slice(br#","to":"#);
        to.with_name(|name| push_str(out, name));
    }
    if let Some(choice) = &action.choice {
        out.extend_from_slice(br#","choice":"#);
        push_str(out, choice);
    }
    out.extend_from_slice(br#"},"notation":"#);
    push_str(out, &option.notation);
    out.extend_from_slice(br#","label":"#);
    push_str(out, &option.label);
    out.push(b'}');
}

fn push_int(out: &mut Vec<u8>, value: impl itoa::Integer) {
    out.extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
}

/// A JSON string. Rules text almost never needs an escape; when it does,
/// serde_json writes it, so the escapes are exactly its own.
fn push_str(out: &mut Vec<u8>, text: &str) {
    // A fold rather than `all`: without the early exit the check vectorises.
    let clean = text.bytes().fold(true, |clean, b| {
        clean & (b >= 0x20) & (b != b'"') & (b != b'\\')
    });
    if clean {
        out.push(b'"');
        out.extend_from_slice(text.as_bytes());
        out.push(b'"');
    } else {
        serde_json::to_writer(out, text).expect("a string always serialises");
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Action, Effect, MatchId, PieceId, Seat, ServerMessage, Square};

    fn by_serde(batch: &Batch) -> String {
        serde_json::to_string(&ServerMessage::Batch(batch.clone())).unwrap()
    }

    fn option(action: Action, notation: &str, label: &str) -> ActionOption {
        ActionOption {
            action,
            notation: notation.into(),
            label: label.into(),
        }
    }

    #[test]
    fn every_field_and_every_escape_is_written_as_serde_writes_it() {
        let batch = Batch {
            match_id: MatchId(i64::MIN),
            seq: 0,
            effects: vec![Effect::Narration {
                text: "a \"quoted\" line".into(),
            }],
            to_act: vec![Seat(0), Seat(255)],
            options: vec![
                option(Action::new("pass"), "-", "Pass"),
                option(
                    Action::new("cast")
                        .piece(PieceId(7))
                        .target(PieceId(u32::MAX))
                        .to(Square::new(25, 254))
                        .choice("Zap!"),
                    "Wz7>e4",
                    "Wizard casts Zap! at the Troll",
                ),
                // A square beyond z has no letter: it is written in words.
                option(Action::new("move").to(Square::new(30, 1)), "", ""),
                option(
                    Action::new("say \\ \"hi\"").choice("tab\there\nline\u{1}\u{1f}\u{7f}"),
                    "é ✓ 𝄞",
                    "back\\slash \"quote\" \u{8}\u{c}\r",
                ),
            ],
        };
        assert_eq!(batch_json(&batch), by_serde(&batch));

        let empty = Batch {
            match_id: MatchId(1),
            seq: 2,
            effects: Vec::new(),
            to_act: Vec::new(),
            options: Vec::new(),
        };
        assert_eq!(batch_json(&empty), by_serde(&empty));
    }
}
