//! Fantasy Armies' army selection (60 points, 8–16 pieces, exactly one
//! king), as properties: random legal lists of any of the six armies are
//! accepted and set up; lists broken in each of twelve ways are refused with
//! reasons, by `validate_army` and by `setup` for either seat; and any list
//! at all is valid exactly when it keeps the rules, checked independently of
//! the engine's code.

use fray_protocol::{ArmyEntry, ArmyList, MatchConfig, Seat, SystemId, Viewer};
use fray_rules::fantasy_armies::units::{self, Profile};
use fray_rules::fantasy_armies::{Army, FantasyArmies};
use fray_rules::{ChaChaDice, Choice, GameRules, validate_army};
use proptest::prelude::*;
use proptest::sample::select;
use proptest::test_runner::TestCaseError;

// ---------------------------------------------------------------------------
// Army selection: 60 points (120 half points), 8–16 pieces, exactly one king.

const POINTS_LIMIT_HALVES: u64 = 120;
const MIN_PIECES: u64 = 8;
const MAX_PIECES: u64 = 16;

fn profiles(army: Army) -> Vec<&'static Profile> {
    units::units_of(army).map(|(_, profile)| profile).collect()
}

fn king_of(army: Army) -> &'static Profile {
    profiles(army)
        .into_iter()
        .find(|p| p.is_king())
        .expect("every army has a king")
}

fn others_of(army: Army) -> Vec<&'static Profile> {
    profiles(army)
        .into_iter()
        .filter(|p| !p.is_king())
        .collect()
}

fn cheapest_of(army: Army) -> &'static Profile {
    others_of(army)
        .into_iter()
        .min_by_key(|p| p.cost_halves)
        .expect("every army has troops")
}

fn dearest_of(army: Army) -> &'static Profile {
    others_of(army)
        .into_iter()
        .max_by_key(|p| p.cost_halves)
        .expect("every army has troops")
}

fn list_of(army: Army, entries: Vec<ArmyEntry>) -> ArmyList {
    ArmyList {
        system: SystemId::FantasyArmies,
        army: army.key().into(),
        name: String::new(),
        units: entries,
    }
}

/// A legal list: the king, then units in the order `picks` names them, each
/// taken only if the list can still be filled to 8 pieces within the points;
/// then the cheapest troops fill it to 8 if the picks stopped short.
fn build_legal(army: Army, target: u64, picks: &[u16], king_at: u16, split: bool) -> ArmyList {
    let king = king_of(army);
    let others = others_of(army);
    let cheapest = u64::from(cheapest_of(army).cost_halves);
    let mut points = u64::from(king.cost_halves);
    let mut count = 1u64;
    let mut taken: Vec<(&'static Profile, u32)> = Vec::new();
    let take = |profile: &'static Profile, taken: &mut Vec<(&'static Profile, u32)>| match taken
        .iter_mut()
        .find(|(p, _)| p.key == profile.key)
    {
        Some((_, n)) => *n += 1,
        None => taken.push((profile, 1)),
    };
    for &pick in picks {
        if count >= target {
            break;
        }
        let unit = others[pick as usize % others.len()];
        let after_points = points + u64::from(unit.cost_halves);
        let still_needed = MIN_PIECES.saturating_sub(count + 1) * cheapest;
        if after_points + still_needed <= POINTS_LIMIT_HALVES {
            take(unit, &mut taken);
            points = after_points;
            count += 1;
        }
    }
    while count < MIN_PIECES {
        take(cheapest_of(army), &mut taken);
        count += 1;
    }
    let mut entries: Vec<ArmyEntry> = taken
        .into_iter()
        .map(|(p, n)| ArmyEntry::new(p.key, n))
        .collect();
    // The same unit may be listed twice: split the first entry of two or more.
    if split && let Some(at) = entries.iter().position(|e| e.count >= 2) {
        let half = entries[at].count / 2;
        entries[at].count -= half;
        let copy = ArmyEntry::new(entries[at].unit.clone(), half);
        entries.push(copy);
    }
    let at = king_at as usize % (entries.len() + 1);
    entries.insert(at, ArmyEntry::new(king.key, 1));
    list_of(army, entries)
}

fn legal_list() -> impl Strategy<Value = ArmyList> {
    (
        0..Army::ALL.len(),
        MIN_PIECES..=MAX_PIECES,
        prop::collection::vec(any::<u16>(), 15),
        any::<u16>(),
        any::<bool>(),
    )
        .prop_map(|(army, target, picks, king_at, split)| {
            build_legal(Army::ALL[army], target, &picks, king_at, split)
        })
}

/// The army selection rules, checked independently of the engine's code.
fn keeps_selection_rules(list: &ArmyList) -> bool {
    if list.system != SystemId::FantasyArmies {
        return false;
    }
    let Some(army) = Army::from_key(&list.army) else {
        return false;
    };
    let units = profiles(army);
    let (mut count, mut points, mut kings) = (0u64, 0u64, 0u64);
    for entry in &list.units {
        let Some(profile) = units.iter().find(|p| p.key == entry.unit) else {
            return false;
        };
        if entry.count == 0 || !entry.traits.is_empty() {
            return false;
        }
        count += u64::from(entry.count);
        points += u64::from(entry.count) * u64::from(profile.cost_halves);
        if profile.is_king() {
            kings += u64::from(entry.count);
        }
    }
    (MIN_PIECES..=MAX_PIECES).contains(&count) && points <= POINTS_LIMIT_HALVES && kings == 1
}

const BREAKS: u8 = 12;

/// Breaks a legal list in one of `BREAKS` ways, each of which makes it illegal.
fn break_list(mut list: ArmyList, how: u8, aux: u16) -> ArmyList {
    let army = Army::from_key(&list.army).expect("a legal list names its army");
    let king = king_of(army).key;
    let count: u32 = list.units.iter().map(|e| e.count).sum();
    let points: u32 = list
        .units
        .iter()
        .map(|e| {
            let p = profiles(army)
                .into_iter()
                .find(|p| p.key == e.unit)
                .unwrap();
            e.count * u32::from(p.cost_halves)
        })
        .sum();
    let any_entry = aux as usize % list.units.len();
    match how {
        0 => list.units.retain(|e| e.unit != king),
        1 => list.units.push(ArmyEntry::new(king, 1)),
        2 => {
            let at = list.units.iter().position(|e| e.unit == king).unwrap();
            list.units[at].count = 2;
        }
        3 => list.units[any_entry].count = 0,
        4 => list.units[any_entry].traits.push("veteran".into()),
        5 => list.army = ["lizardmen", "", "Dwarfs", "undead "][aux as usize % 4].into(),
        6 => {
            let here: Vec<&str> = profiles(army).iter().map(|p| p.key).collect();
            let foreign: Vec<&str> = units::UNITS
                .iter()
                .filter(|p| p.army != army && !here.contains(&p.key))
                .map(|p| p.key)
                .collect();
            let unit = foreign[aux as usize % foreign.len()];
            list.units.push(ArmyEntry::new(unit, 1));
        }
        7 => {
            let extra = (MAX_PIECES as u32 + 1 - count) + u32::from(aux % 3);
            list.units
                .push(ArmyEntry::new(cheapest_of(army).key, extra));
        }
        8 => {
            let dear = u32::from(dearest_of(army).cost_halves);
            let extra = (POINTS_LIMIT_HALVES as u32 + 1 - points).div_ceil(dear);
            list.units
                .push(ArmyEntry::new(dearest_of(army).key, extra.max(1)));
        }
        9 => {
            let others = &SystemId::ALL[1..];
            list.system = others[aux as usize % others.len()];
        }
        10 => list.units.push(ArmyEntry::new("dragon", 1)),
        _ => {
            // Too few pieces: the king and at most six others.
            list.units = vec![ArmyEntry::new(king, 1)];
            let few = u32::from(aux % 7);
            if few > 0 {
                list.units.push(ArmyEntry::new(cheapest_of(army).key, few));
            }
        }
    }
    list
}

fn broken_list() -> impl Strategy<Value = (ArmyList, u8)> {
    (legal_list(), 0..BREAKS, any::<u16>())
        .prop_map(|(list, how, aux)| (break_list(list, how, aux), how))
}

fn all_unit_keys() -> Vec<&'static str> {
    let mut keys: Vec<&'static str> = units::UNITS.iter().map(|p| p.key).collect();
    keys.dedup();
    keys.extend(["dragon", "", "King-Of-Men"]);
    keys
}

/// Any list at all: mostly units of the named army, sometimes anything.
fn any_list() -> impl Strategy<Value = ArmyList> {
    (0..Army::ALL.len() + 2).prop_flat_map(|army_index| {
        let army = Army::ALL.get(army_index).copied();
        let army_key = army.map_or_else(
            || ["lizardmen", ""][army_index - Army::ALL.len()].to_string(),
            |a| a.key().to_string(),
        );
        let own: Vec<&'static str> = match army {
            Some(a) => profiles(a).iter().map(|p| p.key).collect(),
            None => all_unit_keys(),
        };
        let unit = prop_oneof![6 => select(own), 1 => select(all_unit_keys())];
        let count = prop_oneof![1 => Just(0u32), 10 => 1u32..=4, 2 => 5u32..=17];
        let traits = prop_oneof![15 => Just(Vec::new()), 1 => Just(vec!["lucky".to_string()])];
        let entry = (unit, count, traits).prop_map(|(unit, count, traits)| ArmyEntry {
            unit: unit.to_string(),
            count,
            traits,
        });
        let system =
            prop_oneof![12 => Just(SystemId::FantasyArmies), 1 => select(SystemId::ALL.to_vec())];
        (system, prop::collection::vec(entry, 0..9)).prop_map(move |(system, units)| ArmyList {
            system,
            army: army_key.clone(),
            name: "random".into(),
            units,
        })
    })
}

fn config() -> MatchConfig {
    MatchConfig::new(SystemId::FantasyArmies)
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn random_legal_lists_are_accepted_and_set_up(list in legal_list(), seed in any::<u64>()) {
        prop_assert!(keeps_selection_rules(&list), "the generator made an illegal list: {list:?}");
        prop_assert_eq!(validate_army(&list), Ok(()), "{:?}", list);
        let pieces: u32 = list.units.iter().map(|e| e.count).sum();
        let mut dice = ChaChaDice::from_u64(seed);
        let lists = [list.clone(), build_legal(Army::Dwarfs, 8, &[], 0, false)];
        let (game, _) = FantasyArmies::setup(&config(), &lists, &mut dice)
            .map_err(|e| TestCaseError::fail(format!("setup refused a legal list: {e}")))?;
        let view = game.view(Viewer::Referee);
        let own = view.pieces.values().filter(|p| p.owner == Seat(0)).count();
        prop_assert_eq!(own as u32, pieces);
        let kings = view
            .pieces
            .values()
            .filter(|p| p.owner == Seat(0) && p.markers.iter().any(|m| m.key == "king"))
            .count();
        prop_assert_eq!(kings, 1);
    }

    #[test]
    fn broken_lists_are_rejected_with_reasons((list, how) in broken_list(), seed in any::<u64>()) {
        prop_assert!(!keeps_selection_rules(&list), "break {how} left the list legal: {list:?}");
        let reasons = validate_army(&list).expect_err("a broken list must be refused");
        prop_assert!(!reasons.is_empty());
        prop_assert!(reasons.iter().all(|r| !r.trim().is_empty()), "{:?}", reasons);
        // Setup refuses it too, for either seat, and says which seat.
        let good = build_legal(Army::Elves, 12, &[1, 2, 3, 4], 0, false);
        for seat in 0..2usize {
            let mut lists = [good.clone(), good.clone()];
            lists[seat] = list.clone();
            let refused = FantasyArmies::setup(&config(), &lists, &mut ChaChaDice::from_u64(seed));
            match refused {
                Ok(_) => prop_assert!(false, "setup accepted a broken list for seat {seat}"),
                Err(fray_rules::SetupError::InvalidArmy { seat: s, reasons }) => {
                    prop_assert_eq!(usize::from(s), seat);
                    prop_assert!(!reasons.is_empty());
                }
                Err(fray_rules::SetupError::WrongSystem { .. }) => prop_assert_eq!(how, 9),
                Err(other) => prop_assert!(false, "unexpected setup error {other}"),
            }
        }
    }

    #[test]
    fn a_list_is_valid_iff_it_keeps_the_selection_rules(
        list in prop_oneof![legal_list(), broken_list().prop_map(|(l, _)| l), any_list()]
    ) {
        let expected = keeps_selection_rules(&list);
        match validate_army(&list) {
            Ok(()) => prop_assert!(expected, "accepted an illegal list: {list:?}"),
            Err(reasons) => {
                prop_assert!(!expected, "refused a legal list: {list:?}: {reasons:?}");
                prop_assert!(!reasons.is_empty());
            }
        }
    }
}
