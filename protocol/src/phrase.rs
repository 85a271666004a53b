//! Words for people that may name a seat: an outcome's reason, a narration,
//! a roll's purpose and result. A seat is kept as a reference, not as
//! "seat 1", so that each client says it its own way (the player's name,
//! "you"); the rules never know who sits where.
//!
//! In JSON a phrase is an array of parts, each either a string (literal
//! text) or `{"seat": N}` (that seat, named as the client names it):
//! `[{"seat": 1}, "'s Clan Lord was removed"]`. A client shows it by joining
//! the parts in order.

use std::borrow::Cow;
use std::fmt;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::Seat;

/// Text that may name seats; see the module's documentation.
///
/// Kept in one form: no empty text, no two texts side by side, so two
/// phrases that read alike with every seat named alike are equal.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Phrase {
    parts: Vec<PhrasePart>,
}

/// One part of a [`Phrase`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum PhrasePart {
    /// Literal words.
    Text(String),
    /// A seat, for the reader to name.
    Seat(Seat),
}

impl Phrase {
    /// An empty phrase, to build on with [`Phrase::text`] and [`Phrase::seat`].
    pub fn new() -> Self {
        Phrase::default()
    }

    /// This phrase followed by literal `text`.
    pub fn text(mut self, text: impl AsRef<str>) -> Self {
        self.push_text(text.as_ref());
        self
    }

    /// This phrase followed by a reference to `seat`.
    pub fn seat(mut self, seat: Seat) -> Self {
        self.parts.push(PhrasePart::Seat(seat));
        self
    }

    pub fn push_text(&mut self, text: &str) {
        if text.is_empty() {
            return;
        }
        match self.parts.last_mut() {
            Some(PhrasePart::Text(last)) => last.push_str(text),
            _ => self.parts.push(PhrasePart::Text(text.to_string())),
        }
    }

    pub fn parts(&self) -> &[PhrasePart] {
        &self.parts
    }

    pub fn is_empty(&self) -> bool {
        self.parts.is_empty()
    }

    /// The seats the phrase names, in order, repeats included.
    pub fn seats(&self) -> impl Iterator<Item = Seat> + '_ {
        self.parts.iter().filter_map(|part| match part {
            PhrasePart::Seat(seat) => Some(*seat),
            PhrasePart::Text(_) => None,
        })
    }

    /// The phrase in words, each seat as `name` calls it: for a client,
    /// the player's name. The literal text is as the server sent it; a
    /// client escapes the result (and so what `name` gives) before
    /// printing it.
    pub fn render<N: AsRef<str>>(&self, mut name: impl FnMut(Seat) -> N) -> String {
        let mut out = String::new();
        for part in &self.parts {
            match part {
                PhrasePart::Text(text) => out.push_str(text),
                PhrasePart::Seat(seat) => out.push_str(name(*seat).as_ref()),
            }
        }
        out
    }

    /// Reads the text of the first protocol versions, where a seat was
    /// written out as "seat N" (`Seat`'s `Display`): each "seat N" becomes
    /// a reference to seat N. Those texts were made only by the rules and
    /// the server, which wrote "seat" and a number for nothing else.
    pub fn from_spelled_out(text: &str) -> Self {
        const WORD: &str = "seat ";
        let mut phrase = Phrase::new();
        let mut rest = text;
        while let Some(at) = rest.find(WORD) {
            let starts_word = rest[..at]
                .chars()
                .next_back()
                .is_none_or(|c| !c.is_alphanumeric());
            let after = &rest[at + WORD.len()..];
            let digits = after.len() - after.trim_start_matches(|c: char| c.is_ascii_digit()).len();
            let number = after[..digits].parse::<u8>().ok();
            let ends_word = after[digits..]
                .chars()
                .next()
                .is_none_or(|c| !c.is_alphanumeric());
            match number {
                Some(number) if starts_word && ends_word => {
                    phrase.push_text(&rest[..at]);
                    phrase.parts.push(PhrasePart::Seat(Seat(number)));
                    rest = &after[digits..];
                }
                _ => {
                    phrase.push_text(&rest[..at + WORD.len()]);
                    rest = after;
                }
            }
        }
        phrase.push_text(rest);
        phrase
    }
}

/// The plain rendering, for server logs, tools and tests: each seat as
/// `Seat`'s `Display` writes it ("seat 0", counted from 0 as the protocol
/// counts).
impl fmt::Display for Phrase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for part in &self.parts {
            match part {
                PhrasePart::Text(text) => f.write_str(text)?,
                PhrasePart::Seat(seat) => write!(f, "{seat}")?,
            }
        }
        Ok(())
    }
}

/// True when the phrase reads as `text` in its plain rendering.
impl PartialEq<str> for Phrase {
    fn eq(&self, text: &str) -> bool {
        let mut rest = text;
        for part in &self.parts {
            let read: Cow<'_, str> = match part {
                PhrasePart::Text(text) => Cow::Borrowed(text),
                PhrasePart::Seat(seat) => Cow::Owned(seat.to_string()),
            };
            match rest.strip_prefix(read.as_ref()) {
                Some(after) => rest = after,
                None => return false,
            }
        }
        rest.is_empty()
    }
}

impl PartialEq<&str> for Phrase {
    fn eq(&self, text: &&str) -> bool {
        self == *text
    }
}

impl From<&str> for Phrase {
    fn from(text: &str) -> Self {
        Phrase::new().text(text)
    }
}

impl From<String> for Phrase {
    fn from(text: String) -> Self {
        if text.is_empty() {
            return Phrase::new();
        }
        Phrase {
            parts: vec![PhrasePart::Text(text)],
        }
    }
}

impl From<Seat> for Phrase {
    fn from(seat: Seat) -> Self {
        Phrase::new().seat(seat)
    }
}

/// A part as JSON: a string, or an object naming a seat.
#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum PartJson<'a> {
    Text(Cow<'a, str>),
    Seat { seat: Seat },
}

/// What a phrase is read from: the array of parts, or (in events stored
/// before phrases) one string with its seats written out.
#[derive(Deserialize)]
#[serde(untagged)]
enum PhraseJson<'a> {
    Parts(Vec<PartJson<'a>>),
    SpelledOut(Cow<'a, str>),
}

impl Serialize for Phrase {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.parts.iter().map(|part| match part {
            PhrasePart::Text(text) => PartJson::Text(Cow::Borrowed(text)),
            PhrasePart::Seat(seat) => PartJson::Seat { seat: *seat },
        }))
    }
}

impl<'de> Deserialize<'de> for Phrase {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Ok(match PhraseJson::deserialize(deserializer)? {
            PhraseJson::Parts(parts) => {
                let mut phrase = Phrase::new();
                for part in parts {
                    match part {
                        PartJson::Text(text) => phrase.push_text(&text),
                        PartJson::Seat { seat } => phrase = phrase.seat(seat),
                    }
                }
                phrase
            }
            PhraseJson::SpelledOut(text) => Phrase::from_spelled_out(&text),
        })
    }
}

/// The schema says what a server sends: always the array. (A lone string is
/// read too, for events stored before phrases, but never sent.)
impl JsonSchema for Phrase {
    fn schema_name() -> Cow<'static, str> {
        "Phrase".into()
    }

    fn schema_id() -> Cow<'static, str> {
        concat!(module_path!(), "::Phrase").into()
    }

    fn json_schema(generator: &mut SchemaGenerator) -> Schema {
        let seat = generator.subschema_for::<Seat>();
        json_schema!({
            "description": "Words that may name seats: the parts in order, each a string (literal text) or {\"seat\": N} (that seat, which the client names, say by its player's name). A client shows it by joining the parts.",
            "type": "array",
            "items": {
                "anyOf": [
                    {"type": "string"},
                    {
                        "type": "object",
                        "properties": {"seat": seat},
                        "required": ["seat"],
                        "additionalProperties": false
                    }
                ]
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clan_lord() -> Phrase {
        Phrase::new().seat(Seat(1)).text("'s Clan Lord was removed")
    }

    #[test]
    fn a_phrase_is_an_array_of_text_and_seats() {
        let json = serde_json::to_string(&clan_lord()).unwrap();
        assert_eq!(json, r#"[{"seat":1},"'s Clan Lord was removed"]"#);
        let back: Phrase = serde_json::from_str(&json).unwrap();
        assert_eq!(back, clan_lord());
    }

    #[test]
    fn rendering_names_each_seat_as_the_reader_says_and_plainly_counts_from_0() {
        let names = ["ada", "bo"];
        let named = clan_lord().render(|seat| names[usize::from(seat.0)]);
        assert_eq!(named, "bo's Clan Lord was removed");
        assert_eq!(clan_lord().to_string(), "seat 1's Clan Lord was removed");
    }

    #[test]
    fn an_old_string_reads_its_written_out_seats_as_references() {
        let old: Phrase = serde_json::from_str(r#""seat 1's Clan Lord was removed""#).unwrap();
        assert_eq!(old, clan_lord());
        let flip: Phrase =
            serde_json::from_str(r#""coin flip (1: seat 0 moves first, 2: seat 1)""#).unwrap();
        assert_eq!(
            flip,
            Phrase::new()
                .text("coin flip (1: ")
                .seat(Seat(0))
                .text(" moves first, 2: ")
                .seat(Seat(1))
                .text(")")
        );
    }

    #[test]
    fn only_a_whole_seat_and_number_is_read_as_a_seat() {
        for text in [
            "every seat is taken",
            "seat 1a was odd",
            "a seat 300 is too many",
            "unseat 2 pieces",
            "seat",
            "",
        ] {
            let read = Phrase::from_spelled_out(text);
            assert_eq!(read.seats().count(), 0, "{text}");
            assert_eq!(read.to_string(), text);
        }
    }

    #[test]
    fn a_phrase_equals_the_text_of_its_plain_rendering_only() {
        assert!(clan_lord() == "seat 1's Clan Lord was removed");
        assert!(clan_lord() != "seat 1's Clan Lord was");
        assert!(clan_lord() != "seat 1's Clan Lord was removed!");
        assert!(clan_lord() != "seat 0's Clan Lord was removed");
    }

    #[test]
    fn parts_read_from_json_are_joined_into_one_form() {
        let read: Phrase = serde_json::from_str(r#"["a", "", "b", {"seat": 0}, "c"]"#).unwrap();
        assert_eq!(read, Phrase::new().text("ab").seat(Seat(0)).text("c"));
        assert_eq!(read.parts().len(), 3);
    }

    #[test]
    fn a_phrase_of_anything_else_is_refused() {
        for json in ["3", r#"[3]"#, r#"[{"piece": 1}]"#, r#"{"seat": 1}"#, "null"] {
            assert!(serde_json::from_str::<Phrase>(json).is_err(), "{json}");
        }
    }
}
