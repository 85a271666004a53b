//! Whole games over real websockets: two players pick random listed options
//! until the game ends, a spectator follows, and the replay published at the
//! end is exactly what the spectator saw.

mod common;

use common::TestServer;
use common::play::{Chooser, Follower, play, seen_by, two_armies};
use fray_protocol::{MatchConfig, MatchStatus, Replay, Role, Seat, SystemId, Viewer, apply_all};

/// A game longer than this is a bug in the caps, not a long game.
const MAX_ACTIONS: usize = 20_000;

fn play_a_whole_game(system: SystemId, seed: u64) {
    let server = TestServer::start_unthrottled();
    let alice = server.player("Alice");
    let bob = server.player("Bob");
    let [first, second] = two_armies(system);
    let config = MatchConfig::new(system);
    let summary = server.started_match(&config, &[(&alice, &first), (&bob, &second)]);

    let mut players = [
        Follower::subscribe(server.client(Some(&alice.token)), summary.id, Role::Player),
        Follower::subscribe(server.client(Some(&bob.token)), summary.id, Role::Player),
    ];
    assert_eq!(players[0].seat, Some(Seat(0)));
    assert_eq!(players[1].seat, Some(Seat(1)));
    let mut watchers = [Follower::subscribe(
        server.client(None),
        summary.id,
        Role::Spectator,
    )];
    let start_view = watchers[0].view.clone();

    let actions = play(
        &mut players,
        &mut watchers,
        &mut Chooser::new(seed),
        MAX_ACTIONS,
    );
    assert!(actions > 0);
    assert!(
        players[0].is_over(),
        "{system}: the game ended within {MAX_ACTIONS} actions"
    );
    for follower in players.iter().chain(&watchers) {
        assert_eq!(follower.seq, actions as u64, "everyone got every seq");
        assert!(follower.to_act.is_empty() && follower.options.is_empty());
    }

    let (status, body) = server.get(&format!("/api/matches/{}/replay", summary.id));
    assert_eq!(status, 200, "{body}");
    let replay: Replay = serde_json::from_value(body).expect("a replay");
    assert_eq!(replay.summary.status, MatchStatus::Finished);
    assert_eq!(replay.summary.seq, actions as u64);
    assert_eq!(
        replay.events.len(),
        actions + 1,
        "the set-up and every action"
    );

    // The replay, seen as a spectator, is exactly what the spectator saw.
    let spectator = &watchers[0];
    for (event, batch) in replay.events[1..].iter().zip(&spectator.batches) {
        assert_eq!(event.seq, batch.seq);
        let visible = seen_by(event, Viewer::Spectator);
        assert_eq!(visible, batch.effects, "seq {}", event.seq);
    }
    let mut replayed = start_view;
    for event in &replay.events[1..] {
        apply_all(&mut replayed, &seen_by(event, Viewer::Spectator));
    }
    assert_eq!(replayed, spectator.view);
    assert_eq!(replay.summary.outcome, fray_outcome(&spectator.view));
}

fn fray_outcome(view: &fray_protocol::View) -> Option<fray_protocol::Outcome> {
    view.outcome.clone()
}

#[test]
fn fantasy_armies_is_played_to_the_end_over_websockets() {
    play_a_whole_game(SystemId::FantasyArmies, 1);
}

#[test]
fn summoners_chess_is_played_to_the_end_over_websockets() {
    play_a_whole_game(SystemId::SummonersChess, 2);
}

#[test]
fn chessboard_confrontation_is_played_to_the_end_over_websockets() {
    play_a_whole_game(SystemId::ChessboardConfrontation, 3);
}
