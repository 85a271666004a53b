//! The six armies of Fantasy Armies as data: every profile exactly as printed,
//! and which special rule each unit carries.

use fray_protocol::Stat;

use super::hth::{Hth, hth_text};
use crate::kit::match_options::Choice;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Army {
    KingdomsOfMan,
    OrcsAndGoblins,
    Dwarfs,
    Undead,
    Elves,
    Demons,
}

impl Army {
    pub fn name(self) -> &'static str {
        match self {
            Army::KingdomsOfMan => "Kingdoms of Man",
            Army::OrcsAndGoblins => "Orcs & Goblins",
            Army::Dwarfs => "Dwarfs",
            Army::Undead => "Undead",
            Army::Elves => "Elves",
            Army::Demons => "Demons",
        }
    }

    pub fn description(self) -> &'static str {
        match self {
            Army::KingdomsOfMan => {
                "Hardy men behind town walls, led by a King of Men, with Wizards and Clerics."
            }
            Army::OrcsAndGoblins => {
                "Violent hordes of Orcs and cunning Goblins under a Chieftain, with Shamans."
            }
            Army::Dwarfs => {
                "Stout fortress dwellers with blackpowder Cannons and Gunners and tunnelling Miners."
            }
            Army::Undead => {
                "The cursed dead of Jzet under a Liche Lord; Necromancers raise the fallen."
            }
            Army::Elves => {
                "Forest clans of archers under a Clan Lord; Druids weave nature's magic."
            }
            Army::Demons => {
                "Evil incarnate under a Demon King; Hellwitches call down hellfire and blood."
            }
        }
    }

    /// The army's special rules, as the book prints them.
    pub fn special_rules(self) -> &'static [&'static str] {
        match self {
            Army::KingdomsOfMan => &[
                "a) The army must include 1 King of Men, its King. Any Kingdoms of Man piece adjacent to a King of Men gains +1 HTH.",
                "b) Instead of moving, a Wizard may cast Armour (4+), Fireblast (5+) or Teleport (5+).",
                "c) Any Kingdoms of Man piece adjacent to a Cleric gains +1 D.",
            ],
            Army::OrcsAndGoblins => &[
                "a) The army must include 1 Chieftain, its King. Any Orcs and Goblins piece adjacent to the Chieftain gains +1 HTH.",
                "b) Instead of moving, a Shaman may cast Charge! (6+), Crunch! (5+) or Smash! (4+).",
            ],
            Army::Dwarfs => &[
                "a) The army must include 1 High King, its King. Any Dwarf piece adjacent to the High King gains +1 HTH.",
                "b) Any Dwarf piece adjacent to a Dwarf Lord gains +1 HTH.",
                "c) Instead of moving, a Miner may roll 1D6: on 5+ it may be placed anywhere on the board.",
                "d) When shooting, a Cannon that rolls two or more 1s is removed from the board.",
                "e) When shooting, a Gunner that rolls a 1 takes an automatic hit.",
            ],
            Army::Undead => &[
                "a) The army must include 1 Liche Lord, its King. Any Undead piece adjacent to the Liche Lord gains +1 HTH.",
                "b) Instead of moving, a Necromancer may cast Drain Life (5+), Raise Dead (5+) or Slay (6+).",
                "c) Whenever a Vampire or Ghoul removes an enemy piece from play, it gains +1 HTH.",
            ],
            Army::Elves => &[
                "a) The army must include 1 Clan Lord, its King. Any Elf piece adjacent to the Clan Lord gains +1 HTH.",
                "b) Instead of moving, a Druid may cast Armour of Thorns (5+), Arrow Storm (6+) or Entangle (4+).",
                "c) Rangers may be deployed anywhere within their own half of the board.",
            ],
            Army::Demons => &[
                "a) The army must include 1 Demon King, its King. Any Demon piece adjacent to the Demon King gains +1 HTH.",
                "b) Instead of moving, a Hellwitch may cast Dark Ritual (2+), Hellfire (5+) or Rain of Blood (6+).",
            ],
        }
    }
}

impl Choice for Army {
    const ALL: &'static [Self] = &[
        Army::KingdomsOfMan,
        Army::OrcsAndGoblins,
        Army::Dwarfs,
        Army::Undead,
        Army::Elves,
        Army::Demons,
    ];

    fn key(self) -> &'static str {
        match self {
            Army::KingdomsOfMan => "kingdoms-of-man",
            Army::OrcsAndGoblins => "orcs-and-goblins",
            Army::Dwarfs => "dwarfs",
            Army::Undead => "undead",
            Army::Elves => "elves",
            Army::Demons => "demons",
        }
    }
}

/// How a piece moves: as its chess counterpart.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Movement {
    Pawn,
    Rook,
    Knight,
    Bishop,
    Queen,
    King,
}

impl Movement {
    /// The letter the book prints in the M column.
    pub fn code(self) -> &'static str {
        match self {
            Movement::Pawn => "P",
            Movement::Rook => "R",
            Movement::Knight => "K",
            Movement::Bishop => "B",
            Movement::Queen => "Q",
            Movement::King => "KG",
        }
    }

    /// The chess letter a board draws the piece with.
    pub fn glyph(self) -> &'static str {
        match self {
            Movement::Pawn => "P",
            Movement::Rook => "R",
            Movement::Knight => "N",
            Movement::Bishop => "B",
            Movement::Queen => "Q",
            Movement::King => "K",
        }
    }
}

/// The five spellcasters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Caster {
    Wizard,
    Shaman,
    Necromancer,
    Druid,
    Hellwitch,
}

/// The special rule a unit carries, if any.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Role {
    Plain,
    /// Rule a of every army: the king piece, whose neighbours gain +1 HTH.
    King,
    Caster(Caster),
    /// Kingdoms of Man c: neighbours gain +1 D.
    Cleric,
    /// Dwarfs b: neighbours gain +1 HTH.
    DwarfLord,
    /// Dwarfs c: tunnels to any square on a 5+.
    Miner,
    /// Dwarfs d: removed when two or more of its shooting dice show 1.
    Cannon,
    /// Dwarfs e: takes a hit when any of its shooting dice shows 1.
    Gunner,
    /// Undead c: the Vampire and the Ghoul grow stronger with every kill.
    Killer,
    /// Elves c: deploys anywhere in its own half.
    Ranger,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ranged {
    pub dice: u8,
    pub range: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Profile {
    pub key: &'static str,
    pub name: &'static str,
    pub army: Army,
    pub movement: Movement,
    /// Dice rolled in a contest; `None` is the book's "-".
    pub hth: Option<u8>,
    pub ranged: Option<Ranged>,
    /// The Defence save: a D6 must equal or beat it.
    pub defence: u8,
    /// Points value in half points (the book has 2.5s).
    pub cost_halves: u8,
    /// The letter of the army's special rule, as printed.
    pub special: Option<char>,
    pub role: Role,
}

impl Profile {
    pub fn cost(&self) -> f64 {
        f64::from(self.cost_halves) / 2.0
    }

    pub fn is_king(&self) -> bool {
        self.role == Role::King
    }

    /// HTH as printed: no profile carries a modifier; `None` is "-".
    pub fn printed_hth(&self) -> Option<Hth> {
        self.hth.map(|dice| Hth {
            dice: dice.into(),
            modifier: 0,
        })
    }

    /// The profile as the book prints it: M, HTH, RA, D, PV.
    pub fn printed_stats(&self) -> Vec<Stat> {
        vec![
            Stat::new("M", self.movement.code()),
            Stat::new("HTH", hth_text(self.printed_hth())),
            Stat::new("RA", ranged_text(self.ranged)),
            Stat::new("D", defence_text(self.defence)),
            Stat::new("PV", points_text(self.cost_halves.into())),
        ]
    }
}

pub fn ranged_text(ranged: Option<Ranged>) -> String {
    ranged.map_or_else(|| "-".to_string(), |r| format!("{}/{}", r.dice, r.range))
}

pub fn defence_text(defence: u8) -> String {
    format!("{defence}+")
}

pub fn points_text(halves: u32) -> String {
    if halves.is_multiple_of(2) {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    }
}

/// Index into [`UNITS`].
pub type UnitId = u8;

// One argument per printed column keeps the table below readable as the book's.
#[allow(clippy::too_many_arguments)]
const fn unit(
    key: &'static str,
    name: &'static str,
    army: Army,
    movement: Movement,
    hth: Option<u8>,
    ranged: Option<Ranged>,
    defence: u8,
    cost_halves: u8,
    special: Option<char>,
    role: Role,
) -> Profile {
    Profile {
        key,
        name,
        army,
        movement,
        hth,
        ranged,
        defence,
        cost_halves,
        special,
        role,
    }
}

const fn ra(dice: u8, range: u8) -> Option<Ranged> {
    Some(Ranged { dice, range })
}

use Army::*;
use Movement::*;

/// Every unit of every army, in the book's order.
pub static UNITS: [Profile; 42] = [
    unit(
        "king-of-men",
        "King of Men",
        KingdomsOfMan,
        King,
        Some(2),
        None,
        4,
        12,
        Some('a'),
        Role::King,
    ),
    unit(
        "wizard",
        "Wizard",
        KingdomsOfMan,
        Queen,
        Some(1),
        None,
        6,
        10,
        Some('b'),
        Role::Caster(Caster::Wizard),
    ),
    unit(
        "cleric",
        "Cleric",
        KingdomsOfMan,
        Bishop,
        Some(1),
        None,
        5,
        8,
        Some('c'),
        Role::Cleric,
    ),
    unit(
        "knight",
        "Knight",
        KingdomsOfMan,
        Knight,
        Some(2),
        None,
        4,
        12,
        None,
        Role::Plain,
    ),
    unit(
        "champion",
        "Champion",
        KingdomsOfMan,
        Rook,
        Some(3),
        None,
        5,
        10,
        None,
        Role::Plain,
    ),
    unit(
        "man-at-arms",
        "Man-at-Arms",
        KingdomsOfMan,
        Pawn,
        Some(1),
        None,
        5,
        4,
        None,
        Role::Plain,
    ),
    unit(
        "archer",
        "Archer",
        KingdomsOfMan,
        Pawn,
        Some(1),
        ra(1, 2),
        6,
        5,
        None,
        Role::Plain,
    ),
    unit(
        "chieftain",
        "Chieftain",
        OrcsAndGoblins,
        King,
        Some(2),
        None,
        3,
        14,
        Some('a'),
        Role::King,
    ),
    unit(
        "shaman",
        "Shaman",
        OrcsAndGoblins,
        Queen,
        Some(1),
        None,
        5,
        12,
        Some('b'),
        Role::Caster(Caster::Shaman),
    ),
    unit(
        "great-orc",
        "Great Orc",
        OrcsAndGoblins,
        Bishop,
        Some(3),
        None,
        4,
        12,
        None,
        Role::Plain,
    ),
    unit(
        "wolf-rider",
        "Wolf Rider",
        OrcsAndGoblins,
        Knight,
        Some(2),
        None,
        5,
        10,
        None,
        Role::Plain,
    ),
    unit(
        "orc",
        "Orc",
        OrcsAndGoblins,
        Rook,
        Some(2),
        None,
        5,
        8,
        None,
        Role::Plain,
    ),
    unit(
        "hobgoblin",
        "Hobgoblin",
        OrcsAndGoblins,
        Pawn,
        Some(1),
        ra(1, 2),
        6,
        5,
        None,
        Role::Plain,
    ),
    unit(
        "goblin",
        "Goblin",
        OrcsAndGoblins,
        Pawn,
        Some(1),
        None,
        6,
        2,
        None,
        Role::Plain,
    ),
    unit(
        "high-king",
        "High King",
        Dwarfs,
        King,
        Some(2),
        None,
        3,
        14,
        Some('a'),
        Role::King,
    ),
    unit(
        "dwarf-lord",
        "Dwarf Lord",
        Dwarfs,
        Queen,
        Some(1),
        None,
        4,
        14,
        Some('b'),
        Role::DwarfLord,
    ),
    unit(
        "miner",
        "Miner",
        Dwarfs,
        Bishop,
        Some(1),
        None,
        4,
        10,
        Some('c'),
        Role::Miner,
    ),
    unit(
        "hunter",
        "Hunter",
        Dwarfs,
        Knight,
        Some(1),
        None,
        4,
        10,
        None,
        Role::Plain,
    ),
    unit(
        "cannon",
        "Cannon",
        Dwarfs,
        Pawn,
        None,
        ra(4, 4),
        4,
        12,
        Some('d'),
        Role::Cannon,
    ),
    unit(
        "gunner",
        "Gunner",
        Dwarfs,
        Pawn,
        Some(1),
        ra(3, 2),
        4,
        9,
        Some('e'),
        Role::Gunner,
    ),
    unit(
        "warrior",
        "Warrior",
        Dwarfs,
        Pawn,
        Some(1),
        None,
        4,
        6,
        None,
        Role::Plain,
    ),
    unit(
        "liche-lord",
        "Liche Lord",
        Undead,
        King,
        Some(2),
        None,
        4,
        12,
        Some('a'),
        Role::King,
    ),
    unit(
        "necromancer",
        "Necromancer",
        Undead,
        Queen,
        Some(1),
        None,
        5,
        12,
        Some('b'),
        Role::Caster(Caster::Necromancer),
    ),
    unit(
        "vampire",
        "Vampire",
        Undead,
        Bishop,
        Some(2),
        None,
        4,
        12,
        Some('c'),
        Role::Killer,
    ),
    unit(
        "spectre",
        "Spectre",
        Undead,
        Knight,
        Some(1),
        None,
        3,
        12,
        None,
        Role::Plain,
    ),
    unit(
        "ghoul",
        "Ghoul",
        Undead,
        Rook,
        Some(1),
        None,
        5,
        8,
        Some('c'),
        Role::Killer,
    ),
    unit(
        "zombie",
        "Zombie",
        Undead,
        Pawn,
        Some(2),
        None,
        6,
        4,
        None,
        Role::Plain,
    ),
    unit(
        "skeleton",
        "Skeleton",
        Undead,
        Pawn,
        Some(1),
        None,
        5,
        4,
        None,
        Role::Plain,
    ),
    unit(
        "clan-lord",
        "Clan Lord",
        Elves,
        King,
        Some(2),
        ra(1, 3),
        4,
        16,
        Some('a'),
        Role::King,
    ),
    unit(
        "druid",
        "Druid",
        Elves,
        Queen,
        Some(1),
        ra(1, 3),
        6,
        14,
        Some('b'),
        Role::Caster(Caster::Druid),
    ),
    unit(
        "battlemaster",
        "Battlemaster",
        Elves,
        Bishop,
        Some(3),
        ra(1, 3),
        5,
        14,
        None,
        Role::Plain,
    ),
    unit(
        "pegasus-rider",
        "Pegasus Rider",
        Elves,
        Knight,
        Some(2),
        ra(1, 3),
        5,
        14,
        None,
        Role::Plain,
    ),
    unit(
        "bowmaster",
        "Bowmaster",
        Elves,
        Rook,
        Some(1),
        ra(2, 3),
        6,
        9,
        None,
        Role::Plain,
    ),
    unit(
        "ranger",
        "Ranger",
        Elves,
        Pawn,
        Some(1),
        ra(1, 3),
        6,
        8,
        Some('c'),
        Role::Ranger,
    ),
    unit(
        "archer",
        "Archer",
        Elves,
        Pawn,
        Some(1),
        ra(1, 3),
        6,
        6,
        None,
        Role::Plain,
    ),
    unit(
        "demon-king",
        "Demon King",
        Demons,
        King,
        Some(3),
        None,
        3,
        16,
        Some('a'),
        Role::King,
    ),
    unit(
        "hellwitch",
        "Hellwitch",
        Demons,
        Queen,
        Some(1),
        None,
        4,
        16,
        Some('b'),
        Role::Caster(Caster::Hellwitch),
    ),
    unit(
        "blood-demon",
        "Blood Demon",
        Demons,
        Bishop,
        Some(3),
        None,
        5,
        10,
        None,
        Role::Plain,
    ),
    unit(
        "winged-demon",
        "Winged Demon",
        Demons,
        Knight,
        Some(2),
        None,
        5,
        10,
        None,
        Role::Plain,
    ),
    unit(
        "bone-demon",
        "Bone Demon",
        Demons,
        Rook,
        Some(2),
        None,
        4,
        10,
        None,
        Role::Plain,
    ),
    unit(
        "demospawn",
        "Demospawn",
        Demons,
        Pawn,
        Some(1),
        None,
        4,
        6,
        None,
        Role::Plain,
    ),
    unit(
        "black-warrior",
        "Black Warrior",
        Demons,
        Pawn,
        Some(2),
        None,
        5,
        6,
        None,
        Role::Plain,
    ),
];

pub const ZOMBIE: UnitId = 26;
pub const SKELETON: UnitId = 27;

pub fn profile(unit: UnitId) -> &'static Profile {
    &UNITS[unit as usize]
}

pub fn units_of(army: Army) -> impl Iterator<Item = (UnitId, &'static Profile)> {
    UNITS
        .iter()
        .enumerate()
        .filter(move |(_, p)| p.army == army)
        .map(|(index, p)| (index as UnitId, p))
}

pub fn unit_by_key(army: Army, key: &str) -> Option<UnitId> {
    units_of(army).find(|(_, p)| p.key == key).map(|(id, _)| id)
}
