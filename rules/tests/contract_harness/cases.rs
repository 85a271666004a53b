//! What one game of the contract suite is played with, made from what a
//! system publishes of itself (`SystemInfo`): how many players, each match
//! option, each army list, and the dice's seed.

use fray_protocol::{
    ArmyEntry, ArmyList, Buy, MatchConfig, OptionKind, OptionSpec, OptionValue, Seat, SystemInfo,
    UnitInfo,
};
use fray_rules::{example_armies, validate_army_for};

pub use crate::kit::Chooser;

/// One game to play: a system, its options, an army list per seat and the seed.
#[derive(Debug, Clone)]
pub struct Case {
    pub config: MatchConfig,
    pub armies: Vec<ArmyList>,
    pub seed: u64,
}

impl Case {
    pub fn seats(&self) -> u8 {
        self.armies.len() as u8
    }
}

/// The most a cap switched off by default (a default of 0, as the books
/// play) is set to: the suite plays every game to its end, so never without
/// a cap.
const CAP_OFF_BY_DEFAULT_AT_MOST: i64 = 30;

/// A case of `info`'s system made from `shape` (the players, options and
/// lists) and `seed` (the dice). Half the options are left at their default;
/// the others take any value a game still ends with: any choice or flag; a
/// cap (any other whole number) lowered to between 1 and its default, never
/// switched off; the points option raised, so that every list still fits.
/// A cap switched off by default is always set, to between 1 and
/// [`CAP_OFF_BY_DEFAULT_AT_MOST`].
/// Each seat plays its system's example army or, half the time, a random list
/// bought within the published limits that the rules accept for this match.
pub fn make_case(info: &SystemInfo, shape: u64, seed: u64) -> Case {
    let mut pick = Chooser::new(shape);
    let seats = pick.between(info.seats.min.into(), info.seats.max.into()) as u8;
    let mut config = MatchConfig::new(info.id);
    for spec in &info.options {
        if pick.one_in(2) && !off_by_default(spec) {
            continue;
        }
        let points = info.limits.points_option.as_deref() == Some(spec.key.as_str());
        config = config.with(spec.key.clone(), option_value(spec, points, &mut pick));
    }
    let examples = example_armies(info.id).expect("a registered system has example armies");
    let armies = (0..seats)
        .map(|seat| {
            let example = examples[usize::from(seat) % 2].clone();
            if pick.one_in(2) {
                return example;
            }
            let list = random_list(info, &config, &mut pick);
            match validate_army_for(&config, Seat(seat), &list) {
                Ok(()) => list,
                Err(_) => example,
            }
        })
        .collect();
    Case {
        config,
        armies,
        seed,
    }
}

/// Whether `spec` is a whole number whose default, 0, switches it off.
fn off_by_default(spec: &OptionSpec) -> bool {
    matches!(
        (&spec.kind, &spec.default),
        (OptionKind::Int { .. }, OptionValue::Int(0))
    )
}

fn option_value(spec: &OptionSpec, points: bool, pick: &mut Chooser) -> OptionValue {
    match (&spec.kind, &spec.default) {
        (OptionKind::Bool, _) => OptionValue::Bool(pick.one_in(2)),
        (OptionKind::Choice { choices }, _) => OptionValue::Text(pick.pick(choices).clone()),
        (OptionKind::Int { max, .. }, OptionValue::Int(default)) if points => {
            OptionValue::Int(pick.between(*default, *max))
        }
        (OptionKind::Int { min, max }, OptionValue::Int(0)) => {
            OptionValue::Int(pick.between((*min).max(1), CAP_OFF_BY_DEFAULT_AT_MOST.min(*max)))
        }
        (OptionKind::Int { min, .. }, OptionValue::Int(default)) if *default >= 1 => {
            OptionValue::Int(pick.between((*min).max(1), *default))
        }
        _ => spec.default.clone(),
    }
}

/// The points a list may spend in a match with `config`.
fn budget(info: &SystemInfo, config: &MatchConfig) -> f64 {
    if let Some(key) = &info.limits.points_option {
        let set = config.options.get(key).or_else(|| {
            info.options
                .iter()
                .find(|spec| &spec.key == key)
                .map(|spec| &spec.default)
        });
        if let Some(OptionValue::Int(points)) = set {
            return *points as f64;
        }
    }
    info.limits.points.unwrap_or(f64::INFINITY)
}

/// A list of a random army bought within the published numbers: each
/// unit's fewest first, then random units, each with a trait now and then,
/// while the points still leave room to fill the fewest pieces with the
/// cheapest unit.
pub fn random_list(info: &SystemInfo, config: &MatchConfig, pick: &mut Chooser) -> ArmyList {
    let army = pick.pick(&info.armies);
    let units: Vec<&UnitInfo> = army.units.iter().filter(|u| u.buy == Buy::Unit).collect();
    let traits: Vec<&UnitInfo> = army.units.iter().filter(|u| u.buy == Buy::Trait).collect();
    let budget = budget(info, config);
    let limits = &info.limits;
    let max_pieces = limits.max_pieces.unwrap_or(u32::MAX);
    let mut entries: Vec<ArmyEntry> = Vec::new();
    let (mut spent, mut count) = (0.0, 0u32);
    let taken = |entries: &[ArmyEntry], key: &str| -> u32 {
        entries
            .iter()
            .filter(|e| e.unit == key || e.traits.iter().any(|t| t == key))
            .map(|e| e.count)
            .sum()
    };
    for unit in units.iter().filter(|u| u.min > 0) {
        entries.push(ArmyEntry::new(unit.key.clone(), unit.min));
        spent += unit.cost * f64::from(unit.min);
        count += unit.min;
    }
    let fillers: Vec<&&UnitInfo> = units.iter().filter(|u| u.max.is_none()).collect();
    let cheapest = fillers
        .iter()
        .min_by(|a, b| a.cost.total_cmp(&b.cost))
        .copied();
    if units.is_empty() {
        return list_of(info, &army.key, entries);
    }
    let target = pick.between(
        i64::from(limits.min_pieces.max(1)),
        i64::from(max_pieces.min(limits.min_pieces + 10)),
    ) as u32;
    for _ in 0..40 {
        if count >= target {
            break;
        }
        let unit = *pick.pick(&units);
        if unit
            .max
            .is_some_and(|max| taken(&entries, &unit.key) >= max)
        {
            continue;
        }
        let mut chosen: Vec<String> = Vec::new();
        let mut cost = unit.cost;
        for t in &traits {
            if pick.one_in(8) && t.max.is_none_or(|max| taken(&entries, &t.key) < max) {
                chosen.push(t.key.clone());
                cost += t.cost;
            }
        }
        let still = f64::from(limits.min_pieces.saturating_sub(count + 1));
        let reserve = cheapest.map_or(0.0, |c| c.cost * still);
        if spent + cost + reserve <= budget {
            entries.push(ArmyEntry {
                unit: unit.key.clone(),
                count: 1,
                traits: chosen,
            });
            spent += cost;
            count += 1;
        }
    }
    if let Some(cheapest) = cheapest {
        while count < limits.min_pieces {
            entries.push(ArmyEntry::new(cheapest.key.clone(), 1));
            count += 1;
        }
    }
    list_of(info, &army.key, entries)
}

fn list_of(info: &SystemInfo, army: &str, units: Vec<ArmyEntry>) -> ArmyList {
    ArmyList {
        system: info.id,
        army: army.to_string(),
        name: "random".into(),
        units,
    }
}
