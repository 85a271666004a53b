//! A finished match is followed cheaply: its final state is kept in memory,
//! so that subscribing to it again and again does not rebuild it from its
//! log each time (a long match's replay costs a core for a while).

mod common;

use common::TestServer;
use common::play::{Chooser, Follower, play, two_armies};
use fray_protocol::{ClientMessage, MatchConfig, MatchId, Role, SystemId};

const REBUILDS: &str = "fray_match_rebuilds_total";

/// Subscribes as a spectator to the finished match `id`, checks that it is
/// over, and leaves.
fn look_and_leave(server: &TestServer, id: MatchId) {
    let mut watcher = Follower::subscribe(server.client(None), id, Role::Spectator);
    assert!(watcher.view.outcome.is_some(), "match {id} is over");
    watcher
        .client
        .send(&ClientMessage::Unsubscribe { match_id: id });
    // Answered after the unsubscribe: the match has heard of it by then.
    let _ = server.figures();
}

/// A finished match between `names`, played a little and resigned, that
/// nobody follows.
fn finished_match(server: &TestServer, names: [&str; 2]) -> MatchId {
    let seated = names.map(|name| server.player(name));
    let [a, b] = two_armies(SystemId::FantasyArmies);
    let config = MatchConfig::new(SystemId::FantasyArmies);
    let id = server
        .started_match(&config, &[(&seated[0], &a), (&seated[1], &b)])
        .id;
    let mut players = seated
        .map(|player| Follower::subscribe(server.client(Some(&player.token)), id, Role::Player));
    play(&mut players, &mut [], &mut Chooser::new(5), 4);
    players[1].client.send(&ClientMessage::Resign {
        match_id: id,
        id: 1_000,
    });
    for player in &mut players {
        while player.view.outcome.is_none() {
            player.next_batch();
        }
    }
    drop(players);
    id
}

#[test]
fn following_a_finished_match_again_and_again_does_not_rebuild_it() {
    let server = TestServer::start_unthrottled();
    let id = finished_match(&server, ["Alice", "Bob"]);
    let before = server.figures().value(REBUILDS);

    for _ in 0..5 {
        look_and_leave(&server, id);
    }

    assert_eq!(server.figures().value(REBUILDS), before);
}

/// The matches kept are bounded: past `--finished-matches-kept`, the one
/// least recently followed gives its place up and is rebuilt when it is
/// followed again.
#[test]
fn only_as_many_finished_matches_as_allowed_are_kept() {
    let server = TestServer::start_with(|config| {
        config.messages_per_second = 10_000;
        config.finished_matches_kept = 1;
    });
    let first = finished_match(&server, ["Alice", "Bob"]);
    let second = finished_match(&server, ["Carol", "Dan"]);
    let before = server.figures().value(REBUILDS);

    look_and_leave(&server, second);
    assert_eq!(
        server.figures().value(REBUILDS),
        before,
        "the latest is kept"
    );
    look_and_leave(&server, first);
    look_and_leave(&server, second);

    assert_eq!(server.figures().value(REBUILDS), before + 2.0);
}
