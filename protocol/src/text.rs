//! Text one person writes and another reads: which characters are unsafe to
//! show, which show nothing, and how a client shows the unsafe ones. The
//! server refuses to store what [`is_unsafe`] marks, and clients escape it
//! in whatever text they print, so the two agree on one set.

use std::borrow::Cow;
use std::fmt::Write;

/// Characters a terminal or a text layout acts on instead of showing:
/// control characters (ESC starts terminal commands, BEL rings, NUL and
/// CR/LF rewrite lines), the bidirectional embeddings, overrides and
/// isolates (which reorder the text around them, so "evil\u{202e}txt.exe"
/// reads differently than it is), and the line and paragraph separators.
pub fn is_unsafe(c: char) -> bool {
    c.is_control() || is_bidi_control(c) || matches!(c, '\u{2028}' | '\u{2029}')
}

/// U+202A to U+202E (embeddings and overrides) and U+2066 to U+2069
/// (isolates).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Characters that show nothing on their own: white space, zero-width
/// joiners and marks, fillers and selectors. A name made only of these
/// looks blank, or like no name at all.
pub fn is_invisible(c: char) -> bool {
    c.is_whitespace()
        || is_unsafe(c)
        || matches!(
            c,
            '\u{00AD}' // soft hyphen
                | '\u{034F}' // combining grapheme joiner
                | '\u{061C}' // Arabic letter mark
                | '\u{115F}'..='\u{1160}' // Hangul fillers
                | '\u{17B4}'..='\u{17B5}' // Khmer inherent vowels
                | '\u{180B}'..='\u{180F}' // Mongolian selectors and separator
                | '\u{200B}'..='\u{200F}' // zero-width space, (non-)joiner, LRM, RLM
                | '\u{2060}'..='\u{206F}' // word joiner, invisible operators
                | '\u{2800}' // Braille blank
                | '\u{3164}' // Hangul filler
                | '\u{FE00}'..='\u{FE0F}' // variation selectors
                | '\u{FEFF}' // zero-width no-break space
                | '\u{FFA0}' // half-width Hangul filler
                | '\u{1D173}'..='\u{1D17A}' // musical formatting
                | '\u{E0000}'..='\u{E0FFF}' // tags, variation selectors
        )
}

/// True if some character of `text` shows something.
pub fn has_visible(text: &str) -> bool {
    text.chars().any(|c| !is_invisible(c))
}

/// `text` with every [`is_unsafe`] character written as `\u{…}`, its code
/// point in hex (ESC is `\u{1b}`, U+202E is `\u{202e}`), and the rest as it
/// is. Borrowed when there is nothing to escape.
pub fn escape(text: &str) -> Cow<'_, str> {
    escape_except(text, |_| false)
}

/// [`escape`], but leaving the line breaks of `text` as they are: for text a
/// program put together from lines, whose parts were escaped already.
pub fn escape_keeping_lines(text: &str) -> Cow<'_, str> {
    escape_except(text, |c| c == '\n')
}

fn escape_except(text: &str, keep: impl Fn(char) -> bool) -> Cow<'_, str> {
    let needs = |c: char| is_unsafe(c) && !keep(c);
    if !text.chars().any(needs) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if needs(c) {
            let _ = write!(out, "\\u{{{:x}}}", u32::from(c));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// A notation as a player may type it: without white space, in lower case,
/// so that "ed1supportsrb1" is "Ed1 supports Rb1". The notations of one
/// decision's options differ even in this form (the rules' tests hold every
/// system to it), so a client may match what is typed by it.
pub fn typed_notation(notation: &str) -> String {
    notation
        .chars()
        .filter(|c| !c.is_whitespace())
        .flat_map(char::to_lowercase)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_typed_notation_ignores_white_space_and_case() {
        assert_eq!(typed_notation("Ed1 supports Rb1"), "ed1supportsrb1");
        assert_eq!(
            typed_notation(" Qh2  armour-of-thorns\th2 "),
            "qh2armour-of-thornsh2"
        );
        assert_eq!(typed_notation("Qh2-h3"), "qh2-h3");
    }

    #[test]
    fn terminal_commands_and_reordering_are_unsafe_and_letters_are_not() {
        for c in [
            '\u{1b}', '\u{7}', '\0', '\n', '\r', '\t', '\u{7f}', '\u{9b}',
        ] {
            assert!(is_unsafe(c), "{c:?}");
        }
        for c in ['\u{202a}', '\u{202e}', '\u{2066}', '\u{2069}', '\u{2028}'] {
            assert!(is_unsafe(c), "{c:?}");
        }
        for c in ['a', 'é', 'ß', 'ж', 'ش', '中', ' ', '\u{200d}', '🙂'] {
            assert!(!is_unsafe(c), "{c:?}");
        }
    }

    #[test]
    fn blank_or_zero_width_text_has_nothing_visible() {
        for text in [
            "",
            "   ",
            "\u{200b}\u{200c}\u{200d}",
            "\u{2060}\u{feff}\u{ad}",
            "\u{3164}\u{a0}\u{3000}",
            "\u{202e}",
        ] {
            assert!(!has_visible(text), "{text:?}");
        }
        for text in ["a", " ada ", "\u{200b}x", "شهرزاد", "👩‍👩‍👧"] {
            assert!(has_visible(text), "{text:?}");
        }
    }

    #[test]
    fn unsafe_characters_are_escaped_as_code_points_and_the_rest_kept() {
        assert_eq!(
            escape("a\u{1b}]0;pwned\u{7}b\0c\u{202e}d\ne"),
            "a\\u{1b}]0;pwned\\u{7}b\\u{0}c\\u{202e}d\\u{a}e"
        );
        assert_eq!(escape("Ada Lovelace, 🙂"), "Ada Lovelace, 🙂");
        assert!(matches!(escape("plain"), Cow::Borrowed("plain")));
        assert_eq!(
            escape_keeping_lines("a\u{1b}\nb\r\n"),
            "a\\u{1b}\nb\\u{d}\n"
        );
    }

    #[test]
    fn escaped_text_has_nothing_left_to_escape() {
        let hostile: String = (0u32..0x3000).filter_map(char::from_u32).collect();
        let once = escape(&hostile).into_owned();
        assert!(!once.chars().any(is_unsafe));
        assert_eq!(escape(&once), once);
    }
}
