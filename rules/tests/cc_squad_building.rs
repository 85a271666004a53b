//! Chessboard Confrontation's squad building, as a property: random squads
//! of legal picks (at most one Support, within the points) and any squads at
//! all are valid exactly when they keep the rules, checked independently of
//! the engine, both stored for no match (the most any match allows) and
//! brought to a match that sets no points (50).

mod cc_common;
mod kit;

use std::collections::HashSet;

use cc_common::*;
use fray_rules::Choice;
use fray_rules::chessboard_confrontation::{self as cc, LARGE_KEY, Trait, Troop};
use proptest::prelude::*;
use proptest::sample::select;

const BUDGET: u32 = 50;

/// A legal squad: miniatures bought in the order the picks name them while
/// the points last; at most one Support.
fn build_legal(picks: &[(u8, u32, bool)]) -> ArmyList {
    let mut points = 0;
    let mut support = false;
    let mut entries = Vec::new();
    for &(troop, trait_bits, large) in picks {
        let troop = Troop::ALL[troop as usize % 5];
        let mut traits: Vec<Trait> = Trait::ALL
            .iter()
            .copied()
            .enumerate()
            .filter(|(i, _)| trait_bits & (1 << i) != 0)
            .map(|(_, t)| t)
            .collect();
        if support {
            traits.retain(|t| *t != Trait::Support);
        }
        let cost = troop.cost() + traits.iter().map(|t| t.cost()).sum::<u32>();
        if points + cost > BUDGET {
            continue;
        }
        points += cost;
        support |= traits.contains(&Trait::Support);
        let mut keys: Vec<&str> = traits.iter().map(|t| t.key()).collect();
        if large {
            keys.push(LARGE_KEY);
        }
        entries.push(entry(troop.key(), 1, &keys));
    }
    if entries.is_empty() {
        entries.push(entry("minion", 1, &[]));
    }
    squad(entries)
}

fn legal_list() -> impl Strategy<Value = ArmyList> {
    // Few traits per miniature on average: each of 17 bits set with chance 1/8.
    let traits = prop::collection::vec(prop::bool::weighted(0.12), 17).prop_map(|bits| {
        bits.iter()
            .enumerate()
            .fold(0u32, |m, (i, &b)| m | (u32::from(b) << i))
    });
    let pick = (0u8..5, traits, prop::bool::weighted(0.1));
    prop::collection::vec(pick, 1..12).prop_map(|picks| build_legal(&picks))
}

/// Independent of the engine: the army building rules.
fn keeps_rules(list: &ArmyList, budget: u32) -> bool {
    if list.system != SystemId::ChessboardConfrontation || list.army != "squad" {
        return false;
    }
    let (mut points, mut supports, mut count) = (0u32, 0u32, 0u32);
    for e in &list.units {
        let Some(troop) = Troop::from_key(&e.unit) else {
            return false;
        };
        if e.count == 0 {
            return false;
        }
        let mut seen = HashSet::new();
        let mut cost = troop.cost();
        for key in &e.traits {
            if !seen.insert(key.clone()) {
                return false;
            }
            if key == LARGE_KEY {
                continue;
            }
            let Some(t) = Trait::from_key(key) else {
                return false;
            };
            cost += t.cost();
            if t == Trait::Support {
                supports += e.count;
            }
        }
        points += cost * e.count;
        count += e.count;
    }
    count > 0 && supports <= 1 && points <= budget
}

fn any_list() -> impl Strategy<Value = ArmyList> {
    let keys: Vec<String> = Trait::ALL
        .iter()
        .map(|t| t.key().to_string())
        .chain(["large", "Lucky", "sword"].map(String::from))
        .collect();
    let troops: Vec<String> = Troop::ALL
        .iter()
        .map(|t| t.key().to_string())
        .chain(["dragon", "lucky", ""].map(String::from))
        .collect();
    let e = (
        prop_oneof![8 => select(troops[..5].to_vec()), 1 => select(troops)],
        prop_oneof![1 => Just(0u32), 8 => 1u32..=3],
        prop::collection::vec(select(keys), 0..3),
    )
        .prop_map(|(unit, count, traits)| ArmyEntry {
            unit,
            count,
            traits,
        });
    (
        prop::collection::vec(e, 0..6),
        prop_oneof![10 => Just("squad"), 1 => Just("orcs")],
    )
        .prop_map(|(units, army)| ArmyList {
            system: SystemId::ChessboardConfrontation,
            army: army.into(),
            name: String::new(),
            units,
        })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn a_list_is_valid_iff_it_keeps_the_rules(list in prop_oneof![legal_list(), any_list()]) {
        // Stored for no match, a list is held to the most any match allows;
        // brought to a match that sets no points, to the default 50.
        let expected = keeps_rules(&list, cc::MAX_BUDGET);
        match cc::validate_army(&list) {
            Ok(()) => prop_assert!(expected, "accepted {list:?}"),
            Err(reasons) => {
                prop_assert!(!expected, "refused {list:?}: {reasons:?}");
                prop_assert!(!reasons.is_empty());
            }
        }
        let expected = keeps_rules(&list, BUDGET);
        match fray_rules::validate_army_for(&config(), Seat(0), &list) {
            Ok(()) => prop_assert!(expected, "accepted {list:?} for a match"),
            Err(refused) => prop_assert!(!expected, "refused {list:?}: {refused}"),
        }
    }
}
