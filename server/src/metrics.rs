//! What an operator watches, served at `GET /metrics` in Prometheus's text
//! format: connections, matches, acknowledged actions, commit latency,
//! refusals by code and connections dropped. Each server has its own set (no
//! process-wide registry), so a test reads the figures of its own server.

use std::sync::Arc;
use std::time::Duration;

use fray_protocol::ErrorCode;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;

use crate::db::health::{Faults, Work};

/// What Prometheus asks for and the encoder writes.
/// The content type of what [`Metrics::encode`] writes.
pub const OPENMETRICS: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// Where a refusal was sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Via {
    Rest,
    Websocket,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct RefusalLabels {
    code: &'static str,
    via: &'static str,
}

/// Why the server let a websocket connection go.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Dropped {
    /// Its outbox filled: it read too slowly.
    TooSlow,
    /// Its match must be rebuilt from the log (a storage failure).
    Resume,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct DroppedLabels {
    reason: &'static str,
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, EncodeLabelSet)]
struct WorkLabels {
    work: &'static str,
}

/// The server's figures. Cheap to update from any task or thread.
pub struct Metrics {
    registry: Registry,
    /// TCP connections open, HTTP and websocket alike.
    pub connections: Gauge,
    /// Connections refused because the connection cap was reached.
    pub connections_refused: Counter,
    /// Connections refused because their address held as many as it may.
    pub address_connections_refused: Counter,
    /// Websocket connections open.
    pub websockets: Gauge,
    /// Matches with a live actor that are not over.
    pub matches_running: Gauge,
    /// Acks sent for actions and resignations, a resend's again too.
    pub acks: Counter,
    /// Matches rebuilt from their stored log: after a restart, or a
    /// finished match followed again once its state was no longer kept.
    pub match_rebuilds: Counter,
    /// How long each group commit of the event log took.
    pub commit_seconds: Histogram,
    /// House bots' thoughts queued or being thought.
    pub bot_thoughts_waiting: Gauge,
    /// How long each house bot's thought took, from the start of its search.
    pub bot_thought_seconds: Histogram,
    refusals: Family<RefusalLabels, Counter>,
    dropped: Family<DroppedLabels, Counter>,
    /// Answers to bad input left out because the outbox was half full.
    pub refusals_skipped: Counter,
    storage_failing: Family<WorkLabels, Gauge>,
}

impl Default for Metrics {
    fn default() -> Self {
        Metrics::new()
    }
}

impl Metrics {
    pub fn new() -> Metrics {
        let mut registry = Registry::with_prefix("fray");
        let connections = Gauge::default();
        registry.register(
            "connections",
            "TCP connections open (HTTP and websocket)",
            connections.clone(),
        );
        let connections_refused = Counter::default();
        registry.register(
            "connections_refused",
            "Connections refused at once because the connection cap was reached",
            connections_refused.clone(),
        );
        let address_connections_refused = Counter::default();
        registry.register(
            "address_connections_refused",
            "Connections refused at once because their client address held as many as one may",
            address_connections_refused.clone(),
        );
        let websockets = Gauge::default();
        registry.register(
            "websocket_connections",
            "Websocket connections open",
            websockets.clone(),
        );
        let matches_running = Gauge::default();
        registry.register(
            "matches_running",
            "Matches being played (a live actor, not over)",
            matches_running.clone(),
        );
        let acks = Counter::default();
        registry.register(
            "acks",
            "Acks sent for actions and resignations, a resend's again too (rate() gives acks per second)",
            acks.clone(),
        );
        let match_rebuilds = Counter::default();
        registry.register(
            "match_rebuilds",
            "Matches rebuilt from their stored log (after a restart, or a finished match no longer kept in memory)",
            match_rebuilds.clone(),
        );
        // 50 µs to ~1.6 s: a commit is ~0.3 ms quiet, tens of ms under full
        // load, and seconds only when the disk is in trouble.
        let commit_seconds = Histogram::new(exponential_buckets(0.000_05, 2.0, 16));
        registry.register(
            "commit_seconds",
            "Time to write and sync one group commit of the event log",
            commit_seconds.clone(),
        );
        let bot_thoughts_waiting = Gauge::default();
        registry.register(
            "bot_thoughts_waiting",
            "House bots' thoughts (decisions, draw answers, suggestions) queued or being thought",
            bot_thoughts_waiting.clone(),
        );
        // 1 ms to ~33 s: an easy decision takes milliseconds, an expert's up
        // to 2 s; longer says the bots' threads are too few or too slow.
        let bot_thought_seconds = Histogram::new(exponential_buckets(0.001, 2.0, 16));
        registry.register(
            "bot_thought_seconds",
            "Time a house bot took to think one thought, once its thread took it",
            bot_thought_seconds.clone(),
        );
        let refusals = Family::default();
        registry.register(
            "refusals",
            "Requests and messages refused, by error code and by REST or websocket",
            refusals.clone(),
        );
        let dropped = Family::default();
        registry.register(
            "websocket_dropped",
            "Websocket connections the server let go: too_slow (their outbox filled) or resume (their match is rebuilt)",
            dropped.clone(),
        );
        let refusals_skipped = Counter::default();
        registry.register(
            "refusals_skipped",
            "Answers to bad websocket input left out because the connection's outbox was half full",
            refusals_skipped.clone(),
        );
        let storage_failing = Family::default();
        registry.register(
            "storage_failing",
            "1 while this kind of storage work fails (writes, checkpoints), as /healthz says degraded",
            storage_failing.clone(),
        );
        Metrics {
            registry,
            connections,
            connections_refused,
            address_connections_refused,
            websockets,
            matches_running,
            acks,
            match_rebuilds,
            commit_seconds,
            bot_thoughts_waiting,
            bot_thought_seconds,
            refusals,
            dropped,
            refusals_skipped,
            storage_failing,
        }
    }

    /// Counts `count` messages or requests refused with `code`.
    pub fn refused(&self, code: ErrorCode, via: Via, count: u64) {
        let via = match via {
            Via::Rest => "rest",
            Via::Websocket => "websocket",
        };
        self.refusals
            .get_or_create(&RefusalLabels {
                code: code.key(),
                via,
            })
            .inc_by(count);
    }

    pub fn dropped(&self, why: Dropped) {
        let reason = match why {
            Dropped::TooSlow => "too_slow",
            Dropped::Resume => "resume",
        };
        self.dropped.get_or_create(&DroppedLabels { reason }).inc();
    }

    /// Takes the storage's health as it is now.
    pub fn storage(&self, faults: &Faults) {
        for work in [Work::Writes, Work::Checkpoints] {
            let failing = faults.iter().any(|(failing, _)| failing == work);
            self.storage_failing
                .get_or_create(&WorkLabels {
                    work: work.as_str(),
                })
                .set(i64::from(failing));
        }
    }

    pub fn commit_took(&self, took: Duration) {
        self.commit_seconds.observe(took.as_secs_f64());
    }

    /// Every figure, in the text format.
    pub fn encode(&self) -> String {
        let mut text = String::new();
        prometheus_client::encoding::text::encode(&mut text, &self.registry)
            .expect("writing to a String cannot fail");
        text
    }
}

/// Counts one running match for as long as it lives and is not over.
pub struct RunningMatch {
    metrics: Arc<Metrics>,
    counted: bool,
}

impl RunningMatch {
    pub fn new(metrics: Arc<Metrics>, over: bool) -> RunningMatch {
        if !over {
            metrics.matches_running.inc();
        }
        RunningMatch {
            metrics,
            counted: !over,
        }
    }

    /// The match is over: it no longer counts, though its actor may live on
    /// for its followers.
    pub fn over(&mut self) {
        if std::mem::take(&mut self.counted) {
            self.metrics.matches_running.dec();
        }
    }
}

impl Drop for RunningMatch {
    fn drop(&mut self) {
        self.over();
    }
}

/// Counts one open connection for as long as it lives.
pub struct Open(Gauge);

impl Open {
    pub fn new(gauge: &Gauge) -> Open {
        gauge.inc();
        Open(gauge.clone())
    }
}

impl Drop for Open {
    fn drop(&mut self) {
        self.0.dec();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The value of the line that starts with `series `.
    fn value(text: &str, series: &str) -> Option<f64> {
        text.lines()
            .find_map(|line| line.strip_prefix(series)?.strip_prefix(' '))
            .map(|value| value.parse().unwrap())
    }

    #[test]
    fn refusals_are_counted_by_code_and_way() {
        let metrics = Metrics::new();
        metrics.refused(ErrorCode::RateLimited, Via::Websocket, 249);
        metrics.refused(ErrorCode::RateLimited, Via::Websocket, 1);
        metrics.refused(ErrorCode::NotFound, Via::Rest, 1);

        let text = metrics.encode();
        assert_eq!(
            value(
                &text,
                r#"fray_refusals_total{code="rate_limited",via="websocket"}"#
            ),
            Some(250.0)
        );
        assert_eq!(
            value(&text, r#"fray_refusals_total{code="not_found",via="rest"}"#),
            Some(1.0)
        );
    }

    #[test]
    fn a_running_match_counts_until_it_is_over_or_gone() {
        let metrics = Arc::new(Metrics::new());
        let mut first = RunningMatch::new(metrics.clone(), false);
        let second = RunningMatch::new(metrics.clone(), false);
        let finished = RunningMatch::new(metrics.clone(), true);
        assert_eq!(metrics.matches_running.get(), 2);

        first.over();
        first.over();
        assert_eq!(metrics.matches_running.get(), 1);
        drop((first, finished));
        assert_eq!(metrics.matches_running.get(), 1);
        drop(second);
        assert_eq!(metrics.matches_running.get(), 0);
    }

    #[test]
    fn commit_times_fall_into_their_buckets() {
        let metrics = Metrics::new();
        metrics.commit_took(Duration::from_micros(300));
        metrics.commit_took(Duration::from_millis(30));

        let text = metrics.encode();
        assert_eq!(value(&text, "fray_commit_seconds_count"), Some(2.0));
        assert_eq!(
            value(&text, r#"fray_commit_seconds_bucket{le="0.0004"}"#),
            Some(1.0)
        );
        assert_eq!(
            value(&text, r#"fray_commit_seconds_bucket{le="+Inf"}"#),
            Some(2.0)
        );
    }
}
