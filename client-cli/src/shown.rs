//! Text from the server, made safe to print. Player and army-list names are
//! chosen by other players, and a name stored before the server refused
//! such names may still hold ESC (a terminal command), BEL, NUL or a
//! right-to-left override: printed raw, any player could write on another's
//! screen. Every character `fray_protocol::text::is_unsafe` marks is shown
//! as `\u{…}`, its code point in hex (`\u{1b}` for ESC).
//!
//! Two layers: a field shown on one line (a name, a table cell, an error's
//! message, a log entry) goes through [`shown`], which escapes its line
//! breaks too, so that it cannot forge a line; and whatever is written to
//! the terminal at all goes through [`shown_lines`] (or [`Escaping`]) last,
//! which keeps the program's own line breaks and catches any field that
//! missed the first layer.

use std::borrow::Cow;
use std::io::{self, Write};

use fray_protocol::text::{escape, escape_keeping_lines};

/// One field of server text, for one line: every unsafe character escaped,
/// line breaks included.
pub fn shown(text: &str) -> Cow<'_, str> {
    escape(text)
}

/// A line of chat as both screens print it: the player's name, then what
/// they said, both escaped (a line break in either cannot forge a line).
pub fn chat_line(line: &fray_protocol::ChatLine) -> String {
    format!("{} says: {}", shown(&line.name), shown(&line.text))
}

/// Text about to be printed: every unsafe character escaped but the line
/// breaks.
pub fn shown_lines(text: &str) -> Cow<'_, str> {
    escape_keeping_lines(text)
}

/// A writer that passes what it is given through [`shown_lines`], for code
/// that writes to the terminal piece by piece (the army builder).
pub struct Escaping<W: Write> {
    inner: W,
    /// The start of a character split between two writes.
    pending: Vec<u8>,
}

impl<W: Write> Escaping<W> {
    pub fn new(inner: W) -> Escaping<W> {
        Escaping {
            inner,
            pending: Vec::new(),
        }
    }
}

impl<W: Write> Write for Escaping<W> {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.pending.extend_from_slice(bytes);
        let complete = match std::str::from_utf8(&self.pending) {
            Ok(_) => self.pending.len(),
            // Only a character cut at the end waits for the next write.
            Err(error) if error.error_len().is_none() => error.valid_up_to(),
            Err(_) => self.pending.len(),
        };
        let rest = self.pending.split_off(complete);
        let text = String::from_utf8_lossy(&self.pending).into_owned();
        self.pending = rest;
        self.inner.write_all(shown_lines(&text).as_bytes())?;
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Terminal commands a hostile name could carry, for the tests of every
/// printing path: a window title (OSC), clearing the screen, a bell, NUL, a
/// C1 CSI, and a right-to-left override. Not behind `cfg(test)`: the
/// binary's tests reach it through this library, built without it.
#[doc(hidden)]
pub const HOSTILE: &str = "\u{1b}]0;owned\u{7}\u{1b}[2J\0\u{9b}31m\u{202e}";

/// Whether printed `text` is safe: nothing in it a terminal acts on but
/// line breaks. For tests, as [`HOSTILE`].
#[doc(hidden)]
pub fn is_safe_lines(text: &str) -> bool {
    !text
        .chars()
        .any(|c| c != '\n' && fray_protocol::text::is_unsafe(c))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_field_is_escaped_line_breaks_and_all() {
        assert_eq!(
            shown(&format!("Eve{HOSTILE}\nMallory")),
            "Eve\\u{1b}]0;owned\\u{7}\\u{1b}[2J\\u{0}\\u{9b}31m\\u{202e}\\u{a}Mallory"
        );
        assert_eq!(shown("Zoë 🙂"), "Zoë 🙂");
    }

    #[test]
    fn printed_text_keeps_its_lines() {
        assert_eq!(
            shown_lines("Match 7\nStatus: \u{1b}[5mopen\n"),
            "Match 7\nStatus: \\u{1b}[5mopen\n"
        );
    }

    #[test]
    fn the_writer_escapes_even_a_character_split_between_writes() {
        let mut out = Escaping::new(Vec::new());
        let text = format!("a{HOSTILE}é\n");
        let bytes = text.as_bytes();
        let split = bytes.len() - 2; // inside 'é'
        out.write_all(&bytes[..split]).unwrap();
        out.write_all(&bytes[split..]).unwrap();
        let written = String::from_utf8(out.inner).unwrap();
        assert_eq!(written, format!("a{}é\n", shown(HOSTILE)));
    }
}
