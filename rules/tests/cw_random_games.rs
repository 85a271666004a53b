//! Whole games of random choices through the public contract (`setup`,
//! `to_act`, `options`, `act`, `view`), with the example armies of every
//! race: every listed option tried is accepted, every viewer's effects give
//! its new view, nothing of an army leaks before the reveal, every game
//! ends, and the games fire, cast and answer in the reaction windows.

mod cw_common;
mod kit;
use cw_common::*;

fn side_of(piece: PieceId) -> u8 {
    (piece.0 / 100) as u8
}

/// Before the reveal, a seat sees only its own army's units and a spectator
/// none; no viewer is told a race.
fn check_secrecy(game: &ChessWar) {
    for seat in 0..2u8 {
        let view = game.view(Viewer::Seat(Seat(seat)));
        assert!(view.pieces.keys().all(|&p| side_of(p) == seat));
        assert!(view.players.iter().all(|p| p.army.is_none()));
    }
    let spectator = game.view(Viewer::Spectator);
    assert!(spectator.pieces.is_empty());
    assert!(spectator.players.iter().all(|p| p.army.is_none()));
}

/// Nothing told to a viewer names a piece of a side it may not see yet.
fn check_told(effects: &[ScopedEffect], hidden_before: bool, races: [Race; 2]) {
    if !hidden_before {
        return;
    }
    for (viewer, hidden) in [
        (Viewer::Seat(Seat(0)), vec![1u8]),
        (Viewer::Seat(Seat(1)), vec![0u8]),
        (Viewer::Spectator, vec![0u8, 1u8]),
    ] {
        let told = ScopedEffect::for_viewer(effects, viewer);
        let revealed = told
            .iter()
            .any(|e| matches!(e, Effect::TurnChanged { turn } if turn.phase != "set-up"));
        if revealed {
            continue;
        }
        for effect in told {
            if let Some(piece) = named(&effect) {
                assert!(
                    !hidden.contains(&side_of(piece)),
                    "{viewer:?} told {effect:?}"
                );
            }
            for &seat in &hidden {
                let army = races[usize::from(seat)].name();
                assert!(
                    !format!("{effect:?}").contains(army),
                    "{viewer:?} told {effect:?}"
                );
            }
        }
    }
}

/// What a game did, beyond its outcome.
#[derive(Default)]
struct Tally {
    shots: usize,
    casts: usize,
    answers: usize,
}

fn play_game(
    races: [Race; 2],
    lengthened: bool,
    seed: u64,
    try_all: bool,
    tally: &mut Tally,
) -> Outcome {
    let config = config()
        .with(LENGTHENED, OptionValue::Bool(lengthened))
        .with(MAX_ROUNDS, OptionValue::Int(12));
    let lists = [example(races[0]), example(races[1])];
    let mut dice = ChaChaDice::from_u64(seed);
    let mut picks = Picks(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let (mut game, effects) = ChessWar::setup(&config, &lists, &mut dice).expect("setup");
    for viewer in VIEWERS {
        let mut view = View::default();
        apply_all(&mut view, &ScopedEffect::for_viewer(&effects, viewer));
        assert_eq!(view, game.view(viewer), "{viewer:?} at the set-up");
    }
    check_told(&effects, true, races);
    for _ in 0..20_000 {
        let seats = game.to_act();
        if seats.is_empty() {
            break;
        }
        let seat = seats[picks.below(seats.len())];
        let options = game.options(seat);
        assert!(
            !options.is_empty(),
            "{seat:?} must decide but has no option"
        );
        let tried: Vec<usize> = if try_all {
            (0..options.len()).collect()
        } else {
            (0..4).map(|_| picks.below(options.len())).collect()
        };
        for &at in &tried {
            let mut trial = game.clone();
            if let Err(refusal) = trial.act(seat, &options[at].action, &mut dice.clone()) {
                panic!("option {:?} refused: {refusal}", options[at]);
            }
        }
        // Spells and shots are favoured over ending the phase, so that the
        // games try them often.
        let eager: Vec<&ActionOption> = options
            .iter()
            .filter(|o| matches!(o.action.verb.as_str(), "fire" | "cast"))
            .collect();
        let chosen = if !eager.is_empty() && picks.below(2) == 0 {
            eager[picks.below(eager.len())]
        } else {
            &options[picks.below(options.len())]
        };
        let answering = game.view(Viewer::Referee).turn.phase == "reaction";
        match chosen.action.verb.as_str() {
            "fire" => tally.shots += 1,
            "cast" if answering => tally.answers += 1,
            "cast" => tally.casts += 1,
            _ => {}
        }
        let hidden_before = game.hides_anything();
        let before: Vec<View> = VIEWERS.iter().map(|&v| game.view(v)).collect();
        let effects = game
            .act(seat, &chosen.action, &mut dice)
            .unwrap_or_else(|r| panic!("{chosen:?} refused: {r}"));
        for (&viewer, mut seen) in VIEWERS.iter().zip(before) {
            apply_all(&mut seen, &ScopedEffect::for_viewer(&effects, viewer));
            assert_eq!(seen, game.view(viewer), "{viewer:?} after {}", chosen.label);
        }
        check_told(&effects, hidden_before, races);
        if game.hides_anything() {
            check_secrecy(&game);
        }
    }
    game.outcome().expect("every game ends")
}

#[test]
fn random_games_between_every_race_end_and_keep_every_view_true() {
    let races = [
        Race::Humans,
        Race::Dwarves,
        Race::Elves,
        Race::Undead,
        Race::Orcs,
        Race::Chaos,
    ];
    let mut decided = 0;
    let mut tally = Tally::default();
    for (game, &first) in races.iter().enumerate() {
        for offset in [1, 3] {
            let second = races[(game + offset) % races.len()];
            let seed = (game * 10 + offset) as u64;
            let outcome = play_game([first, second], offset == 3, seed, false, &mut tally);
            decided += usize::from(!outcome.is_draw());
        }
    }
    // Not a balance check: only that battles do decide games, and that
    // firing, casting and the reaction windows are played.
    assert!(decided > 0);
    assert!(tally.shots > 0, "no shot in any game");
    assert!(tally.casts > 0, "no spell cast in any game");
    assert!(tally.answers > 0, "no instant cast in a reaction window");
}

#[test]
fn every_option_of_a_whole_game_is_accepted() {
    play_game(
        [Race::Orcs, Race::Chaos],
        false,
        7,
        true,
        &mut Tally::default(),
    );
}

#[test]
fn every_option_of_a_game_between_wizards_of_every_instant_is_accepted() {
    play_game(
        [Race::Humans, Race::Undead],
        true,
        11,
        true,
        &mut Tally::default(),
    );
}
