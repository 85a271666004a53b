//! A bot decides from its own seat's information only: two games its seat
//! cannot tell apart get the same decision, whatever the hidden truth. Each
//! test fails when the truth is passed to the search instead of drawn.

use fray_bots::choose;
use fray_protocol::BotLevel;
use fray_protocol::{MatchConfig, Seat, Viewer};
use fray_rules::action_chess_faction_chess::{ActionChessFactionChess, Faction, Position};
use fray_rules::chess_war::{ChessWar, Race, example};
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
        for level in [BotLevel::Easy, BotLevel::Club] {
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

/// Action Chess Faction Chess, the Ghost (seat 0) against Classique, whose
/// king on a1 may step to b1 or b2 only (its pawn on a2 is blocked by a
/// Spirit on a3), and a Shade of the Ghost's haunting `square` unseen: a
/// king walking onto it is captured and the Ghost wins. Classique to move.
/// Seeing the Shade, a search would step to the other square.
fn shade_haunting(square: &str) -> ActionChessFactionChess {
    let mut position = Position::new([Faction::Ghost, Faction::Classique]);
    position.place(0, "wraith", "h8");
    position.place(0, "spirit", "a3");
    position.place(1, "king", "a1");
    position.place(1, "pawn", "a2");
    position.haunting_shade(0, square);
    position.to_move(1);
    position.build()
}

#[test]
fn where_a_shade_haunts_unseen_does_not_change_its_opponents_decision() {
    let b1 = shade_haunting("b1");
    let b2 = shade_haunting("b2");
    assert_eq!(
        b1.view(Viewer::Seat(Seat(1))),
        b2.view(Viewer::Seat(Seat(1))),
        "seat 1 must not see where the Shade haunts"
    );
    assert_eq!(b1.moves(Seat(1)).len(), 2, "the king's two steps");

    for seed in 0..6 {
        assert_eq!(
            choose(&b1, Seat(1), BotLevel::Club, 0.2, seed),
            choose(&b2, Seat(1), BotLevel::Club, 0.2, seed),
            "the bot's choice with seed {seed} depended on where the Shade haunts"
        );
    }
    // The Ghost's own seat knows where its Shade is: nothing is drawn.
    let own = b1.with_hidden_drawn(Seat(0), &mut |n| n - 1).unwrap();
    assert_eq!(own.view(Viewer::Referee), b1.view(Viewer::Referee));
}

/// ChessWar! behind the screen (W7): `seat` plays the Humans' example and
/// has placed three units; the other side plays `other`'s example and has
/// placed `others` units, neither of which `seat` sees.
fn screened(seat: Seat, other: Race, others: usize) -> ChessWar {
    let config = MatchConfig::new(ChessWar::ID);
    let mut armies = vec![example(Race::Humans), example(other)];
    if seat == Seat(1) {
        armies.reverse();
    }
    let mut dice = ChaChaDice::from_u64(2);
    let mut game = ChessWar::setup_quiet(&config, &armies, &mut dice).unwrap();
    let opponent = Seat(1 - seat.0);
    for (placer, count) in [(seat, 3), (opponent, others)] {
        for _ in 0..count {
            let mv = *game.moves(placer).last().unwrap();
            game.play_quiet(placer, mv, &mut dice);
        }
    }
    game
}

#[test]
fn the_other_sides_army_behind_the_screen_does_not_change_a_placement() {
    for seat in [Seat(0), Seat(1)] {
        // Armies of different sizes, with different numbers placed.
        let undead = screened(seat, Race::Undead, 4);
        let dwarves = screened(seat, Race::Dwarves, 9);
        assert_eq!(
            undead.view(Viewer::Seat(seat)),
            dwarves.view(Viewer::Seat(seat)),
            "{seat:?} must not see the other side"
        );
        for seed in 0..8 {
            assert_eq!(
                choose(&undead, seat, BotLevel::Easy, 1.0, seed),
                choose(&dwarves, seat, BotLevel::Easy, 1.0, seed),
                "{seat:?}'s placement with seed {seed} depended on the other side's army"
            );
        }
    }
}
