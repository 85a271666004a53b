//! Army selection: 60 points, 8 to 16 pieces, exactly one king piece, one army.

use fray_protocol::{ArmyList, SystemId};

use super::units::{Army, UnitId, points_text, profile, unit_by_key};
use crate::kit::army_check;
use crate::kit::match_options::Choice;

pub const POINTS_LIMIT_HALVES: u32 = 120;
pub const MIN_PIECES: u32 = 8;
pub const MAX_PIECES: u32 = 16;

/// A list that passed validation: its army and one unit id per piece, in list order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedArmy {
    pub army: Army,
    pub pieces: Vec<UnitId>,
}

/// Checks a list and reports every reason it is invalid, not only the first.
pub fn check(list: &ArmyList) -> Result<CheckedArmy, Vec<String>> {
    let mut reasons = army_check::system_and_army(
        list,
        SystemId::FantasyArmies,
        super::NAME,
        &Army::ALL.iter().map(|army| army.key()).collect::<Vec<_>>(),
    );
    let Some(army) = Army::from_key(&list.army) else {
        return Err(reasons);
    };

    let mut pieces = Vec::new();
    let mut points = 0u32;
    let mut count = 0u32;
    let mut kings = 0u32;
    for entry in &list.units {
        let Some(unit) = unit_by_key(army, &entry.unit) else {
            reasons.push(format!(
                "'{}' is not in the {} army list",
                entry.unit,
                army.name()
            ));
            continue;
        };
        let profile = profile(unit);
        if entry.count == 0 {
            reasons.push(format!("{} is listed with a count of 0", profile.name));
        }
        if !entry.traits.is_empty() {
            reasons.push(format!(
                "{} cannot take traits: Fantasy Armies has none",
                profile.name
            ));
        }
        count = count.saturating_add(entry.count);
        points = points.saturating_add(u32::from(profile.cost_halves).saturating_mul(entry.count));
        if profile.is_king() {
            kings = kings.saturating_add(entry.count);
        }
        if count <= MAX_PIECES {
            pieces.extend(std::iter::repeat_n(unit, entry.count as usize));
        }
    }

    if count < MIN_PIECES {
        reasons.push(format!(
            "the army has {count} pieces; it needs at least {MIN_PIECES}"
        ));
    }
    if count > MAX_PIECES {
        reasons.push(format!(
            "the army has {count} pieces; it may have at most {MAX_PIECES}"
        ));
    }
    if points > POINTS_LIMIT_HALVES {
        reasons.push(format!(
            "the army costs {} points; the limit is {}",
            points_text(points),
            points_text(POINTS_LIMIT_HALVES)
        ));
    }
    let king_name = super::units::units_of(army)
        .find(|(_, p)| p.is_king())
        .map(|(_, p)| p.name)
        .unwrap_or("king");
    if kings != 1 {
        reasons.push(format!(
            "the army must include exactly 1 {king_name} (its king piece), not {kings}"
        ));
    }

    if reasons.is_empty() {
        Ok(CheckedArmy { army, pieces })
    } else {
        Err(reasons)
    }
}

/// The points a list costs, in half points, counting only units it names rightly.
pub fn cost_halves(list: &ArmyList) -> u32 {
    let Some(army) = Army::from_key(&list.army) else {
        return 0;
    };
    list.units
        .iter()
        .filter_map(|entry| {
            unit_by_key(army, &entry.unit)
                .map(|unit| u32::from(profile(unit).cost_halves) * entry.count)
        })
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fantasy_armies::starter_list;
    use fray_protocol::ArmyEntry;

    #[test]
    fn every_starter_list_is_legal() {
        for &army in Army::ALL {
            let list = starter_list(army);
            let checked = check(&list).unwrap_or_else(|r| panic!("{}: {r:?}", army.key()));
            assert!((8..=16).contains(&checked.pieces.len()));
            assert!(cost_halves(&list) <= 120);
        }
    }

    #[test]
    fn every_reason_is_reported() {
        let list = ArmyList {
            system: SystemId::FantasyArmies,
            army: "dwarfs".into(),
            name: String::new(),
            units: vec![
                ArmyEntry::new("cannon", 12),
                ArmyEntry::new("dragon", 1),
                ArmyEntry::new("high-king", 2),
            ],
        };
        let reasons = check(&list).unwrap_err();
        assert_eq!(reasons.len(), 3, "{reasons:?}");
        assert!(reasons[0].contains("'dragon' is not in the Dwarfs army list"));
        assert!(reasons[1].contains("86 points; the limit is 60"));
        assert!(reasons[2].contains("exactly 1 High King"));
    }

    #[test]
    fn too_few_and_too_many_pieces() {
        let few = ArmyList {
            system: SystemId::FantasyArmies,
            army: "orcs-and-goblins".into(),
            name: String::new(),
            units: vec![ArmyEntry::new("chieftain", 1), ArmyEntry::new("goblin", 6)],
        };
        assert_eq!(
            check(&few).unwrap_err(),
            vec!["the army has 7 pieces; it needs at least 8".to_string()]
        );
        let many = ArmyList {
            units: vec![ArmyEntry::new("chieftain", 1), ArmyEntry::new("goblin", 16)],
            ..few.clone()
        };
        assert_eq!(
            check(&many).unwrap_err(),
            vec!["the army has 17 pieces; it may have at most 16".to_string()]
        );
        let just = ArmyList {
            units: vec![ArmyEntry::new("chieftain", 1), ArmyEntry::new("goblin", 15)],
            ..few
        };
        assert_eq!(check(&just).unwrap().pieces.len(), 16);
    }

    #[test]
    fn half_points_add_up_exactly_to_the_limit() {
        // 1 King of Men (6) + 1 Knight (6) + 19 Archers would be too many pieces,
        // so: King 6 + 3 Knights 18 + 2 Champions 10 + 10 Archers 25 = 59; + 1 Man-at-Arms = 61.
        let list = |men| ArmyList {
            system: SystemId::FantasyArmies,
            army: "kingdoms-of-man".into(),
            name: String::new(),
            units: vec![
                ArmyEntry::new("king-of-men", 1),
                ArmyEntry::new("knight", 3),
                ArmyEntry::new("champion", 2),
                ArmyEntry::new("archer", 9),
                ArmyEntry::new("man-at-arms", men),
            ],
        };
        // 6 + 18 + 10 + 22.5 + 2 = 58.5
        assert!(check(&list(1)).is_ok());
        assert_eq!(cost_halves(&list(1)), 117);
        // Exactly 60 in 16 pieces: swap one Archer (2.5) for a Cleric (4).
        let exact = ArmyList {
            units: vec![
                ArmyEntry::new("king-of-men", 1),
                ArmyEntry::new("knight", 3),
                ArmyEntry::new("champion", 2),
                ArmyEntry::new("archer", 8),
                ArmyEntry::new("cleric", 1),
                ArmyEntry::new("man-at-arms", 1),
            ],
            ..list(1)
        };
        assert_eq!(cost_halves(&exact), 120);
        assert!(check(&exact).is_ok());
        // Still 16 pieces, half a point over: a Cleric (4) in place of the
        // Man-at-Arms (2) on the 58.5 list makes 60.5.
        let over = ArmyList {
            units: vec![
                ArmyEntry::new("king-of-men", 1),
                ArmyEntry::new("knight", 3),
                ArmyEntry::new("champion", 2),
                ArmyEntry::new("archer", 9),
                ArmyEntry::new("cleric", 1),
            ],
            ..list(1)
        };
        assert_eq!(
            check(&over).unwrap_err(),
            vec!["the army costs 60.5 points; the limit is 60".to_string()]
        );
    }

    #[test]
    fn wrong_army_and_traits() {
        let list = ArmyList {
            system: SystemId::FantasyArmies,
            army: "lizardmen".into(),
            name: String::new(),
            units: vec![],
        };
        assert!(check(&list).unwrap_err()[0].contains("not a Fantasy Armies army"));
        let mut traited = starter_list(Army::Elves);
        traited.units[0].traits.push("lucky".into());
        assert!(check(&traited).unwrap_err()[0].contains("cannot take traits"));
    }
}
