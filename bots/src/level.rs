//! The bots' levels, and how hard each searches.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::search::Search;

/// How well a bot plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Level {
    /// Any legal move, uniformly: what `fray bot` always played.
    Random,
    Easy,
    Club,
    Expert,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("no bot level '{0}': choose random, easy, club or expert")]
pub struct UnknownLevel(pub String);

impl Level {
    pub const ALL: [Level; 4] = [Level::Random, Level::Easy, Level::Club, Level::Expert];

    pub fn key(self) -> &'static str {
        match self {
            Level::Random => "random",
            Level::Easy => "easy",
            Level::Club => "club",
            Level::Expert => "expert",
        }
    }

    /// The level's search, scaled by `budget` (1 is the default; at least
    /// one playout per decision whatever the scale); none for `random`.
    pub fn search(self, budget: f64) -> Option<Search> {
        let (playouts, plies) = match self {
            Level::Random => return None,
            Level::Easy => (48, 8),
            Level::Club => (300, 16),
            Level::Expert => (1500, 24),
        };
        let scaled = (f64::from(playouts) * budget).round();
        Some(Search {
            playouts: if scaled >= 1.0 { scaled as u32 } else { 1 },
            playout_plies: plies,
            ..Search::default()
        })
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl FromStr for Level {
    type Err = UnknownLevel;

    fn from_str(text: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|level| level.key() == text)
            .ok_or_else(|| UnknownLevel(text.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_level_is_read_from_its_key_and_nothing_else() {
        for level in Level::ALL {
            assert_eq!(level.key().parse(), Ok(level));
        }
        assert_eq!(
            "grandmaster".parse::<Level>(),
            Err(UnknownLevel("grandmaster".into()))
        );
    }

    #[test]
    fn each_level_searches_more_than_the_one_below_and_a_budget_scales_it() {
        let playouts = |level: Level, budget| level.search(budget).map(|s| s.playouts);
        assert_eq!(playouts(Level::Random, 1.0), None);
        assert!(playouts(Level::Easy, 1.0) < playouts(Level::Club, 1.0));
        assert!(playouts(Level::Club, 1.0) < playouts(Level::Expert, 1.0));
        assert_eq!(playouts(Level::Expert, 0.1), Some(150));
        assert_eq!(playouts(Level::Easy, 0.0), Some(1));
    }
}
