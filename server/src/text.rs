//! What a stored human-readable string may be. Other players read every
//! name the server keeps, in lists that anyone may ask for: a name must be
//! short, hold nothing a terminal acts on or that reorders the text around
//! it, and show something. Keys the rules look up are held to the same
//! characters and a length no real key comes near, so that what the rules
//! echo back when they refuse one stays small and safe to print.

use fray_protocol::text::{escape, has_visible, is_bidi_control, is_unsafe};
use thiserror::Error;

/// How much of a refused string a message quotes back.
const QUOTED_CHARS: usize = 40;

/// One kind of stored text and what it may be.
#[derive(Debug, Clone, Copy)]
pub struct TextRule {
    /// What the text is, as a message names it.
    pub what: &'static str,
    pub max_chars: usize,
    pub blank: Blank,
}

/// Whether text that shows nothing may be stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Blank {
    /// Never: it must show at least one character.
    Refused,
    /// Empty means "none"; otherwise it must show something.
    EmptyAllowed,
    /// Anything: a key the rules will look up, and refuse if unknown.
    Allowed,
}

/// Names are shown to other players; keep them short enough for a table.
pub const PLAYER_NAME: TextRule = TextRule {
    what: "a player's name",
    max_chars: 32,
    blank: Blank::Refused,
};

/// Shown beside the player's name in every match the list plays.
pub const ARMY_LIST_NAME: TextRule = TextRule {
    what: "an army list's name",
    max_chars: 64,
    blank: Blank::EmptyAllowed,
};

/// A line of chat: a short message, read by everyone at the table.
pub const CHAT_TEXT: TextRule = TextRule {
    what: "a chat message",
    max_chars: 280,
    blank: Blank::Refused,
};

/// Army, unit, trait and option keys, and option values given as text: the
/// longest any system uses is 26 characters.
pub const KEY: TextRule = TextRule {
    what: "a key",
    max_chars: 40,
    blank: Blank::Allowed,
};

/// Why a string may not be stored: what it was, and the rule it broke.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{what} {broken}")]
pub struct TextError {
    pub what: String,
    pub broken: Broken,
}

/// The rule a string broke.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Broken {
    #[error("cannot be empty")]
    Empty,
    #[error("has at most {max} characters, not {chars}")]
    TooLong { max: usize, chars: usize },
    #[error("cannot hold control characters ({shown} is character {at})")]
    Control { shown: String, at: usize },
    #[error("cannot hold characters that reorder the text around them ({shown} is character {at})")]
    Bidi { shown: String, at: usize },
    #[error("shows nothing: it has only spaces or invisible characters")]
    Invisible,
}

impl TextRule {
    /// Checks `text` as the thing the rule is for.
    pub fn check(&self, text: &str) -> Result<(), TextError> {
        self.broken(text).map_err(|broken| TextError {
            what: self.what.to_owned(),
            broken,
        })
    }

    fn broken(&self, text: &str) -> Result<(), Broken> {
        if text.is_empty() {
            return match self.blank {
                Blank::Refused => Err(Broken::Empty),
                Blank::EmptyAllowed | Blank::Allowed => Ok(()),
            };
        }
        let chars = text.chars().count();
        if chars > self.max_chars {
            return Err(Broken::TooLong {
                max: self.max_chars,
                chars,
            });
        }
        if let Some((at, c)) = text.chars().enumerate().find(|(_, c)| is_unsafe(*c)) {
            let shown = escape(c.encode_utf8(&mut [0; 4])).into_owned();
            let at = at + 1;
            return Err(if is_bidi_control(c) {
                Broken::Bidi { shown, at }
            } else {
                Broken::Control { shown, at }
            });
        }
        if self.blank != Blank::Allowed && !has_visible(text) {
            return Err(Broken::Invisible);
        }
        Ok(())
    }
}

/// Checks a key the rules will look up (`role` is "unit key", "option
/// key"...); the error quotes the key, cut short.
pub fn check_key(role: &str, key: &str) -> Result<(), TextError> {
    KEY.broken(key).map_err(|broken| TextError {
        what: format!("the {role} '{}'", quoted(key)),
        broken,
    })
}

/// `text` as a message may quote it: its first characters, escaped, and
/// "…" where it was cut.
pub fn quoted(text: &str) -> String {
    match text.char_indices().nth(QUOTED_CHARS) {
        Some((cut, _)) => format!("{}…", escape(&text[..cut])),
        None => escape(text).into_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_name_is_short_visible_and_free_of_controls() {
        assert_eq!(PLAYER_NAME.check("Ada"), Ok(()));
        assert_eq!(PLAYER_NAME.check("شهرزاد 🙂"), Ok(()));
        assert_eq!(PLAYER_NAME.check(&"x".repeat(32)), Ok(()));
        assert_eq!(
            PLAYER_NAME.check(&"x".repeat(33)).unwrap_err().to_string(),
            "a player's name has at most 32 characters, not 33"
        );
        assert_eq!(PLAYER_NAME.broken(""), Err(Broken::Empty));
        for blank in ["   ", "\u{200b}", "\u{200b}\u{200d}\u{feff}", "\u{3164}"] {
            assert_eq!(
                PLAYER_NAME.broken(blank),
                Err(Broken::Invisible),
                "{blank:?}"
            );
        }
        assert_eq!(
            PLAYER_NAME
                .check("Ev\u{1b}]0;x\u{7}e")
                .unwrap_err()
                .to_string(),
            "a player's name cannot hold control characters (\\u{1b} is character 3)"
        );
        assert_eq!(
            PLAYER_NAME.check("abc\u{202e}fed").unwrap_err().to_string(),
            "a player's name cannot hold characters that reorder the text around them \
             (\\u{202e} is character 4)"
        );
        assert!(matches!(
            PLAYER_NAME.broken("\u{2066}x"),
            Err(Broken::Bidi { at: 1, .. })
        ));
    }

    #[test]
    fn a_list_name_may_be_empty_but_not_blank() {
        assert_eq!(ARMY_LIST_NAME.check(""), Ok(()));
        assert_eq!(ARMY_LIST_NAME.check(&"é".repeat(64)), Ok(()));
        assert!(ARMY_LIST_NAME.check(&"é".repeat(65)).is_err());
        assert_eq!(ARMY_LIST_NAME.broken(" \u{200b} "), Err(Broken::Invisible));
        assert!(ARMY_LIST_NAME.check("a\0b").is_err());
    }

    #[test]
    fn a_key_is_short_and_free_of_controls_but_may_be_anything_else() {
        assert_eq!(KEY.check(""), Ok(()));
        assert_eq!(KEY.check("\u{200b}"), Ok(()));
        assert_eq!(KEY.check("action-chess-faction-chess"), Ok(()));
        assert!(KEY.check(&"k".repeat(41)).is_err());
        assert!(KEY.check("orc\n").is_err());
        assert_eq!(
            check_key("unit key", "x\u{9b}").unwrap_err().to_string(),
            "the unit key 'x\\u{9b}' cannot hold control characters (\\u{9b} is character 2)"
        );
        let long = check_key("unit key", &"\u{1b}".repeat(1_000_000)).unwrap_err();
        assert!(long.to_string().len() < 400, "{long}");
    }

    #[test]
    fn quoted_text_is_cut_and_escaped() {
        assert_eq!(quoted("orcs"), "orcs");
        assert_eq!(quoted(&"ж".repeat(40)), "ж".repeat(40));
        assert_eq!(quoted(&"ж".repeat(41)), format!("{}…", "ж".repeat(40)));
        assert_eq!(quoted("a\u{1b}[2J"), "a\\u{1b}[2J");
        assert!(quoted(&"\u{1b}".repeat(1_000_000)).len() < 300);
    }
}
