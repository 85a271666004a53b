//! Shooting instead of moving: RA X/Y rolls X dice at an enemy in line of
//! sight within Y squares; any 5 or 6 hits and the target saves (R11, R12).
//!
//! Dice order: the shooting dice, then the target's save if it was hit.

mod fa_common;
mod kit;
use fa_common::*;

#[test]
fn any_five_among_the_shooting_dice_hits_and_the_target_must_save() {
    // Bowmaster RA 2/3 against an Orc (D 5+) two squares away.
    let mut p = Position::new([Army::Elves, Army::OrcsAndGoblins]);
    let bowmaster = p.place(0, "bowmaster", "a1");
    let orc = p.place(1, "orc", "a3");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &shoot(bowmaster, orc), &[2, 5, 4]);
    assert_eq!(dice_counts(&rolls), vec![2, 1]);
    assert_eq!(rolls[0].result, "hit");
    assert_eq!(rolls[1].piece, Some(orc));
    assert!(is_removed(&game, orc));
    assert!(at(&game, bowmaster, "a1"));
    assert_eq!(active(&game), vec![Seat(1)]);
}

#[test]
fn a_six_hits_too_and_a_target_that_saves_stays() {
    let mut p = Position::new([Army::Elves, Army::OrcsAndGoblins]);
    let bowmaster = p.place(0, "bowmaster", "a1");
    let orc = p.place(1, "orc", "a3");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &shoot(bowmaster, orc), &[6, 1, 5]);
    assert_eq!(rolls[1].result, "saved");
    assert!(at(&game, orc, "a3"));
}

#[test]
fn two_hitting_dice_still_make_one_hit() {
    let mut p = Position::new([Army::Elves, Army::OrcsAndGoblins]);
    let bowmaster = p.place(0, "bowmaster", "a1");
    let orc = p.place(1, "orc", "a3");
    let mut game = p.build();
    // Both dice hit, but there is one save: the Orc makes it.
    let rolls = play_for_rolls(&mut game, 0, &shoot(bowmaster, orc), &[5, 6, 5]);
    assert_eq!(dice_counts(&rolls), vec![2, 1]);
    assert!(at(&game, orc, "a3"));
}

#[test]
fn a_miss_rolls_no_save_and_changes_nothing_on_the_board() {
    let mut p = Position::new([Army::Elves, Army::OrcsAndGoblins]);
    let bowmaster = p.place(0, "bowmaster", "a1");
    let orc = p.place(1, "orc", "a3");
    let mut game = p.build();
    let before = view(&game).pieces;
    let rolls = play_for_rolls(&mut game, 0, &shoot(bowmaster, orc), &[4, 4]);
    assert_eq!(dice_counts(&rolls), vec![2]);
    assert_eq!(rolls[0].result, "miss");
    assert_eq!(view(&game).pieces, before);
    assert_eq!(active(&game), vec![Seat(1)]);
}

#[test]
fn range_is_counted_in_squares_along_straight_and_diagonal_lines() {
    // Kingdoms of Man Archer: RA 1/2.
    let mut p = Position::new([Army::KingdomsOfMan, Army::OrcsAndGoblins]);
    let archer = p.place(0, "archer", "e2");
    let two_ahead = p.place(1, "goblin", "e4");
    let two_diagonal = p.place(1, "goblin", "g4");
    p.place(1, "goblin", "b5"); // three away on a diagonal
    p.place(1, "goblin", "h2"); // three away on the rank
    let game = p.build();
    assert_eq!(
        shoot_targets(&game, archer),
        ids(&[two_ahead, two_diagonal])
    );

    // An Elf Archer (RA 1/3) on the same square reaches all four.
    let mut p = Position::new([Army::Elves, Army::OrcsAndGoblins]);
    let archer = p.place(0, "archer", "e2");
    let targets = ["e4", "g4", "b5", "h2"].map(|s| p.place(1, "goblin", s));
    let game = p.build();
    assert_eq!(shoot_targets(&game, archer), ids(&targets));
}

#[test]
fn an_adjacent_enemy_may_be_shot() {
    let mut p = Position::new([Army::KingdomsOfMan, Army::OrcsAndGoblins]);
    let archer = p.place(0, "archer", "e2");
    let goblin = p.place(1, "goblin", "e3");
    let mut game = p.build();
    assert_eq!(shoot_targets(&game, archer), ids(&[goblin]));
    play_for_rolls(&mut game, 0, &shoot(archer, goblin), &[5, 5]);
    assert!(is_removed(&game, goblin));
    assert!(at(&game, archer, "e2"));
}

#[test]
fn line_of_sight_is_blocked_by_a_friendly_piece() {
    let mut p = Position::new([Army::Elves, Army::OrcsAndGoblins]);
    let archer = p.place(0, "archer", "e2");
    p.place(0, "ranger", "e3");
    let goblin = p.place(1, "goblin", "e4");
    let mut game = p.build();
    assert!(shoot_targets(&game, archer).is_empty());
    let refused = refuse(&mut game, 0, &shoot(archer, goblin));
    assert_eq!(refused.code, RejectCode::IllegalAction);
}

#[test]
fn line_of_sight_is_blocked_by_an_enemy_piece_which_can_itself_be_shot() {
    let mut p = Position::new([Army::Elves, Army::OrcsAndGoblins]);
    let archer = p.place(0, "archer", "e2");
    let near = p.place(1, "goblin", "f3");
    let far = p.place(1, "goblin", "g4");
    let mut game = p.build();
    assert_eq!(shoot_targets(&game, archer), ids(&[near]));
    refuse(&mut game, 0, &shoot(archer, far));
}

#[test]
fn a_target_off_the_straight_and_diagonal_lines_cannot_be_shot() {
    let mut p = Position::new([Army::Elves, Army::OrcsAndGoblins]);
    let archer = p.place(0, "archer", "e2");
    let goblin = p.place(1, "goblin", "f4"); // a knight's jump away
    let mut game = p.build();
    assert!(shoot_targets(&game, archer).is_empty());
    refuse(&mut game, 0, &shoot(archer, goblin));
}

#[test]
fn a_target_out_of_range_is_refused() {
    let mut p = Position::new([Army::KingdomsOfMan, Army::OrcsAndGoblins]);
    let archer = p.place(0, "archer", "e2");
    let goblin = p.place(1, "goblin", "e5");
    let mut game = p.build();
    let refused = refuse(&mut game, 0, &shoot(archer, goblin));
    assert_eq!(refused.code, RejectCode::IllegalAction);
    assert!(
        refused.message.contains("within 2 squares"),
        "{}",
        refused.message
    );
}

#[test]
fn shooting_options_never_name_a_friendly_piece() {
    let mut p = Position::new([Army::Elves, Army::OrcsAndGoblins]);
    let bowmaster = p.place(0, "bowmaster", "d4");
    let friend = p.place(0, "archer", "d5");
    p.place(0, "archer", "e4");
    p.place(0, "archer", "c3");
    let left = p.place(1, "goblin", "a4");
    let down = p.place(1, "goblin", "d2");
    let diagonal = p.place(1, "goblin", "f6");
    let mut game = p.build();
    assert_eq!(
        shoot_targets(&game, bowmaster),
        ids(&[left, down, diagonal])
    );
    for action in options(&game, 0).iter().filter(|a| a.verb == "shoot") {
        assert_eq!(owner(&game, action.target.unwrap()), Seat(1), "{action:?}");
    }
    refuse(&mut game, 0, &shoot(bowmaster, friend));
}

#[test]
fn a_piece_without_ranged_attack_cannot_shoot() {
    let mut p = Position::new([Army::OrcsAndGoblins, Army::Elves]);
    let orc = p.place(0, "orc", "d4");
    let archer = p.place(1, "archer", "d5");
    let mut game = p.build();
    assert!(shoot_targets(&game, orc).is_empty());
    let refused = refuse(&mut game, 0, &shoot(orc, archer));
    assert!(
        refused.message.contains("no ranged attack"),
        "{}",
        refused.message
    );
}

#[test]
fn the_hellwitch_has_no_shooting_attack_of_its_own() {
    // R28: the blank RA is read as "-".
    let mut p = Position::new([Army::Demons, Army::Dwarfs]);
    let hellwitch = p.place(0, "hellwitch", "d4");
    let warrior = p.place(1, "warrior", "d5");
    let mut game = p.build();
    assert_eq!(stat(&game, hellwitch, "RA"), "-");
    assert!(options(&game, 0).iter().all(|a| a.verb != "shoot"));
    let refused = refuse(&mut game, 0, &shoot(hellwitch, warrior));
    assert_eq!(refused.code, RejectCode::IllegalAction);
}

#[test]
fn a_king_piece_with_ra_may_shoot() {
    let mut p = Position::new([Army::Elves, Army::OrcsAndGoblins]);
    let clan_lord = p.place(0, "clan-lord", "e1");
    let goblin = p.place(1, "goblin", "e4");
    let mut game = p.build();
    assert_eq!(shoot_targets(&game, clan_lord), ids(&[goblin]));
    play_for_rolls(&mut game, 0, &shoot(clan_lord, goblin), &[5, 6]);
    assert!(at(&game, goblin, "e4"));
}

#[test]
fn a_seat_1_shooter_shoots_the_same_way() {
    let mut p = Position::new([Army::KingdomsOfMan, Army::OrcsAndGoblins]);
    let man = p.place(0, "man-at-arms", "d2");
    let hobgoblin = p.place(1, "hobgoblin", "d4");
    p.to_move(Seat(1));
    let mut game = p.build();
    assert_eq!(shoot_targets(&game, hobgoblin), ids(&[man]));
    play_for_rolls(&mut game, 1, &shoot(hobgoblin, man), &[5, 4]);
    assert!(is_removed(&game, man));
    assert_eq!(active(&game), vec![Seat(0)]);
}

#[test]
fn no_shot_or_attack_spell_of_any_army_is_offered_on_a_friend() {
    // Each caster stands among friends and enemies; every targeted option of
    // an attack names an enemy, and every helping spell names a friend.
    let attacks = [
        "fireblast",
        "crunch",
        "drain-life",
        "slay",
        "arrow-storm",
        "entangle",
        "hellfire",
    ];
    let helps = ["teleport", "armour-of-thorns"];
    let casters = [
        (Army::KingdomsOfMan, "wizard", "archer"),
        (Army::OrcsAndGoblins, "shaman", "hobgoblin"),
        (Army::Undead, "necromancer", "skeleton"),
        (Army::Elves, "druid", "bowmaster"),
        (Army::Demons, "hellwitch", "demospawn"),
    ];
    for (army, caster, friend) in casters {
        let mut p = Position::new([army, Army::Dwarfs]);
        p.place(0, caster, "d4");
        for square in ["c4", "e5", "d6", "b2"] {
            p.place(0, friend, square);
        }
        for square in ["d5", "e4", "c3", "f6", "d2", "a4"] {
            p.place(1, "warrior", square);
        }
        let game = p.build();
        let offered = options(&game, 0);
        let mut attacks_seen = 0;
        for action in &offered {
            let Some(target) = action.target else {
                continue;
            };
            let spell = action.choice.as_deref().unwrap_or("");
            if action.verb == "shoot" || attacks.contains(&spell) {
                attacks_seen += 1;
                assert_eq!(owner(&game, target), Seat(1), "{army:?}: {action:?}");
            } else if helps.contains(&spell) {
                assert_eq!(owner(&game, target), Seat(0), "{army:?}: {action:?}");
            }
        }
        assert!(attacks_seen > 0, "{army:?} was offered no attack at all");
    }
}
