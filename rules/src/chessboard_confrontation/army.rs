//! Buying an army: five troop types and seventeen traits at their costs,
//! one Support per army, the points budget (50 by default), Large miniatures.

use fray_protocol::{ArmyList, Buy, Stat, SystemId, UnitInfo};

use crate::kit::army_check;
use crate::kit::match_options::Choice;

/// The one "army" key a list names: squads are built from troop types.
pub const ARMY_KEY: &str = "squad";
pub const DEFAULT_BUDGET: u32 = 50;
/// The fewest points the `points` option allows.
pub const MIN_BUDGET: u32 = 8;
/// The most points the `points` option allows: a list over it fits no match.
pub const MAX_BUDGET: u32 = 500;

/// The points a list is checked against. A stored list is for no match in
/// particular, so it is held to the most any match allows; the match's own
/// budget is checked when the list is brought to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// The budget of the match the list plays in (its `points` option).
    Match(u32),
    /// No match in particular: [`MAX_BUDGET`].
    AnyMatch,
}

/// The pseudo-trait marking a Large miniature; it costs nothing.
pub const LARGE_KEY: &str = "large";

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Troop {
    Minion,
    Regular,
    Advanced,
    Elite,
    Monster,
}

impl Troop {
    pub fn name(self) -> &'static str {
        match self {
            Troop::Minion => "Minion",
            Troop::Regular => "Regular Troops",
            Troop::Advanced => "Advanced Troops",
            Troop::Elite => "Elite Troops",
            Troop::Monster => "Big Monster",
        }
    }

    pub fn glyph(self) -> &'static str {
        match self {
            Troop::Minion => "m",
            Troop::Regular => "R",
            Troop::Advanced => "A",
            Troop::Elite => "E",
            Troop::Monster => "M",
        }
    }

    pub fn cost(self) -> u32 {
        match self {
            Troop::Minion => 4,
            Troop::Regular => 6,
            Troop::Advanced => 8,
            Troop::Elite => 10,
            Troop::Monster => 12,
        }
    }

    /// The die value: d4 to d12.
    pub fn die(self) -> u8 {
        match self {
            Troop::Minion => 4,
            Troop::Regular => 6,
            Troop::Advanced => 8,
            Troop::Elite => 10,
            Troop::Monster => 12,
        }
    }

    pub fn movement(self) -> u8 {
        match self {
            Troop::Minion => 2,
            Troop::Regular | Troop::Advanced => 3,
            Troop::Elite | Troop::Monster => 4,
        }
    }
}

impl Choice for Troop {
    const ALL: &'static [Self] = &[
        Troop::Minion,
        Troop::Regular,
        Troop::Advanced,
        Troop::Elite,
        Troop::Monster,
    ];

    fn key(self) -> &'static str {
        match self {
            Troop::Minion => "minion",
            Troop::Regular => "regular",
            Troop::Advanced => "advanced",
            Troop::Elite => "elite",
            Troop::Monster => "monster",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Trait {
    Flight,
    LesserRanged,
    Poison,
    Armor,
    Brutal,
    Heal,
    Fast,
    Sharpshooter,
    Stealth,
    Stun,
    Summon,
    AreaEffect,
    Assault,
    Fear,
    GreaterRanged,
    Lucky,
    Support,
}

impl Trait {
    pub fn name(self) -> &'static str {
        match self {
            Trait::Flight => "Flight",
            Trait::LesserRanged => "Lesser Ranged",
            Trait::Poison => "Poison",
            Trait::Armor => "Armor",
            Trait::Brutal => "Brutal",
            Trait::Heal => "Heal",
            Trait::Fast => "Fast",
            Trait::Sharpshooter => "Sharpshooter",
            Trait::Stealth => "Stealth",
            Trait::Stun => "Stun",
            Trait::Summon => "Summon",
            Trait::AreaEffect => "Area Effect",
            Trait::Assault => "Assault",
            Trait::Fear => "Fear",
            Trait::GreaterRanged => "Greater Ranged",
            Trait::Lucky => "Lucky",
            Trait::Support => "Support",
        }
    }

    pub fn cost(self) -> u32 {
        match self {
            Trait::Flight | Trait::LesserRanged | Trait::Poison => 2,
            Trait::Armor
            | Trait::Brutal
            | Trait::Heal
            | Trait::Fast
            | Trait::Sharpshooter
            | Trait::Stealth
            | Trait::Stun
            | Trait::Summon => 3,
            Trait::AreaEffect
            | Trait::Assault
            | Trait::Fear
            | Trait::GreaterRanged
            | Trait::Lucky
            | Trait::Support => 4,
        }
    }

    pub fn summary(self) -> &'static str {
        match self {
            Trait::Flight => "moves through obstacles and figures; cannot end on an occupied space",
            Trait::LesserRanged => "ranged attack: roll the die, halve, round up",
            Trait::Poison => "may poison instead of a regular attack: -1 to every roll until cured",
            Trait::Armor => "Defence: roll 2 dice, use the higher",
            Trait::Brutal => "Melee: roll 2 dice, use the higher",
            Trait::Heal => "a Heal marker lets it or an ally within 3 reroll a failed Defence roll",
            Trait::Fast => "+2 Move",
            Trait::Sharpshooter => "ranged attacks: roll 2 dice, use the higher",
            Trait::Stealth => {
                "not attacking on its turn hides it from ranged attacks until its next turn"
            }
            Trait::Stun => {
                "may stun instead of a regular attack: the enemy cannot move until cured"
            }
            Trait::Summon => "instead of attacking, moves an ally next to itself",
            Trait::AreaEffect => "lesser ranged attack on an enemy and every space adjacent to it",
            Trait::Assault => "if it does not move, may attack twice with the same attack",
            Trait::Fear => "an enemy must pass a Skill roll before attacking it",
            Trait::GreaterRanged => "ranged attack: roll the die",
            Trait::Lucky => "may reroll one die roll it makes during its turn",
            Trait::Support => {
                "its Support marker lets an ally within 3 reroll one roll on its next turn (one per army)"
            }
        }
    }

    pub fn bit(self) -> u32 {
        1 << (self as u32)
    }
}

impl Choice for Trait {
    const ALL: &'static [Self] = &[
        Trait::Flight,
        Trait::LesserRanged,
        Trait::Poison,
        Trait::Armor,
        Trait::Brutal,
        Trait::Heal,
        Trait::Fast,
        Trait::Sharpshooter,
        Trait::Stealth,
        Trait::Stun,
        Trait::Summon,
        Trait::AreaEffect,
        Trait::Assault,
        Trait::Fear,
        Trait::GreaterRanged,
        Trait::Lucky,
        Trait::Support,
    ];

    fn key(self) -> &'static str {
        match self {
            Trait::Flight => "flight",
            Trait::LesserRanged => "lesser-ranged",
            Trait::Poison => "poison",
            Trait::Armor => "armor",
            Trait::Brutal => "brutal",
            Trait::Heal => "heal",
            Trait::Fast => "fast",
            Trait::Sharpshooter => "sharpshooter",
            Trait::Stealth => "stealth",
            Trait::Stun => "stun",
            Trait::Summon => "summon",
            Trait::AreaEffect => "area-effect",
            Trait::Assault => "assault",
            Trait::Fear => "fear",
            Trait::GreaterRanged => "greater-ranged",
            Trait::Lucky => "lucky",
            Trait::Support => "support",
        }
    }
}

/// A miniature's traits, one bit each, and whether it is Large.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Hash)]
pub struct Traits(pub u32);

const LARGE_BIT: u32 = 1 << 31;

impl Traits {
    pub fn has(self, t: Trait) -> bool {
        self.0 & t.bit() != 0
    }

    pub fn large(self) -> bool {
        self.0 & LARGE_BIT != 0
    }

    pub fn with(self, t: Trait) -> Traits {
        Traits(self.0 | t.bit())
    }

    pub fn with_large(self) -> Traits {
        Traits(self.0 | LARGE_BIT)
    }

    pub fn iter(self) -> impl Iterator<Item = Trait> {
        Trait::ALL.iter().copied().filter(move |t| self.has(*t))
    }

    pub fn cost(self) -> u32 {
        self.iter().map(Trait::cost).sum()
    }
}

/// One miniature a valid list buys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Bought {
    pub troop: Troop,
    pub traits: Traits,
}

impl Bought {
    pub fn cost(self) -> u32 {
        self.troop.cost() + self.traits.cost()
    }
}

/// Checks a list against army building with the given budget, reporting
/// every reason it fails; on success, one entry per miniature in list order.
pub fn check(list: &ArmyList, budget: Budget) -> Result<Vec<Bought>, Vec<String>> {
    let mut reasons = army_check::system_and_army(
        list,
        SystemId::ChessboardConfrontation,
        super::NAME,
        &[ARMY_KEY],
    );
    let mut bought = Vec::new();
    let mut points = 0u32;
    let mut supports = 0u32;
    let mut count = 0u32;
    for entry in &list.units {
        let troop = Troop::from_key(&entry.unit);
        let label: &str = match troop {
            Some(t) => t.name(),
            None => entry.unit.as_str(),
        };
        if troop.is_none() {
            let hint = if Trait::from_key(&entry.unit).is_some() || entry.unit == LARGE_KEY {
                " (it is a trait: list it under a troop type's traits)"
            } else {
                ""
            };
            let known: Vec<_> = Troop::ALL.iter().map(|t| t.key()).collect();
            reasons.push(format!(
                "'{}' is not a troop type{hint}; choose one of {}",
                entry.unit,
                known.join(", ")
            ));
        }
        if entry.count == 0 {
            reasons.push(format!("{label} is listed with a count of 0"));
        }
        let mut traits = Traits::default();
        for key in &entry.traits {
            if key == LARGE_KEY {
                if traits.large() {
                    reasons.push(format!("{label} lists '{LARGE_KEY}' twice"));
                }
                traits = traits.with_large();
                continue;
            }
            match Trait::from_key(key) {
                None => reasons.push(format!("{label}: '{key}' is not a trait")),
                Some(t) if traits.has(t) => reasons.push(format!(
                    "{label} takes {} twice: each trait can be selected once per miniature",
                    t.name()
                )),
                Some(t) => traits = traits.with(t),
            }
        }
        if traits.has(Trait::Support) {
            supports = supports.saturating_add(entry.count);
        }
        count = count.saturating_add(entry.count);
        if let Some(troop) = troop {
            let one = Bought { troop, traits };
            points = points.saturating_add(one.cost().saturating_mul(entry.count));
            if count <= 64 {
                bought.extend(std::iter::repeat_n(one, entry.count as usize));
            }
        }
    }
    if count == 0 {
        reasons.push("the army has no miniatures".into());
    }
    if supports > 1 {
        reasons.push(format!(
            "the army has {supports} miniatures with Support; an army can have only 1"
        ));
    }
    match budget {
        Budget::Match(budget) if points > budget => reasons.push(format!(
            "the army costs {points} points; the match's budget is {budget} (its 'points' option)"
        )),
        Budget::AnyMatch if points > MAX_BUDGET => reasons.push(format!(
            "the army costs {points} points; no match's budget is over {MAX_BUDGET}"
        )),
        _ => {}
    }
    if reasons.is_empty() {
        Ok(bought)
    } else {
        Err(reasons)
    }
}

/// Troop types as the units a list buys, then the traits and Large as what
/// it buys for them.
pub fn unit_infos() -> Vec<UnitInfo> {
    let mut units: Vec<UnitInfo> = Troop::ALL
        .iter()
        .copied()
        .map(|t| {
            UnitInfo::new(
                t.key(),
                t.name(),
                vec![
                    Stat::new("kind", "troop"),
                    Stat::new("die", format!("d{}", t.die())),
                    Stat::new("move", t.movement().to_string()),
                ],
                t.cost().into(),
            )
        })
        .collect();
    units.extend(Trait::ALL.iter().copied().map(|t| {
        let support = t == Trait::Support;
        UnitInfo {
            special: if support {
                vec!["one per army".into()]
            } else {
                Vec::new()
            },
            buy: Buy::Trait,
            max: support.then_some(1),
            ..UnitInfo::new(
                t.key(),
                t.name(),
                vec![Stat::new("kind", "trait"), Stat::new("effect", t.summary())],
                t.cost().into(),
            )
        }
    }));
    units.push(UnitInfo {
        buy: Buy::Trait,
        ..UnitInfo::new(
            LARGE_KEY,
            "Large",
            vec![
                Stat::new("kind", "size"),
                Stat::new(
                    "effect",
                    "covers 2×2 spaces; moves and attacks from its main space, chosen among \
                     the four when it is placed",
                ),
            ],
            0.0,
        )
    });
    units
}
