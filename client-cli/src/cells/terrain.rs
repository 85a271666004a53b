//! One lower-case letter per terrain in the view, the same in full screen
//! and line mode: the first letter of its name not yet taken (`forests` is
//! `f`, then `bogs` after `badlands` is `o`), else any free letter or digit.
//! Terrain letters are always lower case and stand in a square's last
//! column, apart from the pieces' glyphs.

use std::collections::{BTreeMap, BTreeSet};

use fray_protocol::View;

/// The letter of each terrain in the view, by the terrain's name.
pub fn letters(view: &View) -> BTreeMap<String, char> {
    let names: BTreeSet<&String> = view.terrain.values().collect();
    let mut letters: BTreeMap<String, char> = BTreeMap::new();
    for name in names {
        let taken: BTreeSet<char> = letters.values().copied().collect();
        let mut candidates = name
            .chars()
            .filter(char::is_ascii_alphabetic)
            .map(|c| c.to_ascii_lowercase())
            .chain('a'..='z')
            .chain('0'..='9');
        let letter = candidates.find(|c| !taken.contains(c)).unwrap_or('#');
        letters.insert(name.clone(), letter);
    }
    letters
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_protocol::Square;

    #[test]
    fn terrains_get_distinct_lower_case_letters_from_their_names() {
        let mut view = View::default();
        for (file, name) in ["badlands", "bogs", "fen", "forest", "Tundra"]
            .into_iter()
            .enumerate()
        {
            view.terrain.insert(Square::new(file as u8, 0), name.into());
        }
        let letters = letters(&view);
        assert_eq!(letters["Tundra"], 't');
        assert_eq!(letters["badlands"], 'b');
        assert_eq!(letters["bogs"], 'o');
        assert_eq!(letters["fen"], 'f');
        assert_eq!(letters["forest"], 'r');
    }
}
