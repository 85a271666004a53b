//! The profiles against the book's tables, the list checks, the examples and
//! random armies.

use fray_protocol::{ArmyEntry, ArmyList, MatchConfig, OptionValue, SystemId};

use super::army::{ArmyProblem, Budget, check};
use super::units::{ChessPiece, Profile, Race, Special, units_of};
use super::weapons::{Armament, Weapon};
use super::*;
use crate::kit::match_options::Choice;
use crate::kit::picks;

type Row = (&'static str, ChessPiece, u8, u8, u8, u8, u8, i8);

fn rows(race: Race) -> Vec<Row> {
    units_of(race)
        .map(|(_, p)| {
            (
                p.key, p.piece, p.min, p.max, p.cost, p.movement, p.save, p.melee,
            )
        })
        .collect()
}

fn unit(race: Race, key: &str) -> &'static Profile {
    units_of(race)
        .map(|(_, p)| p)
        .find(|p| p.key == key)
        .unwrap_or_else(|| panic!("{key}"))
}

fn armed(weapon: Weapon) -> Special {
    Special::Armed(Armament {
        weapon,
        to_hit_modifier: 0,
    })
}

use ChessPiece::{Bishop, King, Knight, Pawn, Queen, Rook};

#[test]
fn humans_read_from_the_table() {
    assert_eq!(
        rows(Race::Humans),
        vec![
            ("general", King, 1, 1, 5, 2, 2, 1),
            ("wizard", Queen, 0, 2, 6, 2, 3, -1),
            ("catapults", Rook, 0, 4, 3, 0, 4, -1),
            ("archers", Bishop, 0, 4, 2, 2, 5, -1),
            ("knights", Knight, 0, 4, 4, 3, 3, 0),
            ("infantry", Pawn, 4, 16, 2, 1, 4, 0),
        ]
    );
    assert_eq!(
        unit(Race::Humans, "general").specials,
        &[Special::ImmuneToFear]
    );
    assert_eq!(
        unit(Race::Humans, "wizard").spells(),
        &[
            Spell::Zap,
            Spell::Storm,
            Spell::Dispel,
            Spell::Protection,
            Spell::Healing
        ]
    );
    assert_eq!(
        unit(Race::Humans, "catapults").specials,
        &[armed(Weapon::Catapults)]
    );
    assert_eq!(
        unit(Race::Humans, "archers").specials,
        &[armed(Weapon::Bows)]
    );
    assert_eq!(unit(Race::Humans, "knights").specials, &[Special::Charge]);
    assert!(unit(Race::Humans, "infantry").specials.is_empty());
}

#[test]
fn dwarves_read_from_the_table() {
    assert_eq!(
        rows(Race::Dwarves),
        vec![
            ("warlord", King, 1, 1, 5, 1, 2, 2),
            ("rune-lord", Queen, 0, 1, 8, 1, 2, 2),
            ("catapults", Rook, 0, 4, 4, 0, 3, 0),
            ("crossbowers", Bishop, 0, 4, 4, 1, 2, 0),
            ("infantry", Pawn, 4, 16, 4, 1, 2, 1),
        ]
    );
    assert_eq!(
        unit(Race::Dwarves, "warlord").specials,
        &[Special::ImmuneToFear, armed(Weapon::Crossbows)]
    );
    let rune_lord = unit(Race::Dwarves, "rune-lord");
    assert!(rune_lord.immune_to_fear() && rune_lord.has(Special::AntiMagic));
    assert_eq!(
        rune_lord.spells(),
        &[Spell::Storm, Spell::Dispel, Spell::Protection]
    );
    assert_eq!(
        unit(Race::Dwarves, "crossbowers").specials,
        &[armed(Weapon::Crossbows)]
    );
    assert!(
        units_of(Race::Dwarves).all(|(_, p)| p.piece != Knight),
        "Dwarves have no cavalry"
    );
}

#[test]
fn elves_read_from_the_table() {
    assert_eq!(
        rows(Race::Elves),
        vec![
            ("general", King, 1, 1, 7, 3, 3, 1),
            ("wizard", Queen, 0, 2, 8, 3, 3, -1),
            ("treemen", Rook, 0, 2, 6, 1, 1, 1),
            ("elite-archers", Bishop, 0, 4, 4, 2, 5, 0),
            ("cavalry", Knight, 0, 2, 4, 3, 3, 0),
            ("archers", Pawn, 4, 16, 2, 2, 5, -1),
        ]
    );
    assert_eq!(
        unit(Race::Elves, "general").specials,
        &[Special::Charge, Special::ImmuneToFear]
    );
    let wizard = unit(Race::Elves, "wizard");
    assert!(wizard.has(Special::Charge));
    assert_eq!(
        wizard.spells(),
        &[
            Spell::Zap,
            Spell::Dispel,
            Spell::Protection,
            Spell::Healing,
            Spell::Fear
        ]
    );
    assert!(unit(Race::Elves, "treemen").note.is_some());
    let long_bows = unit(Race::Elves, "elite-archers").armament().unwrap();
    assert_eq!(
        (long_bows.weapon, long_bows.to_hit()),
        (Weapon::LongBows, 2)
    );
    assert_eq!(long_bows.weapon.profile().range, Some(5));
    assert_eq!(unit(Race::Elves, "cavalry").specials, &[Special::Charge]);
    assert_eq!(
        unit(Race::Elves, "archers").specials,
        &[armed(Weapon::Bows)]
    );
}

#[test]
fn undead_read_from_the_table() {
    assert_eq!(
        rows(Race::Undead),
        vec![
            ("liche", King, 1, 1, 11, 2, 2, 1),
            ("necromancer", Queen, 0, 2, 8, 2, 3, -1),
            ("catapults", Rook, 0, 4, 4, 0, 4, -2),
            ("undead-archers", Bishop, 0, 4, 2, 2, 6, -1),
            ("night-riders", Knight, 0, 4, 4, 3, 4, -1),
            ("zombies", Pawn, 4, 16, 2, 1, 5, -1),
        ]
    );
    let necromancy = [
        Spell::Zap,
        Spell::Storm,
        Spell::Dispel,
        Spell::RaiseDead,
        Spell::Strike,
    ];
    let liche = unit(Race::Undead, "liche");
    assert!(liche.has(Special::Teleport));
    assert_eq!(liche.move_text(), "2*");
    assert_eq!(liche.spells(), &necromancy);
    assert_eq!(unit(Race::Undead, "necromancer").spells(), &necromancy);
    assert_eq!(
        unit(Race::Undead, "catapults").specials,
        &[armed(Weapon::FearCatapults)]
    );
    let bows = unit(Race::Undead, "undead-archers").armament().unwrap();
    assert_eq!((bows.weapon, bows.to_hit()), (Weapon::Bows, 4));
    assert_eq!(bows.text(), "Bows (-1 to-hit)");
    assert_eq!(
        unit(Race::Undead, "night-riders").specials,
        &[Special::Charge]
    );
    assert!(unit(Race::Undead, "zombies").specials.is_empty());
    assert_eq!(units::zombies().key, "zombies");
}

#[test]
fn orcs_read_from_the_table() {
    assert_eq!(
        rows(Race::Orcs),
        vec![
            ("warlord", King, 1, 1, 5, 2, 2, 1),
            ("shaman", Queen, 0, 2, 6, 2, 3, 0),
            ("trolls", Rook, 0, 4, 5, 1, 2, 1),
            ("archers", Bishop, 0, 4, 3, 1, 4, 0),
            ("wolf-riders", Knight, 0, 4, 3, 4, 4, -1),
            ("orc-boyz", Pawn, 4, 16, 2, 1, 3, 0),
        ]
    );
    assert_eq!(
        unit(Race::Orcs, "warlord").specials,
        &[Special::ImmuneToFear]
    );
    assert_eq!(
        unit(Race::Orcs, "shaman").spells(),
        &[
            Spell::Zap,
            Spell::Dispel,
            Spell::Flight,
            Spell::Protection,
            Spell::Strike
        ]
    );
    assert_eq!(
        unit(Race::Orcs, "trolls").specials,
        &[armed(Weapon::Rocks), Special::Stupid, Special::Regenerate]
    );
    assert_eq!(unit(Race::Orcs, "archers").specials, &[armed(Weapon::Bows)]);
    assert_eq!(unit(Race::Orcs, "wolf-riders").specials, &[Special::Charge]);
    assert!(unit(Race::Orcs, "orc-boyz").specials.is_empty());
}

#[test]
fn chaos_read_from_the_table() {
    assert_eq!(
        rows(Race::Chaos),
        vec![
            ("chaos-lord", King, 1, 1, 8, 2, 2, 2),
            ("sorcerer", Queen, 0, 2, 6, 2, 3, -1),
            ("giants", Rook, 0, 2, 6, 2, 2, 1),
            ("thug-bowmen", Bishop, 0, 2, 2, 2, 5, -1),
            ("chaos-knights", Knight, 0, 2, 6, 3, 3, 1),
            ("beastmen", Pawn, 4, 16, 3, 1, 4, 0),
        ]
    );
    let lord = unit(Race::Chaos, "chaos-lord");
    assert_eq!(
        lord.specials,
        &[
            Special::ImmuneToFear,
            Special::ImmuneToPlague,
            Special::CausesFear
        ]
    );
    assert_eq!(
        unit(Race::Chaos, "sorcerer").spells(),
        &[
            Spell::Zap,
            Spell::Storm,
            Spell::Dispel,
            Spell::Fear,
            Spell::Plague
        ]
    );
    assert_eq!(
        unit(Race::Chaos, "giants").specials,
        &[armed(Weapon::Rocks)]
    );
    assert_eq!(
        unit(Race::Chaos, "thug-bowmen").specials,
        &[armed(Weapon::Bows)]
    );
    assert_eq!(
        unit(Race::Chaos, "chaos-knights").specials,
        &[Special::Charge, Special::ImmuneToFear]
    );
    let beastmen = unit(Race::Chaos, "beastmen");
    assert_eq!(beastmen.specials, &[Special::Plague]);
    assert!(beastmen.immune_to_plague());
}

#[test]
fn every_race_has_one_unit_per_piece_in_order_but_the_dwarves() {
    let order = [King, Queen, Rook, Bishop, Knight, Pawn];
    for &race in Race::ALL {
        let pieces: Vec<ChessPiece> = units_of(race).map(|(_, p)| p.piece).collect();
        let expected: Vec<ChessPiece> = order
            .into_iter()
            .filter(|&piece| race != Race::Dwarves || piece != Knight)
            .collect();
        assert_eq!(pieces, expected, "{}", race.key());
    }
}

#[test]
fn the_weapons_as_ruled() {
    let bows = Weapon::Bows.profile();
    assert_eq!((bows.to_hit, bows.range, bows.indirect), (3, Some(4), true));
    let crossbows = Weapon::Crossbows.profile();
    assert!(!crossbows.indirect && !crossbows.after_moving);
    assert_eq!(crossbows.save_modifier, -1);
    let catapults = Weapon::Catapults.profile();
    assert_eq!((catapults.range, catapults.aim), (None, Aim::Square));
    assert!(catapults.indirect && !catapults.after_moving);
    assert_eq!(catapults.save_modifier, -1);
    assert!(Weapon::FearCatapults.profile().fear);
    let rocks = Weapon::Rocks.profile();
    assert_eq!((rocks.range, rocks.save_modifier), (Some(4), 0));
    assert!(rocks.after_moving && rocks.aim == Aim::Square);
}

#[test]
fn the_spells_kinds_as_printed() {
    use SpellKind::*;
    let kinds: Vec<SpellKind> = Spell::ALL.iter().map(|s| s.kind()).collect();
    assert_eq!(
        kinds,
        vec![
            Attack, Summon, Instant, Instant, Move, Instant, Instant, Summon, Summon, Melee
        ]
    );
    assert!(Spell::ALL.iter().all(|s| !s.summary().is_empty()));
}

fn list(race: &str, units: &[(&str, u32)]) -> ArmyList {
    ArmyList {
        system: SystemId::ChessWar,
        army: race.into(),
        name: String::new(),
        units: units
            .iter()
            .map(|&(unit, count)| ArmyEntry::new(unit, count))
            .collect(),
    }
}

fn problems(list: &ArmyList) -> Vec<ArmyProblem> {
    check(list, Budget::Match(DEFAULT_POINTS)).unwrap_err()
}

#[test]
fn too_many_of_a_kind() {
    let list = list(
        "chaos",
        &[("chaos-lord", 1), ("giants", 3), ("beastmen", 4)],
    );
    assert_eq!(
        problems(&list),
        vec![ArmyProblem::TooMany {
            unit: "Giants",
            count: 3,
            max: 2
        }]
    );
    assert_eq!(
        problems(&list)[0].to_string(),
        "the army has 3 Giants; it may have at most 2"
    );
}

#[test]
fn no_general_and_two_generals() {
    let none = list("humans", &[("infantry", 4)]);
    assert_eq!(
        problems(&none),
        vec![ArmyProblem::Generals {
            general: "General",
            count: 0
        }]
    );
    let two = list("undead", &[("liche", 2), ("zombies", 4)]);
    assert_eq!(
        problems(&two),
        vec![ArmyProblem::Generals {
            general: "Liche",
            count: 2
        }]
    );
    assert_eq!(
        problems(&two)[0].to_string(),
        "the army must include exactly 1 Liche (its general), not 2"
    );
}

#[test]
fn three_infantry() {
    let three = list("orcs", &[("warlord", 1), ("orc-boyz", 3)]);
    assert_eq!(
        problems(&three),
        vec![ArmyProblem::TooFewInfantry {
            infantry: "Orc Boyz",
            count: 3,
            min: 4
        }]
    );
    // Entries of one unit add up.
    let split = list("orcs", &[("warlord", 1), ("orc-boyz", 2), ("orc-boyz", 2)]);
    assert!(check(&split, Budget::Match(DEFAULT_POINTS)).is_ok());
    let seventeen = list("humans", &[("general", 1), ("infantry", 17)]);
    assert_eq!(
        problems(&seventeen),
        vec![ArmyProblem::TooManyInfantry {
            infantry: "Infantry",
            count: 17,
            max: 16
        }]
    );
}

#[test]
fn over_the_budget() {
    // 5 + 16 × 4 = 69 points in 17 units.
    let dear = list("dwarves", &[("warlord", 1), ("infantry", 16)]);
    assert_eq!(
        problems(&dear),
        vec![ArmyProblem::OverBudget {
            cost: 69,
            budget: Budget::Match(50)
        }]
    );
    assert!(check(&dear, Budget::Match(69)).is_ok());
    assert!(check(&dear, Budget::AnyMatch).is_ok());
    assert!(
        validate_army_for(&config(&[(POINTS, 60)]), 1, &dear)
            .unwrap_err()
            .to_string()
            .contains("69 points")
    );
    assert!(validate_army_for(&config(&[(POINTS, 70)]), 1, &dear).is_ok());
}

#[test]
fn more_units_than_the_zone_holds() {
    let horde = list(
        "humans",
        &[
            ("general", 1),
            ("catapults", 4),
            ("archers", 4),
            ("infantry", 16),
        ],
    );
    assert_eq!(
        check(&horde, Budget::AnyMatch).unwrap_err(),
        vec![ArmyProblem::TooManyUnits { count: 25 }]
    );
}

#[test]
fn wrong_system_race_and_units() {
    let mut other = example(Race::Elves);
    other.system = SystemId::FantasyArmies;
    let reasons = validate_army(&other).unwrap_err();
    assert_eq!(reasons.len(), 1, "{reasons:?}");
    assert!(reasons[0].contains("the list is for fantasy-armies, not chess-war"));

    let lizards = list("lizardmen", &[("general", 1)]);
    assert!(validate_army(&lizards).unwrap_err()[0].contains("not a ChessWar! army"));

    let mixed = list(
        "dwarves",
        &[
            ("warlord", 1),
            ("knights", 2),
            ("infantry", 0),
            ("infantry", 4),
        ],
    );
    assert_eq!(
        problems(&mixed),
        vec![
            ArmyProblem::UnknownUnit {
                key: "knights".into(),
                race: Race::Dwarves
            },
            ArmyProblem::ZeroCount { unit: "Infantry" },
        ]
    );
    let mut traited = example(Race::Orcs);
    traited.units[0].traits.push("lucky".into());
    assert!(validate_army(&traited).unwrap_err()[0].contains("cannot take traits"));
}

#[test]
fn every_reason_is_reported() {
    let bad = list("elves", &[("treemen", 3), ("archers", 2), ("cavalry", 9)]);
    assert_eq!(
        problems(&bad),
        vec![
            ArmyProblem::Generals {
                general: "General",
                count: 0
            },
            ArmyProblem::TooMany {
                unit: "Treemen",
                count: 3,
                max: 2
            },
            ArmyProblem::TooMany {
                unit: "Cavalry",
                count: 9,
                max: 2
            },
            ArmyProblem::TooFewInfantry {
                infantry: "Archers",
                count: 2,
                min: 4
            },
            ArmyProblem::OverBudget {
                cost: 58,
                budget: Budget::Match(50)
            },
        ]
    );
}

#[test]
fn every_example_is_valid_at_the_default_points() {
    let examples = examples();
    assert_eq!(examples.len(), Race::ALL.len());
    for list in &examples {
        let checked = check(list, Budget::Match(DEFAULT_POINTS))
            .unwrap_or_else(|problems| panic!("{}: {problems:?}", list.army));
        assert!(checked.cost() >= 45, "{}: {}", list.army, checked.cost());
        assert!(validate_army_for(&MatchConfig::new(SystemId::ChessWar), 0, list).is_ok());
    }
    assert_eq!(system_info().examples, examples);
}

fn config(options: &[(&str, i64)]) -> MatchConfig {
    let mut config = MatchConfig::new(SystemId::ChessWar);
    for &(key, value) in options {
        config.options.insert(key.into(), OptionValue::Int(value));
    }
    config
}

#[test]
fn random_armies_are_valid_at_several_budgets() {
    for points in [MIN_POINTS, 30, DEFAULT_POINTS, 75, 100, MAX_POINTS] {
        let config = config(&[(POINTS as &str, i64::from(points))]);
        for seed in 0..40 {
            let mut pick = picks(seed);
            let list = random_army(&config, None, &mut pick).unwrap();
            let checked = check(&list, Budget::Match(points))
                .unwrap_or_else(|problems| panic!("{points} points: {list:?}: {problems:?}"));
            // Nothing more fits: the points are spent as far as they go.
            let race = checked.race;
            let units = checked.units.len() as u32;
            let cheapest_left = units_of(race)
                .filter(|&(id, p)| {
                    (checked.units.iter().filter(|&&u| u == id).count() as u32) < u32::from(p.max)
                })
                .map(|(_, p)| u32::from(p.cost))
                .min();
            assert!(
                units == MAX_UNITS
                    || cheapest_left.is_none_or(|cost| checked.cost() + cost > points),
                "{list:?}"
            );
        }
        for &race in Race::ALL {
            let mut pick = picks(7);
            let list = random_army(&config, Some(race.key()), &mut pick).unwrap();
            assert_eq!(list.army, race.key());
            assert!(validate_army_for(&config, 0, &list).is_ok(), "{list:?}");
        }
    }
    assert!(random_army(&config(&[]), Some("lizardmen"), &mut picks(1)).is_none());
}

#[test]
fn options_and_info() {
    assert_eq!(read_options(&config(&[])).unwrap(), MatchOptions::default());
    assert!(read_options(&config(&[(POINTS, 24)])).is_err());
    assert!(read_options(&config(&[(POINTS, 121)])).is_err());
    let info = system_info();
    assert_eq!(info.id, SystemId::ChessWar);
    assert_eq!(info.armies.len(), 6);
    let keys: Vec<&str> = info.options.iter().map(|o| o.key.as_str()).collect();
    assert_eq!(keys, vec![POINTS, LENGTHENED, MAX_ROUNDS, RULINGS]);
    let liche = &info.armies[3].units[0];
    assert_eq!(
        (liche.key.as_str(), liche.cost, liche.min),
        ("liche", 11.0, 1)
    );
    assert!(SystemId::ChessWar.is_playable());
}

/// The rules document's race tables are the design others build on: each
/// row must say what the data says.
#[test]
fn the_rules_document_tables_match_the_data() {
    let doc = include_str!("../../../docs/rules/chess-war.md");
    for &race in Race::ALL {
        let heading = format!("### {} (`{}`)", race.name(), race.key());
        let section = doc
            .split(heading.as_str())
            .nth(1)
            .unwrap_or_else(|| panic!("no section {heading}"));
        let rows: Vec<Vec<&str>> = section
            .lines()
            .skip_while(|line| !line.starts_with("| Unit"))
            .skip(2)
            .take_while(|line| line.starts_with('|'))
            .map(|line| line.trim_matches('|').split('|').map(str::trim).collect())
            .collect();
        let units: Vec<&Profile> = units_of(race).map(|(_, p)| p).collect();
        assert_eq!(rows.len(), units.len(), "{}", race.key());
        for (row, p) in rows.iter().zip(units) {
            let number = p.number_text().replace('-', "–");
            let movement = if p.has(Special::Teleport) {
                format!("{} (teleport)", p.movement)
            } else {
                p.movement.to_string()
            };
            let melee = p.melee_text().replace('-', "−");
            let expected = [
                p.name.to_string(),
                format!("`{}`", p.key),
                p.piece.name().to_string(),
                number,
                p.cost.to_string(),
                movement,
                p.save_text(),
                melee,
            ];
            assert_eq!(&row[..8], &expected, "{}", race.key());
        }
    }
}
