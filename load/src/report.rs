//! The summary at the end of a run: as text, or as one JSON object.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

use hdrhistogram::Histogram;
use serde_json::{Value, json};

use super::args::Plan;
use super::memory::Memory;
use super::stats::Stats;
use fray_cli::shown::shown;

/// The server's memory at the moments the run read it.
#[derive(Debug, Default, Clone)]
pub struct Memories {
    pub before_setup: Option<Memory>,
    pub before_connecting: Option<Memory>,
    /// Once every connection was open (the number is `open_connections`).
    pub open: Option<Memory>,
    pub open_connections: i64,
    pub end: Option<Memory>,
}

impl Memories {
    /// KiB of resident memory per open connection, from before connecting
    /// to every connection open.
    pub fn per_connection_kib(&self) -> Option<f64> {
        let (before, open) = (self.before_connecting?, self.open?);
        (self.open_connections > 0)
            .then(|| (open.rss_kib as f64 - before.rss_kib as f64) / self.open_connections as f64)
    }
}

pub struct Report<'a> {
    pub plan: &'a Plan,
    pub stats: &'a Stats,
    pub setup: Duration,
    /// From the first connection to the end of the timed play.
    pub played: Duration,
    /// How long a durability run's matches took to finish after it.
    pub drained: Option<Duration>,
    pub expected: i64,
    /// Connections open at the end of the timed play.
    pub held: i64,
    /// When every connection was open, if they all were.
    pub all_open: Option<Duration>,
    pub latencies: &'a Histogram<u64>,
    pub memories: Memories,
}

fn ms(micros: u64) -> f64 {
    micros as f64 / 1000.0
}

impl Report<'_> {
    fn acks(&self) -> u64 {
        self.stats.acks()
    }

    fn per_second(&self) -> f64 {
        self.acks() as f64 / self.played.as_secs_f64().max(1e-9)
    }

    fn quantile(&self, q: f64) -> Option<u64> {
        (!self.latencies.is_empty()).then(|| self.latencies.value_at_quantile(q))
    }

    pub fn json(&self) -> Value {
        let stats = self.stats;
        let memory = |memory: Option<Memory>| {
            memory.map_or(
                Value::Null,
                |m| json!({"rss_kib": m.rss_kib, "hwm_kib": m.hwm_kib}),
            )
        };
        let latency = |q: f64| self.quantile(q).map_or(Value::Null, |us| json!(us));
        json!({
            "server": self.plan.base,
            "systems": self.plan.systems.0.iter().map(|s| s.key()).collect::<Vec<_>>(),
            "matches": self.plan.matches,
            "house_bot_games": self.plan.house_bot_games,
            "house_bot_level": self.plan.house_bot_level.key(),
            "idle": self.plan.idle,
            "spectators": self.plan.spectators,
            "rate_cap": self.plan.rate,
            "setup_seconds": self.setup.as_secs_f64(),
            "played_seconds": self.played.as_secs_f64(),
            "drain_seconds": self.drained.map(|d| d.as_secs_f64()),
            "connections": {
                "expected": self.expected,
                "held": self.held,
                "peak": stats.peak_connections.load(Relaxed),
                "all_open_after_seconds": self.all_open.map(|d| d.as_secs_f64()),
            },
            "matches_started": stats.matches_started.load(Relaxed),
            "matches_finished": stats.matches_finished.load(Relaxed),
            "new_match_us": quantiles(&stats.new_match_times()),
            "actions_sent": stats.sent.load(Relaxed),
            "actions_acked": self.acks(),
            "actions_per_second": self.per_second(),
            "ack_latency_us": {
                "p50": latency(0.50),
                "p90": latency(0.90),
                "p99": latency(0.99),
                "max": if self.latencies.is_empty() { Value::Null } else { json!(self.latencies.max()) },
                "mean": if self.latencies.is_empty() { Value::Null } else { json!(self.latencies.mean()) },
            },
            "spectator_batches": stats.spectated.load(Relaxed),
            "pings": stats.pings.load(Relaxed),
            "rejections": stats.rejections_by_code(),
            "errors": stats.errors(),
            "errors_by_code": stats.errors_by_code(),
            "messages": stats.messages(),
            "disconnects": stats.disconnects.load(Relaxed),
            "reconnects": stats.reconnects.load(Relaxed),
            "retries": stats.retries.load(Relaxed),
            "memory": {
                "pid": self.plan.server_pid,
                "before_setup": memory(self.memories.before_setup),
                "before_connecting": memory(self.memories.before_connecting),
                "all_open": memory(self.memories.open),
                "open_connections": self.memories.open_connections,
                "end": memory(self.memories.end),
                "per_connection_kib": self.memories.per_connection_kib(),
            },
        })
    }
}

/// p50, p99 and max of `times`, or null when there are none.
fn quantiles(times: &Histogram<u64>) -> Value {
    if times.is_empty() {
        return Value::Null;
    }
    json!({
        "p50": times.value_at_quantile(0.5),
        "p99": times.value_at_quantile(0.99),
        "max": times.max(),
        "count": times.len(),
    })
}

fn counts(map: &BTreeMap<String, u64>) -> String {
    if map.is_empty() {
        return "none".into();
    }
    let total: u64 = map.values().sum();
    let each: Vec<String> = map.iter().map(|(code, n)| format!("{code} {n}")).collect();
    format!("{total} ({})", each.join(", "))
}

fn mib(kib: u64) -> String {
    format!("{:.1} MiB", kib as f64 / 1024.0)
}

impl fmt::Display for Report<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let stats = self.stats;
        let plan = self.plan;
        writeln!(
            f,
            "fray load: {} matches of {}{} for {:.1} s against {}{}",
            plan.matches,
            plan.systems.describe(),
            match plan.house_bot_games {
                0 => String::new(),
                games => format!(
                    " and {games} against its {} house bots",
                    plan.house_bot_level
                ),
            },
            self.played.as_secs_f64(),
            plan.base,
            plan.rate
                .map_or(String::new(), |r| format!(", at most {r} actions/s"))
        )?;
        let slots = plan.matches + plan.house_bot_games;
        writeln!(
            f,
            "  set-up        {:.1} s: {} players, {} army lists, {} matches",
            self.setup.as_secs_f64(),
            slots * 2,
            slots * 2,
            slots
        )?;
        writeln!(
            f,
            "  connections   {} held at the end of {} ({} players, {} spectators, {} idle); peak {}{}",
            self.held,
            self.expected,
            plan.matches * 2 + plan.house_bot_games,
            plan.spectators,
            plan.idle,
            stats.peak_connections.load(Relaxed),
            self.all_open
                .map_or(", not all open at once".to_string(), |d| format!(
                    ", all open after {:.1} s",
                    d.as_secs_f64()
                ))
        )?;
        writeln!(
            f,
            "  matches       {} started, {} finished{}",
            stats.matches_started.load(Relaxed),
            stats.matches_finished.load(Relaxed),
            self.drained.map_or(String::new(), |d| format!(
                " (the last ones drained in {:.1} s)",
                d.as_secs_f64()
            ))
        )?;
        let made = stats.new_match_times();
        if !made.is_empty() {
            writeln!(
                f,
                "  new matches   {} made while playing, each in p50 {:.1} ms, p99 {:.1} ms, max {:.1} ms",
                made.len(),
                ms(made.value_at_quantile(0.5)),
                ms(made.value_at_quantile(0.99)),
                ms(made.max())
            )?;
        }
        writeln!(
            f,
            "  actions       {} acknowledged, {:.1}/s ({} sent)",
            self.acks(),
            self.per_second(),
            stats.sent.load(Relaxed)
        )?;
        match (self.quantile(0.5), self.quantile(0.9), self.quantile(0.99)) {
            (Some(p50), Some(p90), Some(p99)) => writeln!(
                f,
                "  ack latency   p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
                ms(p50),
                ms(p90),
                ms(p99),
                ms(self.latencies.max())
            )?,
            _ => writeln!(f, "  ack latency   no acks")?,
        }
        if plan.spectators > 0 || plan.idle > 0 {
            writeln!(
                f,
                "  watchers      {} batches to spectators, {} pings from idle connections",
                stats.spectated.load(Relaxed),
                stats.pings.load(Relaxed)
            )?;
        }
        writeln!(f, "  rejections    {}", counts(&stats.rejections_by_code()))?;
        writeln!(f, "  errors        {}", counts(&stats.errors_by_code()))?;
        writeln!(
            f,
            "  disconnects   {} (reconnected {}, retried {})",
            stats.disconnects.load(Relaxed),
            stats.reconnects.load(Relaxed),
            stats.retries.load(Relaxed)
        )?;
        for message in stats.messages() {
            writeln!(f, "    {}", shown(&message))?;
        }
        if let Some(pid) = plan.server_pid {
            let m = &self.memories;
            let show = |memory: Option<Memory>| {
                memory.map_or("?".to_string(), |m| {
                    format!("RSS {} (peak {})", mib(m.rss_kib), mib(m.hwm_kib))
                })
            };
            writeln!(f, "  memory        server pid {pid}")?;
            writeln!(f, "    before set-up        {}", show(m.before_setup))?;
            writeln!(f, "    before connecting    {}", show(m.before_connecting))?;
            writeln!(
                f,
                "    {} connections open {}",
                m.open_connections,
                show(m.open)
            )?;
            writeln!(f, "    at the end           {}", show(m.end))?;
            if let Some(each) = m.per_connection_kib() {
                writeln!(f, "    per connection       {each:.1} KiB")?;
            }
        }
        Ok(())
    }
}
