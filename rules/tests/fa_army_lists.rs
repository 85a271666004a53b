//! Army selection and the printed profiles: every unit of the six armies as
//! the book prints it (M, HTH, RA, D, PV and special letter), and the list
//! limits of "Picking Your Army" (R32): at most 60 points, 8 to 16 pieces,
//! exactly one king, all from one army.

mod fa_common;
mod kit;
use fa_common::*;
use fray_rules::Choice;

/// One printed row: name, M, HTH, RA, D, PV, special.
type Row = (
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
    &'static str,
);

/// The book's tables, transcribed: each army's key and its seven rows.
const BOOK: [(&str, [Row; 7]); 6] = [
    (
        "kingdoms-of-man",
        [
            ("King of Men", "KG", "2", "-", "4+", "6", "a"),
            ("Wizard", "Q", "1", "-", "6+", "5", "b"),
            ("Cleric", "B", "1", "-", "5+", "4", "c"),
            ("Knight", "K", "2", "-", "4+", "6", ""),
            ("Champion", "R", "3", "-", "5+", "5", ""),
            ("Man-at-Arms", "P", "1", "-", "5+", "2", ""),
            ("Archer", "P", "1", "1/2", "6+", "2.5", ""),
        ],
    ),
    (
        "orcs-and-goblins",
        [
            ("Chieftain", "KG", "2", "-", "3+", "7", "a"),
            ("Shaman", "Q", "1", "-", "5+", "6", "b"),
            ("Great Orc", "B", "3", "-", "4+", "6", ""),
            ("Wolf Rider", "K", "2", "-", "5+", "5", ""),
            ("Orc", "R", "2", "-", "5+", "4", ""),
            ("Hobgoblin", "P", "1", "1/2", "6+", "2.5", ""),
            ("Goblin", "P", "1", "-", "6+", "1", ""),
        ],
    ),
    (
        "dwarfs",
        [
            ("High King", "KG", "2", "-", "3+", "7", "a"),
            ("Dwarf Lord", "Q", "1", "-", "4+", "7", "b"),
            ("Miner", "B", "1", "-", "4+", "5", "c"),
            ("Hunter", "K", "1", "-", "4+", "5", ""),
            ("Cannon", "P", "-", "4/4", "4+", "6", "d"),
            ("Gunner", "P", "1", "3/2", "4+", "4.5", "e"),
            ("Warrior", "P", "1", "-", "4+", "3", ""),
        ],
    ),
    (
        "undead",
        [
            ("Liche Lord", "KG", "2", "-", "4+", "6", "a"),
            ("Necromancer", "Q", "1", "-", "5+", "6", "b"),
            ("Vampire", "B", "2", "-", "4+", "6", "c"),
            ("Spectre", "K", "1", "-", "3+", "6", ""),
            ("Ghoul", "R", "1", "-", "5+", "4", "c"),
            ("Zombie", "P", "2", "-", "6+", "2", ""),
            ("Skeleton", "P", "1", "-", "5+", "2", ""),
        ],
    ),
    (
        "elves",
        [
            ("Clan Lord", "KG", "2", "1/3", "4+", "8", "a"),
            ("Druid", "Q", "1", "1/3", "6+", "7", "b"),
            ("Battlemaster", "B", "3", "1/3", "5+", "7", ""),
            ("Pegasus Rider", "K", "2", "1/3", "5+", "7", ""),
            ("Bowmaster", "R", "1", "2/3", "6+", "4.5", ""),
            ("Ranger", "P", "1", "1/3", "6+", "4", "c"),
            ("Archer", "P", "1", "1/3", "6+", "3", ""),
        ],
    ),
    (
        "demons",
        [
            ("Demon King", "KG", "3", "-", "3+", "8", "a"),
            // The book leaves the Hellwitch's RA blank; Fray reads it as "-" (R28).
            ("Hellwitch", "Q", "1", "-", "4+", "8", "b"),
            ("Blood Demon", "B", "3", "-", "5+", "5", ""),
            ("Winged Demon", "K", "2", "-", "5+", "5", ""),
            ("Bone Demon", "R", "2", "-", "4+", "5", ""),
            ("Demospawn", "P", "1", "-", "4+", "3", ""),
            ("Black Warrior", "P", "2", "-", "5+", "3", ""),
        ],
    ),
];

#[test]
fn every_profile_is_as_the_book_prints_it() {
    let systems = fray_rules::systems();
    let info = &systems[0];
    assert_eq!(info.id, SystemId::FantasyArmies);
    let armies: Vec<&str> = info.armies.iter().map(|a| a.key.as_str()).collect();
    assert_eq!(armies, BOOK.map(|(key, _)| key).to_vec());
    for ((key, units), army) in BOOK.iter().zip(&info.armies) {
        assert_eq!(army.units.len(), 7, "{key}");
        for (&(name, m, hth, ra, d, pv, special), unit) in units.iter().zip(&army.units) {
            assert_eq!(unit.name, name, "{key}");
            let stats: Vec<(&str, &str)> = unit
                .stats
                .iter()
                .map(|s| (s.key.as_str(), s.value.as_str()))
                .collect();
            assert_eq!(
                stats,
                vec![("M", m), ("HTH", hth), ("RA", ra), ("D", d), ("PV", pv)],
                "{key} {name}"
            );
            assert_eq!(unit.cost, pv.parse::<f64>().unwrap(), "{key} {name}");
            let letters: Vec<&str> = unit.special.iter().map(String::as_str).collect();
            let expected: Vec<&str> = if special.is_empty() {
                vec![]
            } else {
                vec![special]
            };
            assert_eq!(letters, expected, "{key} {name}");
        }
    }
}

#[test]
fn a_piece_on_the_board_shows_its_printed_profile() {
    let mut p = Position::new([Army::Dwarfs, Army::Elves]);
    let gunner = p.place(0, "gunner", "e2");
    let bowmaster = p.place(1, "bowmaster", "e8");
    let game = p.build();
    let shown = |piece| ["M", "HTH", "RA", "D", "PV"].map(|key| stat(&game, piece, key));
    assert_eq!(shown(gunner), ["P", "1", "3/2", "4+", "4.5"]);
    assert_eq!(shown(bowmaster), ["R", "1", "2/3", "6+", "4.5"]);
    assert_eq!(view(&game).pieces[&gunner].name, "Gunner");
}

#[test]
fn every_starter_list_is_legal() {
    for &army in Army::ALL {
        let list = fray_rules::fantasy_armies::starter_list(army);
        assert_eq!(fray_rules::validate_army(&list), Ok(()), "{army:?}");
    }
}

#[test]
fn a_list_may_spend_exactly_60_points_but_not_60_and_a_half() {
    // 6 + 3×6 + 2×5 + 8×2.5 + 4 + 2 = 60, in 16 pieces.
    let sixty = list(
        "kingdoms-of-man",
        &[
            ("king-of-men", 1),
            ("knight", 3),
            ("champion", 2),
            ("archer", 8),
            ("cleric", 1),
            ("man-at-arms", 1),
        ],
    );
    assert_eq!(fray_rules::validate_army(&sixty), Ok(()));
    // The Man-at-Arms (2) swapped for a ninth Archer (2.5): 60.5.
    let over = list(
        "kingdoms-of-man",
        &[
            ("king-of-men", 1),
            ("knight", 3),
            ("champion", 2),
            ("archer", 9),
            ("cleric", 1),
        ],
    );
    assert_eq!(
        fray_rules::validate_army(&over),
        Err(vec![
            "the army costs 60.5 points; the limit is 60".to_string()
        ])
    );
}

#[test]
fn a_list_needs_8_to_16_pieces() {
    let seven = list("orcs-and-goblins", &[("chieftain", 1), ("goblin", 6)]);
    assert_eq!(
        fray_rules::validate_army(&seven),
        Err(vec![
            "the army has 7 pieces; it needs at least 8".to_string()
        ])
    );
    let eight = list("orcs-and-goblins", &[("chieftain", 1), ("goblin", 7)]);
    assert_eq!(fray_rules::validate_army(&eight), Ok(()));
    let sixteen = list("orcs-and-goblins", &[("chieftain", 1), ("goblin", 15)]);
    assert_eq!(fray_rules::validate_army(&sixteen), Ok(()));
    let seventeen = list("orcs-and-goblins", &[("chieftain", 1), ("goblin", 16)]);
    assert_eq!(
        fray_rules::validate_army(&seventeen),
        Err(vec![
            "the army has 17 pieces; it may have at most 16".to_string()
        ])
    );
}

#[test]
fn a_list_takes_units_from_its_own_army_only() {
    let mixed = list("dwarfs", &[("high-king", 1), ("warrior", 6), ("goblin", 1)]);
    let reasons = fray_rules::validate_army(&mixed).unwrap_err();
    assert!(
        reasons
            .iter()
            .any(|r| r.contains("'goblin' is not in the Dwarfs army list")),
        "{reasons:?}"
    );
}

#[test]
fn an_invalid_list_gives_every_reason_and_stops_setup() {
    let bad = list("dwarfs", &[("cannon", 12), ("dragon", 1), ("high-king", 2)]);
    let reasons = fray_rules::validate_army(&bad).unwrap_err();
    assert_eq!(reasons.len(), 3, "{reasons:?}");
    let good = list("dwarfs", &[("high-king", 1), ("warrior", 7)]);
    let mut dice = ScriptedDice::new([]);
    let result = FantasyArmies::setup(
        &MatchConfig::new(SystemId::FantasyArmies),
        &[good, bad],
        &mut dice,
    );
    assert!(matches!(
        result,
        Err(fray_rules::SetupError::InvalidArmy { seat: 1, .. })
    ));
}
