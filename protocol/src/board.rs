use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A player's place at the table, counted from 0 in the order the match was set up.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// A piece's identity for the whole game; never reused within a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct PieceId(pub u32);

impl fmt::Display for PieceId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "#{}", self.0)
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

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.file < 26 {
            write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u32 + 1)
        } else {
            // Beyond z no letter fits; this form is never parsed back, only shown.
            write!(f, "file{}:{}", self.file as u32 + 1, self.rank as u32 + 1)
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
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

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
}
