//! A skimmer of JSON text: it finds where each value ends, without building
//! anything, so that a bot reads the few fields it needs with serde and
//! passes over the rest (views, notations, labels) at the cost of one look at
//! each byte. Through serde_json's own skipping, a fantasy-armies batch with
//! its 66 options took a quarter of the load tool's CPU (docs/PERFORMANCE.md).
//!
//! It checks structure only as far as finding ends needs: strings closed,
//! brackets balanced, the text not cut short. The values a bot reads are
//! checked by serde; the actions it sends back are judged by the server.

use serde::de::Error as _;

pub type Error = serde_json::Error;

fn malformed(what: &str, at: usize) -> Error {
    Error::custom(format!("malformed JSON at byte {at}: {what}"))
}

pub struct Scanner<'a> {
    text: &'a str,
    at: usize,
}

impl<'a> Scanner<'a> {
    pub fn new(text: &'a str) -> Self {
        Scanner { text, at: 0 }
    }

    fn bytes(&self) -> &'a [u8] {
        self.text.as_bytes()
    }

    fn skip_space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes().get(self.at) {
            self.at += 1;
        }
    }

    fn peek(&mut self) -> Option<u8> {
        self.skip_space();
        self.bytes().get(self.at).copied()
    }

    fn expect(&mut self, byte: u8) -> Result<(), Error> {
        if self.peek() == Some(byte) {
            self.at += 1;
            Ok(())
        } else {
            Err(malformed(&format!("expected '{}'", byte as char), self.at))
        }
    }

    /// The index just past the string that opens at `start`.
    fn string_end(&self, start: usize) -> Result<usize, Error> {
        let bytes = self.bytes();
        let mut i = start + 1;
        while i < bytes.len() {
            match bytes[i] {
                b'"' => return Ok(i + 1),
                b'\\' => i += 2,
                _ => i += 1,
            }
        }
        Err(malformed("a string is not closed", start))
    }

    /// Passes over one value and returns its text.
    pub fn value(&mut self) -> Result<&'a str, Error> {
        let start = match self.peek() {
            Some(_) => self.at,
            None => return Err(malformed("a value is missing", self.at)),
        };
        let bytes = self.bytes();
        let end = match bytes[start] {
            b'"' => self.string_end(start)?,
            b'{' | b'[' => {
                let mut depth = 0usize;
                let mut i = start;
                loop {
                    match bytes.get(i) {
                        None => return Err(malformed("brackets are not closed", start)),
                        Some(b'"') => {
                            i = self.string_end(i)?;
                            continue;
                        }
                        Some(b'{' | b'[') => depth += 1,
                        Some(b'}' | b']') => {
                            depth -= 1;
                            if depth == 0 {
                                break i + 1;
                            }
                        }
                        Some(_) => {}
                    }
                    i += 1;
                }
            }
            _ => {
                let rest = &bytes[start..];
                let len = rest
                    .iter()
                    .position(|b| matches!(b, b',' | b'}' | b']' | b' ' | b'\t' | b'\n' | b'\r'))
                    .unwrap_or(rest.len());
                if len == 0 {
                    return Err(malformed("a value is missing", start));
                }
                start + len
            }
        };
        self.at = end;
        Ok(&self.text[start..end])
    }

    /// Walks an object: `field` gets each key, as written with its quotes,
    /// and must take its value (with [`Scanner::value`] or another walk).
    pub fn object(
        &mut self,
        mut field: impl FnMut(&'a str, &mut Self) -> Result<(), Error>,
    ) -> Result<(), Error> {
        self.sequence(b'{', b'}', |scanner| {
            if scanner.peek() != Some(b'"') {
                return Err(malformed("expected a key", scanner.at));
            }
            let start = scanner.at;
            let end = scanner.string_end(start)?;
            scanner.at = end;
            scanner.expect(b':')?;
            field(&scanner.text[start..end], scanner)
        })
    }

    /// Walks an array: `item` must take each element.
    pub fn array(&mut self, item: impl FnMut(&mut Self) -> Result<(), Error>) -> Result<(), Error> {
        self.sequence(b'[', b']', item)
    }

    /// `open`, then comma-separated entries each taken by `entry`, then
    /// `close`: the shape objects and arrays share.
    fn sequence(
        &mut self,
        open: u8,
        close: u8,
        mut entry: impl FnMut(&mut Self) -> Result<(), Error>,
    ) -> Result<(), Error> {
        self.expect(open)?;
        if self.peek() == Some(close) {
            self.at += 1;
            return Ok(());
        }
        loop {
            entry(self)?;
            match self.peek() {
                Some(b',') => self.at += 1,
                Some(byte) if byte == close => {
                    self.at += 1;
                    return Ok(());
                }
                _ => {
                    let expected = format!("expected ',' or '{}'", close as char);
                    return Err(malformed(&expected, self.at));
                }
            }
        }
    }

    /// Fails unless only white space is left.
    pub fn finish(mut self) -> Result<(), Error> {
        match self.peek() {
            None => Ok(()),
            Some(_) => Err(malformed("text after the value", self.at)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(text: &str) -> Result<Vec<(String, String)>, Error> {
        let mut scanner = Scanner::new(text);
        let mut found = Vec::new();
        scanner.object(|key, scanner| {
            found.push((key.to_owned(), scanner.value()?.to_owned()));
            Ok(())
        })?;
        scanner.finish()?;
        Ok(found)
    }

    #[test]
    fn each_kind_of_value_is_passed_over_whole() {
        let text = r#" { "s" : "a \"b\" \\ } ]" , "n":-1.5e3,"t":true,"z":null,
            "o":{"k":[1,{"x":"}"}],"e":{}},"a":[[],"[",{}],
            "l":"a label longer than one vector: \"quoted\" and \\ { still inside" } "#;
        let found = fields(text).unwrap();
        let expected = [
            (r#""s""#, r#""a \"b\" \\ } ]""#),
            (r#""n""#, "-1.5e3"),
            (r#""t""#, "true"),
            (r#""z""#, "null"),
            (r#""o""#, r#"{"k":[1,{"x":"}"}],"e":{}}"#),
            (r#""a""#, r#"[[],"[",{}]"#),
            (
                r#""l""#,
                r#""a label longer than one vector: \"quoted\" and \\ { still inside""#,
            ),
        ];
        assert_eq!(
            found,
            expected
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect::<Vec<_>>()
        );
        // Every value found is the JSON it was.
        for (_, value) in &found {
            serde_json::from_str::<serde_json::Value>(value).unwrap();
        }
    }

    #[test]
    fn cut_or_broken_text_is_refused() {
        for text in [
            r#"{"a":"open"#,
            r#"{"a":"an escaped quote does not close\"}"#,
            r#"{"a":"a backslash at the very end\"#,
            r#"{"a":[1,2}"#,
            r#"{"a":{"b":1}"#,
            r#"{"a" 1}"#,
            r#"{"a":1 "b":2}"#,
            r#"{a:1}"#,
            r#"{"a":1} extra"#,
            r#"{"a":}"#,
            "",
        ] {
            assert!(fields(text).is_err(), "{text} was read");
        }
        assert_eq!(fields("{}").unwrap(), Vec::new());
    }
}
