//! Leaving and coming back: resuming from a `seq`, the abandonment clock,
//! and a reader too slow to keep up.

mod common;

use common::play::{Chooser, Follower, play, start_two_player, two_armies, two_player_match};
use common::{Client, TestServer};
use fray_protocol::{
    ClientMessage, Effect, MatchConfig, MatchId, Role, Seat, ServerMessage, SystemId, View,
};

/// What a spectator sees now, from a fresh snapshot.
fn spectator_view(server: &TestServer, id: MatchId) -> (u64, View) {
    let follower = Follower::subscribe(server.client(None), id, Role::Spectator);
    (follower.seq, follower.view)
}

#[test]
fn a_spectator_that_drops_resumes_with_the_batches_it_missed() {
    let server = TestServer::start();
    let (id, mut players) = start_two_player(&server, SystemId::SummonersChess);
    let mut chooser = Chooser::new(11);
    let mut watchers = [Follower::subscribe(
        server.client(None),
        id,
        Role::Spectator,
    )];
    play(&mut players, &mut watchers, &mut chooser, 3);
    let [gone] = watchers;
    let (last_seen, mut view) = (gone.seq, gone.view);
    assert_eq!(last_seen, 3);
    gone.client.vanish();

    play(&mut players, &mut [], &mut chooser, 5);
    let mut back = server.client(None);
    back.subscribe(id, Role::Spectator, Some(last_seen));
    for expected in 4..=8 {
        match back.recv_game() {
            ServerMessage::Batch(batch) => {
                assert_eq!(batch.seq, expected);
                fray_protocol::apply_all(&mut view, &batch.effects);
            }
            other => panic!("expected batch {expected}, got {other:?}"),
        }
    }
    assert_eq!((8, view), spectator_view(&server, id));
}

#[test]
fn resuming_from_further_back_than_the_server_keeps_gets_a_snapshot() {
    let server = TestServer::start_with(|config| config.resume_history = 2);
    let (id, mut players) = start_two_player(&server, SystemId::SummonersChess);
    play(&mut players, &mut [], &mut Chooser::new(5), 6);
    let mut late = server.client(None);
    late.subscribe(id, Role::Spectator, Some(1));
    match late.recv_game() {
        ServerMessage::Snapshot(snapshot) => {
            assert_eq!(snapshot.seq, 6);
            assert_eq!((snapshot.seq, snapshot.view), spectator_view(&server, id));
        }
        other => panic!("expected a snapshot, got {other:?}"),
    }
}

#[test]
fn a_player_away_longer_than_the_grace_period_loses_by_abandonment() {
    let server = TestServer::start_with(|config| config.abandon_seconds = 1);
    let (_, [mut alice, bob]) = start_two_player(&server, SystemId::SummonersChess);
    bob.client.vanish();
    loop {
        match alice.client.recv() {
            // Bob's clock once he has come (before, while Alice waited for
            // him, it was his grace for joining).
            ServerMessage::SeatAway {
                seat: Seat(1),
                seconds: 1,
                ..
            } => break,
            ServerMessage::SeatAway { .. } | ServerMessage::SeatBack { .. } => continue,
            other => panic!("expected Bob's clock to start, got {other:?}"),
        }
    }
    let batch = alice.next_batch();
    let outcome = batch
        .effects
        .iter()
        .find_map(|effect| match effect {
            Effect::GameEnded { outcome } => Some(outcome.clone()),
            _ => None,
        })
        .expect("the match ended");
    assert_eq!(outcome.winners, vec![Seat(0)]);
    assert!(
        outcome.reason.to_string().contains("abandoned"),
        "{}",
        outcome.reason
    );
    assert!(alice.options.is_empty() && alice.to_act.is_empty());
}

#[test]
fn a_player_back_within_the_grace_period_stops_the_clock() {
    let server = TestServer::start_with(|config| config.abandon_seconds = 30);
    let alice = server.player("Alice");
    let bob = server.player("Bob");
    let [a, b] = two_armies(SystemId::SummonersChess);
    let summary = server.started_match(
        &MatchConfig::new(SystemId::SummonersChess),
        &[(&alice, &a), (&bob, &b)],
    );
    let mut alice_seat =
        Follower::subscribe(server.client(Some(&alice.token)), summary.id, Role::Player);
    // Bob has not come yet: his clock runs while Alice waits.
    match alice_seat.client.recv() {
        ServerMessage::SeatAway { seat, .. } => assert_eq!(seat, Seat(1)),
        other => panic!("expected Bob's clock, got {other:?}"),
    }
    let bob_seat = Follower::subscribe(server.client(Some(&bob.token)), summary.id, Role::Player);
    match alice_seat.client.recv() {
        ServerMessage::SeatBack { seat, .. } => assert_eq!(seat, Seat(1)),
        other => panic!("expected Bob back, got {other:?}"),
    }
    let mut players = [alice_seat, bob_seat];
    assert_eq!(
        play(&mut players, &mut [], &mut Chooser::new(3), 2),
        2,
        "play goes on"
    );
}

#[test]
fn a_reader_too_slow_for_its_queue_is_dropped_and_resumes() {
    let server = TestServer::start_with(|config| {
        config.outbox_frames = 4;
        config.messages_per_second = 10_000;
        config.idle_seconds = 600;
    });
    let (id, mut players) = start_two_player(&server, SystemId::FantasyArmies);
    let mut watchers = [Follower::subscribe(
        server.client(None),
        id,
        Role::Spectator,
    )];
    let mut resumed = watchers[0].view.clone();

    // A spectator asks for snapshot after snapshot and reads none of them:
    // the socket fills, then its queue, and the server lets it go. It may
    // let go before every request is sent: the socket then refuses the rest.
    let mut slow = Client::connect_slow(server.address, &server.ws_url());
    slow.hello();
    for _ in 0..500 {
        let subscribe = ClientMessage::Subscribe {
            match_id: id,
            role: Role::Spectator,
            since: None,
        };
        if slow.try_send(&subscribe).is_err() {
            break;
        }
    }
    // The players are not held up by it.
    assert_eq!(
        play(&mut players, &mut watchers, &mut Chooser::new(8), 10),
        10
    );
    let delivered = slow
        .drain_until_closed()
        .expect("the server closed the slow connection");
    assert!(
        delivered < 500,
        "{delivered} snapshots were delivered before the drop"
    );

    // Coming back from seq 8 brings it where everyone else is (ten
    // batches would not fit its queue of four: that gets a snapshot).
    let mut back = server.client(None);
    back.subscribe(id, Role::Spectator, Some(0));
    match back.recv_game() {
        ServerMessage::Snapshot(snapshot) => assert_eq!(snapshot.view, watchers[0].view),
        other => panic!("expected a snapshot, got {other:?}"),
    }
    for batch in &watchers[0].batches[..8] {
        fray_protocol::apply_all(&mut resumed, &batch.effects);
    }
    back.subscribe(id, Role::Spectator, Some(8));
    for expected in 9..=10 {
        match back.recv_game() {
            ServerMessage::Batch(batch) => {
                assert_eq!(batch.seq, expected);
                fray_protocol::apply_all(&mut resumed, &batch.effects);
            }
            other => panic!("expected batch {expected}, got {other:?}"),
        }
    }
    assert_eq!(resumed, watchers[0].view);
}

/// A connection that never reads is dropped once the bytes waiting for it
/// pass the bound, long before the frame bound: a few large snapshots
/// must not each hold a connection's worth of memory.
#[test]
fn a_reader_that_never_reads_is_dropped_by_the_bytes_it_has_waiting() {
    let server = TestServer::start_with(|config| {
        config.outbox_frames = 100_000;
        config.outbox_bytes = 64 * 1024;
        config.messages_per_second = 100_000;
        config.idle_seconds = 600;
    });
    let (id, _players) = start_two_player(&server, SystemId::FantasyArmies);
    let snapshot_bytes = {
        let follower = Follower::subscribe(server.client(None), id, Role::Spectator);
        serde_json::to_string(&follower.view).unwrap().len()
    };
    // Far more than the socket's buffers take: the rest waits in the queue.
    let asked = 16 * 1024 * 1024 / snapshot_bytes;

    let mut never_reads = Client::connect_slow(server.address, &server.ws_url());
    never_reads.hello();
    for _ in 0..asked {
        let subscribe = ClientMessage::Subscribe {
            match_id: id,
            role: Role::Spectator,
            since: None,
        };
        // The server may drop the connection before the last is sent.
        if never_reads.try_send(&subscribe).is_err() {
            break;
        }
    }
    let delivered = never_reads
        .drain_until_closed()
        .expect("the server dropped the connection that did not read");
    assert!(
        delivered < asked,
        "{delivered} of {asked} snapshots ({snapshot_bytes} bytes each) were delivered"
    );
}

/// A player who has just joined may take a while to connect: until a seat
/// has come to the match, its clock is its grace for joining, not the
/// abandonment clock, so that the other cannot win by waiting it out.
/// Once come, the seat is held to the abandonment clock.
#[test]
fn a_seat_that_never_came_has_its_own_grace_before_the_abandonment_clock() {
    let server = TestServer::start_with(|config| {
        config.abandon_seconds = 1;
        config.join_grace_seconds = 600;
    });
    let (id, [alice, bob]) = two_player_match(&server, SystemId::SummonersChess);
    let mut alice_seat = Follower::subscribe(server.client(Some(&alice.token)), id, Role::Player);
    match alice_seat.client.recv() {
        ServerMessage::SeatAway { seat, seconds, .. } => {
            assert_eq!(seat, Seat(1));
            assert_eq!(seconds, 600, "Bob has not come yet: his grace runs");
        }
        other => panic!("expected Bob's clock, got {other:?}"),
    }
    // Longer than the abandonment clock: Bob, who never came, has not lost.
    std::thread::sleep(std::time::Duration::from_secs(2));
    let (status, body) = server.get(&format!("/api/matches/{id}"));
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["status"], "running", "{body}");

    let bob_seat = Follower::subscribe(server.client(Some(&bob.token)), id, Role::Player);
    match alice_seat.client.recv() {
        ServerMessage::SeatBack { seat, .. } => assert_eq!(seat, Seat(1)),
        other => panic!("expected Bob back, got {other:?}"),
    }
    bob_seat.client.vanish();
    match alice_seat.client.recv() {
        ServerMessage::SeatAway { seat, seconds, .. } => {
            assert_eq!((seat, seconds), (Seat(1), 1), "Bob came: the clock holds");
        }
        other => panic!("expected Bob's clock, got {other:?}"),
    }
    let batch = alice_seat.next_batch();
    assert!(
        batch
            .effects
            .iter()
            .any(|effect| matches!(effect, Effect::GameEnded { .. })),
        "Bob lost by abandonment: {batch:?}"
    );
}
