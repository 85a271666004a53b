//! A bot decides from its own seat's information only: two games its seat
//! cannot tell apart get the same decision, whatever the hidden truth.

use fray_bots::{Level, choose};
use fray_protocol::{MatchConfig, Seat, Viewer};
use fray_rules::summoners_chess::{Move, Placement, SummonersChess};
use fray_rules::{ChaChaDice, GameRules, GameSystem, example_armies};

/// Summoners Chess as the book plays it: each seat chooses where its
/// Acolytes stand, unseen until both have chosen. Seat 1 has chosen
/// `placement`; seat 0 is to choose.
fn seat_one_chose(placement: Placement) -> SummonersChess {
    let config = MatchConfig::new(SummonersChess::ID);
    let armies = example_armies(SummonersChess::ID).unwrap();
    let mut dice = ChaChaDice::from_u64(4);
    let mut game = SummonersChess::setup_quiet(&config, &armies, &mut dice).unwrap();
    game.play_quiet(Seat(1), Move::Place(placement), &mut dice);
    game
}

#[test]
fn a_choice_kept_unseen_does_not_change_the_other_seats_decision() {
    let aceg = seat_one_chose(Placement::Aceg);
    let bdfh = seat_one_chose(Placement::Bdfh);
    assert_eq!(
        aceg.view(Viewer::Seat(Seat(0))),
        bdfh.view(Viewer::Seat(Seat(0))),
        "seat 0 must not see seat 1's choice"
    );
    assert_eq!(aceg.to_act(), vec![Seat(0)]);

    for seed in 0..12 {
        for level in [Level::Easy, Level::Club] {
            assert_eq!(
                choose(&aceg, Seat(0), level, 0.2, seed),
                choose(&bdfh, Seat(0), level, 0.2, seed),
                "{level} with seed {seed} decided by what seat 1 chose"
            );
        }
    }
}

#[test]
fn what_is_drawn_anew_depends_on_the_picks_not_on_the_truth() {
    let aceg = seat_one_chose(Placement::Aceg);
    let bdfh = seat_one_chose(Placement::Bdfh);
    for first in 0..2 {
        let drawn = |game: &SummonersChess| {
            let mut picks = [first].into_iter();
            let mut drawn = game
                .with_hidden_drawn(Seat(0), &mut |_| picks.next().unwrap())
                .unwrap();
            // Both seats' choices made, the game shows where both stand.
            drawn.play_quiet(
                Seat(0),
                Move::Place(Placement::Aceg),
                &mut ChaChaDice::from_u64(1),
            );
            drawn.view(Viewer::Referee)
        };
        assert_eq!(drawn(&aceg), drawn(&bdfh));
    }
}
