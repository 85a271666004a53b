//! How labels and narration name a piece: "Knight on e4", or just "Knight"
//! when it is off the board. Each system says how one of its pieces is
//! named and where it stands; the text is built the same way in all.

/// A game whose pieces labels and narration name.
pub trait Describe {
    /// How the game numbers its pieces.
    type Index: Copy;

    /// Appends how labels name piece `index`, for labels built in place.
    fn push_describe(&self, out: &mut String, index: Self::Index);

    /// "Knight on e4", or "Knight" for a piece off the board.
    fn describe(&self, index: Self::Index) -> String {
        let mut text = String::with_capacity(32);
        self.push_describe(&mut text, index);
        text
    }
}
