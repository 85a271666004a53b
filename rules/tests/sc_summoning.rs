//! Summoning, every case, on the chart-order layout (a1–d1 Ruins, e1–h1
//! Swamps, a2–d2 Mountains, …, a4–d4 Castles, e4–h4 Caves, a5–d5 Towers,
//! e5–h5 Peaks, …): holding three tiles summons onto the empty fourth (R3);
//! once per game for both players (R4); blocked by an enemy on the fourth
//! tile until it leaves (R5) or by one's own piece there (R6); triggered by
//! a capture and by the opponent's move; several at once (R7).

mod kit;
mod sc_common;
use fray_rules::summoners_chess::summons_told_first;
use sc_common::*;

/// Seat 1's pieces, one per terrain far from the action, so none summons.
fn bystanders(p: &mut Position) -> PieceId {
    p.place(1, "acolyte", "h8");
    p.place(1, "acolyte", "a8");
    p.place(1, "acolyte", "a7");
    p.place(1, "acolyte", "h7")
}

#[test]
fn holding_three_tiles_summons_the_unit_onto_the_fourth() {
    let mut p = Position::new();
    p.place(0, "acolyte", "a4");
    p.place(0, "acolyte", "b4");
    let mover = p.place(0, "acolyte", "c5");
    bystanders(&mut p);
    let mut game = p.build();
    let option = game
        .options(Seat(0))
        .into_iter()
        .find(|o| o.action == step(mover, "c4"))
        .unwrap();
    assert_eq!(
        option.label,
        "Acolyte on c5 moves to c4, summoning Chevaliers on d4"
    );
    let effects = play(&mut game, 0, &step(mover, "c4"));
    assert_eq!(
        summoned(&effects),
        vec![("chevaliers".into(), Seat(0), "d4".into())]
    );
    let chevaliers = view(&game)
        .pieces
        .values()
        .find(|p| p.kind == "chevaliers")
        .unwrap()
        .id;
    assert_eq!(chevaliers, PieceId(7), "the next id after the seven pieces");
    // The summoner is named as a seat, for each client to put a name to.
    assert!(effects.iter().any(|e| matches!(
        &e.effect,
        Effect::Narration { text }
            if text.seats().eq([Seat(0)]) && text.to_string().contains("summons Chevaliers")
    )));
    // It moves as a Knight on seat 0's next turn.
    play(&mut game, 1, &step(PieceId(6), "h6"));
    assert_eq!(
        destinations(&game, chevaliers),
        squares(&["b3", "c2", "e2", "f3", "f5", "e6", "c6", "b5"])
    );
}

#[test]
fn two_tiles_are_not_enough() {
    let mut p = Position::new();
    p.place(0, "acolyte", "a4");
    let mover = p.place(0, "acolyte", "b5");
    bystanders(&mut p);
    let mut game = p.build();
    let effects = play(&mut game, 0, &step(mover, "b4"));
    assert!(summoned(&effects).is_empty());
}

#[test]
fn an_enemy_on_the_fourth_tile_blocks_until_it_leaves_on_its_own_move() {
    let mut p = Position::new();
    p.place(0, "acolyte", "a4");
    p.place(0, "acolyte", "b4");
    let mover = p.place(0, "acolyte", "c5");
    p.place(0, "acolyte", "h1");
    let blocker = p.place(1, "acolyte", "d4");
    p.place(1, "acolyte", "h8");
    p.place(1, "acolyte", "a8");
    let mut game = p.build();
    let effects = play(&mut game, 0, &step(mover, "c4"));
    assert!(summoned(&effects).is_empty(), "d4 is held by the enemy");

    // The blocker steps off, on seat 1's own turn: seat 0 summons at once.
    let option = game
        .options(Seat(1))
        .into_iter()
        .find(|o| o.action == step(blocker, "e5"))
        .unwrap();
    assert_eq!(
        option.label,
        "Acolyte on d4 moves to e5, and your opponent summons Chevaliers on d4"
    );
    let effects = play(&mut game, 1, &step(blocker, "e5"));
    assert_eq!(
        summoned(&effects),
        vec![("chevaliers".into(), Seat(0), "d4".into())]
    );
    assert_eq!(active(&game), vec![Seat(0)]);
}

#[test]
fn capturing_on_the_third_tile_summons() {
    let mut p = Position::new();
    p.place(0, "acolyte", "a4");
    p.place(0, "acolyte", "b4");
    let mover = p.place(0, "acolyte", "c5");
    p.place(1, "acolyte", "c4");
    bystanders(&mut p);
    let mut game = p.build();
    let effects = play(&mut game, 0, &step(mover, "c4"));
    assert_eq!(
        summoned(&effects),
        vec![("chevaliers".into(), Seat(0), "d4".into())]
    );
}

#[test]
fn capturing_the_blocker_on_the_fourth_tile_holds_all_four_and_summons_nothing() {
    let mut p = Position::new();
    p.place(0, "acolyte", "a4");
    p.place(0, "acolyte", "b4");
    p.place(0, "acolyte", "c4");
    let mover = p.place(0, "acolyte", "d5");
    p.place(1, "acolyte", "d4");
    bystanders(&mut p);
    let mut game = p.build();
    let effects = play(&mut game, 0, &step(mover, "d4"));
    assert!(summoned(&effects).is_empty(), "no Castles tile is empty");
}

#[test]
fn capturing_the_blocker_from_a_held_tile_summons_onto_the_tile_left() {
    let mut p = Position::new();
    p.place(0, "acolyte", "a4");
    p.place(0, "acolyte", "b4");
    let mover = p.place(0, "acolyte", "c4");
    p.place(1, "acolyte", "d4");
    bystanders(&mut p);
    let mut game = p.build();
    let effects = play(&mut game, 0, &step(mover, "d4"));
    assert_eq!(
        summoned(&effects),
        vec![("chevaliers".into(), Seat(0), "c4".into())],
        "a4, b4 and d4 held, c4 just left"
    );
}

#[test]
fn an_own_piece_on_the_fourth_tile_blocks_until_it_leaves() {
    let mut p = Position::new();
    p.place(0, "acolyte", "a4");
    p.place(0, "acolyte", "b4");
    p.place(0, "acolyte", "c4");
    let fourth = p.place(0, "acolyte", "d4");
    let other = p.place(0, "serpents", "h1");
    let waiting = bystanders(&mut p);
    let mut game = p.build();
    let effects = play(&mut game, 0, &step(other, "g3"));
    assert!(summoned(&effects).is_empty(), "seat 0 holds all four");
    play(&mut game, 1, &step(waiting, "h6"));
    // Leaving the fourth tile leaves three held and it empty: summoned there.
    let effects = play(&mut game, 0, &step(fourth, "e5"));
    assert_eq!(
        summoned(&effects),
        vec![("chevaliers".into(), Seat(0), "d4".into())]
    );
}

#[test]
fn a_condition_already_met_is_resolved_after_the_next_move_whoever_makes_it() {
    // Seat 0 holds three Castles with d4 empty in the position as built; it
    // is seat 1's move, and the summons follows that move.
    let mut p = Position::new();
    p.place(0, "acolyte", "a4");
    p.place(0, "acolyte", "b4");
    p.place(0, "acolyte", "c4");
    let waiting = bystanders(&mut p);
    p.to_move(Seat(1));
    let mut game = p.build();
    let effects = play(&mut game, 1, &step(waiting, "h6"));
    assert_eq!(
        summoned(&effects),
        vec![("chevaliers".into(), Seat(0), "d4".into())]
    );
}

#[test]
fn a_unit_is_summoned_once_per_game_for_both_players() {
    // Seat 0 summoned the Chevaliers earlier and lost them: neither player
    // can summon them again.
    for seat in [0u8, 1] {
        let mut p = Position::new();
        p.fallen(0, "chevaliers");
        p.place(seat, "acolyte", "a4");
        p.place(seat, "acolyte", "b4");
        let mover = p.place(seat, "acolyte", "c5");
        let enemy = 1 - seat;
        p.place(enemy, "acolyte", "h8");
        p.place(enemy, "acolyte", "a8");
        p.place(enemy, "acolyte", "h1");
        p.to_move(Seat(seat));
        let mut game = p.build();
        let effects = play(&mut game, seat, &step(mover, "c4"));
        assert!(summoned(&effects).is_empty(), "seat {seat}");
    }
}

#[test]
fn one_move_can_summon_two_units_in_chart_order() {
    // d1 leaves the Ruins (a1–d1, all held) for the Mountains (a2–d2): three
    // Ruins are held with d1 now empty, and three Mountains with d2 empty.
    let mut p = Position::new();
    for square in ["a1", "b1", "c1"] {
        p.place(0, "acolyte", square);
    }
    let mover = p.place(0, "acolyte", "d1");
    p.place(0, "serpents", "a2");
    p.place(0, "orcs", "b2");
    bystanders(&mut p);
    let mut game = p.build();
    let effects = play(&mut game, 0, &step(mover, "c2"));
    assert_eq!(
        summoned(&effects),
        vec![
            ("skeletons".into(), Seat(0), "d1".into()),
            ("dwarves".into(), Seat(0), "d2".into()),
        ]
    );
}

/// Seat 1's Elves leave d4, unblocking seat 0's Castles (a4, b4, c4), and
/// land on f5, the third of seat 1's Peaks (e5–h5) with h5 empty: the
/// Elves and the move's effects.
/// The Elves, the move's effects and the referee's view before it.
fn elves_unblock_both_summons() -> (PieceId, Vec<ScopedEffect>, View) {
    let mut p = Position::new();
    p.place(0, "acolyte", "a4");
    p.place(0, "acolyte", "b4");
    p.place(0, "acolyte", "c4");
    let elves = p.place(1, "elves", "d4");
    p.place(1, "acolyte", "e5");
    p.place(1, "acolyte", "g5");
    p.to_move(Seat(1));
    let mut game = p.build();
    let before = game.view(Viewer::Referee);
    (elves, play(&mut game, 1, &step(elves, "f5")), before)
}

#[test]
fn both_players_can_summon_on_one_move_the_mover_first() {
    let (_, effects, _) = elves_unblock_both_summons();
    assert_eq!(
        summoned(&effects),
        vec![
            ("rocs".into(), Seat(1), "h5".into()),
            ("chevaliers".into(), Seat(0), "d4".into()),
        ]
    );
}

#[test]
fn the_opponents_capture_on_a_held_tile_takes_the_holding_away() {
    // Seat 0 holds a4, b4, c4 and d4 is blocked by seat 1's Rook; seat 1
    // captures on c4 from d4, leaving seat 0 only two Castles: no summons.
    let mut p = Position::new();
    p.place(0, "acolyte", "a4");
    p.place(0, "acolyte", "b4");
    p.place(0, "acolyte", "c4");
    p.place(0, "acolyte", "h1");
    let rook = p.place(1, "trolls", "d4");
    p.place(1, "acolyte", "h8");
    p.place(1, "acolyte", "a8");
    p.to_move(Seat(1));
    let mut game = p.build();
    let effects = play(&mut game, 1, &step(rook, "c4"));
    assert!(summoned(&effects).is_empty());
}

#[test]
fn a_summons_resets_the_count_of_quiet_turns() {
    let mut p = Position::new();
    p.place(0, "acolyte", "a4");
    p.place(0, "acolyte", "b4");
    let mover = p.place(0, "acolyte", "c5");
    bystanders(&mut p);
    p.limits(Limits {
        max_turns: 1_000,
        quiet_turns: 10,
    })
    .quiet_turns(9);
    let mut game = p.build();
    play(&mut game, 0, &step(mover, "c4"));
    assert!(game.outcome().is_none(), "the summons kept the game going");
}

/// The kind of each effect, with a narration's words: the order a log
/// tells things in.
fn told(effects: &[ScopedEffect]) -> Vec<String> {
    effects
        .iter()
        .map(|scoped| match &scoped.effect {
            Effect::Narration { text } => format!("narration: {text}"),
            Effect::PieceMoved { piece, to, .. } => format!("moved: {} to {to}", piece.0),
            Effect::PiecePlaced { piece } => format!("placed: {}", piece.kind),
            Effect::TurnChanged { .. } => "turn".into(),
            other => format!("{other:?}"),
        })
        .collect()
}

#[test]
fn a_summons_is_told_after_the_move_that_caused_it() {
    // As in the test above: seat 1's Elves leave d4 for f5, and two
    // summons follow, the mover's first.
    let (elves, effects, before) = elves_unblock_both_summons();
    let now = vec![
        format!("moved: {} to f5", elves.0),
        "placed: rocs".to_string(),
        "narration: seat 1 holds three Peaks tiles and summons Rocs (#6) on h5".to_string(),
        "placed: chevaliers".to_string(),
        "narration: seat 0 holds three Castles tiles and summons Chevaliers (#7) on d4".to_string(),
        "turn".to_string(),
    ];
    assert_eq!(told(&effects), now);

    // Logs stored before told both summons first; they still agree.
    let earlier = summons_told_first(&effects).expect("a summons to move");
    assert_eq!(told(&earlier), [2, 4, 0, 1, 3, 5].map(|at| now[at].clone()));
    assert!(fray_rules::agrees_as_made_earlier(
        fray_protocol::SystemId::SummonersChess,
        &fray_rules::EveryView::referee_only(before.clone()),
        &earlier,
        &effects
    ));
    assert!(!fray_rules::agrees_as_made_earlier(
        fray_protocol::SystemId::SummonersChess,
        &fray_rules::EveryView::referee_only(before.clone()),
        &effects[1..],
        &effects
    ));
}
