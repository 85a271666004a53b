//! An army list's points and pieces by its system's published costs (the
//! rules' own [`SystemInfo`]), for a builder to show beside the rules'
//! verdict. Only the rules judge a list; this adds up what they publish.

use fray_protocol::{ArmyList, Buy, SystemInfo, UnitInfo};

/// What a list spends and takes.
#[derive(Debug, Clone, PartialEq)]
pub struct Tally {
    /// None where the system's units cost nothing.
    pub points: Option<f64>,
    pub pieces: u32,
}

pub fn tally(system: Option<&SystemInfo>, list: &ArmyList) -> Tally {
    let pieces = list
        .units
        .iter()
        .fold(0u32, |sum, entry| sum.saturating_add(entry.count));
    let Some(system) = system.filter(|system| units_cost_something(system)) else {
        return Tally {
            points: None,
            pieces,
        };
    };
    let units: &[UnitInfo] = system
        .armies
        .iter()
        .find(|army| army.key == list.army)
        .map_or(&[], |army| &army.units);
    let cost_of = |key: &str, buy: Buy| {
        units
            .iter()
            .find(|unit| unit.key == key && unit.buy == buy)
            .map(|unit| unit.cost)
    };
    let points = list
        .units
        .iter()
        .filter_map(|entry| {
            let unit = cost_of(&entry.unit, Buy::Unit)?;
            let traits: f64 = entry
                .traits
                .iter()
                .filter_map(|key| cost_of(key, Buy::Trait))
                .sum();
            Some((unit + traits) * f64::from(entry.count))
        })
        .sum();
    Tally {
        points: Some(points),
        pieces,
    }
}

/// Summoners Chess and Action Chess Faction Chess buy nothing: a list's
/// points would always be 0, and saying so would suggest a budget.
fn units_cost_something(system: &SystemInfo) -> bool {
    system
        .armies
        .iter()
        .flat_map(|army| &army.units)
        .any(|unit| unit.cost > 0.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use fray_protocol::{ArmyEntry, SystemId};

    fn system(id: SystemId) -> SystemInfo {
        fray_rules::systems()
            .into_iter()
            .find(|info| info.id == id)
            .expect("the system is played")
    }

    fn list(system: SystemId, army: &str, units: Vec<ArmyEntry>) -> ArmyList {
        ArmyList {
            system,
            army: army.into(),
            name: String::new(),
            units,
        }
    }

    #[test]
    fn every_example_costs_what_its_units_cost_and_fits_the_default_budget() {
        for info in fray_rules::systems() {
            for example in &info.examples {
                let tally = tally(Some(&info), example);
                let counted: u32 = example.units.iter().map(|entry| entry.count).sum();
                assert_eq!(tally.pieces, counted, "{}", example.name);
                match (tally.points, info.limits.points) {
                    (Some(points), Some(budget)) => {
                        assert!(
                            points > 0.0 && points <= budget,
                            "{}: {points}",
                            example.name
                        )
                    }
                    (None, None) => {}
                    other => panic!("{}: points and budget {other:?}", example.name),
                }
            }
        }
    }

    #[test]
    fn bought_traits_add_their_cost_for_each_piece() {
        let info = system(SystemId::ChessboardConfrontation);
        let troop = info.armies[0]
            .units
            .iter()
            .find(|unit| unit.buy == Buy::Unit)
            .expect("a troop type");
        let support = info.armies[0]
            .units
            .iter()
            .find(|unit| unit.key == "support")
            .expect("the Support trait");
        let mut entry = ArmyEntry::new(troop.key.clone(), 3);
        entry.traits = vec!["support".into(), "no-such-trait".into()];
        let tally = tally(
            Some(&info),
            &list(info.id, &info.armies[0].key, vec![entry]),
        );
        assert_eq!(tally.points, Some((troop.cost + support.cost) * 3.0));
        assert_eq!(tally.pieces, 3);
    }

    #[test]
    fn unknown_keys_cost_nothing_and_free_systems_report_no_points() {
        let info = system(SystemId::FantasyArmies);
        let unknown = list(info.id, "no-such-army", vec![ArmyEntry::new("x", 4)]);
        assert_eq!(
            tally(Some(&info), &unknown),
            Tally {
                points: Some(0.0),
                pieces: 4
            }
        );
        let info = system(SystemId::SummonersChess);
        let summoners = list(info.id, "summoners", Vec::new());
        assert_eq!(tally(Some(&info), &summoners).points, None);
        assert_eq!(tally(None, &summoners).points, None);
    }
}
