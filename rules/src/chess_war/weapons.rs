//! The ranged weapons: what each needs to hit, how far it reaches, whether it
//! may be fired indirectly or after moving, and what it does to the save
//! (`docs/rules/chess-war.md`, W17–W23).

use crate::kit::match_options::Choice;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Weapon {
    Bows,
    LongBows,
    Crossbows,
    Catapults,
    FearCatapults,
    Rocks,
}

/// What a shot is aimed at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Aim {
    /// An enemy unit, hit or missed where it stands.
    Unit,
    /// A square, and the shot scatters before it lands.
    Square,
}

/// A weapon's numbers, before any unit's own to-hit modifier.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WeaponProfile {
    /// The d6 needed to hit; past 6 the weapon cannot hit at all.
    pub to_hit: u8,
    /// The farthest target, in squares; `None` reaches the whole board.
    pub range: Option<u8>,
    /// Whether the target need only be seen by some friendly unit, not by
    /// the firer itself.
    pub indirect: bool,
    /// Whether the unit may fire in a turn it moved.
    pub after_moving: bool,
    /// Added to the hit unit's save roll.
    pub save_modifier: i8,
    pub aim: Aim,
    /// Hits without a roll any unit that is not immune to fear.
    pub fear: bool,
}

impl Weapon {
    pub fn name(self) -> &'static str {
        match self {
            Weapon::Bows => "Bows",
            Weapon::LongBows => "Long Bows",
            Weapon::Crossbows => "Crossbows",
            Weapon::Catapults => "Catapults",
            Weapon::FearCatapults => "Catapults of Fear",
            Weapon::Rocks => "Rocks",
        }
    }

    pub fn profile(self) -> WeaponProfile {
        let bows = WeaponProfile {
            to_hit: 3,
            range: Some(4),
            indirect: true,
            after_moving: true,
            save_modifier: 0,
            aim: Aim::Unit,
            fear: false,
        };
        let catapults = WeaponProfile {
            range: None,
            after_moving: false,
            save_modifier: -1,
            aim: Aim::Square,
            ..bows
        };
        match self {
            Weapon::Bows => bows,
            // The Elf table's "+1 to-hit" and the weapon section's "2+" are
            // one bonus told twice, not two (W22).
            Weapon::LongBows => WeaponProfile {
                to_hit: 2,
                range: Some(5),
                ..bows
            },
            Weapon::Crossbows => WeaponProfile {
                indirect: false,
                after_moving: false,
                save_modifier: -1,
                ..bows
            },
            Weapon::Catapults => catapults,
            Weapon::FearCatapults => WeaponProfile {
                fear: true,
                ..catapults
            },
            Weapon::Rocks => WeaponProfile {
                range: Some(4),
                after_moving: true,
                save_modifier: 0,
                ..catapults
            },
        }
    }
}

impl Choice for Weapon {
    const ALL: &'static [Self] = &[
        Weapon::Bows,
        Weapon::LongBows,
        Weapon::Crossbows,
        Weapon::Catapults,
        Weapon::FearCatapults,
        Weapon::Rocks,
    ];

    fn key(self) -> &'static str {
        match self {
            Weapon::Bows => "bows",
            Weapon::LongBows => "long-bows",
            Weapon::Crossbows => "crossbows",
            Weapon::Catapults => "catapults",
            Weapon::FearCatapults => "fear-catapults",
            Weapon::Rocks => "rocks",
        }
    }
}

/// A unit's weapon with the unit's own to-hit modifier (the Undead Archers'
/// Bows hit at -1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Armament {
    pub weapon: Weapon,
    /// Added to the to-hit roll: -1 needs one more.
    pub to_hit_modifier: i8,
}

impl Armament {
    /// The d6 this unit needs to hit; over 6 it cannot hit.
    pub fn to_hit(self) -> u8 {
        let needed = i16::from(self.weapon.profile().to_hit) - i16::from(self.to_hit_modifier);
        u8::try_from(needed.clamp(1, 7)).unwrap_or(7)
    }

    /// The weapon as a special rule is written: "Bows (-1 to-hit)".
    pub fn text(self) -> String {
        match self.to_hit_modifier {
            0 => self.weapon.name().to_string(),
            m => format!("{} ({m:+} to-hit)", self.weapon.name()),
        }
    }
}
