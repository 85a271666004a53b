//! What the run counts, shared by every task, and the progress line.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering::Relaxed};
use std::time::{Duration, Instant};

use fray_protocol::ErrorCode;
use hdrhistogram::Histogram;

/// Error messages kept to show in the summary.
const KEPT_MESSAGES: usize = 8;

#[derive(Default)]
pub struct Stats {
    /// Websocket connections open now (past `welcome`).
    pub connections: AtomicI64,
    pub peak_connections: AtomicI64,
    pub sent: AtomicU64,
    acks: AtomicU64,
    /// The slowest ack since the progress line last looked, in µs.
    slowest_ack: AtomicU64,
    pub matches_started: AtomicU64,
    pub matches_finished: AtomicU64,
    /// How long each match made during the run took to make (created and
    /// joined over the lobby, retries included), in µs: a slot plays
    /// nothing meanwhile.
    new_matches: Durations,
    /// Batches spectators received.
    pub spectated: AtomicU64,
    pub pings: AtomicU64,
    /// Connections that dropped under a bot, a spectator or an idle client.
    pub disconnects: AtomicU64,
    pub reconnects: AtomicU64,
    /// Requests or connections tried again while the server was away.
    pub retries: AtomicU64,
    rejections: Mutex<BTreeMap<String, u64>>,
    errors: Mutex<BTreeMap<String, u64>>,
    messages: Mutex<Vec<String>>,
    error_count: AtomicU64,
}

/// The rules' refusals: a random bot may meet them (a simultaneous choice
/// overtaken), and they are counted apart from errors.
pub fn is_rejection(code: ErrorCode) -> bool {
    matches!(
        code,
        ErrorCode::GameOver
            | ErrorCode::NotYourTurn
            | ErrorCode::NotYourPiece
            | ErrorCode::UnknownAction
            | ErrorCode::IllegalAction
    )
}

/// A histogram behind a lock, empty by default.
struct Durations(Mutex<Histogram<u64>>);

impl Default for Durations {
    fn default() -> Self {
        Durations(Mutex::new(latency_histogram()))
    }
}

impl Stats {
    pub fn connected(&self) {
        let now = self.connections.fetch_add(1, Relaxed) + 1;
        self.peak_connections.fetch_max(now, Relaxed);
    }

    /// An action acknowledged `micros` after it was sent.
    pub fn acked(&self, micros: u64) {
        self.acks.fetch_add(1, Relaxed);
        self.slowest_ack.fetch_max(micros, Relaxed);
    }

    pub fn acks(&self) -> u64 {
        self.acks.load(Relaxed)
    }

    /// The slowest ack since the last call, in µs (0 if none): a spike
    /// shows in the second it happened, where the run's p99 hides it.
    pub fn take_slowest_ack(&self) -> u64 {
        self.slowest_ack.swap(0, Relaxed)
    }

    pub fn new_match_made(&self, took: Duration) {
        lock(&self.new_matches.0).saturating_record((took.as_micros() as u64).max(1));
    }

    /// How long the matches made during the run took to make, in µs.
    pub fn new_match_times(&self) -> Histogram<u64> {
        lock(&self.new_matches.0).clone()
    }

    pub fn disconnected(&self) {
        self.connections.fetch_sub(1, Relaxed);
    }

    pub fn rejection(&self, code: ErrorCode) {
        *lock(&self.rejections).entry(code.key().into()).or_default() += 1;
    }

    /// An error: `key` counts it, `message` says what happened.
    pub fn error(&self, key: &str, message: impl Into<String>) {
        self.error_count.fetch_add(1, Relaxed);
        *lock(&self.errors).entry(key.into()).or_default() += 1;
        let mut messages = lock(&self.messages);
        if messages.len() < KEPT_MESSAGES {
            messages.push(message.into());
        }
    }

    /// Keeps a message to show (a disconnect's reason) without counting
    /// an error.
    pub fn note(&self, message: impl Into<String>) {
        let mut messages = lock(&self.messages);
        if messages.len() < KEPT_MESSAGES {
            messages.push(message.into());
        }
    }

    pub fn errors(&self) -> u64 {
        self.error_count.load(Relaxed)
    }

    pub fn rejections_by_code(&self) -> BTreeMap<String, u64> {
        lock(&self.rejections).clone()
    }

    pub fn errors_by_code(&self) -> BTreeMap<String, u64> {
        lock(&self.errors).clone()
    }

    pub fn messages(&self) -> Vec<String> {
        lock(&self.messages).clone()
    }
}

fn lock<T>(mutex: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

/// Ack latencies in microseconds, 1 µs to 10 minutes, 3 significant digits.
pub fn latency_histogram() -> Histogram<u64> {
    Histogram::new_with_bounds(1, 600_000_000, 3).expect("valid histogram bounds")
}

/// Prints one progress line a second on stderr until `stop` fires.
pub async fn progress(
    stats: std::sync::Arc<Stats>,
    phase: &'static str,
    started: Instant,
    mut stop: tokio::sync::watch::Receiver<bool>,
) {
    let mut tick = tokio::time::interval(Duration::from_secs(1));
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tick.tick().await;
    let mut last_acks = stats.acks();
    let mut last_time = Instant::now();
    stats.take_slowest_ack();
    loop {
        tokio::select! {
            _ = tick.tick() => {}
            _ = stop.changed() => return,
        }
        let acks = stats.acks();
        let slowest = stats.take_slowest_ack();
        let now = Instant::now();
        let rate = (acks - last_acks) as f64 / now.duration_since(last_time).as_secs_f64();
        last_acks = acks;
        last_time = now;
        eprintln!(
            "[{phase} {:>6.1}s] connections {:>6}  actions/s {:>8.0}  acks {:>9}  slowest ack {:>7.1} ms  matches finished {:>6}  errors {}{}",
            started.elapsed().as_secs_f64(),
            stats.connections.load(Relaxed),
            rate,
            acks,
            slowest as f64 / 1000.0,
            stats.matches_finished.load(Relaxed),
            stats.errors(),
            match stats.disconnects.load(Relaxed) {
                0 => String::new(),
                n => format!("  disconnects {n}"),
            },
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_slowest_ack_is_reported_once_then_starts_over() {
        let stats = Stats::default();
        stats.acked(1_200);
        stats.acked(9_800);
        stats.acked(3_000);
        assert_eq!(stats.acks(), 3);
        assert_eq!(stats.take_slowest_ack(), 9_800);
        assert_eq!(stats.take_slowest_ack(), 0);
        stats.acked(700);
        assert_eq!(stats.take_slowest_ack(), 700);
        assert_eq!(stats.acks(), 4);
    }
}
