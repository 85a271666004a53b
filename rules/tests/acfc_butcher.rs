//! The Butcher faction (book lines 72–78): the layout, the Butcher's
//! slaughter, the Bull's charge through a piece, the Auroch that steps
//! away from any faction's capture, the Hog's turn, the Fowl's leap, the
//! Diner's feast, corpses shown as terrain, and defeat with no Butcher.
//! Rulings K1–K14 in docs/rules/action-chess-faction-chess.md.

mod acfc_common;
mod kit;
use acfc_common::*;

use fray_rules::action_chess_faction_chess::Rulings;

const BUTCHERS: [Faction; 2] = [Faction::Butcher, Faction::Butcher];

fn slaughter(butcher: PieceId, victim: PieceId) -> Action {
    Action::new("slaughter").piece(butcher).target(victim)
}

fn feast(diner: PieceId, corpse: &str, to: &str) -> Action {
    Action::new("feast").piece(diner).to(sq(to)).choice(corpse)
}

fn corpse_on(game: &Game, square: &str) -> Option<String> {
    view(game).terrain.get(&sq(square)).cloned()
}

/// The squares a Diner is offered a feast move to, eating `corpse`.
fn feasts(game: &Game, diner: PieceId, corpse: &str) -> std::collections::BTreeSet<String> {
    options(game, 0)
        .into_iter()
        .filter(|a| a.verb == "feast" && a.piece == Some(diner))
        .filter(|a| a.choice.as_deref() == Some(corpse))
        .map(|a| a.to.expect("a square").to_string())
        .collect()
}

fn squares_of_kind(game: &Game, seat: u8, kind: &str) -> std::collections::BTreeSet<String> {
    view(game)
        .pieces
        .values()
        .filter(|p| p.owner.0 == seat && p.kind == kind && p.square.is_some())
        .map(|p| p.square.expect("on the board").to_string())
        .collect()
}

#[test]
fn the_army_starts_on_twelve_squares_mirrored_for_black() {
    let mut position = Position::new(BUTCHERS);
    position.starting_pieces(0).starting_pieces(1);
    let game = position.build();
    let layout = [
        ("butcher", ["d1", "e1"], ["d8", "e8"]),
        ("diner", ["c1", "f1"], ["c8", "f8"]),
        ("fowl", ["a1", "h1"], ["a8", "h8"]),
        ("bull", ["d2", "e2"], ["d7", "e7"]),
        ("auroch", ["c2", "f2"], ["c7", "f7"]),
        ("hog", ["b2", "g2"], ["b7", "g7"]),
    ];
    for (kind, white, black) in layout {
        assert_eq!(squares_of_kind(&game, 0, kind), squares(&white), "{kind}");
        assert_eq!(squares_of_kind(&game, 1, kind), squares(&black), "{kind}");
    }
    assert_eq!(view(&game).pieces.len(), 24);
}

#[test]
fn a_butcher_steps_as_a_king_then_slaughters_up_to_three_friends() {
    let mut position = Position::new([Faction::Butcher, Faction::Classique]);
    position.place(1, "king", "h8");
    let butcher = position.place(0, "butcher", "d4");
    position.place(0, "butcher", "a1");
    let hog = position.place(0, "hog", "c6");
    let fowl = position.place(0, "fowl", "d6");
    let bull = position.place(0, "bull", "e6");
    let diner = position.place(0, "diner", "e4");
    position.place(1, "pawn", "c3");
    let mut game = position.build();
    assert_eq!(
        destinations(&game, butcher),
        squares(&["c3", "c4", "c5", "d3", "d5", "e3", "e5"])
    );
    play(&mut game, 0, &step(butcher, "d5"));
    // Four friends beside it: it slaughters three, one at a time.
    play(&mut game, 0, &slaughter(butcher, hog));
    play(&mut game, 0, &slaughter(butcher, fowl));
    play(&mut game, 0, &slaughter(butcher, diner));
    assert_eq!(square_of(&game, bull).as_deref(), Some("e6"));
    assert_eq!(square_of(&game, hog), None);
    assert_eq!(corpse_on(&game, "c6").as_deref(), Some("hog-corpse"));
    assert_eq!(corpse_on(&game, "d6").as_deref(), Some("fowl-corpse"));
    assert_eq!(corpse_on(&game, "e4").as_deref(), Some("diner-corpse"));
    // The third slaughter ends the decision: Black moves.
    assert_eq!(game.to_act(), vec![Seat(1)]);
}

#[test]
fn a_butcher_may_stop_slaughtering_and_a_move_with_no_friend_beside_asks_nothing() {
    let mut position = Position::new([Faction::Butcher, Faction::Classique]);
    position.place(1, "king", "h8");
    let butcher = position.place(0, "butcher", "d4");
    let bull = position.place(0, "bull", "d6");
    let mut game = position.build();
    play(&mut game, 0, &step(butcher, "d5"));
    assert_eq!(game.to_act(), vec![Seat(0)]);
    play(&mut game, 0, &done());
    assert_eq!(square_of(&game, bull).as_deref(), Some("d6"));
    assert_eq!(corpse_on(&game, "d6"), None);
    let mover = piece_on(&game, "h8");
    play(&mut game, 1, &step(mover, "h7"));
    play(&mut game, 0, &step(butcher, "c4"));
    assert_eq!(
        game.to_act(),
        vec![Seat(1)],
        "no friend beside c4: no slaughter"
    );
}

#[test]
fn a_bull_charges_through_one_friend_slaughtering_it_but_not_to_a_capture() {
    let mut position = Position::new([Faction::Butcher, Faction::Classique]);
    position.place(1, "king", "h8");
    position.place(0, "butcher", "h1");
    let bull = position.place(0, "bull", "a1");
    let hog = position.place(0, "hog", "a3");
    position.place(1, "rook", "a6");
    position.place(0, "auroch", "c1");
    let mut game = position.build();
    // Up the file: a2, then through the Hog to a4 and a5, not onto the
    // Rook past it; along the rank: b1, stopped by the friendly Auroch.
    assert_eq!(
        destinations(&game, bull),
        squares(&["a2", "a4", "a5", "b1"])
    );
    play(&mut game, 0, &step(bull, "a5"));
    assert_eq!(square_of(&game, hog), None);
    assert_eq!(corpse_on(&game, "a3").as_deref(), Some("hog-corpse"));
}

/// K3: "any one piece that is not a Bull or an Auroch", an enemy as well
/// as a friend. Up the a-file the Bull may take the Rook on a3 or charge
/// through it to a4 or a5 (not onto the Pawn on a6), slaughtering it; along
/// rank 1 it may take the Knight on b1, but not charge through it, with
/// the Bishop right behind. No die is rolled.
#[test]
fn a_bull_charges_through_an_enemy_slaughtering_it() {
    let (mut game, bull, rook) = bull_before_an_enemy_rook(Rules::default());
    assert_eq!(
        destinations(&game, bull),
        squares(&["a2", "a3", "a4", "a5", "b1"])
    );
    let option = game
        .options(Seat(0))
        .into_iter()
        .find(|option| option.action == step(bull, "a5"))
        .expect("the charge through the Rook is offered");
    assert_eq!(option.label, "Bull on a1 moves to a5, taking Rook on a3");
    play(&mut game, 0, &step(bull, "a5"));
    assert_eq!(square_of(&game, rook), None);
    assert_eq!(game.removal_reason(rook), "slaughtered");
    // Only a Butcher piece leaves a corpse (K9).
    assert_eq!(corpse_on(&game, "a3"), None);
    assert_eq!(square_of(&game, bull).as_deref(), Some("a5"));
}

/// `fray-2026` let a Bull through friends only.
#[test]
fn fray_2026_a_bull_charged_through_friends_only() {
    let (game, bull, _) = bull_before_an_enemy_rook(Rules {
        rulings: Rulings::Fray2026,
        ..Rules::default()
    });
    assert_eq!(destinations(&game, bull), squares(&["a2", "a3", "b1"]));
}

/// A Butcher Bull on a1 (seat 0); Classique: a Rook on a3, a Pawn on a6,
/// a Knight on b1, a Bishop on c1, the King on h8.
fn bull_before_an_enemy_rook(rules: Rules) -> (Game, PieceId, PieceId) {
    let mut position = Position::new([Faction::Butcher, Faction::Classique]);
    position.rules(rules);
    position.place(1, "king", "h8");
    position.place(0, "butcher", "h2");
    let bull = position.place(0, "bull", "a1");
    let rook = position.place(1, "rook", "a3");
    position.place(1, "pawn", "a6");
    position.place(1, "knight", "b1");
    position.place(1, "bishop", "c1");
    (position.build(), bull, rook)
}

/// An enemy Bull or Auroch is no more passed than a friendly one: the Bull
/// may attack the Auroch on a3 (K5), not charge past it.
#[test]
fn a_bull_does_not_charge_through_an_enemy_auroch() {
    let mut position = Position::new(BUTCHERS);
    position.place(0, "butcher", "b1");
    position.place(0, "hog", "c1");
    position.place(1, "butcher", "h8");
    let bull = position.place(0, "bull", "a1");
    position.place(1, "auroch", "a3");
    let game = position.build();
    assert_eq!(destinations(&game, bull), squares(&["a2", "a3"]));
}

/// A Bull charging through a Swarmling stack is its capture (Q5): the
/// stack rolls first. d20 = 12, + 5 Swarmlings = 17: the defence holds,
/// the Bull is removed on a1 and goes no further.
#[test]
fn swarmlings_a_bull_charges_through_defend() {
    let mut position = Position::new([Faction::Butcher, Faction::Swarm]);
    position.place(0, "butcher", "h1");
    let bull = position.place(0, "bull", "a1");
    position.place(1, "hive-queen", "h8");
    let stack = position.stack(1, "a3", 5);
    let mut game = position.build();
    // Then the Swarm's turn begins with the Hive Queen's 2d6: 1 and 1.
    play_rolling(&mut game, 0, &step(bull, "a5"), &[12, 1, 1]);
    assert_eq!(square_of(&game, bull), None);
    assert_eq!(square_of(&game, stack).as_deref(), Some("a3"));
}

#[test]
fn a_bull_takes_the_first_enemy_on_its_line_and_leaves_a_corpse_when_taken() {
    let mut position = Position::new([Faction::Butcher, Faction::Classique]);
    position.place(1, "king", "h8");
    position.place(0, "butcher", "h1");
    let bull = position.place(0, "bull", "a1");
    let rook = position.place(1, "rook", "a5");
    let mut game = position.build();
    assert!(destinations(&game, bull).contains("a5"));
    play(&mut game, 0, &step(bull, "a4"));
    play(&mut game, 1, &step(rook, "a4"));
    assert_eq!(square_of(&game, bull), None);
    assert_eq!(corpse_on(&game, "a4").as_deref(), Some("bull-corpse"));
    // A corpse and a piece share a square.
    assert_eq!(occupant(&game, "a4"), Some(("rook".into(), 1)));
}

#[test]
fn an_auroch_moves_as_a_queen_and_cannot_capture() {
    let mut position = Position::new([Faction::Butcher, Faction::Classique]);
    position.place(1, "king", "h8");
    position.place(0, "butcher", "h1");
    let auroch = position.place(0, "auroch", "a1");
    position.place(1, "pawn", "a3");
    position.place(1, "pawn", "c1");
    position.place(0, "fowl", "c3");
    let game = position.build();
    assert_eq!(destinations(&game, auroch), squares(&["a2", "b1", "b2"]));
}

#[test]
fn a_hog_moves_as_a_bishop_turning_once_and_takes_only_where_it_ends() {
    let mut position = Position::new([Faction::Butcher, Faction::Classique]);
    position.place(1, "king", "h8");
    position.place(0, "butcher", "h1");
    let hog = position.place(0, "hog", "a1");
    position.place(0, "fowl", "c3");
    position.place(1, "pawn", "a3");
    let game = position.build();
    // a1–b2, then blocked at c3 by the friend; from b2 the turn goes to
    // a3 (an enemy: taken, the leg ends) or c1.
    assert_eq!(destinations(&game, hog), squares(&["a3", "b2", "c1"]));

    let mut position = Position::new([Faction::Butcher, Faction::Classique]);
    position.place(1, "king", "h8");
    position.place(0, "butcher", "h1");
    let hog = position.place(0, "hog", "d4");
    let game = position.build();
    // An empty board: the four diagonals and every turn from them reach
    // every square of the Hog's colour but its own: 31 squares.
    let reach = destinations(&game, hog);
    assert_eq!(reach.len(), 31);
    assert!(reach.contains("h6") && reach.contains("a1") && reach.contains("b8"));
    assert!(!reach.contains("d5"));
}

#[test]
fn a_fowl_leaps_two_squares_and_takes_only_by_one_step() {
    let mut position = Position::new([Faction::Butcher, Faction::Classique]);
    position.place(1, "king", "h8");
    position.place(0, "butcher", "h1");
    let fowl = position.place(0, "fowl", "a1");
    position.place(0, "bull", "a2");
    position.place(1, "pawn", "b2");
    position.place(1, "pawn", "c3");
    position.place(1, "pawn", "c1");
    let mut game = position.build();
    // Leaps over a2 to a3; onto the enemies at two squares, no; one step
    // only onto the enemy at b2 (b1 is empty, a2 a friend).
    assert_eq!(destinations(&game, fowl), squares(&["a3", "b2"]));
    play(&mut game, 0, &step(fowl, "b2"));
    assert_eq!(occupant(&game, "b2"), Some(("fowl".into(), 0)));
}

#[test]
fn a_diner_steps_or_feasts_on_a_corpse_beside_it_to_move_once_as_that_beast() {
    let mut position = Position::new([Faction::Butcher, Faction::Classique]);
    position.place(1, "king", "h8");
    position.place(0, "butcher", "h1");
    let diner = position.place(0, "diner", "a1");
    position.place(0, "hog", "b1");
    position.place(1, "rook", "a6");
    position.corpse("bull", "a2").corpse("fowl", "c3");
    let mut game = position.build();
    assert_eq!(destinations(&game, diner), squares(&["a2", "b2"]));
    // As a Bull: up the a-file to the Rook it takes, or charges through
    // (a7, a8), or through the Hog to the empty squares past it.
    assert_eq!(
        feasts(&game, diner, "a2"),
        squares(&[
            "a2", "a3", "a4", "a5", "a6", "a7", "a8", "c1", "d1", "e1", "f1", "g1"
        ])
    );
    assert!(feasts(&game, diner, "c3").is_empty(), "c3 is not beside a1");
    play(&mut game, 0, &feast(diner, "a2", "a6"));
    assert_eq!(occupant(&game, "a6"), Some(("diner".into(), 0)));
    assert_eq!(corpse_on(&game, "a2"), None, "the corpse is eaten");
    let mover = piece_on(&game, "h8");
    play(&mut game, 1, &step(mover, "g7"));
    // The gain was for one move: a Diner again.
    assert_eq!(
        destinations(&game, diner),
        squares(&["a5", "a7", "b5", "b6", "b7"])
    );
}

#[test]
fn a_diner_is_refused_a_feast_on_a_corpse_not_beside_it() {
    let mut position = Position::new([Faction::Butcher, Faction::Classique]);
    position.place(1, "king", "h8");
    position.place(0, "butcher", "h1");
    let diner = position.place(0, "diner", "a1");
    position.corpse("bull", "a3");
    let mut game = position.build();
    refuse(&mut game, 0, &feast(diner, "a3", "a5"));
}

#[test]
fn an_auroch_steps_away_from_a_classique_capture_along_the_line() {
    let mut position = Position::new([Faction::Classique, Faction::Butcher]);
    position.place(0, "king", "a1");
    let rook = position.place(0, "rook", "a4");
    let knight = position.place(0, "knight", "b2");
    position.place(1, "butcher", "h8");
    let auroch = position.place(1, "auroch", "d4");
    let other = position.place(1, "auroch", "c4");
    let mut game = position.build();
    play(&mut game, 0, &step(rook, "c4"));
    // Away from a4 through c4: d4 is taken, so the Auroch is captured.
    assert_eq!(square_of(&game, other), None);
    assert_eq!(corpse_on(&game, "c4").as_deref(), Some("auroch-corpse"));
    let mover = piece_on(&game, "h8");
    play(&mut game, 1, &step(mover, "h7"));
    play(&mut game, 0, &step(rook, "d4"));
    assert_eq!(square_of(&game, auroch).as_deref(), Some("e4"));
    assert_eq!(occupant(&game, "d4"), Some(("rook".into(), 0)));
    assert_eq!(corpse_on(&game, "d4"), None);
    let mover = piece_on(&game, "h7");
    play(&mut game, 1, &step(mover, "h8"));
    let drive = game
        .options(Seat(0))
        .into_iter()
        .find(|option| option.action == step(rook, "e4"))
        .expect("the Rook may move onto the Auroch");
    assert_eq!(drive.notation, "Rd4-e4");
    assert_eq!(
        drive.label,
        "Rook on d4 moves to e4, driving the Auroch on e4 to f4"
    );
    play(&mut game, 0, &step(knight, "c4"));
    play(&mut game, 1, &step(auroch, "e3"));
    play(&mut game, 0, &step(knight, "e3"));
    // From c4 to e3: two east, one south; the Auroch steps south-east.
    assert_eq!(square_of(&game, auroch).as_deref(), Some("f2"));
}

#[test]
fn an_auroch_at_the_edge_is_captured_and_leaves_a_corpse() {
    let mut position = Position::new([Faction::Classique, Faction::Butcher]);
    position.place(0, "king", "a1");
    let rook = position.place(0, "rook", "a4");
    position.place(1, "butcher", "h8");
    let auroch = position.place(1, "auroch", "h4");
    let mut game = position.build();
    play(&mut game, 0, &step(rook, "h4"));
    assert_eq!(square_of(&game, auroch), None);
    assert_eq!(corpse_on(&game, "h4").as_deref(), Some("auroch-corpse"));
}

#[test]
fn a_man_leaping_an_auroch_captures_it_since_it_may_not_flee_onto_the_landing() {
    let mut position = Position::new([Faction::Peasant, Faction::Butcher]);
    position.place(0, "sergeant", "a1");
    let man = position.place(0, "man", "c3");
    position.place(1, "butcher", "h8");
    let auroch = position.place(1, "auroch", "d4");
    let mut game = position.build();
    play(&mut game, 0, &step(man, "e5"));
    assert_eq!(square_of(&game, auroch), None);
    assert_eq!(square_of(&game, man).as_deref(), Some("e5"));
    assert_eq!(corpse_on(&game, "d4").as_deref(), Some("auroch-corpse"));
}

#[test]
fn a_beast_walking_into_an_auroch_drives_it_ahead_step_by_step() {
    let mut position = Position::new([Faction::Beastfolk, Faction::Butcher]);
    position.place(0, "leonine", "a1");
    let minotaur = position.place(0, "minotaur", "d2");
    position.place(1, "butcher", "h8");
    let auroch = position.place(1, "auroch", "d4");
    let mut game = position.build();
    // A roll of 3: d3; into d4, the Auroch steps to d5; into d5, to d6.
    play_rolling(&mut game, 0, &roll(minotaur, "north"), &[3]);
    assert_eq!(square_of(&game, minotaur).as_deref(), Some("d5"));
    assert_eq!(square_of(&game, auroch).as_deref(), Some("d6"));
    assert_eq!(corpse_on(&game, "d4"), None);
}

#[test]
fn an_auroch_slaughtered_by_its_own_butcher_does_not_flee() {
    let mut position = Position::new([Faction::Butcher, Faction::Classique]);
    position.place(1, "king", "h8");
    let butcher = position.place(0, "butcher", "d4");
    let auroch = position.place(0, "auroch", "d6");
    let mut game = position.build();
    play(&mut game, 0, &step(butcher, "d5"));
    play(&mut game, 0, &slaughter(butcher, auroch));
    assert_eq!(square_of(&game, auroch), None);
    assert_eq!(corpse_on(&game, "d6").as_deref(), Some("auroch-corpse"));
}

#[test]
fn a_diner_and_a_butcher_taken_leave_no_corpse() {
    let mut position = Position::new([Faction::Classique, Faction::Butcher]);
    position.place(0, "king", "a1");
    let rook = position.place(0, "rook", "a4");
    position.place(1, "butcher", "h8");
    position.place(1, "butcher", "h7");
    position.place(1, "diner", "d4");
    let mut game = position.build();
    play(&mut game, 0, &step(rook, "d4"));
    assert_eq!(corpse_on(&game, "d4"), None);
}

#[test]
fn the_butcher_side_loses_when_its_last_butcher_is_taken() {
    let mut position = Position::new([Faction::Classique, Faction::Butcher]);
    position.place(0, "king", "a1");
    let rook = position.place(0, "rook", "a4");
    position.place(1, "butcher", "d4");
    position.place(1, "bull", "h8");
    let mut game = position.build();
    play(&mut game, 0, &step(rook, "d4"));
    assert!(game.is_over());
    assert_eq!(game.outcome().expect("over").winners, vec![Seat(0)]);
}

#[test]
fn a_diner_beside_a_corpse_threatens_what_the_corpse_would_let_it_take() {
    // The Classique King may not step where a Diner fed on a Bull could
    // take it: b8 is on the Diner's file through the corpse's Bull reach.
    let mut position = Position::new([Faction::Classique, Faction::Butcher]);
    let king = position.place(0, "king", "c8");
    position.place(1, "butcher", "h1");
    position.place(1, "diner", "b1");
    position.corpse("bull", "a1");
    let game = position.build();
    let reach = destinations(&game, king);
    assert!(!reach.contains("b8"), "{reach:?}");
    assert!(!reach.contains("b7"));
    assert!(reach.contains("d8"));
}

#[test]
fn a_small_position_has_a_hand_counted_number_of_moves() {
    let mut position = Position::new([Faction::Butcher, Faction::Classique]);
    position.place(1, "king", "h8");
    position.place(0, "butcher", "a1");
    position.place(0, "fowl", "h1");
    position.place(0, "diner", "c1");
    position.corpse("hog", "d2");
    let game = position.build();
    // Butcher a1: a2, b1, b2 = 3. Fowl h1: leaps to h3, f3, f1 = 3 (no
    // enemy beside it). Diner c1: b1, b2, c2, d1, d2 = 5 steps; fed on
    // the Hog: diagonals from c1 are b2–a3 and d2–h6; turns from b2: a1
    // is the Butcher, c3 d4 e5 f6 g7 then h8 (the King, taken): 6; from
    // a3: b4 c5 d6 e7 f8 = 5; from d2: e1 and c3 b4 a5 = 4; from e3: f2
    // g1, d4 c5 b6 a7 = 6; from f4: g3 h2, e5 d6 c7 b8 = 6; from g5: h4,
    // f6 e7 d8 = 4; from h6: g7 f8 = 2; plus the legs' own squares b2 a3
    // d2 e3 f4 g5 h6 = 7; without the squares counted twice: 30.
    assert_eq!(perft(&game, 1), 3 + 3 + 5 + 30);
}

#[test]
fn a_diner_fed_on_a_bull_charges_through_a_friend_slaughtering_it() {
    let mut position = Position::new([Faction::Butcher, Faction::Classique]);
    position.place(1, "king", "h8");
    position.place(0, "butcher", "h1");
    let diner = position.place(0, "diner", "a1");
    let hog = position.place(0, "hog", "b1");
    position.corpse("bull", "a2");
    let mut game = position.build();
    let option = game
        .options(Seat(0))
        .into_iter()
        .find(|option| option.action == feast(diner, "a2", "d1"))
        .expect("the charge is offered");
    assert_eq!(option.notation, "na1^a2xd1");
    assert_eq!(
        option.label,
        "Diner on a1 feasts on the Bull corpse on a2 and moves as a Bull to d1, taking its own Hog on b1"
    );
    play(&mut game, 0, &feast(diner, "a2", "d1"));
    assert_eq!(square_of(&game, hog), None);
    assert_eq!(corpse_on(&game, "b1").as_deref(), Some("hog-corpse"));
    assert_eq!(corpse_on(&game, "a2"), None);
}

#[test]
fn the_slaughter_options_name_each_friend_beside_the_butcher() {
    let mut position = Position::new([Faction::Butcher, Faction::Classique]);
    position.place(1, "king", "h8");
    let butcher = position.place(0, "butcher", "d4");
    position.place(0, "bull", "d6");
    position.place(1, "pawn", "c6");
    let mut game = position.build();
    play(&mut game, 0, &step(butcher, "d5"));
    let offered: Vec<(String, String)> = game
        .options(Seat(0))
        .into_iter()
        .map(|option| (option.notation, option.label))
        .collect();
    assert_eq!(
        offered,
        vec![
            (
                "hd5:xd6".to_string(),
                "Butcher on d5 slaughters its own Bull on d6".to_string()
            ),
            ("done".to_string(), "Slaughter no more".to_string()),
        ]
    );
}

#[test]
fn an_auroch_steps_away_from_a_bunny_knights_first_landing_and_the_knight_goes_on() {
    let mut position = Position::new([Faction::Halflings, Faction::Butcher]);
    position.place(0, "mayor", "a1");
    let knight = position.place(0, "bunny-knight", "d4");
    position.place(1, "butcher", "h8");
    let auroch = position.place(1, "auroch", "d6");
    let mut game = position.build();
    play(&mut game, 0, &via(knight, "d6", "f6"));
    assert_eq!(square_of(&game, knight).as_deref(), Some("f6"));
    assert_eq!(square_of(&game, auroch).as_deref(), Some("d7"));
}

#[test]
fn a_classique_capture_that_drives_an_auroch_into_a_check_line_answers_the_check() {
    let mut position = Position::new([Faction::Classique, Faction::Butcher]);
    position.place(0, "king", "e1");
    let rook = position.place(0, "rook", "c4");
    position.place(1, "butcher", "h8");
    position.place(1, "bull", "e8");
    position.place(1, "auroch", "d4");
    let game = position.build();
    // The Bull on e8 checks the King down the e-file. Of the Rook's moves,
    // only the take on d4 answers it: it drives the Auroch to e4, shutting
    // the file.
    assert_eq!(destinations(&game, rook), squares(&["d4"]));
}

#[test]
fn each_piece_threatens_only_where_it_could_take() {
    let mut position = Position::new([Faction::Classique, Faction::Butcher]);
    let king = position.place(0, "king", "e4");
    position.place(1, "butcher", "h8");
    // The Fowl takes only by a step (f3, f4), not on its leap to e3; the
    // Bull takes along rank 5 (d5, e5, f5); the Hog down its diagonal and,
    // with the King gone from e4, turning there onto d3; the Auroch beside
    // e3 takes nothing.
    position.place(1, "fowl", "g3");
    position.place(1, "bull", "a5");
    position.place(1, "hog", "a8");
    position.place(1, "auroch", "e2");
    let game = position.build();
    assert_eq!(destinations(&game, king), squares(&["d4", "e3"]));
}

#[test]
fn a_death_knight_taking_an_auroch_drives_it_unless_its_step_ends_where_it_would_go() {
    let setup = || {
        let mut position = Position::new([Faction::Undead, Faction::Butcher]);
        position.place(0, "lich-king", "h1");
        let knight = position.place(0, "death-knight", "a1");
        position.place(1, "butcher", "h8");
        let auroch = position.place(1, "auroch", "b3");
        (position.build(), knight, auroch)
    };
    // From a1 onto b3, the line rounds to north-east: the Auroch steps to
    // c4, and the Knight's diagonal step goes on to a4.
    let (mut game, knight, auroch) = setup();
    play(&mut game, 0, &via(knight, "b3", "a4"));
    assert_eq!(square_of(&game, knight).as_deref(), Some("a4"));
    assert_eq!(square_of(&game, auroch).as_deref(), Some("c4"));
    // A step that ends on c4 leaves the Auroch nowhere to go.
    let (mut game, knight, auroch) = setup();
    play(&mut game, 0, &via(knight, "b3", "c4"));
    assert_eq!(square_of(&game, knight).as_deref(), Some("c4"));
    assert_eq!(square_of(&game, auroch), None);
    assert_eq!(corpse_on(&game, "b3").as_deref(), Some("auroch-corpse"));
}

#[test]
fn the_waiting_slaughter_says_what_it_asks() {
    let mut position = Position::new([Faction::Butcher, Faction::Classique]);
    position.place(1, "king", "h8");
    let butcher = position.place(0, "butcher", "d4");
    position.place(0, "hog", "d6");
    let mut game = position.build();
    play(&mut game, 0, &step(butcher, "d5"));
    assert_eq!(
        view(&game).turn.phase,
        "Butcher on d5 may slaughter a friend beside it (3 at most), or stop"
    );
}
