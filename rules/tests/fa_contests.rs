//! Contests for a square (R5): the attacker rolls its HTH dice plus one, the
//! defender its HTH dice; the higher total wins, then more dice, then the
//! mover. The loser takes a hit; a surviving defender keeps its square and
//! the attacker stays put. HTH "-" (R6), and HTH 0 when a match reads
//! modifiers as extra dice (R7); the book's reading of modifiers is pinned in
//! `fa_hth_modifiers.rs`.
//!
//! Dice order: the attacker's dice, the defender's dice, the loser's save.

mod fa_common;
mod kit;
use fa_common::*;
use fray_rules::fantasy_armies::{ContestWinner, contest_winner};

/// Dwarf Warrior (HTH 1, D 4+) on e4 for seat 0, an Undead piece on d5 for seat 1.
fn warrior_against(unit: &str) -> (FantasyArmies, PieceId, PieceId) {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e4");
    p.moved(warrior);
    let defender = p.place(1, unit, "d5");
    (p.build(), warrior, defender)
}

#[test]
fn the_attacker_rolls_its_hth_plus_one_and_the_defender_its_hth() {
    let (mut game, warrior, skeleton) = warrior_against("skeleton");
    // Warrior 6+2 = 8 beats Skeleton 3; the Skeleton fails its 5+ save with a 4.
    let rolls = play_for_rolls(&mut game, 0, &step(warrior, "d5"), &[6, 2, 3, 4]);
    assert_eq!(dice_counts(&rolls), vec![2, 1, 1]);
    assert_eq!(faces(&rolls[0]), vec![6, 2]);
    assert_eq!(rolls[0].piece, Some(warrior));
    assert_eq!(rolls[0].result, "wins the contest");
    assert_eq!(faces(&rolls[1]), vec![3]);
    assert_eq!(rolls[1].piece, Some(skeleton));
    assert_eq!(rolls[1].result, "loses the contest");
    assert_eq!(rolls[2].piece, Some(skeleton));
    assert_eq!(rolls[2].result, "failed: removed");
}

#[test]
fn a_removed_defender_gives_its_square_to_the_attacker() {
    let (mut game, warrior, skeleton) = warrior_against("skeleton");
    play_for_rolls(&mut game, 0, &step(warrior, "d5"), &[6, 2, 3, 4]);
    assert!(is_removed(&game, skeleton));
    assert!(at(&game, warrior, "d5"));
    assert_eq!(active(&game), vec![Seat(1)]);
}

#[test]
fn a_removal_is_told_once_with_its_cause() {
    let (mut game, warrior, skeleton) = warrior_against("skeleton");
    let effects = play_rolling(&mut game, 0, &step(warrior, "d5"), &[6, 2, 3, 4]);
    let removals: Vec<&Effect> = effects
        .iter()
        .map(|scoped| &scoped.effect)
        .filter(|effect| {
            matches!(effect, Effect::PieceRemoved { .. })
                || matches!(effect, Effect::Narration { text } if text.to_string().contains("removed"))
        })
        .collect();
    assert_eq!(
        removals,
        vec![&Effect::PieceRemoved {
            piece: skeleton,
            reason: "removed (lost a contest)".into(),
        }]
    );
}

#[test]
fn a_defender_that_saves_keeps_its_square_and_the_attacker_stays_put() {
    let (mut game, warrior, skeleton) = warrior_against("skeleton");
    // The Warrior wins, but the Skeleton makes its 5+ save with a 5.
    let rolls = play_for_rolls(&mut game, 0, &step(warrior, "d5"), &[6, 2, 3, 5]);
    assert_eq!(rolls[2].result, "saved");
    assert!(at(&game, skeleton, "d5"));
    assert!(at(&game, warrior, "e4"));
    assert_eq!(active(&game), vec![Seat(1)]);
}

#[test]
fn an_attacker_that_loses_and_fails_its_save_is_removed_and_the_defender_stays() {
    let (mut game, warrior, zombie) = warrior_against("zombie");
    // Warrior 1+2 = 3 against Zombie 6+6 = 12; the Warrior fails its 4+ save with a 3.
    let rolls = play_for_rolls(&mut game, 0, &step(warrior, "d5"), &[1, 2, 6, 6, 3]);
    assert_eq!(dice_counts(&rolls), vec![2, 2, 1]);
    assert_eq!(rolls[2].piece, Some(warrior));
    assert!(is_removed(&game, warrior));
    assert!(at(&game, zombie, "d5"));
}

#[test]
fn an_attacker_that_loses_but_saves_stays_on_its_own_square() {
    let (mut game, warrior, zombie) = warrior_against("zombie");
    play_for_rolls(&mut game, 0, &step(warrior, "d5"), &[1, 2, 6, 6, 4]);
    assert!(at(&game, warrior, "e4"));
    assert!(at(&game, zombie, "d5"));
}

#[test]
fn tied_totals_go_to_the_side_that_rolled_more_dice_even_when_it_defends() {
    // Skeleton (HTH 1, 2 dice attacking) against a Great Orc (HTH 3): 12 against 12.
    let mut p = Position::new([Army::Undead, Army::OrcsAndGoblins]);
    let skeleton = p.place(0, "skeleton", "e4");
    p.moved(skeleton);
    let great_orc = p.place(1, "great-orc", "d5");
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 0, &step(skeleton, "d5"), &[6, 6, 4, 4, 4, 4]);
    assert_eq!(dice_counts(&rolls), vec![2, 3, 1]);
    assert_eq!(rolls[1].result, "wins the contest");
    // The loser, the Skeleton, fails its 5+ save with a 4.
    assert_eq!(rolls[2].piece, Some(skeleton));
    assert!(is_removed(&game, skeleton));
    assert!(at(&game, great_orc, "d5"));
}

#[test]
fn tied_totals_go_to_the_attacker_when_it_rolled_more_dice() {
    let (mut game, warrior, skeleton) = warrior_against("skeleton");
    // 3+3 = 6 against 6: the Warrior rolled two dice to one.
    let rolls = play_for_rolls(&mut game, 0, &step(warrior, "d5"), &[3, 3, 6, 1]);
    assert_eq!(rolls[0].result, "wins the contest");
    assert_eq!(rolls[2].piece, Some(skeleton));
    assert!(is_removed(&game, skeleton));
    assert!(at(&game, warrior, "d5"));
}

#[test]
fn tied_totals_and_equal_dice_go_to_the_player_whose_turn_it_is() {
    let (mut game, warrior, zombie) = warrior_against("zombie");
    // 3+4 = 7 against 5+2 = 7, two dice each: the mover wins.
    let rolls = play_for_rolls(&mut game, 0, &step(warrior, "d5"), &[3, 4, 5, 2, 5]);
    assert_eq!(rolls[0].result, "wins the contest");
    assert_eq!(rolls[2].piece, Some(zombie));
    // The Zombie needs 6+ and rolled 5.
    assert!(is_removed(&game, zombie));
    assert!(at(&game, warrior, "d5"));
}

#[test]
fn contest_winner_follows_total_then_dice_then_the_mover() {
    assert_eq!(contest_winner(2, 9, 1, 6), ContestWinner::Attacker);
    assert_eq!(contest_winner(2, 5, 3, 6), ContestWinner::Defender);
    assert_eq!(contest_winner(2, 7, 3, 7), ContestWinner::Defender);
    assert_eq!(contest_winner(3, 7, 2, 7), ContestWinner::Attacker);
    assert_eq!(contest_winner(2, 7, 2, 7), ContestWinner::Attacker);
    assert_eq!(contest_winner(1, 1, 0, 0), ContestWinner::Attacker);
}

#[test]
fn a_seat_1_attacker_fights_the_same_way() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "d4");
    let skeleton = p.place(1, "skeleton", "e5");
    p.moved(skeleton).to_move(Seat(1));
    let mut game = p.build();
    let rolls = play_for_rolls(&mut game, 1, &step(skeleton, "d4"), &[5, 5, 2, 1]);
    assert_eq!(dice_counts(&rolls), vec![2, 1, 1]);
    assert!(is_removed(&game, warrior));
    assert!(at(&game, skeleton, "d4"));
    assert_eq!(active(&game), vec![Seat(0)]);
}

// --- HTH "-" (R6) and HTH 0 (R7) -----------------------------------------------

#[test]
fn a_cannon_with_hth_dash_cannot_move_onto_an_enemy() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let cannon = p.place(0, "cannon", "e2");
    p.place(1, "skeleton", "d3");
    p.place(1, "skeleton", "f3");
    let mut game = p.build();
    assert_eq!(stat(&game, cannon, "HTH"), "-");
    assert_eq!(destinations(&game, cannon), squares(&["e3", "e4"]));
    let refused = refuse(&mut game, 0, &step(cannon, "d3"));
    assert_eq!(refused.code, RejectCode::IllegalAction);
    assert!(
        refused.message.contains("cannot contest"),
        "{}",
        refused.message
    );
}

#[test]
fn a_cannon_rolls_no_dice_when_attacked_even_next_to_its_high_king_or_a_dwarf_lord() {
    for aura in ["high-king", "dwarf-lord"] {
        let mut p = Position::new([Army::Dwarfs, Army::Undead]);
        let cannon = p.place(0, "cannon", "e2");
        p.place(0, aura, "f1");
        let skeleton = p.place(1, "skeleton", "d3");
        p.moved(skeleton).to_move(Seat(1));
        let mut game = p.build();
        // 1+1 = 2 against nothing: the +1 HTH gives a "-" piece no die; the
        // Cannon fails its 4+ save with a 3.
        let rolls = play_for_rolls(&mut game, 1, &step(skeleton, "e2"), &[1, 1, 3]);
        assert_eq!(dice_counts(&rolls), vec![2, 0, 1], "{aura}");
        // Nor anything to add: the aura gives a "-" piece no modifier (R6).
        assert_eq!(modifiers(&rolls), vec![0, 0, 0], "{aura}");
        assert_eq!(rolls[1].total, 0, "{aura}");
        assert_eq!(rolls[1].piece, Some(cannon), "{aura}");
        assert_eq!(rolls[2].piece, Some(cannon), "{aura}");
        assert!(is_removed(&game, cannon), "{aura}");
        assert!(at(&game, skeleton, "e2"), "{aura}");
    }
}

#[test]
fn read_as_extra_dice_a_piece_drained_to_hth_0_still_rolls_the_movers_extra_die() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    p.hth_modifiers(HthModifiers::ExtraDice);
    let warrior = p.place(0, "warrior", "e4");
    p.moved(warrior).hth_change(warrior, -1);
    let skeleton = p.place(1, "skeleton", "d5");
    let mut game = p.build();
    assert_eq!(stat(&game, warrior, "HTH"), "0");
    let rolls = play_for_rolls(&mut game, 0, &step(warrior, "d5"), &[6, 2, 1]);
    assert_eq!(dice_counts(&rolls), vec![1, 1, 1]);
    assert!(is_removed(&game, skeleton));
    assert!(at(&game, warrior, "d5"));
}

#[test]
fn read_as_extra_dice_a_piece_drained_to_hth_0_rolls_nothing_when_defending() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    p.hth_modifiers(HthModifiers::ExtraDice);
    let warrior = p.place(0, "warrior", "d4");
    p.hth_change(warrior, -1);
    let skeleton = p.place(1, "skeleton", "e5");
    p.moved(skeleton).to_move(Seat(1));
    let mut game = p.build();
    // The Warrior saves its hit with a 4.
    let rolls = play_for_rolls(&mut game, 1, &step(skeleton, "d4"), &[1, 1, 4]);
    assert_eq!(dice_counts(&rolls), vec![2, 0, 1]);
    assert!(at(&game, warrior, "d4"));
    assert!(at(&game, skeleton, "e5"));
}

#[test]
fn read_as_extra_dice_hth_never_falls_below_zero_dice() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    p.hth_modifiers(HthModifiers::ExtraDice);
    let warrior = p.place(0, "warrior", "e4");
    p.moved(warrior).hth_change(warrior, -3);
    let skeleton = p.place(1, "skeleton", "d5");
    let mut game = p.build();
    assert_eq!(stat(&game, warrior, "HTH"), "0");
    // Still the one extra die, not a negative count; the Warrior loses and saves.
    let rolls = play_for_rolls(&mut game, 0, &step(warrior, "d5"), &[1, 6, 5]);
    assert_eq!(dice_counts(&rolls), vec![1, 1, 1]);
    assert!(at(&game, warrior, "e4"));
    assert!(at(&game, skeleton, "d5"));
}

#[test]
fn a_pawn_that_wins_a_contest_has_made_its_first_move() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let warrior = p.place(0, "warrior", "e2");
    p.place(1, "skeleton", "d3");
    let mut game = p.build();
    play_for_rolls(&mut game, 0, &step(warrior, "d3"), &[6, 6, 1, 1]);
    assert!(at(&game, warrior, "d3"));
    play_for_rolls(&mut game, 1, &pass(), &[]);
    assert_eq!(destinations(&game, warrior), squares(&["d4"]));
}

#[test]
fn a_knight_contests_the_square_it_jumps_to() {
    let mut p = Position::new([Army::Dwarfs, Army::Undead]);
    let hunter = p.place(0, "hunter", "b1");
    p.place(0, "warrior", "b2");
    let spectre = p.place(1, "spectre", "c3");
    let mut game = p.build();
    // Hunter HTH 1: two dice against the Spectre's one; the Spectre saves on 3+.
    let rolls = play_for_rolls(&mut game, 0, &step(hunter, "c3"), &[4, 4, 2, 3]);
    assert_eq!(dice_counts(&rolls), vec![2, 1, 1]);
    assert!(at(&game, spectre, "c3"));
    assert!(at(&game, hunter, "b1"));
}
