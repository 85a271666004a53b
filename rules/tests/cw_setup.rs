//! The set-up (W5–W9): both lists checked against the match's points; both
//! sides place at once, one unit at a time, each placement seen only by its
//! maker and the referee; the opponent and spectators learn only that a side
//! has finished, never what, where or how many, nor the army's name; then
//! the reveal together and the d2 for who starts.

mod cw_common;
mod kit;
use cw_common::*;

fn small(race: &str, general: &str, infantry: &str) -> ArmyList {
    ArmyList {
        system: SystemId::ChessWar,
        army: race.into(),
        name: format!("small {race}"),
        units: vec![ArmyEntry::new(general, 1), ArmyEntry::new(infantry, 4)],
    }
}

fn lists() -> [ArmyList; 2] {
    [
        small("humans", "general", "infantry"),
        small("orcs", "warlord", "orc-boyz"),
    ]
}

fn set_up() -> (ChessWar, Vec<ScopedEffect>) {
    ChessWar::setup(&config(), &lists(), &mut ScriptedDice::new([])).expect("setup")
}

/// Whether anything told to `viewer` names one of `seat`'s units or its
/// army.
fn leaks(effects: &[ScopedEffect], viewer: Viewer, seat: u8, army: &str) -> Vec<Effect> {
    let first = u32::from(seat) * 100;
    ScopedEffect::for_viewer(effects, viewer)
        .into_iter()
        .filter(|effect| {
            named(effect).is_some_and(|p| (first..first + 100).contains(&p.0))
                || format!("{effect:?}").contains(army)
        })
        .collect()
}

#[test]
fn each_viewer_is_shown_only_its_own_units_and_no_race_at_the_start() {
    let (game, effects) = set_up();
    assert_eq!(game.to_act(), vec![Seat(0), Seat(1)]);
    assert!(game.hides_anything());
    for viewer in VIEWERS {
        let mut view = View::default();
        apply_all(&mut view, &ScopedEffect::for_viewer(&effects, viewer));
        assert_eq!(view, game.view(viewer), "{viewer:?}");
    }
    let referee = game.view(Viewer::Referee);
    assert_eq!(referee.pieces.len(), 10);
    assert!(referee.pieces.values().all(|p| p.square.is_none()));
    let seat0 = game.view(Viewer::Seat(Seat(0)));
    assert_eq!(seat0.pieces.len(), 5);
    assert!(seat0.pieces.values().all(|p| p.owner == Seat(0)));
    assert_eq!(
        seat0.players,
        game.view(Viewer::Spectator).players,
        "every viewer is shown the same players"
    );
    assert!(seat0.players.iter().all(|p| p.army.is_none()));
    let spectator = game.view(Viewer::Spectator);
    assert!(spectator.pieces.is_empty());
    assert!(spectator.players.iter().all(|p| p.army.is_none()));
    assert_eq!(spectator.turn.phase, "set-up");
    assert!(leaks(&effects, Viewer::Seat(Seat(1)), 0, "Humans").is_empty());
    assert!(leaks(&effects, Viewer::Seat(Seat(0)), 1, "Orcs").is_empty());
    assert!(leaks(&effects, Viewer::Spectator, 0, "Humans").is_empty());
    assert!(leaks(&effects, Viewer::Spectator, 1, "Orcs").is_empty());
    // Each side's ids start at its own hundred, whatever the other brought.
    assert!(
        game.view(Viewer::Seat(Seat(1)))
            .pieces
            .keys()
            .all(|p| p.0 >= 100)
    );
}

#[test]
fn a_placement_is_told_only_to_its_maker_and_the_others_learn_only_the_finish() {
    let (mut game, _) = set_up();
    let effects = act(&mut game, 0, &place("general", "e1"), &[]);
    // Seat 1 and spectators are told nothing at all: not even a count.
    assert!(ScopedEffect::for_viewer(&effects, Viewer::Seat(Seat(1))).is_empty());
    assert!(ScopedEffect::for_viewer(&effects, Viewer::Spectator).is_empty());
    let seat0 = ScopedEffect::for_viewer(&effects, Viewer::Seat(Seat(0)));
    assert!(
        seat0
            .iter()
            .any(|e| matches!(e, Effect::PieceMoved { to, .. } if *to == sq("e1")))
    );
    for square in ["a1", "b2", "c3", "d3"] {
        let effects = act(&mut game, 0, &place("infantry", square), &[]);
        assert!(leaks(&effects, Viewer::Seat(Seat(1)), 0, "Humans").is_empty());
        assert!(leaks(&effects, Viewer::Spectator, 0, "Humans").is_empty());
        if square == "d3" {
            // The last: the others learn that seat 0 is done, and only that.
            let told = ScopedEffect::for_viewer(&effects, Viewer::Seat(Seat(1)));
            assert!(told.iter().all(|e| match e {
                Effect::TurnChanged { turn } => turn.active == [Seat(1)],
                Effect::Narration { .. } => true,
                _ => false,
            }));
        }
    }
    assert_eq!(game.to_act(), vec![Seat(1)]);
    let rejection = refused(&mut game, 0, &place("infantry", "h1"));
    assert_eq!(rejection.code, RejectCode::NotYourTurn);
    assert!(
        game.view(Viewer::Seat(Seat(1)))
            .pieces
            .values()
            .all(|p| p.owner == Seat(1))
    );
}

#[test]
fn placements_outside_the_zone_or_on_a_taken_square_are_refused() {
    let (mut game, _) = set_up();
    let out = refused(&mut game, 0, &place("general", "e4"));
    assert!(
        out.message.contains("not in your deployment zone"),
        "{}",
        out.message
    );
    let theirs = refused(&mut game, 1, &place("warlord", "e3"));
    assert!(theirs.message.contains("ranks 6–8"), "{}", theirs.message);
    act(&mut game, 0, &place("general", "e1"), &[]);
    let taken = refused(&mut game, 0, &place("infantry", "e1"));
    assert!(taken.message.contains("taken"), "{}", taken.message);
    let twice = refused(&mut game, 0, &place("general", "d1"));
    assert!(
        twice.message.contains("already placed"),
        "{}",
        twice.message
    );
    let early = refused(&mut game, 0, &end_phase());
    assert!(early.message.contains("place your units first"));
    // Naming the other side's unit says nothing of it.
    let prying = refused(&mut game, 1, &step(PieceId(0), "e2"));
    assert!(prying.message.contains("place your units first"));
    let unknown = refused(&mut game, 0, &place("trolls", "a1"));
    assert_eq!(unknown.code, RejectCode::UnknownAction);
}

fn place_all(game: &mut ChessWar, seat: u8, last_faces: &[u8]) -> Vec<ScopedEffect> {
    let (general, infantry, rank, files) = if seat == 0 {
        ("general", "infantry", '1', ["a", "b", "c", "d"])
    } else {
        ("warlord", "orc-boyz", '8', ["e", "f", "g", "h"])
    };
    act(
        game,
        seat,
        &place(general, &format!("e{}", if seat == 0 { 2 } else { 7 })),
        &[],
    );
    let mut effects = Vec::new();
    for (at, file) in files.iter().enumerate() {
        let faces = if at == 3 { last_faces } else { &[] };
        effects = act(
            game,
            seat,
            &place(infantry, &format!("{file}{rank}")),
            faces,
        );
    }
    effects
}

#[test]
fn the_reveal_shows_both_armies_together_and_a_d2_picks_the_starter() {
    for (face, starter) in [(1, 0u8), (2, 1u8)] {
        let (mut game, _) = set_up();
        place_all(&mut game, 1, &[]);
        assert!(
            game.view(Viewer::Seat(Seat(0)))
                .pieces
                .values()
                .all(|p| p.owner == Seat(0))
        );
        let effects = place_all(&mut game, 0, &[face]);
        assert!(!game.hides_anything());
        let told = rolls_told(&effects);
        assert_eq!(told.len(), 1);
        assert_eq!(told[0].1, vec![face]);
        assert!(told[0].2.contains(&format!("seat {starter} moves first")));
        for viewer in VIEWERS {
            let view = game.view(viewer);
            assert_eq!(view.pieces.len(), 10, "{viewer:?}");
            assert_eq!(view.players[0].army.as_deref(), Some("Humans"));
            assert_eq!(view.players[1].army.as_deref(), Some("Orcs"));
            assert_eq!(view.turn.phase, "movement");
            assert_eq!(view.turn.number, 1);
            assert_eq!(view.turn.round, Some(1));
        }
        // Seat 1 is shown seat 0's army arrive, and the spectator both.
        let placed = |viewer| {
            ScopedEffect::for_viewer(&effects, viewer)
                .iter()
                .filter(|e| matches!(e, Effect::PiecePlaced { .. }))
                .count()
        };
        assert_eq!(placed(Viewer::Seat(Seat(1))), 5);
        assert_eq!(placed(Viewer::Seat(Seat(0))), 5);
        assert_eq!(placed(Viewer::Spectator), 10);
        assert_eq!(game.to_act(), vec![Seat(starter)]);
        assert_eq!(game.first_seat(), starter);
    }
}

#[test]
fn lists_are_checked_against_the_matchs_points() {
    let config = config().with(POINTS, OptionValue::Int(25));
    let error = ChessWar::setup(
        &config,
        &[example(Race::Humans), example(Race::Orcs)],
        &mut ScriptedDice::new([]),
    )
    .expect_err("50-point lists in a 25-point match");
    assert!(
        matches!(&error, SetupError::InvalidArmy { seat: 0, reasons } if reasons[0].contains("budget is 25")),
        "{error:?}"
    );
    let wrong_count = ChessWar::setup(
        &config,
        &[example(Race::Humans)],
        &mut ScriptedDice::new([]),
    );
    assert!(matches!(
        wrong_count,
        Err(SetupError::WrongSeatCount { .. })
    ));
}

#[test]
fn a_placement_names_its_unit_and_square_in_its_label() {
    let (game, _) = set_up();
    let options = game.options(Seat(0));
    // Two kinds on 24 squares each.
    assert_eq!(options.len(), 48);
    let general = options
        .iter()
        .find(|o| o.notation == "Ke1")
        .expect("the general on e1");
    assert_eq!(general.label, "Place General on e1");
}
