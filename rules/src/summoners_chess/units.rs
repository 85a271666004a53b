//! The sixteen terrains and every unit: the Acolyte, the Tile Unit Chart
//! (summoned first) and the Second Tile Unit Chart (the second-unit variant).

use fray_protocol::Stat;

use crate::kit::match_options::Choice;

/// A terrain tile's type, in the order of the Tile Unit Chart.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Terrain {
    Ruins,
    Swamps,
    Mountains,
    Hills,
    Lakes,
    Jungle,
    Castles,
    Caves,
    Towers,
    Peaks,
    Deserts,
    Volcanos,
    Tundra,
    Forests,
    Bogs,
    Badlands,
}

pub const TERRAINS: usize = 16;
/// Copies of each tile: 16 × 4 = 64, one per square.
pub const COPIES: usize = 4;

impl Terrain {
    pub fn index(self) -> usize {
        self as usize
    }

    /// The bit of this terrain in a set of terrains.
    pub fn bit(self) -> u16 {
        1 << self as u16
    }

    /// The name as the book prints it ("Volcanos").
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Ruins => "Ruins",
            Terrain::Swamps => "Swamps",
            Terrain::Mountains => "Mountains",
            Terrain::Hills => "Hills",
            Terrain::Lakes => "Lakes",
            Terrain::Jungle => "Jungle",
            Terrain::Castles => "Castles",
            Terrain::Caves => "Caves",
            Terrain::Towers => "Towers",
            Terrain::Peaks => "Peaks",
            Terrain::Deserts => "Deserts",
            Terrain::Volcanos => "Volcanos",
            Terrain::Tundra => "Tundra",
            Terrain::Forests => "Forests",
            Terrain::Bogs => "Bogs",
            Terrain::Badlands => "Badlands",
        }
    }
}

impl Choice for Terrain {
    const ALL: &'static [Self] = &[
        Terrain::Ruins,
        Terrain::Swamps,
        Terrain::Mountains,
        Terrain::Hills,
        Terrain::Lakes,
        Terrain::Jungle,
        Terrain::Castles,
        Terrain::Caves,
        Terrain::Towers,
        Terrain::Peaks,
        Terrain::Deserts,
        Terrain::Volcanos,
        Terrain::Tundra,
        Terrain::Forests,
        Terrain::Bogs,
        Terrain::Badlands,
    ];

    /// The machine key shown in the view's `terrain` ("volcanos").
    fn key(self) -> &'static str {
        match self {
            Terrain::Ruins => "ruins",
            Terrain::Swamps => "swamps",
            Terrain::Mountains => "mountains",
            Terrain::Hills => "hills",
            Terrain::Lakes => "lakes",
            Terrain::Jungle => "jungle",
            Terrain::Castles => "castles",
            Terrain::Caves => "caves",
            Terrain::Towers => "towers",
            Terrain::Peaks => "peaks",
            Terrain::Deserts => "deserts",
            Terrain::Volcanos => "volcanos",
            Terrain::Tundra => "tundra",
            Terrain::Forests => "forests",
            Terrain::Bogs => "bogs",
            Terrain::Badlands => "badlands",
        }
    }
}

/// How a piece moves and captures. There are no pawns: every type captures
/// the way it moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Movement {
    /// The Acolytes: one square in any direction, like a chess king.
    King,
    /// One square orthogonally.
    Page,
    /// One square diagonally.
    Squire,
    Knight,
    Bishop,
    Rook,
    Queen,
}

impl Movement {
    pub fn name(self) -> &'static str {
        match self {
            Movement::King => "King",
            Movement::Page => "Page",
            Movement::Squire => "Squire",
            Movement::Knight => "Knight",
            Movement::Bishop => "Bishop",
            Movement::Rook => "Rook",
            Movement::Queen => "Queen",
        }
    }

    /// One letter to draw the piece with: the letter of its movement.
    pub fn glyph(self) -> &'static str {
        match self {
            Movement::King => "A",
            Movement::Page => "P",
            Movement::Squire => "S",
            Movement::Knight => "N",
            Movement::Bishop => "B",
            Movement::Rook => "R",
            Movement::Queen => "Q",
        }
    }
}

/// Which chart a summoned unit comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Chart {
    First,
    /// The second-unit variant's chart.
    Second,
}

/// A unit's number: 0 is the Acolyte, 1–16 the first chart in terrain order,
/// 17–32 the second chart.
pub type UnitId = u8;

pub const ACOLYTE: UnitId = 0;
pub const UNITS: usize = 1 + 2 * TERRAINS;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Profile {
    pub key: &'static str,
    pub name: &'static str,
    pub movement: Movement,
    /// The terrain and chart it is summoned from; `None` for the Acolyte.
    pub summoned_from: Option<(Terrain, Chart)>,
}

impl Profile {
    pub fn is_acolyte(&self) -> bool {
        self.summoned_from.is_none()
    }

    /// What a client shows of the profile.
    pub fn stats(&self) -> Vec<Stat> {
        let mut stats = vec![Stat::new("M", self.movement.name())];
        if let Some((terrain, chart)) = self.summoned_from {
            stats.push(Stat::new("terrain", terrain.name()));
            let chart = match chart {
                Chart::First => "first",
                Chart::Second => "second",
            };
            stats.push(Stat::new("chart", chart));
        }
        stats
    }
}

const fn unit(
    key: &'static str,
    name: &'static str,
    movement: Movement,
    terrain: Terrain,
    chart: Chart,
) -> Profile {
    Profile {
        key,
        name,
        movement,
        summoned_from: Some((terrain, chart)),
    }
}

use Chart::{First, Second};
use Movement::{Bishop, Knight, Page, Queen, Rook, Squire};
use Terrain::*;

/// Every unit, indexed by [`UnitId`]. Both charts are printed in terrain order,
/// so unit `1 + t` and `17 + t` both come from terrain `t`.
pub static PROFILES: [Profile; UNITS] = [
    Profile {
        key: "acolyte",
        name: "Acolyte",
        movement: Movement::King,
        summoned_from: None,
    },
    // The Tile Unit Chart.
    unit("skeletons", "Skeletons", Page, Ruins, First),
    unit("zombies", "Zombies", Page, Swamps, First),
    unit("dwarves", "Dwarves", Squire, Mountains, First),
    unit("goblins", "Goblins", Squire, Hills, First),
    unit("serpents", "Serpents", Knight, Lakes, First),
    unit("cat-people", "Cat People", Bishop, Jungle, First),
    unit("chevaliers", "Chevaliers", Knight, Castles, First),
    unit("orcs", "Orcs", Knight, Caves, First),
    unit("wizard", "Wizard", Queen, Towers, First),
    unit("rocs", "Rocs", Bishop, Peaks, First),
    unit("chimera", "Chimera", Bishop, Deserts, First),
    unit("red-dragon", "Red Dragon", Queen, Volcanos, First),
    unit("ice-giants", "Ice Giants", Rook, Tundra, First),
    unit("elves", "Elves", Knight, Forests, First),
    unit("trolls", "Trolls", Rook, Bogs, First),
    unit("ogres", "Ogres", Rook, Badlands, First),
    // The Second Tile Unit Chart.
    unit("vampyre", "Vampyre", Queen, Ruins, Second),
    unit("treant", "Treant", Rook, Swamps, Second),
    unit("kobolds", "Kobolds", Page, Mountains, Second),
    unit("centaurs", "Centaurs", Bishop, Hills, Second),
    unit("wolves", "Wolves", Squire, Lakes, Second),
    unit("lizard-men", "Lizard Men", Squire, Jungle, Second),
    unit("gargoyle", "Gargoyle", Bishop, Castles, Second),
    unit("gnomes", "Gnomes", Page, Caves, Second),
    unit("golem", "Golem", Rook, Towers, Second),
    unit("griffon", "Griffon", Rook, Peaks, Second),
    unit("hydra", "Hydra", Rook, Deserts, Second),
    unit("demon", "Demon", Queen, Volcanos, Second),
    unit("valkyries", "Valkyries", Knight, Tundra, Second),
    unit("unicorn", "Unicorn", Bishop, Forests, Second),
    unit("spectre", "Spectre", Bishop, Bogs, Second),
    unit("minotaur", "Minotaur", Knight, Badlands, Second),
];

pub fn profile(unit: UnitId) -> &'static Profile {
    &PROFILES[unit as usize]
}

/// The unit a terrain summons from a chart.
pub fn summoned_unit(terrain: Terrain, chart: Chart) -> UnitId {
    let base = match chart {
        Chart::First => 1,
        Chart::Second => 1 + TERRAINS as u8,
    };
    base + terrain as u8
}

pub fn unit_by_key(key: &str) -> Option<UnitId> {
    PROFILES
        .iter()
        .position(|p| p.key == key)
        .map(|index| index as UnitId)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_chart_row_comes_from_its_terrain() {
        for &terrain in Terrain::ALL {
            for chart in [Chart::First, Chart::Second] {
                let unit = summoned_unit(terrain, chart);
                assert_eq!(profile(unit).summoned_from, Some((terrain, chart)));
            }
        }
        assert_eq!(profile(ACOLYTE).summoned_from, None);
    }

    #[test]
    fn keys_are_unique_and_found_again() {
        for (index, profile) in PROFILES.iter().enumerate() {
            assert_eq!(unit_by_key(profile.key), Some(index as UnitId));
        }
        for &terrain in Terrain::ALL {
            assert_eq!(Terrain::from_key(terrain.key()), Some(terrain));
        }
    }
}
