//! The server's settings, from flags or the environment.

use std::net::SocketAddr;
use std::time::Duration;

use clap::Parser;
use fray_protocol::Limits;

use crate::net::{ConnectionLimits, HttpTimeouts};

/// Where the server listens, what it stores to, and the limits it holds every
/// connection to.
#[derive(Debug, Clone, Parser)]
pub struct Config {
    /// The address and port to listen on.
    #[arg(
        long,
        env = "FRAY_BIND",
        default_value = "127.0.0.1:7878",
        value_name = "ADDR:PORT"
    )]
    pub bind: SocketAddr,

    /// The database, as an sqlx URL. The file is created and migrated on
    /// first start.
    #[arg(
        long,
        env = "FRAY_DATABASE",
        default_value = "sqlite://fray.db",
        value_name = "URL"
    )]
    pub database: String,

    /// The largest websocket frame the server reads, in bytes.
    #[arg(long, env = "FRAY_MAX_FRAME_BYTES", default_value_t = 16 * 1024)]
    pub max_frame_bytes: u32,

    /// Messages per second a connection may send (a burst of as many is
    /// allowed); more are refused with `rate_limited`.
    #[arg(long, env = "FRAY_MESSAGES_PER_SECOND", default_value_t = 50)]
    pub messages_per_second: u32,

    /// Seconds a connection may stay silent before it is closed. The server
    /// pings every third of this, and a pong counts.
    #[arg(long, env = "FRAY_IDLE_SECONDS", default_value_t = 60)]
    pub idle_seconds: u64,

    /// Seconds a player may be away from a running match, while an opponent
    /// waits, before losing it by abandonment.
    #[arg(long, env = "FRAY_ABANDON_SECONDS", default_value_t = 300)]
    pub abandon_seconds: u64,

    /// Seconds a seat whose player has not yet come to a match (subscribed
    /// to it as that seat, or acted in it) may stay away while an opponent
    /// waits, before losing it by abandonment: a grace of its own, so that
    /// a player who has just joined is not held to `--abandon-seconds`
    /// before ever connecting. Once come, `--abandon-seconds` holds.
    #[arg(long, env = "FRAY_JOIN_GRACE_SECONDS", default_value_t = 600)]
    pub join_grace_seconds: u64,

    /// Frames a connection may have waiting to be written before it is
    /// dropped as too slow (it resumes from its last `seq` on reconnect).
    #[arg(
        long,
        env = "FRAY_OUTBOX_FRAMES",
        default_value_t = 256,
        value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(4..)
    )]
    pub outbox_frames: usize,

    /// Bytes of frames a connection may have waiting to be written before
    /// it is dropped as too slow (a frame into an empty queue is taken
    /// whatever its size).
    #[arg(
        long,
        env = "FRAY_OUTBOX_BYTES",
        default_value_t = 1024 * 1024,
        value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(4096..)
    )]
    pub outbox_bytes: usize,

    /// Batches each match keeps in memory for clients that resume.
    #[arg(long, env = "FRAY_RESUME_HISTORY", default_value_t = 64)]
    pub resume_history: usize,

    /// Finished matches kept in memory once nobody follows them, so that
    /// following one again costs a snapshot rather than a rebuild from its
    /// whole log; the least recently followed one goes first. 0: none.
    #[arg(long, env = "FRAY_FINISHED_MATCHES_KEPT", default_value_t = 128)]
    pub finished_matches_kept: usize,

    /// The most events of a match's log one answer of its history or
    /// replay holds: a longer log comes in pages, each saying where the
    /// next begins. A client may ask for smaller pages.
    #[arg(
        long,
        env = "FRAY_EVENTS_PER_PAGE",
        default_value_t = 1000,
        value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..)
    )]
    pub events_per_page: usize,

    /// Players one client address may register a minute, on average; more
    /// are answered `429`. 0: no limit.
    #[arg(long, env = "FRAY_PLAYERS_PER_MINUTE", default_value_t = 10)]
    pub players_per_minute: u32,

    /// Players one client address may register at once, before the rate
    /// per minute holds it back.
    #[arg(long, env = "FRAY_PLAYERS_BURST", default_value_t = 5)]
    pub players_burst: u32,

    /// Lobby writes (army lists, matches, joins, resignations) one client
    /// address may make a minute, on average; more are answered `429`. 0: no
    /// limit.
    #[arg(long, env = "FRAY_LOBBY_WRITES_PER_MINUTE", default_value_t = 60)]
    pub lobby_writes_per_minute: u32,

    /// Lobby writes one client address may make at once, before the rate
    /// per minute holds it back.
    #[arg(long, env = "FRAY_LOBBY_WRITES_BURST", default_value_t = 20)]
    pub lobby_writes_burst: u32,

    /// Seconds an HTTP client has to send a request's head (its request
    /// line and headers): from connecting, or from the first byte of a
    /// later request on a kept-alive connection. A late one is closed.
    #[arg(
        long,
        env = "FRAY_HEADER_READ_SECONDS",
        default_value_t = 10,
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    pub header_read_seconds: u64,

    /// Seconds a kept-alive HTTP connection may wait for its next request,
    /// and a request for the whole of its body, before it is closed; and
    /// seconds any connection's client may take none of what the server
    /// writes. A websocket's silence has `--idle-seconds` instead.
    #[arg(
        long,
        env = "FRAY_HTTP_IDLE_SECONDS",
        default_value_t = 60,
        value_parser = clap::value_parser!(u64).range(1..)
    )]
    pub http_idle_seconds: u64,

    /// Matches one websocket connection may follow at once; a subscription
    /// past it is refused with `too_many_subscriptions`.
    #[arg(
        long,
        env = "FRAY_MAX_SUBSCRIPTIONS_PER_CONNECTION",
        default_value_t = 32,
        value_parser = clap::value_parser!(u32).range(1..)
    )]
    pub max_subscriptions_per_connection: u32,

    /// Connections one client address may hold open at once, HTTP and
    /// websocket alike (an IPv6 client counts by its /64); more are refused
    /// with `429`, so that no one address can take every place under
    /// `--max-connections`. 0: no limit.
    #[arg(long, env = "FRAY_MAX_CONNECTIONS_PER_ADDRESS", default_value_t = 256)]
    pub max_connections_per_address: u32,

    /// Connections held open at once, HTTP and websocket alike; more are
    /// refused with `503` until some close. Lowered at start-up if the
    /// process may not open that many files (64 are kept for the rest).
    #[arg(
        long,
        env = "FRAY_MAX_CONNECTIONS",
        default_value_t = 16384,
        value_parser = clap::value_parser!(u32).range(1..)
    )]
    pub max_connections: u32,

    /// Threads the house bots think on, apart from the threads that run
    /// the tables: however many bot games are played, they share these,
    /// and players' actions are never queued behind a bot's thought.
    #[arg(
        long,
        env = "FRAY_BOT_THREADS",
        default_value_t = 1,
        value_parser = clap::value_parser!(u32).range(1..=256)
    )]
    pub bot_threads: u32,

    /// Scales every bot level's search per decision (1: the levels as
    /// docs/bots.md measures them; 0.5 thinks half as long, and plays
    /// weaker).
    #[arg(long, env = "FRAY_BOT_BUDGET", default_value_t = 1.0, value_parser = crate::tools::simulate::parse_budget)]
    pub bot_budget: f64,
}

impl Config {
    /// The defaults, with `database` instead of `./fray.db`.
    pub fn with_database(database: impl Into<String>) -> Config {
        let mut config = Config::parse_from(["fray-server"]);
        config.database = database.into();
        config
    }

    pub fn limits(&self) -> Limits {
        Limits {
            max_frame_bytes: self.max_frame_bytes,
            messages_per_second: self.messages_per_second,
            idle_seconds: self.idle_seconds,
            abandon_seconds: self.abandon_seconds,
        }
    }

    pub fn abandon_after(&self) -> Duration {
        Duration::from_secs(self.abandon_seconds)
    }

    pub(crate) fn connection_limits(&self) -> ConnectionLimits {
        ConnectionLimits {
            max_connections: self.max_connections as usize,
            max_per_address: self.max_connections_per_address as usize,
            http: HttpTimeouts {
                header_read: Duration::from_secs(self.header_read_seconds),
                idle: Duration::from_secs(self.http_idle_seconds),
            },
        }
    }
}
