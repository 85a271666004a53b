//! Every way a match ends (the rules, a resignation over the socket or over
//! REST, an abandonment), in every system: the batches applied, a snapshot
//! taken afterwards (from the live match, and from the log after a restart)
//! and the replay all show the same ended game.

mod common;

use common::TestServer;
use common::play::{Chooser, Follower, bounded_config, play, seen_by, two_armies};
use fray_protocol::{
    ClientMessage, MatchId, MatchStatus, Outcome, Phrase, PlayerCreated, Replay, Role, Seat,
    ServerMessage, SystemId, View, Viewer, apply_all,
};

/// A game longer than this is a bug in the caps, not a long game.
const MAX_ACTIONS: usize = 20_000;

/// Actions played before a player gives up or walks away.
const OPENING: usize = 4;

#[derive(Debug, Clone, Copy)]
enum Ending {
    Rules,
    ResignOverSocket,
    ResignOverRest,
    Abandon,
}

struct Table {
    server: TestServer,
    id: MatchId,
    alice: PlayerCreated,
    bob: PlayerCreated,
}

/// Plays a match of `system` to its end as `ending` says; checks every
/// follower still there saw it end, and that every later look agrees.
fn ends_alike_everywhere(system: SystemId, ending: Ending) {
    let server = TestServer::start_with(|config| {
        config.messages_per_second = 10_000;
        if let Ending::Abandon = ending {
            config.abandon_seconds = 1;
        }
    });
    let alice = server.player("Alice");
    let bob = server.player("Bob");
    let [first, second] = two_armies(system);
    let summary = server.started_match(
        &bounded_config(system),
        &[(&alice, &first), (&bob, &second)],
    );
    let id = summary.id;
    let mut players = [
        Follower::subscribe(server.client(Some(&alice.token)), id, Role::Player),
        Follower::subscribe(server.client(Some(&bob.token)), id, Role::Player),
    ];
    let mut watchers = [Follower::subscribe(
        server.client(None),
        id,
        Role::Spectator,
    )];
    let mut chooser = Chooser::new(ending as u64 + 1);

    let still_there: Vec<Follower> = match ending {
        Ending::Rules => {
            play(&mut players, &mut watchers, &mut chooser, MAX_ACTIONS);
            players.into_iter().chain(watchers).collect()
        }
        Ending::ResignOverSocket => {
            played_opening(&mut players, &mut watchers, &mut chooser);
            players[1].client.send(&ClientMessage::Resign {
                match_id: id,
                id: 99,
            });
            every_one_reads_a_batch(&mut players, &mut watchers);
            match players[1].client.recv_game() {
                ServerMessage::Ack { id: 99, seq, .. } => assert_eq!(seq, players[1].seq),
                other => panic!("expected the resignation's ack, got {other:?}"),
            }
            players.into_iter().chain(watchers).collect()
        }
        Ending::ResignOverRest => {
            played_opening(&mut players, &mut watchers, &mut chooser);
            let path = format!("/api/matches/{id}/resign");
            let (status, body) = server.request("POST", &path, Some(&bob.token), None);
            assert_eq!(status, 200, "{body}");
            assert_eq!(body["status"], "finished", "{body}");
            every_one_reads_a_batch(&mut players, &mut watchers);
            players.into_iter().chain(watchers).collect()
        }
        Ending::Abandon => {
            played_opening(&mut players, &mut watchers, &mut chooser);
            let [alice_seat, bob_seat] = players;
            bob_seat.client.vanish();
            let mut there: Vec<Follower> = [alice_seat].into_iter().chain(watchers).collect();
            every_one_reads_a_batch(&mut there, &mut []);
            there
        }
    };

    let outcome = still_there[0]
        .view
        .outcome
        .clone()
        .unwrap_or_else(|| panic!("{system} {ending:?}: the match ended"));
    match ending {
        Ending::Rules => {}
        Ending::ResignOverSocket | Ending::ResignOverRest => {
            assert_eq!(outcome.winners, vec![Seat(0)]);
            assert_eq!(outcome.reason, Phrase::from(Seat(1)).text(" resigned"));
        }
        Ending::Abandon => {
            assert_eq!(outcome.winners, vec![Seat(0)]);
            assert_eq!(
                outcome.reason,
                Phrase::from(Seat(1)).text(" abandoned the match")
            );
        }
    }
    for follower in &still_there {
        assert_ended(&follower.view, &outcome, "a view the batches made");
        assert!(follower.to_act.is_empty() && follower.options.is_empty());
    }
    // Each viewer numbers the events it can tell happened: ChessWar!'s
    // secret placements only its placer.
    let spectator = still_there.last().expect("the spectator");
    let seqs = Seqs {
        spectator: spectator.seq,
        alice: still_there[0].seq,
        bob: still_there
            .iter()
            .find(|follower| follower.seat == Some(Seat(1)))
            .map(|bob| bob.seq),
    };
    let spectator_view = spectator.view.clone();
    // Alice's follower comes first in every ending.
    let alice_view = Some(still_there[0].view.clone());

    let table = Table {
        server,
        id,
        alice,
        bob,
    };
    // From the live match, while its followers are still subscribed.
    table.snapshots_agree(&seqs, &outcome, &spectator_view, alice_view.as_ref());
    drop(still_there);
    table.replay_agrees(&outcome, &spectator_view);

    // From the log alone, as after a restart.
    let table = Table {
        server: table.server.restart(),
        ..table
    };
    table.snapshots_agree(&seqs, &outcome, &spectator_view, alice_view.as_ref());
    table.replay_agrees(&outcome, &spectator_view);
}

fn played_opening(players: &mut [Follower], watchers: &mut [Follower], chooser: &mut Chooser) {
    assert_eq!(play(players, watchers, chooser, OPENING), OPENING);
}

fn every_one_reads_a_batch(players: &mut [Follower], watchers: &mut [Follower]) {
    for follower in players.iter_mut().chain(watchers.iter_mut()) {
        follower.next_batch();
    }
}

fn assert_ended(view: &View, outcome: &Outcome, what: &str) {
    assert_eq!(view.outcome.as_ref(), Some(outcome), "{what}: the outcome");
    assert!(
        view.turn.active.is_empty(),
        "{what}: no one decides after the end, yet turn.active is {:?}",
        view.turn.active
    );
}

/// The last `seq` of each viewer's own sequence; Bob's where he stayed.
struct Seqs {
    spectator: u64,
    alice: u64,
    bob: Option<u64>,
}

impl Table {
    /// A fresh snapshot, as each kind of viewer, is the ended game the
    /// batches made.
    fn snapshots_agree(
        &self,
        seqs: &Seqs,
        outcome: &Outcome,
        spectator_view: &View,
        alice_view: Option<&View>,
    ) {
        let looks = [
            (
                None,
                Role::Spectator,
                Some(seqs.spectator),
                Some(spectator_view),
            ),
            (
                Some(&self.alice.token),
                Role::Player,
                Some(seqs.alice),
                alice_view,
            ),
            (Some(&self.bob.token), Role::Player, seqs.bob, None),
        ];
        for (token, role, seq, expected) in looks {
            let mut client = self.server.client(token.map(String::as_str));
            client.subscribe(self.id, role, None);
            let snapshot = match client.recv_game() {
                ServerMessage::Snapshot(snapshot) => snapshot,
                other => panic!("expected a snapshot, got {other:?}"),
            };
            let what = format!("a {role:?} snapshot");
            assert_eq!(snapshot.status, MatchStatus::Finished, "{what}");
            if let Some(seq) = seq {
                assert_eq!(snapshot.seq, seq, "{what}");
            }
            assert!(snapshot.to_act.is_empty() && snapshot.options.is_empty());
            assert_ended(&snapshot.view, outcome, &what);
            if let Some(expected) = expected {
                assert_eq!(&snapshot.view, expected, "{what}: the batches' view");
            }
        }
    }

    /// The replay, followed as a spectator from an empty view, ends where
    /// the spectator's batches did, with the same outcome in its summary.
    fn replay_agrees(&self, outcome: &Outcome, spectator_view: &View) {
        let (status, body) = self.server.get(&format!("/api/matches/{}/replay", self.id));
        assert_eq!(status, 200, "{body}");
        let replay: Replay = serde_json::from_value(body).expect("a replay");
        assert_eq!(replay.summary.status, MatchStatus::Finished);
        let last = replay.events.last().expect("the log").seq;
        assert_eq!(
            replay.summary.seq, last,
            "a finished match shows its whole log"
        );
        assert_eq!(replay.summary.outcome.as_ref(), Some(outcome));
        let mut view = View::default();
        for event in &replay.events {
            apply_all(&mut view, &seen_by(event, Viewer::Spectator));
        }
        assert_ended(&view, outcome, "the replay");
        assert_eq!(&view, spectator_view, "the replay ends as the batches did");
    }
}

macro_rules! endings {
    ($($name:ident: $system:expr, $ending:expr;)*) => {
        $(
            #[test]
            fn $name() {
                ends_alike_everywhere($system, $ending);
            }
        )*
    };
}

endings! {
    fantasy_armies_ended_by_the_rules: SystemId::FantasyArmies, Ending::Rules;
    fantasy_armies_resigned_over_the_socket: SystemId::FantasyArmies, Ending::ResignOverSocket;
    fantasy_armies_resigned_over_rest: SystemId::FantasyArmies, Ending::ResignOverRest;
    fantasy_armies_abandoned: SystemId::FantasyArmies, Ending::Abandon;
    summoners_chess_ended_by_the_rules: SystemId::SummonersChess, Ending::Rules;
    summoners_chess_resigned_over_the_socket: SystemId::SummonersChess, Ending::ResignOverSocket;
    summoners_chess_resigned_over_rest: SystemId::SummonersChess, Ending::ResignOverRest;
    summoners_chess_abandoned: SystemId::SummonersChess, Ending::Abandon;
    chessboard_confrontation_ended_by_the_rules: SystemId::ChessboardConfrontation, Ending::Rules;
    chessboard_confrontation_resigned_over_the_socket: SystemId::ChessboardConfrontation, Ending::ResignOverSocket;
    chessboard_confrontation_resigned_over_rest: SystemId::ChessboardConfrontation, Ending::ResignOverRest;
    chessboard_confrontation_abandoned: SystemId::ChessboardConfrontation, Ending::Abandon;
    chess_war_ended_by_the_rules: SystemId::ChessWar, Ending::Rules;
    chess_war_resigned_over_the_socket: SystemId::ChessWar, Ending::ResignOverSocket;
    chess_war_resigned_over_rest: SystemId::ChessWar, Ending::ResignOverRest;
    chess_war_abandoned: SystemId::ChessWar, Ending::Abandon;
    action_chess_faction_chess_ended_by_the_rules: SystemId::ActionChessFactionChess, Ending::Rules;
    action_chess_faction_chess_resigned_over_the_socket: SystemId::ActionChessFactionChess, Ending::ResignOverSocket;
    action_chess_faction_chess_resigned_over_rest: SystemId::ActionChessFactionChess, Ending::ResignOverRest;
    action_chess_faction_chess_abandoned: SystemId::ActionChessFactionChess, Ending::Abandon;
}
