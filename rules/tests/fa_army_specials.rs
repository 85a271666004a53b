//! The army special rules that are not spells: every army's rule a (one king
//! piece, whose neighbours gain +1 HTH), the Dwarf Lord (Dwarfs b), the Cleric
//! (Kingdoms of Man c), the Miner (Dwarfs c), the Cannon (Dwarfs d), the
//! Gunner (Dwarfs e) and the Vampire and Ghoul (Undead c). Elves c (Rangers)
//! is a deployment rule: see `fa_deployment.rs`.
//!
//! Auras: R13, R14, R35, R36. Misfires: R26. Tunnelling: R25. Gains: R27.

mod fa_common;
mod kit;
use fa_common::*;

// --- Rule a of every army: one king piece, +1 HTH to adjacent friends ------------

const KINGS_AND_PAWNS: [(Army, &str, &str, &str); 6] = [
    (
        Army::KingdomsOfMan,
        "kingdoms-of-man",
        "king-of-men",
        "man-at-arms",
    ),
    (
        Army::OrcsAndGoblins,
        "orcs-and-goblins",
        "chieftain",
        "goblin",
    ),
    (Army::Dwarfs, "dwarfs", "high-king", "warrior"),
    (Army::Undead, "undead", "liche-lord", "skeleton"),
    (Army::Elves, "elves", "clan-lord", "archer"),
    (Army::Demons, "demons", "demon-king", "demospawn"),
];

#[test]
fn every_king_piece_adds_one_to_an_adjacent_friends_roll_when_attacking() {
    for (army, _, king, pawn) in KINGS_AND_PAWNS {
        let mut p = Position::new([army, Army::Dwarfs]);
        p.place(0, king, "d1");
        let attacker = p.place(0, pawn, "e2");
        let warrior = p.place(1, "warrior", "f3");
        let mut game = p.build();
        // HTH 1+1 (the king) and the mover's die: 1+2+1 = 4 ties the Warrior's
        // 4, and the two dice beat its one; without the +1 the 3 would lose.
        // The aura counts from the square the attacker fights from, though f3
        // is not next to the king. The Warrior fails its 4+ save with a 1.
        let rolls = play_for_rolls(&mut game, 0, &step(attacker, "f3"), &[1, 2, 4, 1]);
        assert_eq!(dice_counts(&rolls), vec![2, 1, 1], "{army:?}");
        assert_eq!(modifiers(&rolls), vec![1, 0, 0], "{army:?}");
        assert!(
            rolls[0].purpose.to_string().contains("HTH 1+1"),
            "{}",
            rolls[0].purpose
        );
        assert!(is_removed(&game, warrior), "{army:?}");
        // The aura is not shown in the profile (R36).
        assert_eq!(stat(&game, attacker, "HTH"), "1", "{army:?}");
    }
}

#[test]
fn a_piece_away_from_its_king_rolls_only_its_own_dice() {
    let mut p = Position::new([Army::Dwarfs, Army::Dwarfs]);
    p.place(0, "high-king", "a1");
    let warrior = p.place(0, "warrior", "e2");
    p.place(1, "warrior", "f3");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &step(warrior, "f3"), &[6, 6, 1, 1]);
    assert_eq!(dice_counts(&rolls), vec![2, 1, 1]);
    assert_eq!(modifiers(&rolls), vec![0, 0, 0]);
}

#[test]
fn the_king_aura_also_counts_when_defending() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    p.place(0, "high-king", "c1");
    let warrior = p.place(0, "warrior", "d2");
    let skeleton = p.place(1, "skeleton", "e3");
    p.moved(skeleton).to_move(Seat(1));
    let mut game = p.build();
    // The Skeleton's 1+3 = 4 against the Warrior's 4 + 1 (the king) = 5; without
    // the +1 the tie would go to the Skeleton's two dice. The Skeleton fails its save.
    let rolls = play_for_rolls(&mut game, 1, &step(skeleton, "d2"), &[1, 3, 4, 1]);
    assert_eq!(dice_counts(&rolls), vec![2, 1, 1]);
    assert_eq!(modifiers(&rolls), vec![0, 1, 0]);
    assert!(is_removed(&game, skeleton));
    assert!(at(&game, warrior, "d2"));
}

#[test]
fn the_king_aura_does_not_reach_the_king_itself() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let king = p.place(0, "high-king", "d4");
    p.place(1, "skeleton", "d5");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &step(king, "d5"), &[6, 6, 6, 1, 1]);
    assert_eq!(dice_counts(&rolls), vec![3, 1, 1]);
    assert_eq!(modifiers(&rolls), vec![0, 0, 0]);
}

#[test]
fn an_enemy_king_gives_no_dice_even_in_a_mirror_match() {
    // R35.
    let mut p = Position::new([Army::Dwarfs, Army::Dwarfs]);
    let warrior = p.place(0, "warrior", "e2");
    p.place(1, "high-king", "d3");
    p.place(1, "warrior", "f3");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &step(warrior, "f3"), &[6, 6, 1, 1]);
    assert_eq!(dice_counts(&rolls), vec![2, 1, 1]);
    assert_eq!(modifiers(&rolls), vec![0, 0, 0]);
}

#[test]
fn every_army_must_include_exactly_one_king_piece() {
    for (_, key, king, pawn) in KINGS_AND_PAWNS {
        let none = list(key, &[(pawn, 8)]);
        let reasons = fray_rules::validate_army(&none).unwrap_err();
        assert!(
            reasons
                .iter()
                .any(|r| r.contains("exactly 1") && r.contains("not 0")),
            "{key}: {reasons:?}"
        );
        let two = list(key, &[(king, 2), (pawn, 6)]);
        let reasons = fray_rules::validate_army(&two).unwrap_err();
        assert!(
            reasons.iter().any(|r| r.contains("not 2")),
            "{key}: {reasons:?}"
        );
        let one = list(key, &[(king, 1), (pawn, 7)]);
        assert_eq!(fray_rules::validate_army(&one), Ok(()), "{key}");
    }
}

#[test]
fn the_king_piece_is_marked_as_such() {
    for (army, _, king, pawn) in KINGS_AND_PAWNS {
        let mut p = Position::new([army, Army::Dwarfs]);
        let k = p.place(0, king, "d1");
        let other = p.place(0, pawn, "e2");
        let game = p.build();
        assert!(has_marker(&game, k, "king"), "{army:?}");
        assert!(!has_marker(&game, other, "king"), "{army:?}");
    }
}

// --- Dwarfs b: the Dwarf Lord ---------------------------------------------------

#[test]
fn a_dwarf_lord_adds_one_to_an_adjacent_dwarfs_roll() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    p.place(0, "dwarf-lord", "d1");
    let warrior = p.place(0, "warrior", "e2");
    let skeleton = p.place(1, "skeleton", "f3");
    let mut game = p.build();
    // 1+2 and the Lord's +1 = 4 ties the Skeleton's 4 and wins on dice; the
    // Skeleton fails its 5+ save with a 1.
    let rolls = play_for_rolls(&mut game, 0, &step(warrior, "f3"), &[1, 2, 4, 1]);
    assert_eq!(dice_counts(&rolls), vec![2, 1, 1]);
    assert_eq!(modifiers(&rolls), vec![1, 0, 0]);
    assert!(is_removed(&game, skeleton));
    assert!(at(&game, warrior, "f3"));
}

#[test]
fn the_dwarf_lord_and_the_high_king_stack_to_plus_two() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    p.place(0, "dwarf-lord", "d1");
    p.place(0, "high-king", "f1");
    let warrior = p.place(0, "warrior", "e2");
    let skeleton = p.place(1, "skeleton", "f3");
    let mut game = p.build();
    // 1+1 and +2 = 4 ties the Skeleton's 4 and wins on dice; with only +1 it
    // would lose. The Skeleton fails its save with a 1.
    let rolls = play_for_rolls(&mut game, 0, &step(warrior, "f3"), &[1, 1, 4, 1]);
    assert_eq!(dice_counts(&rolls), vec![2, 1, 1]);
    assert_eq!(modifiers(&rolls), vec![2, 0, 0]);
    assert!(is_removed(&game, skeleton));
}

#[test]
fn two_dwarf_lords_do_not_stack() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    p.place(0, "dwarf-lord", "d1");
    p.place(0, "dwarf-lord", "f1");
    let warrior = p.place(0, "warrior", "e2");
    let skeleton = p.place(1, "skeleton", "f3");
    let mut game = p.build();
    // 1+1 and one +1 = 3 loses to the Skeleton's 4 (two Lords stacked would
    // tie and win on dice); the Warrior saves its hit with a 4.
    let rolls = play_for_rolls(&mut game, 0, &step(warrior, "f3"), &[1, 1, 4, 4]);
    assert_eq!(dice_counts(&rolls), vec![2, 1, 1]);
    assert_eq!(modifiers(&rolls), vec![1, 0, 0]);
    assert!(at(&game, warrior, "e2"));
    assert!(at(&game, skeleton, "f3"));
}

#[test]
fn the_dwarf_lord_aura_does_not_reach_the_lord_itself() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let lord = p.place(0, "dwarf-lord", "d4");
    p.place(1, "skeleton", "d5");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &step(lord, "d5"), &[6, 6, 1, 1]);
    assert_eq!(dice_counts(&rolls), vec![2, 1, 1]);
    assert_eq!(modifiers(&rolls), vec![0, 0, 0]);
}

#[test]
fn the_dwarf_lord_aura_counts_when_defending() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    p.place(0, "dwarf-lord", "c1");
    let warrior = p.place(0, "warrior", "d2");
    let skeleton = p.place(1, "skeleton", "e3");
    p.moved(skeleton).to_move(Seat(1));
    let mut game = p.build();
    // The Skeleton's 1+3 = 4 against the Warrior's 4 + 1 (the Lord) = 5; without
    // the +1 the tie would go to the Skeleton's two dice. The Skeleton saves with a 6.
    let rolls = play_for_rolls(&mut game, 1, &step(skeleton, "d2"), &[1, 3, 4, 6]);
    assert_eq!(dice_counts(&rolls), vec![2, 1, 1]);
    assert_eq!(modifiers(&rolls), vec![0, 1, 0]);
    assert_eq!(rolls[2].piece, Some(skeleton));
    assert!(at(&game, skeleton, "e3"));
    assert!(at(&game, warrior, "d2"));
}

// --- Kingdoms of Man c: the Cleric ---------------------------------------------------

/// A Man-at-Arms (D 5+) on d2 for seat 0, a Hobgoblin on d4 to shoot it.
fn man_at_arms_under_fire(clerics: &[&str]) -> (FantasyArmies, PieceId, PieceId) {
    let mut p = Position::new([Army::KingdomsOfMan, Army::OrcsAndGoblins]);
    let man = p.place(0, "man-at-arms", "d2");
    for square in clerics {
        p.place(0, "cleric", square);
    }
    let hobgoblin = p.place(1, "hobgoblin", "d4");
    p.to_move(Seat(1));
    (p.build(), man, hobgoblin)
}

#[test]
fn a_cleric_improves_an_adjacent_save_by_one_step() {
    let (mut game, man, hobgoblin) = man_at_arms_under_fire(&["c1"]);
    let rolls = play_for_rolls(&mut game, 1, &shoot(hobgoblin, man), &[5, 4]);
    assert!(
        rolls[1].purpose.to_string().contains("4+"),
        "{}",
        rolls[1].purpose
    );
    assert!(at(&game, man, "d2"));
    // The shown profile keeps 5+ (R36).
    assert_eq!(stat(&game, man, "D"), "5+");
}

#[test]
fn without_a_cleric_the_same_save_of_4_fails() {
    let (mut game, man, hobgoblin) = man_at_arms_under_fire(&[]);
    play_for_rolls(&mut game, 1, &shoot(hobgoblin, man), &[5, 4]);
    assert!(is_removed(&game, man));
}

#[test]
fn two_clerics_do_not_stack() {
    let (mut game, man, hobgoblin) = man_at_arms_under_fire(&["c1", "e1"]);
    let rolls = play_for_rolls(&mut game, 1, &shoot(hobgoblin, man), &[5, 3]);
    assert!(
        rolls[1].purpose.to_string().contains("4+"),
        "{}",
        rolls[1].purpose
    );
    assert!(is_removed(&game, man));
}

#[test]
fn a_cleric_does_not_improve_its_own_save() {
    let mut p = Position::new([Army::KingdomsOfMan, Army::OrcsAndGoblins]);
    let cleric = p.place(0, "cleric", "c1");
    let hobgoblin = p.place(1, "hobgoblin", "c3");
    p.to_move(Seat(1));
    let mut game = p.build();
    play_for_rolls(&mut game, 1, &shoot(hobgoblin, cleric), &[5, 4]);
    assert!(is_removed(&game, cleric));
}

#[test]
fn a_cleric_is_helped_by_another_cleric_beside_it() {
    let mut p = Position::new([Army::KingdomsOfMan, Army::OrcsAndGoblins]);
    let cleric = p.place(0, "cleric", "c1");
    p.place(0, "cleric", "d1");
    let hobgoblin = p.place(1, "hobgoblin", "c3");
    p.to_move(Seat(1));
    let mut game = p.build();
    play_for_rolls(&mut game, 1, &shoot(hobgoblin, cleric), &[5, 4]);
    assert!(at(&game, cleric, "c1"));
}

#[test]
fn a_cleric_adds_its_step_on_top_of_armour() {
    // R15: Armour gives 4+, the Cleric makes it 3+.
    let mut p = Position::new([Army::KingdomsOfMan, Army::OrcsAndGoblins]);
    let wizard = p.place(0, "wizard", "d2");
    p.armour(wizard);
    p.place(0, "cleric", "c1");
    let hobgoblin = p.place(1, "hobgoblin", "d4");
    p.to_move(Seat(1));
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 1, &shoot(hobgoblin, wizard), &[6, 3]);
    assert!(
        rolls[1].purpose.to_string().contains("3+"),
        "{}",
        rolls[1].purpose
    );
    assert!(at(&game, wizard, "d2"));
}

#[test]
fn a_cleric_helps_a_neighbour_that_loses_a_contest() {
    let mut p = Position::new([Army::KingdomsOfMan, Army::OrcsAndGoblins]);
    let man = p.place(0, "man-at-arms", "d2");
    p.place(0, "cleric", "c1");
    let goblin = p.place(1, "goblin", "e3");
    p.moved(goblin).to_move(Seat(1));
    let mut game = p.build();
    play_for_rolls(&mut game, 1, &step(goblin, "d2"), &[6, 6, 1, 4]);
    assert!(at(&game, man, "d2"));
    assert!(at(&game, goblin, "e3"));
}

#[test]
fn a_cleric_does_not_help_an_enemy_beside_it() {
    // R35: the Hobgoblin (6+) next to the Cleric still needs a 6.
    let mut p = Position::new([Army::KingdomsOfMan, Army::OrcsAndGoblins]);
    let archer = p.place(0, "archer", "d1");
    p.place(0, "cleric", "c2");
    let hobgoblin = p.place(1, "hobgoblin", "d3");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &shoot(archer, hobgoblin), &[5, 5]);
    assert!(is_removed(&game, hobgoblin));
}

// --- Dwarfs c: the Miner ---------------------------------------------------------

#[test]
fn a_miner_tunnels_to_any_vacant_square_on_a_5() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let miner = p.place(0, "miner", "c1");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &tunnel(miner, "h6"), &[5]);
    assert_eq!(dice_counts(&rolls), vec![1]);
    assert_eq!(rolls[0].result, "breaks through");
    assert!(at(&game, miner, "h6"));
    assert_eq!(active(&game), vec![Seat(1)]);
}

#[test]
fn a_miner_that_rolls_a_4_stays_and_its_turn_is_spent() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let miner = p.place(0, "miner", "c1");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &tunnel(miner, "h6"), &[4]);
    assert!(at(&game, miner, "c1"));
    assert_eq!(active(&game), vec![Seat(1)]);
    assert_eq!(turn_number(&game), 2);
}

#[test]
fn a_miner_is_offered_every_vacant_square_and_no_occupied_one() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let miner = p.place(0, "miner", "c1");
    let warrior = p.place(0, "warrior", "a2");
    p.place(1, "skeleton", "e5");
    let mut game = p.build();
    assert_eq!(options_of(&game, miner, "tunnel").len(), 61);
    let refused = refuse(&mut game, 0, &tunnel(miner, "e5"));
    assert!(
        refused.message.contains("not a vacant square"),
        "{}",
        refused.message
    );
    refuse(&mut game, 0, &tunnel(miner, "a2"));
    let refused = refuse(&mut game, 0, &tunnel(warrior, "a4"));
    assert!(
        refused.message.contains("only a Miner"),
        "{}",
        refused.message
    );
}

// --- Dwarfs d: the Cannon ------------------------------------------------------

/// A Cannon (RA 4/4) on e2 for seat 0 and a Skeleton (D 5+) four squares up.
fn cannon_and_target() -> (FantasyArmies, PieceId, PieceId) {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let cannon = p.place(0, "cannon", "e2");
    let skeleton = p.place(1, "skeleton", "e6");
    (p.build(), cannon, skeleton)
}

#[test]
fn a_cannon_reaches_four_squares_and_no_further() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let cannon = p.place(0, "cannon", "a1");
    let diagonal = p.place(1, "skeleton", "e5"); // four squares
    let rank = p.place(1, "skeleton", "e1"); // four squares
    let five = p.place(1, "skeleton", "a6"); // five squares, nothing between
    let mut game = p.build();
    assert_eq!(shoot_targets(&game, cannon), ids(&[diagonal, rank]));
    refuse(&mut game, 0, &shoot(cannon, five));
    let rolls = play_for_rolls(&mut game, 0, &shoot(cannon, rank), &[2, 3, 4, 4]);
    assert_eq!(dice_counts(&rolls), vec![4]);
}

#[test]
fn a_cannon_rolling_two_ones_and_a_5_hits_its_target_and_is_then_removed() {
    let (mut game, cannon, skeleton) = cannon_and_target();
    // Shot 1,1,5,2: a hit and a misfire. The Skeleton fails its save with a 4;
    // the Cannon is removed with no save.
    let rolls = play_for_rolls(&mut game, 0, &shoot(cannon, skeleton), &[1, 1, 5, 2, 4]);
    assert_eq!(dice_counts(&rolls), vec![4, 1]);
    assert_eq!(rolls[0].result, "hit, and a misfire");
    assert_eq!(rolls[1].piece, Some(skeleton));
    assert!(is_removed(&game, skeleton));
    assert!(is_removed(&game, cannon));
}

#[test]
fn a_cannon_misfire_still_resolves_a_hit_that_is_saved() {
    let (mut game, cannon, skeleton) = cannon_and_target();
    play_for_rolls(&mut game, 0, &shoot(cannon, skeleton), &[1, 1, 5, 2, 6]);
    assert!(at(&game, skeleton, "e6"));
    assert!(is_removed(&game, cannon));
}

#[test]
fn a_cannon_rolling_two_ones_and_no_hit_is_removed_and_the_target_rolls_nothing() {
    let (mut game, cannon, skeleton) = cannon_and_target();
    let rolls = play_for_rolls(&mut game, 0, &shoot(cannon, skeleton), &[1, 1, 2, 3]);
    assert_eq!(dice_counts(&rolls), vec![4]);
    assert_eq!(rolls[0].result, "miss, and a misfire");
    assert!(at(&game, skeleton, "e6"));
    assert!(is_removed(&game, cannon));
}

#[test]
fn a_cannon_rolling_a_single_one_does_not_misfire() {
    let (mut game, cannon, skeleton) = cannon_and_target();
    let rolls = play_for_rolls(&mut game, 0, &shoot(cannon, skeleton), &[1, 5, 2, 3, 6]);
    assert_eq!(rolls[0].result, "hit");
    assert!(at(&game, cannon, "e2"));
    assert!(at(&game, skeleton, "e6"));
}

#[test]
fn a_cannon_rolling_four_ones_is_removed_once() {
    let (mut game, cannon, skeleton) = cannon_and_target();
    let effects = play_rolling(&mut game, 0, &shoot(cannon, skeleton), &[1, 1, 1, 1]);
    let removals: Vec<&Effect> = effects
        .iter()
        .map(|scoped| &scoped.effect)
        .filter(|effect| matches!(effect, Effect::PieceRemoved { .. }))
        .collect();
    assert_eq!(
        removals,
        vec![&Effect::PieceRemoved {
            piece: cannon,
            reason: "removed (misfired)".into(),
        }],
        "one removal, of the Cannon, however many 1s"
    );
    assert!(is_removed(&game, cannon));
    assert!(at(&game, skeleton, "e6"));
}

// --- Dwarfs e: the Gunner ------------------------------------------------------

/// A Gunner (RA 3/2, D 4+) on e2 for seat 0 and a Skeleton (D 5+) two squares up.
fn gunner_and_target() -> (FantasyArmies, PieceId, PieceId) {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let gunner = p.place(0, "gunner", "e2");
    let skeleton = p.place(1, "skeleton", "e4");
    (p.build(), gunner, skeleton)
}

#[test]
fn a_gunner_rolling_1_1_6_hits_and_takes_exactly_one_hit_itself() {
    let (mut game, gunner, skeleton) = gunner_and_target();
    // The Skeleton saves with a 6; the Gunner fails its 4+ save with a 3.
    let rolls = play_for_rolls(&mut game, 0, &shoot(gunner, skeleton), &[1, 1, 6, 6, 3]);
    assert_eq!(dice_counts(&rolls), vec![3, 1, 1]);
    assert_eq!(rolls[1].piece, Some(skeleton));
    assert_eq!(rolls[2].piece, Some(gunner));
    assert!(at(&game, skeleton, "e4"));
    assert!(is_removed(&game, gunner));
}

#[test]
fn a_gunner_that_saves_its_misfire_stays() {
    let (mut game, gunner, skeleton) = gunner_and_target();
    let rolls = play_for_rolls(&mut game, 0, &shoot(gunner, skeleton), &[1, 2, 3, 4]);
    assert_eq!(dice_counts(&rolls), vec![3, 1]);
    assert_eq!(rolls[0].result, "miss, and a misfire");
    assert_eq!(rolls[1].piece, Some(gunner));
    assert!(at(&game, gunner, "e2"));
    assert!(at(&game, skeleton, "e4"));
}

#[test]
fn a_gunner_rolling_three_ones_still_takes_only_one_hit() {
    let (mut game, gunner, skeleton) = gunner_and_target();
    let rolls = play_for_rolls(&mut game, 0, &shoot(gunner, skeleton), &[1, 1, 1, 5]);
    assert_eq!(dice_counts(&rolls), vec![3, 1]);
    assert!(at(&game, gunner, "e2"));
}

#[test]
fn a_gunner_rolling_no_one_takes_no_hit() {
    let (mut game, gunner, skeleton) = gunner_and_target();
    let rolls = play_for_rolls(&mut game, 0, &shoot(gunner, skeleton), &[2, 3, 6, 1]);
    assert_eq!(dice_counts(&rolls), vec![3, 1]);
    assert_eq!(rolls[1].piece, Some(skeleton));
    assert!(is_removed(&game, skeleton));
    assert!(at(&game, gunner, "e2"));
}

// --- Undead c: the Vampire and the Ghoul ----------------------------------------------

#[test]
fn a_vampire_that_removes_an_enemy_when_attacking_gains_one_hth() {
    let mut p = Position::new([Army::Undead, Army::Dwarfs]);
    let vampire = p.place(0, "vampire", "c1");
    let warrior = p.place(1, "warrior", "e3");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &step(vampire, "e3"), &[6, 6, 6, 1, 1]);
    assert_eq!(dice_counts(&rolls), vec![3, 1, 1]);
    assert!(is_removed(&game, warrior));
    assert!(at(&game, vampire, "e3"));
    // Written as the book writes a modified HTH (R4).
    assert_eq!(stat(&game, vampire, "HTH"), "2+1");
}

#[test]
fn a_vampire_that_removes_an_attacker_when_defending_gains_one_hth() {
    // R27.
    let mut p = Position::new([Army::Undead, Army::Dwarfs]);
    let vampire = p.place(0, "vampire", "e2");
    let warrior = p.place(1, "warrior", "d3");
    p.moved(warrior).to_move(Seat(1));
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 1, &step(warrior, "e2"), &[1, 1, 6, 6, 1]);
    assert_eq!(dice_counts(&rolls), vec![2, 2, 1]);
    assert!(is_removed(&game, warrior));
    assert!(at(&game, vampire, "e2"));
    assert_eq!(stat(&game, vampire, "HTH"), "2+1");
}

#[test]
fn a_vampire_gains_nothing_when_the_loser_saves() {
    let mut p = Position::new([Army::Undead, Army::Dwarfs]);
    let vampire = p.place(0, "vampire", "c1");
    p.place(1, "warrior", "e3");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(vampire, "e3"), &[6, 6, 6, 1, 4]);
    assert!(at(&game, vampire, "c1"));
    assert_eq!(stat(&game, vampire, "HTH"), "2");
}

#[test]
fn a_vampires_gains_add_up_and_add_to_its_roll() {
    let mut p = Position::new([Army::Undead, Army::Dwarfs]);
    let vampire = p.place(0, "vampire", "c1");
    p.hth_change(vampire, 1);
    let warrior = p.place(1, "warrior", "e3");
    let mut game = p.build();
    assert_eq!(stat(&game, vampire, "HTH"), "2+1");
    // Three dice 1+1+1, +1 = 4 ties the Warrior's 4 and wins on dice; without
    // the +1 the 3 would lose. The Warrior fails its save with a 1.
    let rolls = play_for_rolls(&mut game, 0, &step(vampire, "e3"), &[1, 1, 1, 4, 1]);
    assert_eq!(dice_counts(&rolls), vec![3, 1, 1]);
    assert_eq!(modifiers(&rolls), vec![1, 0, 0]);
    assert!(is_removed(&game, warrior));
    assert_eq!(stat(&game, vampire, "HTH"), "2+2");
}

#[test]
fn a_ghoul_that_removes_an_enemy_gains_one_hth() {
    let mut p = Position::new([Army::Undead, Army::Dwarfs]);
    let ghoul = p.place(0, "ghoul", "a1");
    p.place(1, "warrior", "a3");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(ghoul, "a3"), &[6, 6, 1, 1]);
    assert!(at(&game, ghoul, "a3"));
    assert_eq!(stat(&game, ghoul, "HTH"), "1+1");
}

#[test]
fn other_undead_pieces_gain_nothing_from_a_removal() {
    let mut p = Position::new([Army::Undead, Army::Dwarfs]);
    let spectre = p.place(0, "spectre", "b1");
    p.place(1, "warrior", "c3");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(spectre, "c3"), &[6, 6, 1, 1]);
    assert!(at(&game, spectre, "c3"));
    assert_eq!(stat(&game, spectre, "HTH"), "1");
}
