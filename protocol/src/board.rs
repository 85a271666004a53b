use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A player's place at the table, counted from 0 in the order the match was set up.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Hash,
    Serialize,
    Deserialize,
    JsonSchema,
)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A piece's identity for the whole game; never reused within a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, JsonSchema)]
#[serde(transparent)]
pub struct PieceId(pub u32);

impl fmt::Display for PieceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
    }
}

/// A piece id is a JSON number, but as a key of the view's piece map it is a
/// string ("7"); inside a tagged message serde hands the key over as that
/// string, so both forms are read.
impl<'de> Deserialize<'de> for PieceId {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct PieceIdVisitor;

        impl serde::de::Visitor<'_> for PieceIdVisitor {
            type Value = PieceId;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a piece id: a whole number, or one written as a string")
            }

            fn visit_u64<E: serde::de::Error>(self, value: u64) -> Result<PieceId, E> {
                u32::try_from(value)
                    .map(PieceId)
                    .map_err(|_| E::custom(format!("piece id {value} is too large")))
            }

            fn visit_i64<E: serde::de::Error>(self, value: i64) -> Result<PieceId, E> {
                u64::try_from(value)
                    .map_err(|_| E::custom(format!("piece id {value} is negative")))
                    .and_then(|value| self.visit_u64(value))
            }

            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<PieceId, E> {
                text.parse()
                    .map(PieceId)
                    .map_err(|_| E::custom(format!("'{text}' is not a piece id")))
            }
        }

        deserializer.deserialize_any(PieceIdVisitor)
    }
}

/// A square, 0-based from the lower-left corner as seat 0 sees it.
/// Written and serialised in chess notation: file letter, then rank from 1 ("e4").
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Square {
    pub file: u8,
    pub rank: u8,
}

impl Square {
    pub const fn new(file: u8, rank: u8) -> Self {
        Square { file, rank }
    }
}

impl Square {
    /// The written name ("e4", "a10"), built without the formatting
    /// machinery: every option of a batch names squares, and encoding them
    /// through `Display` showed in the server's profile. `None` beyond file
    /// `z`, where no letter fits.
    fn name(&self) -> Option<SquareName> {
        if self.file >= 26 {
            return None;
        }
        let mut name = SquareName {
            bytes: [b'a' + self.file, 0, 0, 0],
            len: 1,
        };
        let rank = u16::from(self.rank) + 1;
        let digits = [rank / 100, rank / 10 % 10, rank % 10];
        let first = if rank >= 100 {
            0
        } else if rank >= 10 {
            1
        } else {
            2
        };
        for &digit in &digits[first..] {
            name.bytes[usize::from(name.len)] = b'0' + digit as u8;
            name.len += 1;
        }
        Some(name)
    }

    /// Calls `f` with the text the square serialises as ("e4"), built on the
    /// stack for every lettered square.
    pub fn with_name<R>(&self, f: impl FnOnce(&str) -> R) -> R {
        match self.name() {
            Some(name) => f(name.as_str()),
            None => f(&self.to_string()),
        }
    }
}

/// A square's name: a file letter and at most three rank digits.
struct SquareName {
    bytes: [u8; 4],
    len: u8,
}

impl SquareName {
    fn as_str(&self) -> &str {
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).expect("ASCII")
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.name() {
            Some(name) => f.write_str(name.as_str()),
            // Beyond z no letter fits; this form is never parsed back, only shown.
            None => write!(f, "file{}:{}", self.file as u32 + 1, self.rank as u32 + 1),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SquareParseError(pub String);

impl fmt::Display for SquareParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "'{}' is not a square: write a file letter then a rank number, like e4",
            self.0
        )
    }
}

impl std::error::Error for SquareParseError {}

impl FromStr for Square {
    type Err = SquareParseError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || SquareParseError(text.to_string());
        let mut chars = text.chars();
        let file = chars.next().ok_or_else(bad)?.to_ascii_lowercase();
        if !file.is_ascii_lowercase() {
            return Err(bad());
        }
        let rank: u32 = chars.as_str().parse().map_err(|_| bad())?;
        if !(1..=255).contains(&rank) {
            return Err(bad());
        }
        Ok(Square::new(file as u8 - b'a', (rank - 1) as u8))
    }
}

impl Serialize for Square {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.with_name(|name| serializer.serialize_str(name))
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

/// The schema of a square's written form: a lowercase file letter, then a rank
/// from 1 to 255 without leading zeros. (Files beyond `z` have no letter and
/// never occur on a board of this protocol.)
impl JsonSchema for Square {
    fn schema_name() -> Cow<'static, str> {
        "Square".into()
    }

    fn schema_id() -> Cow<'static, str> {
        concat!(module_path!(), "::Square").into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A square in chess notation: the file letter (a is the left-hand file as seat 0 sees the board), then the rank counted from 1 (seat 0's edge), such as \"e4\".",
            "type": "string",
            "pattern": SQUARE_PATTERN,
            "examples": ["a1", "e4", "h8", "c10"]
        })
    }
}

/// What a square looks like on the wire: `a`–`z`, then 1–255.
pub(crate) const SQUARE_PATTERN: &str =
    "^[a-z](?:[1-9]|[1-9][0-9]|1[0-9][0-9]|2[0-4][0-9]|25[0-5])$";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_read_and_write_chess_notation() {
        assert_eq!("a1".parse::<Square>().unwrap(), Square::new(0, 0));
        assert_eq!("h8".parse::<Square>().unwrap(), Square::new(7, 7));
        assert_eq!("c10".parse::<Square>().unwrap(), Square::new(2, 9));
        assert_eq!(Square::new(4, 3).to_string(), "e4");
        assert_eq!(Square::new(200, 0).to_string(), "file201:1");
        assert!("file201:1".parse::<Square>().is_err());
        for bad in ["", "4e", "e0", "e", "é4", "e-1"] {
            assert!(bad.parse::<Square>().is_err(), "{bad} should not parse");
        }
    }

    #[test]
    fn squares_serialise_as_strings() {
        let json = serde_json::to_string(&Square::new(1, 2)).unwrap();
        assert_eq!(json, "\"b3\"");
        assert_eq!(
            serde_json::from_str::<Square>(&json).unwrap(),
            Square::new(1, 2)
        );
        assert!(serde_json::from_str::<Square>("\"zz\"").is_err());
    }

    #[test]
    fn every_lettered_square_is_named_file_letter_then_rank_and_reads_back() {
        for file in 0..26u8 {
            for rank in 0..=255u8 {
                let square = Square::new(file, rank);
                let expected = format!("{}{}", char::from(b'a' + file), u32::from(rank) + 1);
                assert_eq!(square.to_string(), expected);
                let json = serde_json::to_string(&square).unwrap();
                assert_eq!(json, format!("\"{expected}\""));
                // Written ranks go up to 255, so the last rank index has no
                // written form that reads back.
                if rank < 255 {
                    assert_eq!(serde_json::from_str::<Square>(&json).unwrap(), square);
                }
            }
        }
        assert_eq!(
            serde_json::to_string(&Square::new(26, 9)).unwrap(),
            "\"file27:10\""
        );
    }
}
