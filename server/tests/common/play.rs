//! Playing whole games over the socket: followers that keep a view by
//! applying each batch, and a loop that has the seat to act pick a random
//! listed option until the game ends.

use fray_protocol::{
    ActionOption, ArmyList, Batch, ClientMessage, Effect, MatchId, PlayerCreated, ReplayEvent,
    Role, Seat, ServerMessage, SystemId, View, Viewer, apply_all,
};

use super::{Client, TestServer};

/// `system`'s default options, but a round limit for ChessWar!, whose
/// default is the book's game without one: for the tests that play a game
/// to its end.
pub fn bounded_config(system: SystemId) -> fray_protocol::MatchConfig {
    let config = fray_protocol::MatchConfig::new(system);
    match system {
        SystemId::ChessWar => config.with(
            fray_rules::chess_war::MAX_ROUNDS,
            fray_protocol::OptionValue::Int(30),
        ),
        _ => config,
    }
}

/// A running two-player match of `system` with both players subscribed.
pub fn start_two_player(server: &TestServer, system: SystemId) -> (MatchId, [Follower; 2]) {
    start_two_player_with(server, &fray_protocol::MatchConfig::new(system))
}

/// A running two-player match set up with `config`, both players subscribed.
pub fn start_two_player_with(
    server: &TestServer,
    config: &fray_protocol::MatchConfig,
) -> (MatchId, [Follower; 2]) {
    let (id, [alice, bob]) = two_player_match_with(server, config);
    let players = [
        Follower::subscribe(server.client(Some(&alice.token)), id, Role::Player),
        Follower::subscribe(server.client(Some(&bob.token)), id, Role::Player),
    ];
    (id, players)
}

/// A running two-player match of `system` between Alice (seat 0) and Bob,
/// nobody subscribed yet: for a test that needs their tokens.
pub fn two_player_match(server: &TestServer, system: SystemId) -> (MatchId, [PlayerCreated; 2]) {
    two_player_match_with(server, &fray_protocol::MatchConfig::new(system))
}

fn two_player_match_with(
    server: &TestServer,
    config: &fray_protocol::MatchConfig,
) -> (MatchId, [PlayerCreated; 2]) {
    let alice = server.player("Alice");
    let bob = server.player("Bob");
    let [a, b] = two_armies(config.system);
    let summary = server.started_match(config, &[(&alice, &a), (&bob, &b)]);
    (summary.id, [alice, bob])
}

/// Both seats and a spectator, subscribed to match `id`.
pub fn subscribed(
    server: &TestServer,
    id: MatchId,
    players: &[PlayerCreated; 2],
) -> ([Follower; 2], [Follower; 1]) {
    let seats = [0, 1].map(|seat| {
        Follower::subscribe(server.client(Some(&players[seat].token)), id, Role::Player)
    });
    let watchers = [Follower::subscribe(
        server.client(None),
        id,
        Role::Spectator,
    )];
    (seats, watchers)
}

/// Two valid army lists for a system.
pub fn two_armies(system: SystemId) -> [ArmyList; 2] {
    fray_rules::example_armies(system).unwrap_or_else(|| panic!("{system} is not playable"))
}

/// A subscribed connection that keeps its view up to date.
pub struct Follower {
    pub client: Client,
    pub match_id: MatchId,
    pub seat: Option<Seat>,
    pub view: View,
    pub seq: u64,
    pub to_act: Vec<Seat>,
    pub options: Vec<ActionOption>,
    /// Every batch received, in order.
    pub batches: Vec<Batch>,
}

impl Follower {
    /// Subscribes and reads the snapshot.
    pub fn subscribe(mut client: Client, match_id: MatchId, role: Role) -> Follower {
        client.subscribe(match_id, role, None);
        match client.recv_game() {
            ServerMessage::Snapshot(snapshot) => Follower {
                client,
                match_id,
                seat: snapshot.seat,
                view: snapshot.view,
                seq: snapshot.seq,
                to_act: snapshot.to_act,
                options: snapshot.options,
                batches: Vec::new(),
            },
            other => panic!("expected a snapshot, got {other:?}"),
        }
    }

    /// Reads the next batch, which must carry the next `seq`, and applies it.
    pub fn next_batch(&mut self) -> Batch {
        match self.client.recv_game() {
            ServerMessage::Batch(batch) => {
                self.take(batch.clone());
                batch
            }
            other => panic!(
                "{:?}: expected batch {}, got {other:?}",
                self.seat,
                self.seq + 1
            ),
        }
    }

    /// Takes the batch of an action whose ack its actor has read, if this
    /// follower is sent one: an event the follower cannot tell happened
    /// (a secret placement) is not in its sequence. The batch was queued
    /// before the ack, so it comes before the answer to a ping sent now.
    pub fn take_any_batch(&mut self) -> Option<Batch> {
        let nonce = self.seq + 1;
        self.client.send(&ClientMessage::Ping { nonce });
        let mut taken = None;
        loop {
            match self.client.recv_game() {
                ServerMessage::Batch(batch) => {
                    assert!(taken.is_none(), "one batch per action");
                    self.take(batch.clone());
                    taken = Some(batch);
                }
                ServerMessage::Pong { nonce: answered } if answered == nonce => return taken,
                other => panic!("{:?}: expected a batch or pong, got {other:?}", self.seat),
            }
        }
    }

    pub fn take(&mut self, batch: Batch) {
        assert_eq!(batch.seq, self.seq + 1, "batches are gap-free");
        apply_all(&mut self.view, &batch.effects);
        self.seq = batch.seq;
        self.to_act = batch.to_act.clone();
        self.options = batch.options.clone();
        self.batches.push(batch);
    }

    pub fn is_over(&self) -> bool {
        self.batches.iter().any(|batch| {
            batch
                .effects
                .iter()
                .any(|effect| matches!(effect, Effect::GameEnded { .. }))
        })
    }
}

/// The effects of a replay's event that `viewer` was sent live.
pub fn seen_by(event: &ReplayEvent, viewer: Viewer) -> Vec<Effect> {
    event
        .effects
        .iter()
        .filter(|scoped| scoped.audience.includes(viewer))
        .map(|scoped| scoped.effect.clone())
        .collect()
}

/// A small, seeded generator for the choices of random players.
pub struct Chooser(u64);

impl Chooser {
    pub fn new(seed: u64) -> Chooser {
        Chooser(seed)
    }

    pub fn index(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        ((u128::from(z) * n as u128) >> 64) as usize
    }
}

/// Has the seat to act play a random listed option, everyone reading each
/// batch, until the game ends or `max_actions` have been played. Returns
/// the number of actions played.
pub fn play(
    players: &mut [Follower],
    watchers: &mut [Follower],
    chooser: &mut Chooser,
    max_actions: usize,
) -> usize {
    let mut played = 0;
    while played < max_actions {
        let Some(&seat) = players[0].to_act.first() else {
            break;
        };
        let listed = players[seat.0 as usize].options.len();
        assert!(listed > 0, "{seat} must decide but was sent no options");
        play_option(players, watchers, seat.0 as usize, chooser.index(listed));
        played += 1;
    }
    played
}

/// Has `seat` play its listed option `option`, everyone reading the batch it
/// makes, and reads the ack.
pub fn play_option(
    players: &mut [Follower],
    watchers: &mut [Follower],
    seat: usize,
    option: usize,
) {
    let actor = &mut players[seat];
    let option = actor.options[option].clone();
    // Ids must not repeat within a match (a repeat is a resend): the seq the
    // action will make is new every time.
    let id = actor.seq + 1;
    actor.client.send(&ClientMessage::Act {
        match_id: actor.match_id,
        id,
        action: option.action,
    });
    actor.next_batch();
    match actor.client.recv_game() {
        ServerMessage::Ack { id: acked, seq, .. } => {
            assert_eq!(acked, id);
            assert_eq!(seq, actor.seq);
        }
        other => panic!("expected the ack of action {id}, got {other:?}"),
    }
    for (at, follower) in players.iter_mut().enumerate() {
        if at != seat {
            follower.take_any_batch();
        }
    }
    for follower in watchers.iter_mut() {
        follower.take_any_batch();
    }
}
