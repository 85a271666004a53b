//! The bots: a slot's two seats, each on its own connection, playing a random
//! listed option whenever their seat may act, one match after another.
//! A dropped connection is reopened with backoff and the match resumed from
//! the last `seq` applied; an action sent but never acknowledged is
//! forgotten (it was never promised).

use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::{Duration, Instant};

use fray_protocol::{Action, ClientMessage, ErrorCode, MatchId, MatchStatus, Role, Seat};
use hdrhistogram::Histogram;
use tokio::sync::watch;

use super::acks::{Ack, Entry};
use super::conn::{Backoff, Conn, Recv};
use super::incoming::{self, Incoming, Kind};
use super::run::{Ctx, Phase, until_stopping};
use super::setup::{self, Pair};
use super::stats::{is_rejection, latency_histogram};
use fray_cli::random::SplitMix64;

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
    rng: SplitMix64,
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
    /// The listed options' actions, as the server sent them, one after
    /// another in `actions`; `options` holds where each lies.
    actions: String,
    options: Vec<Range<usize>>,
    over: bool,
}

impl Following {
    /// Keeps a message's options (none when it lists none).
    fn set_options(&mut self, message: &Incoming) {
        self.actions.clear();
        self.options.clear();
        for option in &message.options {
            let start = self.actions.len();
            self.actions.push_str(option.action);
            self.options.push(start..self.actions.len());
        }
    }

    fn clear_options(&mut self) {
        self.actions.clear();
        self.options.clear();
    }

    fn may_act(&self) -> bool {
        !self.over
            && !self.options.is_empty()
            && self.seat.is_some_and(|seat| self.to_act.contains(&seat))
    }
}

struct InFlight {
    id: u64,
    /// The action sent, as JSON, kept for the acknowledgement log only.
    action: Option<String>,
    sent: Instant,
}

impl SeatBot {
    pub fn new(ctx: Arc<Ctx>, token: String, seed: u64) -> SeatBot {
        SeatBot {
            ctx,
            token,
            conn: None,
            rng: SplitMix64::new(seed),
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

    /// Plays this seat of `match_id` until the match ends or the run stops.
    pub async fn play(&mut self, match_id: MatchId) -> Played {
        // Made once, not once a message.
        let mut phase = self.ctx.phase.clone();
        let stopping = until_stopping(&mut phase);
        tokio::pin!(stopping);
        let mut game = Following::default();
        let mut in_flight: Option<InFlight> = None;
        let mut subscribed = false;
        let mut heard = Instant::now();
        // One timer for the whole match, pushed back as the match is heard
        // (a later deadline costs no lock), rather than one per message.
        let stall = tokio::time::sleep(STALL);
        tokio::pin!(stall);
        loop {
            if *self.ctx.phase.borrow() == Phase::Stopping {
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
                game.clear_options();
            }
            if game.over {
                let _ = conn.send(&ClientMessage::Unsubscribe { match_id }).await;
                return Played::Finished;
            }
            if in_flight.is_none() && game.may_act() {
                if let Some(rate) = &self.ctx.rate {
                    rate.slot().await;
                }
                let pick = self.rng.below(game.options.len());
                let action = &game.actions[game.options[pick].clone()];
                let id = self.next_id;
                self.next_id += 1;
                // The option's action goes back as the server sent it.
                let act = incoming::act_text(match_id, id, action);
                let action = self.ctx.acks.is_some().then(|| action.to_owned());
                let conn = self.conn.as_mut().expect("connected");
                conn.pace().await;
                let sent = Instant::now();
                if let Err(error) = conn.send_text_now(act).await {
                    self.lose_connection(&error);
                    continue;
                }
                self.ctx.stats.sent.fetch_add(1, Relaxed);
                in_flight = Some(InFlight { id, action, sent });
            }
            let conn = self.conn.as_mut().expect("connected");
            let stall_at = heard + STALL;
            if stall.deadline().into_std() != stall_at {
                stall.as_mut().reset(stall_at.into());
            }
            let received = tokio::select! {
                received = conn.recv() => received,
                () = &mut stall => {
                    self.ctx.stats.error(
                        "stalled",
                        format!(
                            "match {match_id}: nothing heard for {} s; resubscribing",
                            STALL.as_secs()
                        ),
                    );
                    subscribed = false;
                    in_flight = None;
                    heard = Instant::now();
                    continue;
                }
                () = &mut stopping => return Played::Stopped,
            };
            let text = match received {
                Recv::Gone(why) => {
                    self.lose_connection(&why);
                    continue;
                }
                Recv::Text(text) => text,
            };
            let message = match Incoming::read(&text) {
                Ok(message) => message,
                Err(error) => {
                    self.lose_connection(&format!("not a server message: {error}"));
                    continue;
                }
            };
            let ours = message.match_id == Some(match_id);
            match (message.kind, message.seq) {
                (Kind::Snapshot, Some(seq)) if ours => {
                    heard = Instant::now();
                    if game.known && seq < game.seq {
                        self.ctx.stats.error(
                            "seq_went_back",
                            format!(
                                "match {match_id}: a snapshot at seq {seq} after seq {} was applied",
                                game.seq
                            ),
                        );
                    }
                    game.known = true;
                    game.seq = seq;
                    game.seat = message.seat;
                    game.set_options(&message);
                    game.to_act = message.to_act;
                    game.over = message.status == Some(MatchStatus::Finished);
                }
                (Kind::Batch, Some(seq)) if ours => {
                    heard = Instant::now();
                    if game.known && seq <= game.seq {
                        continue;
                    }
                    if game.known && seq != game.seq + 1 {
                        self.ctx.stats.error(
                            "seq_gap",
                            format!(
                                "match {match_id}: batch {seq} came after {}; resubscribing",
                                game.seq
                            ),
                        );
                        subscribed = false;
                        continue;
                    }
                    game.known = true;
                    game.seq = seq;
                    game.over |= message.game_ended.0;
                    game.set_options(&message);
                    game.to_act = message.to_act;
                }
                (Kind::Ack, Some(seq)) if ours => {
                    heard = Instant::now();
                    let Some(flight) = in_flight.take_if(|flight| Some(flight.id) == message.id)
                    else {
                        continue;
                    };
                    let micros = flight.sent.elapsed().as_micros() as u64;
                    self.latencies.saturating_record(micros.max(1));
                    self.ctx.stats.acked(micros);
                    if let (Some(log), Some(action)) = (&self.ctx.acks, flight.action) {
                        // Read back only here: the log holds the action as sent.
                        match serde_json::from_str::<Action>(&action) {
                            Ok(action) => log.record(Entry::Ack(Ack {
                                match_id,
                                seq,
                                id: flight.id,
                                seat: game.seat.map_or(u8::MAX, |seat| seat.0),
                                action,
                            })),
                            Err(error) => self.ctx.stats.error(
                                "bad_option",
                                format!("match {match_id}: an option's action {action}: {error}"),
                            ),
                        }
                    }
                }
                (Kind::Error, _) => {
                    let (id, Some(code)) = (message.id, message.code) else {
                        continue;
                    };
                    let message = message.message.unwrap_or_default();
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
        // Against a house bot the slot's second player sits out: the
        // server plays seat 1.
        let (played_a, played_b) = if pair.house_bot.is_some() {
            (a.play(current).await, Played::Finished)
        } else {
            tokio::join!(a.play(current), b.play(current))
        };
        if played_a == Played::Finished && played_b == Played::Finished {
            ctx.stats.matches_finished.fetch_add(1, Relaxed);
        }
        if *ctx.phase.borrow() != Phase::Running {
            break;
        }
        let (rest, stats, next_pair) = (ctx.rest.clone(), ctx.stats.clone(), pair.clone());
        let asked = Instant::now();
        match setup::blocking(move || setup::new_match(&rest, &stats, &next_pair)).await {
            Ok(id) => {
                ctx.stats.new_match_made(asked.elapsed());
                ctx.stats.matches_started.fetch_add(1, Relaxed);
                current = id;
            }
            Err(error) => {
                ctx.stats.error(
                    &super::rest::error_key(&error),
                    format!("slot {slot}: a new match: {error}"),
                );
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
