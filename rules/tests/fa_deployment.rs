//! Before the battle: the roll-off (lowest deploys all its pieces first, ties
//! rerolled: R2), the deployment areas (R1), Elves rule c, Rangers in their
//! whole half (R3), and the first deployer's choice of who moves first.
//!
//! Dice order in setup: seat 0's die, seat 1's die, repeated while they tie.

mod fa_common;
mod kit;
use fa_common::*;

/// Orcs: a Chieftain (piece 0) and seven Goblins (pieces 1 to 7).
fn orcs() -> ArmyList {
    list("orcs-and-goblins", &[("chieftain", 1), ("goblin", 7)])
}

/// Elves: a Clan Lord, three Rangers and four Archers.
fn elves() -> ArmyList {
    list("elves", &[("clan-lord", 1), ("ranger", 3), ("archer", 4)])
}

fn setup(armies: [ArmyList; 2], faces: &[u8]) -> (FantasyArmies, Vec<DiceRoll>) {
    let mut dice = ScriptedDice::new(faces.iter().copied());
    let (game, effects) = FantasyArmies::setup(
        &MatchConfig::new(SystemId::FantasyArmies),
        &armies,
        &mut dice,
    )
    .expect("a legal setup");
    assert_eq!(dice.remaining(), 0, "the roll-off left scripted dice");
    (game, rolls(&effects))
}

fn deploy(piece: u32, to: &str) -> Action {
    Action::new("deploy").piece(PieceId(piece)).to(sq(to))
}

/// The squares a piece is offered to deploy on.
fn deploy_squares(game: &FantasyArmies, seat: u8, piece: u32) -> Vec<String> {
    options(game, seat)
        .iter()
        .filter(|a| a.verb == "deploy" && a.piece == Some(PieceId(piece)))
        .map(|a| a.to.unwrap().to_string())
        .collect()
}

fn ranks_of(squares: &[String]) -> std::collections::BTreeSet<char> {
    squares.iter().map(|s| s.chars().nth(1).unwrap()).collect()
}

/// Deploys seat 0's Orcs: the Chieftain on e1, the Goblins on a2 to g2.
fn deploy_orcs(game: &mut FantasyArmies) {
    play_for_rolls(game, 0, &deploy(0, "e1"), &[]);
    for (piece, square) in (1..=7).zip(["a2", "b2", "c2", "d2", "e2", "f2", "g2"]) {
        play_for_rolls(game, 0, &deploy(piece, square), &[]);
    }
}

/// Deploys seat 1's Elves: Clan Lord e8, Rangers a5 b5 c5, Archers a7 to d7.
fn deploy_elves(game: &mut FantasyArmies) {
    let squares = ["e8", "a5", "b5", "c5", "a7", "b7", "c7", "d7"];
    for (piece, square) in (8..=15).zip(squares) {
        play_for_rolls(game, 1, &deploy(piece, square), &[]);
    }
}

// --- The roll-off -----------------------------------------------------------

#[test]
fn the_lower_roller_deploys_first() {
    let (game, rolls) = setup([orcs(), elves()], &[2, 5]);
    assert_eq!(game.to_act(), vec![Seat(0)]);
    assert_eq!(view(&game).turn.phase, "deployment");
    assert_eq!(rolls.len(), 2);
    assert_eq!(rolls[0].seat, Some(Seat(0)));
    assert_eq!(rolls[0].result, "lowest: deploys first");
    assert_eq!(rolls[1].result, "deploys second");

    let (game, _) = setup([orcs(), elves()], &[5, 2]);
    assert_eq!(game.to_act(), vec![Seat(1)]);
    assert!(options(&game, 0).is_empty());
}

#[test]
fn a_tied_roll_off_is_rolled_again_until_the_dice_differ() {
    let (game, rolls) = setup([orcs(), elves()], &[3, 3, 6, 6, 4, 1]);
    assert_eq!(game.to_act(), vec![Seat(1)]);
    assert_eq!(rolls.len(), 6);
    for roll in &rolls[..4] {
        assert_eq!(roll.result, "a tie: both roll again");
    }
    assert_eq!(rolls[5].seat, Some(Seat(1)));
    assert_eq!(rolls[5].result, "lowest: deploys first");
}

// --- Deployment areas -------------------------------------------------------------

#[test]
fn seat_0_deploys_on_ranks_1_and_2_with_one_option_per_unit_type_per_square() {
    let (game, _) = setup([orcs(), elves()], &[1, 6]);
    let offered = options(&game, 0);
    assert!(offered.iter().all(|a| a.verb == "deploy"));
    // The Chieftain and the first waiting Goblin, on 16 squares each.
    assert_eq!(offered.len(), 32);
    let chieftain = deploy_squares(&game, 0, 0);
    assert_eq!(chieftain.len(), 16);
    assert_eq!(ranks_of(&chieftain), ['1', '2'].into_iter().collect());
    assert_eq!(
        ranks_of(&deploy_squares(&game, 0, 1)),
        ['1', '2'].into_iter().collect()
    );
    assert!(deploy_squares(&game, 0, 2).is_empty());
}

#[test]
fn seat_1_deploys_on_ranks_7_and_8() {
    let (mut game, _) = setup([orcs(), elves()], &[1, 6]);
    deploy_orcs(&mut game);
    assert_eq!(game.to_act(), vec![Seat(1)]);
    let clan_lord = deploy_squares(&game, 1, 8);
    assert_eq!(clan_lord.len(), 16);
    assert_eq!(ranks_of(&clan_lord), ['7', '8'].into_iter().collect());
    assert_eq!(
        ranks_of(&deploy_squares(&game, 1, 12)),
        ['7', '8'].into_iter().collect()
    );
}

#[test]
fn rangers_may_deploy_anywhere_in_their_own_half() {
    // Seat 1's Rangers: ranks 5 to 8.
    let (mut game, _) = setup([orcs(), elves()], &[1, 6]);
    deploy_orcs(&mut game);
    let rangers = deploy_squares(&game, 1, 9);
    assert_eq!(rangers.len(), 32);
    assert_eq!(
        ranks_of(&rangers),
        ['5', '6', '7', '8'].into_iter().collect()
    );
    refuse(&mut game, 1, &deploy(9, "a4"));
    play_for_rolls(&mut game, 1, &deploy(9, "d5"), &[]);
    assert!(at(&game, PieceId(9), "d5"));

    // Seat 0's Rangers: ranks 1 to 4.
    let (mut game, _) = setup([elves(), orcs()], &[1, 6]);
    let rangers = deploy_squares(&game, 0, 1);
    assert_eq!(
        ranks_of(&rangers),
        ['1', '2', '3', '4'].into_iter().collect()
    );
    refuse(&mut game, 0, &deploy(1, "a5"));
    play_for_rolls(&mut game, 0, &deploy(1, "h4"), &[]);
    assert!(at(&game, PieceId(1), "h4"));
}

#[test]
fn only_rangers_leave_the_two_home_ranks() {
    let (mut game, _) = setup([elves(), orcs()], &[1, 6]);
    // Piece 4 is the first Archer.
    let refused = refuse(&mut game, 0, &deploy(4, "a3"));
    assert_eq!(refused.code, RejectCode::IllegalAction);
    assert!(refused.message.contains("outside"), "{}", refused.message);
}

#[test]
fn deploying_outside_the_area_or_onto_a_taken_square_is_refused() {
    let (mut game, _) = setup([orcs(), elves()], &[1, 6]);
    let refused = refuse(&mut game, 0, &deploy(0, "e3"));
    assert!(refused.message.contains("outside"), "{}", refused.message);
    refuse(&mut game, 0, &deploy(0, "e7"));
    play_for_rolls(&mut game, 0, &deploy(0, "e1"), &[]);
    let refused = refuse(&mut game, 0, &deploy(1, "e1"));
    assert!(refused.message.contains("occupied"), "{}", refused.message);
}

#[test]
fn identical_pieces_deploy_in_list_order() {
    let (mut game, _) = setup([orcs(), elves()], &[1, 6]);
    let refused = refuse(&mut game, 0, &deploy(3, "a2"));
    assert!(refused.message.contains("in order"), "{}", refused.message);
    play_for_rolls(&mut game, 0, &deploy(1, "a2"), &[]);
    assert_eq!(deploy_squares(&game, 0, 2).len(), 15);
}

#[test]
fn a_piece_already_deployed_cannot_deploy_again() {
    let (mut game, _) = setup([orcs(), elves()], &[1, 6]);
    play_for_rolls(&mut game, 0, &deploy(0, "e1"), &[]);
    let refused = refuse(&mut game, 0, &deploy(0, "d1"));
    assert!(
        refused.message.contains("already deployed"),
        "{}",
        refused.message
    );
}

#[test]
fn the_first_deployer_sets_up_all_its_pieces_before_the_other_begins() {
    let (mut game, _) = setup([orcs(), elves()], &[1, 6]);
    play_for_rolls(&mut game, 0, &deploy(0, "e1"), &[]);
    for (piece, square) in (1..=6).zip(["a2", "b2", "c2", "d2", "e2", "f2"]) {
        assert_eq!(game.to_act(), vec![Seat(0)]);
        play_for_rolls(&mut game, 0, &deploy(piece, square), &[]);
    }
    assert_eq!(game.to_act(), vec![Seat(0)]);
    let refused = refuse(&mut game, 1, &deploy(8, "e8"));
    assert_eq!(refused.code, RejectCode::NotYourTurn);
    play_for_rolls(&mut game, 0, &deploy(7, "g2"), &[]);
    assert_eq!(game.to_act(), vec![Seat(1)]);
}

#[test]
fn a_player_cannot_deploy_the_other_players_piece() {
    let (mut game, _) = setup([orcs(), elves()], &[1, 6]);
    let refused = refuse(&mut game, 0, &deploy(8, "e1"));
    assert_eq!(refused.code, RejectCode::NotYourPiece);
}

#[test]
fn nothing_but_deploying_is_allowed_during_deployment() {
    let (mut game, _) = setup([orcs(), elves()], &[1, 6]);
    play_for_rolls(&mut game, 0, &deploy(1, "a2"), &[]);
    let refused = refuse(&mut game, 0, &step(PieceId(1), "a3"));
    assert_eq!(refused.code, RejectCode::IllegalAction);
    assert!(refused.message.contains("deploy"), "{}", refused.message);
    refuse(&mut game, 0, &pass());
    refuse(&mut game, 0, &Action::new("go-first").choice("me"));
}

#[test]
fn deployed_pieces_stand_on_their_squares_and_waiting_pieces_on_none() {
    let (mut game, _) = setup([orcs(), elves()], &[1, 6]);
    assert_eq!(square_of(&game, PieceId(0)), None);
    assert!(view(&game).pieces.contains_key(&PieceId(0)));
    play_for_rolls(&mut game, 0, &deploy(0, "e1"), &[]);
    assert!(at(&game, PieceId(0), "e1"));
}

// --- Who moves first ----------------------------------------------------------------

#[test]
fn the_first_deployer_chooses_to_move_first() {
    let (mut game, _) = setup([orcs(), elves()], &[1, 6]);
    deploy_orcs(&mut game);
    deploy_elves(&mut game);
    assert_eq!(game.to_act(), vec![Seat(0)]);
    assert_eq!(view(&game).turn.phase, "choose who moves first");
    let offered = options(&game, 0);
    assert_eq!(offered.len(), 2);
    assert!(offered.contains(&Action::new("go-first").choice("me")));
    assert!(offered.contains(&Action::new("go-first").choice("opponent")));
    play_for_rolls(&mut game, 0, &Action::new("go-first").choice("me"), &[]);
    assert_eq!(active(&game), vec![Seat(0)]);
    assert_eq!(view(&game).turn.phase, "battle");
    assert_eq!(turn_number(&game), 1);
}

#[test]
fn the_first_deployer_may_give_the_first_move_to_the_opponent() {
    let (mut game, _) = setup([orcs(), elves()], &[1, 6]);
    deploy_orcs(&mut game);
    deploy_elves(&mut game);
    play_for_rolls(
        &mut game,
        0,
        &Action::new("go-first").choice("opponent"),
        &[],
    );
    assert_eq!(active(&game), vec![Seat(1)]);
    assert_eq!(turn_number(&game), 1);
}

#[test]
fn when_seat_1_deploys_first_seat_1_chooses() {
    let (mut game, _) = setup([orcs(), elves()], &[6, 1]);
    deploy_elves(&mut game);
    deploy_orcs(&mut game);
    assert_eq!(game.to_act(), vec![Seat(1)]);
    let refused = refuse(&mut game, 0, &Action::new("go-first").choice("me"));
    assert_eq!(refused.code, RejectCode::NotYourTurn);
    play_for_rolls(
        &mut game,
        1,
        &Action::new("go-first").choice("opponent"),
        &[],
    );
    assert_eq!(active(&game), vec![Seat(0)]);
}

#[test]
fn go_first_takes_only_me_or_opponent() {
    let (mut game, _) = setup([orcs(), elves()], &[1, 6]);
    deploy_orcs(&mut game);
    deploy_elves(&mut game);
    let refused = refuse(&mut game, 0, &Action::new("go-first").choice("later"));
    assert_eq!(refused.code, RejectCode::UnknownAction);
}

/// Found by the old property suite's unlisted actions when its squares had
/// any `u8` file: the rejection message formats the square, which once
/// overflowed for files beyond z. A square read from JSON has a file a–z, so a
/// client cannot send one; code that builds `Square::new` itself (tools, bots,
/// tests) can.
#[test]
fn an_absurd_square_is_rejected_without_a_panic() {
    let lists = [
        fray_rules::fantasy_armies::starter_list(Army::Dwarfs),
        fray_rules::fantasy_armies::starter_list(Army::Elves),
    ];
    let config = MatchConfig::new(SystemId::FantasyArmies);
    let mut dice = ChaChaDice::from_u64(1);
    let (mut game, _) = FantasyArmies::setup(&config, &lists, &mut dice).unwrap();
    let seat = game.to_act()[0];
    let mine = game
        .view(Viewer::Referee)
        .pieces
        .values()
        .find(|p| p.owner == seat)
        .map(|p| p.id)
        .unwrap();
    let before = game.clone();
    let action = Action::new("deploy").piece(mine).to(Square::new(200, 0));
    let rejection = game.act(seat, &action, &mut dice).unwrap_err();
    assert_eq!(rejection.code, RejectCode::UnknownAction);
    assert!(game == before);
}
