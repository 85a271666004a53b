//! How a game ends: all four enemy Acolytes captured, or the opponent left
//! with two pieces or fewer, or both at once (R9); the caps that draw a game
//! (R13); nothing is accepted once it is over.

mod kit;
mod sc_common;
use fray_protocol::Phrase;
use sc_common::*;

fn outcome_of(effects: &[ScopedEffect]) -> Option<fray_protocol::Outcome> {
    effects.iter().find_map(|e| match &e.effect {
        Effect::GameEnded { outcome } => Some(outcome.clone()),
        _ => None,
    })
}

#[test]
fn capturing_the_last_acolyte_wins_however_many_pieces_are_left() {
    let mut p = Position::new();
    let rook = p.place(0, "trolls", "a1");
    p.place(0, "acolyte", "h1");
    p.fallen(1, "acolyte");
    p.fallen(1, "acolyte");
    p.fallen(1, "acolyte");
    let last = p.place(1, "acolyte", "a6");
    p.place(1, "elves", "h8");
    p.place(1, "wizard", "g8");
    p.place(1, "ogres", "b8");
    let mut game = p.build();
    let option = game
        .options(Seat(0))
        .into_iter()
        .find(|o| o.action == step(rook, "a6"))
        .unwrap();
    assert!(
        option
            .label
            .ends_with(": your opponent lost all four Acolytes"),
        "{}",
        option.label
    );
    let effects = play(&mut game, 0, &step(rook, "a6"));
    let outcome = outcome_of(&effects).expect("the game ended");
    assert_eq!(outcome.winners, vec![Seat(0)]);
    // The loser is a seat in the reason, for each client to name.
    assert_eq!(
        outcome.reason,
        Phrase::from(Seat(1)).text(" lost all four Acolytes")
    );
    assert!(!view(&game).pieces.contains_key(&last));
}

#[test]
fn leaving_the_opponent_two_pieces_wins() {
    let mut p = Position::new();
    let rook = p.place(0, "trolls", "a1");
    p.place(0, "acolyte", "h1");
    p.place(1, "acolyte", "a6");
    p.place(1, "acolyte", "h8");
    p.place(1, "acolyte", "g8");
    let mut game = p.build();
    let effects = play(&mut game, 0, &step(rook, "a6"));
    let outcome = outcome_of(&effects).expect("the game ended");
    assert_eq!(outcome.winners, vec![Seat(0)]);
    assert_eq!(
        outcome.reason,
        Phrase::from(Seat(1)).text(" was reduced to 2 pieces")
    );
    assert_eq!(game.outcome(), Some(outcome));
    assert!(game.to_act().is_empty());
}

#[test]
fn both_conditions_at_once_are_one_win_with_both_reasons() {
    let mut p = Position::new();
    let rook = p.place(0, "trolls", "a1");
    p.place(0, "acolyte", "h1");
    for _ in 0..3 {
        p.fallen(1, "acolyte");
    }
    p.place(1, "acolyte", "a6");
    p.place(1, "elves", "h8");
    p.place(1, "wizard", "g8");
    let mut game = p.build();
    let effects = play(&mut game, 0, &step(rook, "a6"));
    let outcome = outcome_of(&effects).expect("the game ended");
    assert_eq!(outcome.winners, vec![Seat(0)]);
    assert_eq!(
        outcome.reason,
        Phrase::from(Seat(1)).text(" lost all four Acolytes and was reduced to 2 pieces")
    );
}

#[test]
fn three_pieces_with_an_acolyte_play_on() {
    let mut p = Position::new();
    let rook = p.place(0, "trolls", "a1");
    p.place(0, "acolyte", "h1");
    p.place(1, "acolyte", "a6");
    p.place(1, "acolyte", "h8");
    p.place(1, "acolyte", "g8");
    p.place(1, "acolyte", "b8");
    let mut game = p.build();
    play(&mut game, 0, &step(rook, "a6"));
    assert!(game.outcome().is_none());
    assert_eq!(active(&game), vec![Seat(1)]);
}

#[test]
fn a_winning_capture_still_makes_its_summons_before_the_game_ends() {
    // The capture on c4 is seat 0's third Castles tile and leaves seat 1 two pieces.
    let mut p = Position::new();
    p.place(0, "acolyte", "a4");
    p.place(0, "acolyte", "b4");
    let mover = p.place(0, "acolyte", "c5");
    p.place(1, "acolyte", "c4");
    p.place(1, "acolyte", "h8");
    p.place(1, "acolyte", "a8");
    let mut game = p.build();
    let effects = play(&mut game, 0, &step(mover, "c4"));
    assert_eq!(
        summoned(&effects),
        vec![("chevaliers".into(), Seat(0), "d4".into())]
    );
    let placed = effects
        .iter()
        .position(|e| matches!(e.effect, Effect::PiecePlaced { .. }))
        .unwrap();
    let ended = effects
        .iter()
        .position(|e| matches!(e.effect, Effect::GameEnded { .. }))
        .unwrap();
    assert!(placed < ended);
    assert_eq!(game.outcome().unwrap().winners, vec![Seat(0)]);
}

#[test]
fn nothing_is_accepted_once_the_game_is_over() {
    let mut p = Position::new();
    let rook = p.place(0, "trolls", "a1");
    let other = p.place(0, "acolyte", "h1");
    p.place(1, "acolyte", "a6");
    let theirs = p.place(1, "acolyte", "h8");
    p.place(1, "acolyte", "g8");
    let mut game = p.build();
    play(&mut game, 0, &step(rook, "a6"));
    assert!(options(&game, 0).is_empty() && options(&game, 1).is_empty());
    assert_eq!(
        refuse(&mut game, 1, &step(theirs, "h7")).code,
        RejectCode::GameOver
    );
    assert_eq!(
        refuse(&mut game, 0, &step(other, "h2")).code,
        RejectCode::GameOver
    );
}

fn capped(quiet: u32, turn: u32) -> (SummonersChess, PieceId, PieceId) {
    capped_by(
        Limits {
            max_turns: 50,
            quiet_turns: 10,
        },
        quiet,
        turn,
    )
}

fn capped_by(limits: Limits, quiet: u32, turn: u32) -> (SummonersChess, PieceId, PieceId) {
    let mut p = Position::new();
    let mine = p.place(0, "acolyte", "e1");
    p.place(0, "acolyte", "a1");
    let victim = p.place(1, "acolyte", "e2");
    p.place(1, "acolyte", "h8");
    p.place(1, "acolyte", "a8");
    p.place(1, "acolyte", "h6");
    p.limits(limits).quiet_turns(quiet).turn(turn);
    (p.build(), mine, victim)
}

#[test]
fn ten_quiet_turns_draw_when_the_cap_is_ten() {
    let (mut game, mine, _) = capped(9, 20);
    let effects = play(&mut game, 0, &step(mine, "f1"));
    let outcome = outcome_of(&effects).expect("drawn");
    assert!(outcome.is_draw());
    assert_eq!(
        outcome.reason,
        "10 turns passed without a capture or a summons"
    );
}

#[test]
fn a_capture_resets_the_quiet_count() {
    let (mut game, mine, victim) = capped(9, 20);
    play(&mut game, 0, &step(mine, "e2"));
    assert!(game.outcome().is_none(), "the capture kept the game going");
    assert_eq!(square_of(&game, victim), None);
    // From no quiet turns, the tenth quiet turn in a row draws.
    let mut p = Position::new();
    let a = p.place(0, "acolyte", "a1");
    let b = p.place(1, "acolyte", "h8");
    p.place(0, "acolyte", "c1");
    p.place(0, "acolyte", "e1");
    p.place(1, "acolyte", "f8");
    p.place(1, "acolyte", "d8");
    p.limits(Limits {
        max_turns: 50,
        quiet_turns: 10,
    });
    let mut game = p.build();
    for turn in 0..10 {
        assert!(game.outcome().is_none(), "ended before turn {turn}");
        let (piece, to) = match turn % 4 {
            0 => (a, "a2"),
            1 => (b, "h7"),
            2 => (a, "a1"),
            _ => (b, "h8"),
        };
        play(&mut game, (turn % 2) as u8, &step(piece, to));
    }
    assert!(game.outcome().unwrap().is_draw());
}

#[test]
fn a_cap_of_zero_is_no_cap() {
    // Nine quiet turns before, at turn 50 of a cap of 50: either cap would
    // end the game on this quiet move.
    for limits in [
        Limits {
            max_turns: 0,
            quiet_turns: 0,
        },
        Limits {
            max_turns: 0,
            quiet_turns: 9,
        },
        Limits {
            max_turns: 50,
            quiet_turns: 0,
        },
    ] {
        let (mut game, mine, _) = capped_by(limits, 9, 50);
        let effects = play(&mut game, 0, &step(mine, "f1"));
        let ended = outcome_of(&effects).is_some();
        assert_eq!(
            ended,
            limits.max_turns > 0 || limits.quiet_turns > 0,
            "{limits:?}"
        );
    }
}

#[test]
fn the_turn_limit_draws() {
    let (mut game, mine, _) = capped(0, 50);
    let effects = play(&mut game, 0, &step(mine, "f1"));
    let outcome = outcome_of(&effects).expect("drawn");
    assert!(outcome.is_draw());
    assert_eq!(outcome.reason, "the limit of 50 turns was reached");
}
