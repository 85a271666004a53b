//! ChessWar!'s secret set-up over real websockets: both sides place their
//! units one at a time behind a screen, and nobody but the placer learns
//! anything of it before a side has placed its last unit: not the other
//! seat, not a spectator, not an anonymous reader of the lobby or the
//! history, and not by counting batches or `seq`s. Each viewer's sequence
//! holds only the events it can tell happened, gap-free, live, after a
//! resume, in the history and after a restart.

mod common;

use common::TestServer;
use common::play::{Follower, play_option, subscribed, two_player_match};
use fray_protocol::{ClientMessage, MatchId, MatchSummary, Role, ServerMessage, SystemId};

/// How many units `seat` still has to place: its placements are its only
/// options while it places.
fn still_to_place(follower: &Follower) -> usize {
    follower
        .view
        .pieces
        .values()
        .filter(|piece| Some(piece.owner) == follower.seat && piece.square.is_none())
        .count()
}

/// The `seq` an anonymous reader of the lobby is shown.
fn anonymous_seq(server: &TestServer, id: MatchId) -> u64 {
    let (status, body) = server.get(&format!("/api/matches/{id}"));
    assert_eq!(status, 200, "{body}");
    serde_json::from_value::<MatchSummary>(body).unwrap().seq
}

/// The `seq`s of the history `viewer` is given.
fn history_seqs(server: &TestServer, id: MatchId, token: Option<&str>) -> Vec<u64> {
    let role = if token.is_some() {
        "player"
    } else {
        "spectator"
    };
    let path = format!("/api/matches/{id}/history?role={role}");
    server
        .history(&path, token)
        .events
        .iter()
        .map(|event| event.seq)
        .collect()
}

#[test]
fn placements_are_in_no_one_elses_sequence_until_a_side_has_placed_its_last() {
    let server = TestServer::start();
    let (id, players) = two_player_match(&server, SystemId::ChessWar);
    let (mut seats, mut watchers) = subscribed(&server, id, &players);
    let units = [0, 1].map(|seat| still_to_place(&seats[seat]));
    assert!(units[0] > 3 && units[1] > 3, "{units:?}");

    // Alice places all but one unit, Bob all but two, turn about where both
    // can: each placement is a batch for its placer alone.
    let mut placed = [0, 0];
    while placed[0] + 1 < units[0] || placed[1] + 2 < units[1] {
        for seat in [0, 1] {
            if placed[seat] + 1 + seat < units[seat] {
                play_option(&mut seats, &mut watchers, seat, 0);
                placed[seat] += 1;
                assert_eq!(seats[seat].seq, placed[seat] as u64, "its own sequence");
            }
        }
    }
    assert!(
        watchers[0].batches.is_empty(),
        "the spectator was sent {} batches",
        watchers[0].batches.len()
    );
    assert_eq!(watchers[0].seq, 0);
    for seat in [0, 1] {
        let other = &seats[1 - seat];
        assert_eq!(other.batches.len(), placed[1 - seat], "only its own");
        assert_eq!(
            still_to_place(&seats[seat]),
            units[seat] - placed[seat],
            "the placer sees its own"
        );
    }
    assert_eq!(anonymous_seq(&server, id), 0, "the lobby counts nothing");
    assert_eq!(
        history_seqs(&server, id, None),
        [0],
        "a spectator's history"
    );
    let alices: Vec<u64> = (0..=placed[0] as u64).collect();
    assert_eq!(history_seqs(&server, id, Some(&players[0].token)), alices);
    let bobs: Vec<u64> = (0..=placed[1] as u64).collect();
    assert_eq!(history_seqs(&server, id, Some(&players[1].token)), bobs);

    // Alice's last unit: everyone learns that she has placed her army, as
    // the next number of their own sequence.
    play_option(&mut seats, &mut watchers, 0, 0);
    assert_eq!(watchers[0].seq, 1, "the spectator's first batch");
    assert_eq!(seats[1].seq, placed[1] as u64 + 1);
    assert_eq!(seats[0].seq, units[0] as u64);
    assert_eq!(anonymous_seq(&server, id), 1);
    assert!(seats[0].options.is_empty(), "Alice waits");

    // A spectator that comes back after the first batch it had is told
    // nothing new; Bob, resuming from before his last placement, gets it.
    let mut late = server.client(None);
    late.subscribe(id, Role::Spectator, Some(1));
    match late.recv_game() {
        ServerMessage::Snapshot(snapshot) => assert_eq!(snapshot.seq, 1),
        other => panic!("expected a snapshot at 1, got {other:?}"),
    }
    let mut bob = server.client(Some(&players[1].token));
    bob.subscribe(id, Role::Player, Some(placed[1] as u64 - 1));
    match bob.recv_game() {
        ServerMessage::Batch(batch) => assert_eq!(batch.seq, placed[1] as u64),
        other => panic!("expected Bob's last placement again, got {other:?}"),
    }

    // Bob places his last two: the first is his alone, the last reveals both.
    play_option(&mut seats, &mut watchers, 1, 0);
    assert_eq!(watchers[0].seq, 1);
    play_option(&mut seats, &mut watchers, 1, 0);
    assert_eq!(watchers[0].seq, 2, "the reveal");
    assert_eq!(seats[0].seq, units[0] as u64 + 1);
    assert_eq!(seats[1].seq, units[1] as u64 + 1);
    assert_eq!(
        watchers[0].view.pieces.len(),
        units[0] + units[1],
        "both armies revealed"
    );
    assert_eq!(history_seqs(&server, id, None), [0, 1, 2]);

    // After a crash each seat's and the spectator's numbering is the same.
    let server = server.crash_and_restart();
    for (token, seq) in [
        (Some(players[0].token.as_str()), seats[0].seq),
        (Some(players[1].token.as_str()), seats[1].seq),
        (None, watchers[0].seq),
    ] {
        let role = if token.is_some() {
            Role::Player
        } else {
            Role::Spectator
        };
        let follower = Follower::subscribe(server.client(token), id, role);
        assert_eq!(follower.seq, seq, "{:?}", follower.seat);
    }
    let report = server.verify(id);
    assert!(report.matches(), "{report:?}");
}

/// An action's id resent after a placement is acknowledged with the seq it
/// had in the placer's own sequence.
#[test]
fn a_resent_placement_is_acknowledged_in_the_placers_numbering() {
    let server = TestServer::start();
    let (id, players) = two_player_match(&server, SystemId::ChessWar);
    let (mut seats, mut watchers) = subscribed(&server, id, &players);
    play_option(&mut seats, &mut watchers, 1, 0);
    play_option(&mut seats, &mut watchers, 1, 0);
    let action = seats[0].options[0].action.clone();
    for _ in 0..2 {
        seats[0].client.send(&ClientMessage::Act {
            match_id: id,
            id: 77,
            action: action.clone(),
        });
    }
    seats[0].next_batch();
    for _ in 0..2 {
        match seats[0].client.recv_game() {
            ServerMessage::Ack { id: 77, seq, .. } => assert_eq!(seq, 1),
            other => panic!("expected the ack of 77, got {other:?}"),
        }
    }
}
