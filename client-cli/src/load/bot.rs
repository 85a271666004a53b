//! The bots: a slot's two seats, each on its own connection, playing a random
//! listed option whenever their seat may act, one match after another.
//! A dropped connection is reopened with backoff and the match resumed from
//! the last `seq` applied; an action sent but never acknowledged is
//! forgotten (it was never promised).

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

use fray_protocol::{
    Action, ActionOption, ClientMessage, Effect, ErrorCode, MatchId, MatchStatus, Role, Seat,
    ServerMessage,
};
use hdrhistogram::Histogram;
use tokio::sync::watch;

use super::acks::{Ack, Entry};
use super::conn::{Backoff, Conn, Recv};
use super::run::{Ctx, Phase, until_stopping};
use super::setup::{self, Pair};
use super::stats::{is_rejection, latency_histogram};

/// A seat that hears nothing about its match this long resubscribes.
const STALL: Duration = Duration::from_secs(30);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Played {
    Finished,
    Stopped,
}

/// One seat's connection and what it keeps across matches.
pub struct SeatBot {
    ctx: Arc<Ctx>,
    token: String,
    conn: Option<Conn>,
    rng: u64,
    next_id: u64,
    backoff: Backoff,
    ever_connected: bool,
    pub latencies: Histogram<u64>,
}

/// A match as one seat follows it.
#[derive(Default)]
struct Following {
    /// Whether a snapshot (or batch) has been applied.
    known: bool,
    seq: u64,
    seat: Option<Seat>,
    to_act: Vec<Seat>,
    options: Vec<ActionOption>,
    over: bool,
}

impl Following {
    fn may_act(&self) -> bool {
        !self.over
            && !self.options.is_empty()
            && self.seat.is_some_and(|seat| self.to_act.contains(&seat))
    }
}

struct InFlight {
    id: u64,
    action: Action,
    sent: Instant,
}

impl SeatBot {
    pub fn new(ctx: Arc<Ctx>, token: String, seed: u64) -> SeatBot {
        SeatBot {
            ctx,
            token,
            conn: None,
            rng: seed,
            next_id: 1,
            backoff: Backoff::new(),
            ever_connected: false,
            latencies: latency_histogram(),
        }
    }

    /// Opens the connection, with backoff; false once the run stops.
    async fn connect(&mut self) -> bool {
        let mut phase = self.ctx.phase.clone();
        loop {
            if *phase.borrow() == Phase::Stopping {
                return false;
            }
            match self.ctx.open(Some(&self.token)).await {
                Ok(conn) => {
                    if self.ever_connected {
                        self.ctx.stats.reconnects.fetch_add(1, Relaxed);
                    }
                    self.ever_connected = true;
                    self.backoff.reset();
                    self.conn = Some(conn);
                    return true;
                }
                Err(error) => {
                    self.ctx.connect_failed(&error);
                    tokio::select! {
                        () = tokio::time::sleep(self.backoff.next()) => {}
                        () = until_stopping(&mut phase) => return false,
                    }
                }
            }
        }
    }

    fn lose_connection(&mut self, why: &str) {
        if self.conn.take().is_some() {
            self.ctx.stats.disconnects.fetch_add(1, Relaxed);
            self.ctx.note_disconnect(why);
        }
    }

    fn pick(&mut self, n: usize) -> usize {
        self.rng = self.rng.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.rng;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^= z >> 31;
        ((u128::from(z) * n as u128) >> 64) as usize
    }

    /// Plays this seat of `match_id` until the match ends or the run stops.
    pub async fn play(&mut self, match_id: MatchId) -> Played {
        let mut phase = self.ctx.phase.clone();
        let mut game = Following::default();
        let mut in_flight: Option<InFlight> = None;
        let mut subscribed = false;
        let mut heard = Instant::now();
        loop {
            if *phase.borrow() == Phase::Stopping {
                return Played::Stopped;
            }
            if self.conn.is_none() {
                if !self.connect().await {
                    return Played::Stopped;
                }
                subscribed = false;
                in_flight = None;
            }
            let conn = self.conn.as_mut().expect("connected");
            if !subscribed {
                let subscribe = ClientMessage::Subscribe {
                    match_id,
                    role: Role::Player,
                    since: game.known.then_some(game.seq),
                };
                if let Err(error) = conn.send(&subscribe).await {
                    self.lose_connection(&error);
                    continue;
                }
                subscribed = true;
                heard = Instant::now();
                // What was known may be stale (an action stored but its ack
                // lost): act again only on what the server sends now.
                game.options.clear();
            }
            if game.over {
                let _ = conn.send(&ClientMessage::Unsubscribe { match_id }).await;
                return Played::Finished;
            }
            if in_flight.is_none() && game.may_act() {
                if let Some(rate) = &self.ctx.rate {
                    rate.slot().await;
                }
                let pick = self.pick(game.options.len());
                let action = game.options[pick].action.clone();
                let id = self.next_id;
                self.next_id += 1;
                let conn = self.conn.as_mut().expect("connected");
                conn.pace().await;
                let sent = Instant::now();
                let act = ClientMessage::Act {
                    match_id,
                    id,
                    action: action.clone(),
                };
                if let Err(error) = conn.send_now(&act).await {
                    self.lose_connection(&error);
                    continue;
                }
                self.ctx.stats.sent.fetch_add(1, Relaxed);
                in_flight = Some(InFlight { id, action, sent });
            }
            let conn = self.conn.as_mut().expect("connected");
            let received = tokio::select! {
                received = tokio::time::timeout(STALL, conn.recv()) => received,
                () = until_stopping(&mut phase) => return Played::Stopped,
            };
            let message = match received {
                Err(_) => {
                    if heard.elapsed() >= STALL {
                        self.ctx.stats.error(
                            "stalled",
                            format!(
                                "match {match_id}: nothing heard for {} s; resubscribing",
                                STALL.as_secs()
                            ),
                        );
                        subscribed = false;
                        in_flight = None;
                    }
                    continue;
                }
                Ok(Recv::Gone(why)) => {
                    self.lose_connection(&why);
                    continue;
                }
                Ok(Recv::Message(message)) => message,
            };
            match *message {
                ServerMessage::Snapshot(snapshot) if snapshot.match_id == match_id => {
                    heard = Instant::now();
                    if game.known && snapshot.seq < game.seq {
                        self.ctx.stats.error(
                            "seq_went_back",
                            format!(
                                "match {match_id}: a snapshot at seq {} after seq {} was applied",
                                snapshot.seq, game.seq
                            ),
                        );
                    }
                    game.known = true;
                    game.seq = snapshot.seq;
                    game.seat = snapshot.seat;
                    game.to_act = snapshot.to_act;
                    game.options = snapshot.options;
                    game.over = snapshot.status == MatchStatus::Finished;
                }
                ServerMessage::Batch(batch) if batch.match_id == match_id => {
                    heard = Instant::now();
                    if game.known && batch.seq <= game.seq {
                        continue;
                    }
                    if game.known && batch.seq != game.seq + 1 {
                        self.ctx.stats.error(
                            "seq_gap",
                            format!(
                                "match {match_id}: batch {} came after {}; resubscribing",
                                batch.seq, game.seq
                            ),
                        );
                        subscribed = false;
                        continue;
                    }
                    game.known = true;
                    game.seq = batch.seq;
                    game.over |= batch
                        .effects
                        .iter()
                        .any(|effect| matches!(effect, Effect::GameEnded { .. }));
                    game.to_act = batch.to_act;
                    game.options = batch.options;
                }
                ServerMessage::Ack {
                    match_id: acked,
                    id,
                    seq,
                } if acked == match_id => {
                    heard = Instant::now();
                    let Some(flight) = in_flight.take_if(|flight| flight.id == id) else {
                        continue;
                    };
                    let micros = flight.sent.elapsed().as_micros() as u64;
                    self.latencies.saturating_record(micros.max(1));
                    self.ctx.stats.acks.fetch_add(1, Relaxed);
                    if let Some(log) = &self.ctx.acks {
                        log.record(Entry::Ack(Ack {
                            match_id,
                            seq,
                            id,
                            seat: game.seat.map_or(u8::MAX, |seat| seat.0),
                            action: flight.action,
                        }));
                    }
                }
                ServerMessage::Error {
                    id, code, message, ..
                } => {
                    let ours = id.is_some() && in_flight.as_ref().map(|f| f.id) == id;
                    if ours || code == ErrorCode::RateLimited {
                        in_flight = None;
                    }
                    if is_rejection(code) {
                        self.ctx.stats.rejection(code);
                        continue;
                    }
                    match code {
                        // The match is being rebuilt after a restart.
                        ErrorCode::Unavailable => {
                            self.ctx.stats.retries.fetch_add(1, Relaxed);
                            tokio::time::sleep(Duration::from_millis(100)).await;
                            subscribed = false;
                        }
                        ErrorCode::NotSubscribed | ErrorCode::RateLimited => {
                            self.ctx
                                .stats
                                .error(code.key(), format!("match {match_id}: {message}"));
                            tokio::time::sleep(Duration::from_millis(500)).await;
                            subscribed = false;
                        }
                        _ => {
                            self.ctx
                                .stats
                                .error(code.key(), format!("match {match_id}: {message}"));
                            if code == ErrorCode::NotFound {
                                // Nothing to play: give the match up.
                                return Played::Stopped;
                            }
                        }
                    }
                }
                // Another match's leftovers, seat clocks, pongs.
                _ => {}
            }
        }
    }

    pub async fn close(&mut self) {
        if let Some(conn) = self.conn.take() {
            conn.close().await;
        }
    }
}

/// One slot: a pair of players playing `first`, then new matches while the
/// run lasts. Returns the slot's ack latencies.
pub async fn run_slot(
    ctx: Arc<Ctx>,
    slot: usize,
    pair: Pair,
    first: MatchId,
    follow: watch::Sender<Option<MatchId>>,
) -> Histogram<u64> {
    let seed = ctx.plan.seed ^ (slot as u64).wrapping_mul(0x2545_f491_4f6c_dd1d);
    let mut bots = [
        SeatBot::new(ctx.clone(), pair.players[0].token.clone(), seed),
        SeatBot::new(ctx.clone(), pair.players[1].token.clone(), !seed),
    ];
    let mut current = first;
    loop {
        follow.send_replace(Some(current));
        if let Some(log) = &ctx.acks {
            log.record(Entry::Match { match_id: current });
        }
        let [a, b] = &mut bots;
        let (played_a, played_b) = tokio::join!(a.play(current), b.play(current));
        if played_a == Played::Finished && played_b == Played::Finished {
            ctx.stats.matches_finished.fetch_add(1, Relaxed);
        }
        if *ctx.phase.borrow() != Phase::Running {
            break;
        }
        let (rest, stats, next_pair) = (ctx.rest.clone(), ctx.stats.clone(), pair.clone());
        match setup::blocking(move || setup::new_match(&rest, &stats, &next_pair)).await {
            Ok(id) => {
                ctx.stats.matches_started.fetch_add(1, Relaxed);
                current = id;
            }
            Err(error) => {
                ctx.stats
                    .error(&error.key(), format!("slot {slot}: a new match: {error}"));
                break;
            }
        }
        // A match made as the run began to drain is left unplayed.
        if *ctx.phase.borrow() != Phase::Running {
            break;
        }
    }
    let mut latencies = latency_histogram();
    for bot in &mut bots {
        bot.close().await;
        let _ = latencies.add(&bot.latencies);
    }
    latencies
}
