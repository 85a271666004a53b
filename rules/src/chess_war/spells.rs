//! The ten spells: their kinds, which decide when each may be cast, and the
//! reach and numbers of each effect as Fray rules them (the book kept only
//! the names and kinds; `docs/rules/chess-war.md`, W38–W51).

use crate::kit::match_options::Choice;

/// When a spell may be cast: the kind the book prints after each name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum SpellKind {
    /// In the caster's firing phase, not in melee, like a shot.
    Attack,
    /// The caster must not move this turn; the effect comes before firing,
    /// between firing and melee, or after melee, as the caster decides.
    Summon,
    /// At any time on the caster's own turn, and at the reaction windows of
    /// the opponent's turn.
    Instant,
    /// In the caster's movement phase.
    Move,
    /// In the caster's melee phase.
    Melee,
}

impl SpellKind {
    pub fn name(self) -> &'static str {
        match self {
            SpellKind::Attack => "attack",
            SpellKind::Summon => "summon",
            SpellKind::Instant => "instant",
            SpellKind::Move => "move",
            SpellKind::Melee => "melee",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Spell {
    Zap,
    Storm,
    Dispel,
    Protection,
    Flight,
    Healing,
    RaiseDead,
    Fear,
    Plague,
    Strike,
}

/// How far every spell reaches, in squares counted as ranges are (W18):
/// from the caster to its target unit, the centre of its area, or, for
/// Dispel, the enemy caster or what that caster aims at.
pub const SPELL_RANGE: u8 = 6;

/// How far Flight carries its target from the square it stood on.
pub const FLIGHT_DISTANCE: u8 = 3;

/// What Protection adds to its target's saves until the end of the turn.
pub const PROTECTION_BONUS: i8 = 2;

/// What Strike adds to one attack roll.
pub const STRIKE_BONUS: i8 = 2;

/// The d6 Zap! needs to hit, and the modifier to its target's save.
pub const ZAP_TO_HIT: u8 = 3;
pub const ZAP_SAVE_MODIFIER: i8 = -1;

/// The d6 Storm's lightning needs to strike each unit under it.
pub const STORM_TO_HIT: u8 = 4;

/// The modifier to the save against Plague, the spell and the contagion.
pub const PLAGUE_SAVE_MODIFIER: i8 = 1;

/// Storm, Fear and Plague fall on the 3×3 squares around their centre:
/// every square at most this far from it.
pub const AREA_RADIUS: u8 = 1;

impl Spell {
    pub fn name(self) -> &'static str {
        match self {
            Spell::Zap => "Zap!",
            Spell::Storm => "Storm",
            Spell::Dispel => "Dispel",
            Spell::Protection => "Protection",
            Spell::Flight => "Flight",
            Spell::Healing => "Healing",
            Spell::RaiseDead => "Raise Dead",
            Spell::Fear => "Fear",
            Spell::Plague => "Plague",
            Spell::Strike => "Strike",
        }
    }

    /// The kind the book prints after the spell's name.
    pub fn kind(self) -> SpellKind {
        match self {
            Spell::Zap => SpellKind::Attack,
            Spell::Storm | Spell::Fear | Spell::Plague => SpellKind::Summon,
            Spell::Dispel | Spell::Protection | Spell::Healing | Spell::RaiseDead => {
                SpellKind::Instant
            }
            Spell::Flight => SpellKind::Move,
            Spell::Strike => SpellKind::Melee,
        }
    }

    /// Whether the spell falls on an area rather than on a unit: the
    /// "indirect effects" the Rune Lord's anti-magic does not turn aside.
    pub fn is_area(self) -> bool {
        matches!(self, Spell::Storm | Spell::Fear | Spell::Plague)
    }

    /// Whether the Rune Lord's anti-magic gives a Dwarf unit its 5+ against
    /// the spell: the enemy spells aimed at one unit.
    pub fn anti_magic_resists(self) -> bool {
        matches!(self, Spell::Zap | Spell::Flight | Spell::RaiseDead)
    }

    /// The effect in a sentence, for clients.
    pub fn summary(self) -> &'static str {
        match self {
            Spell::Zap => {
                "Attack. An enemy unit within 6 squares that the caster sees: hit on 3+, \
                 then it saves at -1 or is destroyed."
            }
            Spell::Storm => {
                "Summon. Every unit, of either side, on the 3×3 squares around a square \
                 within 6: struck on 4+, then it saves or is destroyed."
            }
            Spell::Dispel => {
                "Instant. Cancels an enemy spell as it is cast, if its caster or its target \
                 is within 6 squares. A Dispel cannot be dispelled."
            }
            Spell::Protection => {
                "Instant. A friendly unit within 6 squares, or the caster: +2 to its saves \
                 until the end of the turn."
            }
            Spell::Flight => {
                "Move. A unit within 6 squares flies to an empty square at most 3 away, over \
                 any units but not next to its enemies; an enemy resists with a save."
            }
            Spell::Healing => {
                "Instant. When a friendly unit within 6 squares fails a save that would \
                 destroy it: it makes that save again."
            }
            Spell::RaiseDead => {
                "Instant. When a unit other than a general is destroyed within 6 squares, a \
                 Zombie of the caster's army rises on its empty square."
            }
            Spell::Fear => {
                "Summon. Every enemy unit on the 3×3 squares around a square within 6 saves \
                 or is scared until the start of the caster's next turn."
            }
            Spell::Plague => {
                "Summon. Every unit, of either side, on the 3×3 squares around a square \
                 within 6, unless immune to plague, saves at +1 or is destroyed."
            }
            Spell::Strike => {
                "Melee. A friendly unit within 6 squares that is in melee: +2 to its attack \
                 roll this phase."
            }
        }
    }
}

impl Choice for Spell {
    const ALL: &'static [Self] = &[
        Spell::Zap,
        Spell::Storm,
        Spell::Dispel,
        Spell::Protection,
        Spell::Flight,
        Spell::Healing,
        Spell::RaiseDead,
        Spell::Fear,
        Spell::Plague,
        Spell::Strike,
    ];

    fn key(self) -> &'static str {
        match self {
            Spell::Zap => "zap",
            Spell::Storm => "storm",
            Spell::Dispel => "dispel",
            Spell::Protection => "protection",
            Spell::Flight => "flight",
            Spell::Healing => "healing",
            Spell::RaiseDead => "raise-dead",
            Spell::Fear => "fear",
            Spell::Plague => "plague",
            Spell::Strike => "strike",
        }
    }
}
