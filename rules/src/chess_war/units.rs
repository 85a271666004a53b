//! The six races of ChessWar! as data: every unit's profile read from the
//! book's tables (whose columns lost their separators: `1522+ +1` is No 1,
//! Cost 5, Move 2, Save 2+, Melee +1), the chess piece it stands for, and
//! its special rules.

use fray_protocol::Stat;

use super::spells::Spell;
use super::weapons::{Armament, Weapon};
use crate::kit::match_options::Choice;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Race {
    Humans,
    Dwarves,
    Elves,
    Undead,
    /// The fifth race, whose heading was lost: named by Fray (W3).
    Orcs,
    Chaos,
}

impl Race {
    pub fn name(self) -> &'static str {
        match self {
            Race::Humans => "Humans",
            Race::Dwarves => "Dwarves",
            Race::Elves => "Elves",
            Race::Undead => "Undead",
            Race::Orcs => "Orcs",
            Race::Chaos => "Chaos",
        }
    }

    pub fn description(self) -> &'static str {
        match self {
            Race::Humans => {
                "Cheap infantry, archers, knights and catapults under a General; the Wizard \
                 zaps, storms, protects and heals."
            }
            Race::Dwarves => {
                "Slow, tough and strong, with crossbows and catapults and no cavalry; the Rune \
                 Lord's anti-magic shields every dwarf."
            }
            Race::Elves => {
                "Archers at the core, long bows, fast cavalry and Treemen that almost never \
                 fall; the Wizard heals and frightens."
            }
            Race::Undead => {
                "Zombies and skeletal archers under a teleporting Liche; Necromancers raise the \
                 fallen and catapults hurl fear."
            }
            Race::Orcs => {
                "Orc Boyz and Wolf Riders under a Warlord, with stupid regenerating Trolls; the \
                 Shaman makes units fly."
            }
            Race::Chaos => {
                "Plague-ridden Beastmen, Giants and Chaos Knights under a terrifying Chaos Lord; \
                 the Sorcerer spreads fear and plague."
            }
        }
    }

    /// The rules of the race as a whole, besides its units' specials.
    pub fn special_rules(self) -> &'static [&'static str] {
        match self {
            Race::Undead => &[
                "In the lengthened game, when the Liche and every Necromancer are destroyed, \
                 every other undead unit is destroyed too.",
            ],
            Race::Dwarves => &["Dwarves have no cavalry."],
            _ => &[],
        }
    }
}

impl Choice for Race {
    const ALL: &'static [Self] = &[
        Race::Humans,
        Race::Dwarves,
        Race::Elves,
        Race::Undead,
        Race::Orcs,
        Race::Chaos,
    ];

    fn key(self) -> &'static str {
        match self {
            Race::Humans => "humans",
            Race::Dwarves => "dwarves",
            Race::Elves => "elves",
            Race::Undead => "undead",
            Race::Orcs => "orcs",
            Race::Chaos => "chaos",
        }
    }
}

/// The chess piece a unit is played with, in the book's standard order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ChessPiece {
    /// The general: exactly one in every army, and the game is lost with it.
    King,
    /// The wizard.
    Queen,
    Rook,
    Bishop,
    Knight,
    /// The basic infantry: at least four in every army.
    Pawn,
}

impl ChessPiece {
    pub fn name(self) -> &'static str {
        match self {
            ChessPiece::King => "king",
            ChessPiece::Queen => "queen",
            ChessPiece::Rook => "rook",
            ChessPiece::Bishop => "bishop",
            ChessPiece::Knight => "knight",
            ChessPiece::Pawn => "pawn",
        }
    }

    /// The letter a board draws the piece with.
    pub fn glyph(self) -> &'static str {
        match self {
            ChessPiece::King => "K",
            ChessPiece::Queen => "Q",
            ChessPiece::Rook => "R",
            ChessPiece::Bishop => "B",
            ChessPiece::Knight => "N",
            ChessPiece::Pawn => "P",
        }
    }
}

/// A special rule a unit carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Special {
    /// +1 Melee in the melee phase of a turn in which it charged.
    Charge,
    ImmuneToFear,
    /// Chargers must save or stop; the units it charges save or are scared.
    CausesFear,
    ImmuneToPlague,
    /// Destroyed in melee, it infects its opponents; immune to plague itself.
    Plague,
    /// Rolls 3+ before its first move, charge or shot of a turn, or does
    /// nothing but fight for the rest of it.
    Stupid,
    /// Destroyed, it may come back on a 3+ at the end of the turn.
    Regenerate,
    /// Moves by teleporting, over units and out of melee.
    Teleport,
    /// While it lives, friendly units get a 5+ against spells aimed at them.
    AntiMagic,
    Armed(Armament),
    /// A caster, and the spells it may cast.
    Spells(&'static [Spell]),
}

impl Special {
    /// The rule as a client shows it: "Immune to Fear", "Bows (-1 to-hit)",
    /// "Spells: Zap!, Storm, Dispel".
    pub fn text(self) -> String {
        match self {
            Special::Charge => "Charge".into(),
            Special::ImmuneToFear => "Immune to Fear".into(),
            Special::CausesFear => "Causes Fear".into(),
            Special::ImmuneToPlague => "Immune to Plague".into(),
            Special::Plague => "Plague".into(),
            Special::Stupid => "Stupid".into(),
            Special::Regenerate => "Regenerate".into(),
            Special::Teleport => "Teleport".into(),
            Special::AntiMagic => "Anti-magic".into(),
            Special::Armed(armament) => armament.text(),
            Special::Spells(spells) => {
                let names: Vec<&str> = spells.iter().map(|spell| spell.name()).collect();
                format!("Spells: {}", names.join(", "))
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Profile {
    pub key: &'static str,
    pub name: &'static str,
    pub race: Race,
    pub piece: ChessPiece,
    /// The fewest of this unit a list may take (the No column).
    pub min: u8,
    /// The most of this unit a list may take (the No column).
    pub max: u8,
    pub cost: u8,
    /// Squares per movement phase, not counting the charge step; 0 for
    /// catapults, which neither move nor charge.
    pub movement: u8,
    /// The d6 a save needs. The Treemen's 1+ still fails on a roll of 1.
    pub save: u8,
    /// Added to the unit's attack rolls and taken from its attackers'.
    pub melee: i8,
    pub specials: &'static [Special],
    /// The table's footnote on the unit, where it has one.
    pub note: Option<&'static str>,
}

impl Profile {
    pub fn is_general(&self) -> bool {
        self.piece == ChessPiece::King
    }

    pub fn is_basic_infantry(&self) -> bool {
        self.piece == ChessPiece::Pawn
    }

    pub fn has(&self, special: Special) -> bool {
        self.specials.contains(&special)
    }

    pub fn armament(&self) -> Option<Armament> {
        self.specials.iter().find_map(|special| match special {
            Special::Armed(armament) => Some(*armament),
            _ => None,
        })
    }

    /// The spells the unit may cast; none for a unit that is no caster.
    pub fn spells(&self) -> &'static [Spell] {
        self.specials
            .iter()
            .find_map(|special| match special {
                Special::Spells(spells) => Some(*spells),
                _ => None,
            })
            .unwrap_or(&[])
    }

    pub fn immune_to_fear(&self) -> bool {
        self.has(Special::ImmuneToFear)
    }

    /// Plague carriers are immune to plague as well as the units that say so.
    pub fn immune_to_plague(&self) -> bool {
        self.has(Special::ImmuneToPlague) || self.has(Special::Plague)
    }

    /// The No column as printed: "1", "0-2", "4-16".
    pub fn number_text(&self) -> String {
        if self.min == self.max {
            self.min.to_string()
        } else {
            format!("{}-{}", self.min, self.max)
        }
    }

    pub fn move_text(&self) -> String {
        if self.has(Special::Teleport) {
            format!("{}*", self.movement)
        } else {
            self.movement.to_string()
        }
    }

    pub fn save_text(&self) -> String {
        format!("{}+", self.save)
    }

    pub fn melee_text(&self) -> String {
        format!("{:+}", self.melee)
    }

    /// The profile's columns as a client shows them.
    pub fn stats(&self) -> Vec<Stat> {
        vec![
            Stat::new("piece", self.piece.name()),
            Stat::new("No", self.number_text()),
            Stat::new("Move", self.move_text()),
            Stat::new("Save", self.save_text()),
            Stat::new("Melee", self.melee_text()),
        ]
    }
}

/// Index into [`UNITS`].
pub type UnitId = u8;

// One argument per column keeps each call a row of the book's table.
#[allow(clippy::too_many_arguments)]
const fn unit(
    race: Race,
    piece: ChessPiece,
    key: &'static str,
    name: &'static str,
    (min, max): (u8, u8),
    cost: u8,
    movement: u8,
    save: u8,
    melee: i8,
    specials: &'static [Special],
) -> Profile {
    Profile {
        key,
        name,
        race,
        piece,
        min,
        max,
        cost,
        movement,
        save,
        melee,
        specials,
        note: None,
    }
}

const fn noted(profile: Profile, note: &'static str) -> Profile {
    Profile {
        note: Some(note),
        ..profile
    }
}

const fn armed(weapon: Weapon) -> Special {
    Special::Armed(Armament {
        weapon,
        to_hit_modifier: 0,
    })
}

use ChessPiece::{Bishop, King, Knight, Pawn, Queen, Rook};
use Race::{Chaos, Dwarves, Elves, Humans, Orcs, Undead};
use Special::{
    AntiMagic, CausesFear, Charge, ImmuneToFear, ImmuneToPlague, Plague, Regenerate, Spells,
    Stupid, Teleport,
};

const HUMAN_WIZARD: &[Spell] = &[
    Spell::Zap,
    Spell::Storm,
    Spell::Dispel,
    Spell::Protection,
    Spell::Healing,
];
const RUNE_LORD: &[Spell] = &[Spell::Storm, Spell::Dispel, Spell::Protection];
const ELF_WIZARD: &[Spell] = &[
    Spell::Zap,
    Spell::Dispel,
    Spell::Protection,
    Spell::Healing,
    Spell::Fear,
];
const NECROMANCY: &[Spell] = &[
    Spell::Zap,
    Spell::Storm,
    Spell::Dispel,
    Spell::RaiseDead,
    Spell::Strike,
];
const SHAMAN: &[Spell] = &[
    Spell::Zap,
    Spell::Dispel,
    Spell::Flight,
    Spell::Protection,
    Spell::Strike,
];
const SORCERER: &[Spell] = &[
    Spell::Zap,
    Spell::Storm,
    Spell::Dispel,
    Spell::Fear,
    Spell::Plague,
];

/// The Undead Archers' bows, which hit at -1.
const UNDEAD_BOWS: Special = Special::Armed(Armament {
    weapon: Weapon::Bows,
    to_hit_modifier: -1,
});

/// Every unit of every race, in the book's order: the races as printed, and
/// in each race king, queen, rook, bishop, knight, pawn. Columns: race,
/// piece, key, name, No, Cost, Move, Save, Melee, specials.
// One row per unit, as the book's tables are, so that each row can be
// checked against the book at a glance.
#[rustfmt::skip]
pub static UNITS: [Profile; 35] = [
    unit(Humans, King, "general", "General", (1, 1), 5, 2, 2, 1, &[ImmuneToFear]),
    unit(Humans, Queen, "wizard", "Wizard", (0, 2), 6, 2, 3, -1, &[Spells(HUMAN_WIZARD)]),
    unit(Humans, Rook, "catapults", "Catapults", (0, 4), 3, 0, 4, -1, &[armed(Weapon::Catapults)]),
    unit(Humans, Bishop, "archers", "Archers", (0, 4), 2, 2, 5, -1, &[armed(Weapon::Bows)]),
    unit(Humans, Knight, "knights", "Knights", (0, 4), 4, 3, 3, 0, &[Charge]),
    unit(Humans, Pawn, "infantry", "Infantry", (4, 16), 2, 1, 4, 0, &[]),
    unit(Dwarves, King, "warlord", "Warlord", (1, 1), 5, 1, 2, 2, &[ImmuneToFear, armed(Weapon::Crossbows)]),
    unit(Dwarves, Queen, "rune-lord", "Rune Lord", (0, 1), 8, 1, 2, 2, &[ImmuneToFear, Spells(RUNE_LORD), AntiMagic]),
    unit(Dwarves, Rook, "catapults", "Catapults", (0, 4), 4, 0, 3, 0, &[armed(Weapon::Catapults)]),
    unit(Dwarves, Bishop, "crossbowers", "Crossbowers", (0, 4), 4, 1, 2, 0, &[armed(Weapon::Crossbows)]),
    unit(Dwarves, Pawn, "infantry", "Infantry", (4, 16), 4, 1, 2, 1, &[]),
    unit(Elves, King, "general", "General", (1, 1), 7, 3, 3, 1, &[Charge, ImmuneToFear]),
    unit(Elves, Queen, "wizard", "Wizard", (0, 2), 8, 3, 3, -1, &[Charge, Spells(ELF_WIZARD)]),
    noted(unit(Elves, Rook, "treemen", "Treemen", (0, 2), 6, 1, 1, 1, &[]),
        "Save 1+: a roll of 1 still fails, as every save's does."),
    unit(Elves, Bishop, "elite-archers", "Elite Archers", (0, 4), 4, 2, 5, 0, &[armed(Weapon::LongBows)]),
    unit(Elves, Knight, "cavalry", "Cavalry", (0, 2), 4, 3, 3, 0, &[Charge]),
    unit(Elves, Pawn, "archers", "Archers", (4, 16), 2, 2, 5, -1, &[armed(Weapon::Bows)]),
    noted(unit(Undead, King, "liche", "Liche", (1, 1), 11, 2, 2, 1, &[Teleport, Spells(NECROMANCY)]),
        // No word longer than a narrow column: `fray systems` fits 80 columns.
        "Teleports to any empty square in range, even through units and out of melee, \
         and may charge after it."),
    unit(Undead, Queen, "necromancer", "Necromancer", (0, 2), 8, 2, 3, -1, &[Spells(NECROMANCY)]),
    unit(Undead, Rook, "catapults", "Catapults", (0, 4), 4, 0, 4, -2, &[armed(Weapon::FearCatapults)]),
    unit(Undead, Bishop, "undead-archers", "Undead Archers", (0, 4), 2, 2, 6, -1, &[UNDEAD_BOWS]),
    unit(Undead, Knight, "night-riders", "Night Riders", (0, 4), 4, 3, 4, -1, &[Charge]),
    unit(Undead, Pawn, "zombies", "Zombies", (4, 16), 2, 1, 5, -1, &[]),
    unit(Orcs, King, "warlord", "Warlord", (1, 1), 5, 2, 2, 1, &[ImmuneToFear]),
    unit(Orcs, Queen, "shaman", "Shaman", (0, 2), 6, 2, 3, 0, &[Spells(SHAMAN)]),
    unit(Orcs, Rook, "trolls", "Trolls", (0, 4), 5, 1, 2, 1, &[armed(Weapon::Rocks), Stupid, Regenerate]),
    unit(Orcs, Bishop, "archers", "Archers", (0, 4), 3, 1, 4, 0, &[armed(Weapon::Bows)]),
    unit(Orcs, Knight, "wolf-riders", "Wolf Riders", (0, 4), 3, 4, 4, -1, &[Charge]),
    unit(Orcs, Pawn, "orc-boyz", "Orc Boyz", (4, 16), 2, 1, 3, 0, &[]),
    unit(Chaos, King, "chaos-lord", "Chaos Lord", (1, 1), 8, 2, 2, 2, &[ImmuneToFear, ImmuneToPlague, CausesFear]),
    unit(Chaos, Queen, "sorcerer", "Sorcerer", (0, 2), 6, 2, 3, -1, &[Spells(SORCERER)]),
    unit(Chaos, Rook, "giants", "Giants", (0, 2), 6, 2, 2, 1, &[armed(Weapon::Rocks)]),
    unit(Chaos, Bishop, "thug-bowmen", "Thug Bowmen", (0, 2), 2, 2, 5, -1, &[armed(Weapon::Bows)]),
    unit(Chaos, Knight, "chaos-knights", "Chaos Knights", (0, 2), 6, 3, 3, 1, &[Charge, ImmuneToFear]),
    unit(Chaos, Pawn, "beastmen", "Beastmen", (4, 16), 3, 1, 4, 0, &[Plague]),
];

pub fn profile(unit: UnitId) -> &'static Profile {
    &UNITS[usize::from(unit)]
}

/// The units of `race`, in the book's order, with their ids.
pub fn units_of(race: Race) -> impl Iterator<Item = (UnitId, &'static Profile)> {
    UNITS
        .iter()
        .enumerate()
        .filter(move |(_, profile)| profile.race == race)
        .map(|(id, profile)| (id as UnitId, profile))
}

pub fn unit_by_key(race: Race, key: &str) -> Option<UnitId> {
    units_of(race)
        .find(|(_, profile)| profile.key == key)
        .map(|(id, _)| id)
}

/// The race's general: its king, of which every army has exactly one.
pub fn general_of(race: Race) -> &'static Profile {
    units_of(race)
        .map(|(_, profile)| profile)
        .find(|profile| profile.is_general())
        .expect("every race has a general")
}

/// The race's basic infantry: its pawns, of which every army has at least 4.
pub fn basic_infantry_of(race: Race) -> &'static Profile {
    units_of(race)
        .map(|(_, profile)| profile)
        .find(|profile| profile.is_basic_infantry())
        .expect("every race has basic infantry")
}

/// The Zombies a Raise Dead brings up: the Undead's basic infantry.
pub fn zombies() -> &'static Profile {
    basic_infantry_of(Race::Undead)
}
