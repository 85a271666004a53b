//! A match outlives its server: stop the server mid-game (as a crash would,
//! or gracefully), start a new one on the same database file, and the game
//! goes on with the same views and `seq`, to an end that verifies.

mod common;

use common::TestServer;
use common::play::{Chooser, Follower, play, two_armies};
use fray_protocol::{MatchConfig, MatchStatus, MatchSummary, Role, SystemId};

const MAX_ACTIONS: usize = 20_000;

fn survives(system: SystemId, crash: bool) {
    let server = TestServer::start_unthrottled();
    let alice = server.player("Alice");
    let bob = server.player("Bob");
    let [a, b] = two_armies(system);
    let summary = server.started_match(&MatchConfig::new(system), &[(&alice, &a), (&bob, &b)]);
    let id = summary.id;
    let tokens = [alice.token.clone(), bob.token.clone()];
    let subscribe = |server: &TestServer, seat: usize| {
        Follower::subscribe(server.client(Some(&tokens[seat])), id, Role::Player)
    };
    let mut players = [subscribe(&server, 0), subscribe(&server, 1)];
    let mut chooser = Chooser::new(21);
    assert_eq!(play(&mut players, &mut [], &mut chooser, 12), 12);
    let before: Vec<_> = players
        .iter()
        .map(|p| (p.seq, p.view.clone(), p.to_act.clone(), p.options.clone()))
        .collect();
    for player in players {
        player.client.vanish();
    }

    let server = if crash {
        server.crash_and_restart()
    } else {
        server.restart()
    };
    let (_, body) = server.get(&format!("/api/matches/{id}"));
    let resumed: MatchSummary = serde_json::from_value(body).unwrap();
    assert_eq!((resumed.status, resumed.seq), (MatchStatus::Running, 12));

    let mut players = [subscribe(&server, 0), subscribe(&server, 1)];
    let after: Vec<_> = players
        .iter()
        .map(|p| (p.seq, p.view.clone(), p.to_act.clone(), p.options.clone()))
        .collect();
    assert_eq!(
        before, after,
        "the same views, seq and options after the restart"
    );

    let played = play(&mut players, &mut [], &mut chooser, MAX_ACTIONS);
    assert!(players[0].is_over(), "the game was finished");

    let report = server.verify(id);
    assert!(report.matches(), "{report}");
    let (_, body) = server.get(&format!("/api/matches/{id}"));
    let finished: MatchSummary = serde_json::from_value(body).unwrap();
    assert_eq!(finished.seq, 12 + played as u64);
    assert_eq!(finished.status, MatchStatus::Finished);
}

#[test]
fn fantasy_armies_goes_on_after_a_crash() {
    survives(SystemId::FantasyArmies, true);
}

#[test]
fn summoners_chess_goes_on_after_a_crash() {
    survives(SystemId::SummonersChess, true);
}

#[test]
fn chessboard_confrontation_goes_on_after_a_crash() {
    survives(SystemId::ChessboardConfrontation, true);
}

#[test]
fn a_match_goes_on_after_a_graceful_restart() {
    survives(SystemId::FantasyArmies, false);
}
