//! An army list's points and pieces by its system's published costs (the
//! [`SystemInfo`] a server sends in `GET /api/systems`), for a builder to
//! show beside the rules' verdict: the server's check answers with it, and
//! clients add up a list the same way. Only the rules judge a list; this adds
//! up what they publish.

use crate::{ArmyList, Buy, SystemInfo, UnitInfo};

/// What a list spends and takes.
#[derive(Debug, Clone, PartialEq)]
pub struct Tally {
    /// None where the system's units cost nothing.
    pub points: Option<f64>,
    pub pieces: u32,
}

impl ArmyList {
    /// How many pieces the list takes: the sum of its entries' counts (at
    /// most `u32::MAX`, not wrapping past it).
    pub fn pieces(&self) -> u32 {
        self.units
            .iter()
            .fold(0u32, |sum, entry| sum.saturating_add(entry.count))
    }

    /// The list's points and pieces by `system`'s costs: each entry's unit
    /// and bought traits, times its count. A key the list's army does not
    /// offer as what it is bought as costs nothing (an entry whose unit is
    /// unknown, nothing at all); the rules refuse such a list anyway.
    pub fn tally(&self, system: Option<&SystemInfo>) -> Tally {
        let pieces = self.pieces();
        let Some(system) = system.filter(|system| units_cost_something(system)) else {
            return Tally {
                points: None,
                pieces,
            };
        };
        let units: &[UnitInfo] = system
            .armies
            .iter()
            .find(|army| army.key == self.army)
            .map_or(&[], |army| &army.units);
        let cost_of = |key: &str, buy: Buy| {
            units
                .iter()
                .find(|unit| unit.key == key && unit.buy == buy)
                .map(|unit| unit.cost)
        };
        let points = self
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
    use crate::{ArmyEntry, ArmyInfo, ArmyLimits, SeatRange, SystemId};

    fn trait_of(key: &str, cost: f64) -> UnitInfo {
        UnitInfo {
            buy: Buy::Trait,
            ..UnitInfo::new(key, key, Vec::new(), cost)
        }
    }

    /// A system of one army whose units are `units`.
    fn system(units: Vec<UnitInfo>) -> SystemInfo {
        SystemInfo {
            id: SystemId::ChessboardConfrontation,
            name: "A system".into(),
            summary: String::new(),
            seats: SeatRange { min: 2, max: 2 },
            options: Vec::new(),
            army_rules: Vec::new(),
            limits: ArmyLimits::default(),
            secret_armies: false,
            armies: vec![ArmyInfo {
                key: "squad".into(),
                name: "Squad".into(),
                description: String::new(),
                units,
                special_rules: Vec::new(),
            }],
            examples: Vec::new(),
        }
    }

    fn list(army: &str, units: Vec<ArmyEntry>) -> ArmyList {
        ArmyList {
            system: SystemId::ChessboardConfrontation,
            army: army.into(),
            name: String::new(),
            units,
        }
    }

    fn squads() -> SystemInfo {
        system(vec![
            UnitInfo::new("elite", "Elite", Vec::new(), 10.0),
            UnitInfo::new("archer", "Archer", Vec::new(), 2.5),
            trait_of("support", 3.0),
        ])
    }

    #[test]
    fn units_cost_their_count_and_halves_add_up() {
        let tally = list(
            "squad",
            vec![ArmyEntry::new("elite", 2), ArmyEntry::new("archer", 3)],
        )
        .tally(Some(&squads()));
        assert_eq!(
            tally,
            Tally {
                points: Some(27.5),
                pieces: 5
            }
        );
    }

    #[test]
    fn bought_traits_add_their_cost_for_each_piece() {
        let mut entry = ArmyEntry::new("elite", 3);
        entry.traits = vec!["support".into(), "no-such-trait".into()];
        let tally = list("squad", vec![entry]).tally(Some(&squads()));
        assert_eq!(tally.points, Some((10.0 + 3.0) * 3.0));
        assert_eq!(tally.pieces, 3);
    }

    #[test]
    fn a_key_bought_otherwise_or_unknown_costs_nothing() {
        let mut unknown = ArmyEntry::new("no-such-unit", 2);
        unknown.traits = vec!["support".into()];
        let trait_as_unit = ArmyEntry::new("support", 1);
        let mut unit_as_trait = ArmyEntry::new("archer", 1);
        unit_as_trait.traits = vec!["elite".into()];
        let tally =
            list("squad", vec![unknown, trait_as_unit, unit_as_trait]).tally(Some(&squads()));
        assert_eq!(tally.points, Some(2.5));
        assert_eq!(tally.pieces, 4);
        let other_army = list("no-such-army", vec![ArmyEntry::new("elite", 4)]);
        assert_eq!(
            other_army.tally(Some(&squads())),
            Tally {
                points: Some(0.0),
                pieces: 4
            }
        );
    }

    #[test]
    fn a_system_that_buys_nothing_or_none_at_all_reports_no_points() {
        let free = system(vec![UnitInfo::new("summoner", "Summoner", Vec::new(), 0.0)]);
        let summoners = list("squad", vec![ArmyEntry::new("summoner", 1)]);
        assert_eq!(summoners.tally(Some(&free)).points, None);
        assert_eq!(summoners.tally(None).points, None);
        assert_eq!(summoners.tally(None).pieces, 1);
    }

    #[test]
    fn pieces_saturate_rather_than_wrap() {
        let huge = list(
            "squad",
            vec![
                ArmyEntry::new("elite", u32::MAX),
                ArmyEntry::new("elite", 1),
            ],
        );
        assert_eq!(huge.tally(None).pieces, u32::MAX);
    }
}
