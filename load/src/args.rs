//! The command line of `fray load`, and the plan it makes.

use std::path::PathBuf;
use std::time::Duration;

use clap::Args;
use fray_protocol::{BotLevel, SystemId};

use fray_cli::fail::Failure;

/// What to load the server with, and how.
#[derive(Debug, Args)]
pub struct LoadArgs {
    /// Matches kept running at once.
    #[arg(long, default_value_t = 10, value_name = "N")]
    pub matches: usize,

    /// How long to play, after set-up: `90`, `90s`, `2m`, `500ms`.
    #[arg(long, default_value = "10s", value_parser = parse_duration, value_name = "D")]
    pub duration: Duration,

    /// The game system the matches play: fantasy-armies (fa),
    /// summoners-chess (sc), chessboard-confrontation (cc), chess-war (cw),
    /// action-chess-faction-chess (acfc), or `mix` (every playable system in
    /// turn, match by match).
    #[arg(long, default_value = "fantasy-armies", value_parser = parse_systems, value_name = "S")]
    pub system: Systems,

    /// Extra idle connections: hello, then only a ping now and then, within
    /// the server's idle limit.
    #[arg(long, default_value_t = 0, value_name = "K")]
    pub idle: usize,

    /// Spectator connections, spread over the matches (each follows its
    /// match's successors).
    #[arg(long, default_value_t = 0, value_name = "K")]
    pub spectators: usize,

    /// At most this many actions per second, all bots together (each waits
    /// for its turn); unlimited when left out.
    #[arg(long, value_name = "R")]
    pub rate: Option<f64>,

    /// The server's process id, to read its memory (VmRSS and VmHWM in
    /// /proc/PID/status): before connecting, once every connection is open,
    /// and at the end.
    #[arg(long, value_name = "PID")]
    pub server_pid: Option<u32>,

    /// Print the summary as one JSON object instead of text.
    #[arg(long)]
    pub json: bool,

    /// Write every acknowledged action (match, seq, id, the action sent) to
    /// FILE (emptied first) as JSON lines, survive server restarts (reconnect, resubscribe
    /// from the last seq), and at the end let every match play to its end,
    /// then check each acked action against the stored replays. Exits with
    /// status 1 if any is missing or differs.
    #[arg(long, value_name = "FILE", conflicts_with = "verify_acks")]
    pub check_durability: Option<PathBuf>,

    /// Only check an existing acknowledgement log (as --check-durability
    /// writes it) against the server's replays; nothing is played.
    #[arg(long, value_name = "FILE")]
    pub verify_acks: Option<PathBuf>,

    /// With --check-durability: how long the matches still running at the
    /// end may take to finish.
    #[arg(long, default_value = "180s", value_parser = parse_duration, value_name = "D")]
    pub drain_timeout: Duration,

    /// Requests and connection attempts in flight at once during set-up.
    #[arg(long, default_value_t = 64, value_name = "N")]
    pub concurrency: usize,

    /// Seed for the bots' choices [default: from the clock].
    #[arg(long, value_name = "U64")]
    pub seed: Option<u64>,

    /// Matches against the server's house bots kept running besides
    /// `--matches`: one of the tool's players in seat 0, a house bot of
    /// `--house-bot-level` in seat 1, thinking on the server's bot threads.
    /// The tool's player acts as the others do, and its acks count with
    /// theirs.
    #[arg(long, default_value_t = 0, value_name = "N")]
    pub house_bot_games: usize,

    /// The level of the house bots of `--house-bot-games`.
    #[arg(long, default_value = "expert", value_name = "LEVEL")]
    pub house_bot_level: BotLevel,
}

/// The systems the matches play, in turn.
#[derive(Debug, Clone)]
pub struct Systems(pub Vec<SystemId>);

impl Systems {
    pub fn for_slot(&self, slot: usize) -> SystemId {
        self.0[slot % self.0.len()]
    }

    pub fn describe(&self) -> String {
        self.0
            .iter()
            .map(|system| system.key())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

fn parse_systems(text: &str) -> Result<Systems, String> {
    let one = |key: &str| match key.parse::<SystemId>() {
        Ok(system) if system.is_playable() => Ok(system),
        Ok(system) => Err(format!("{system} is not playable yet")),
        Err(unknown) => Err(format!("{unknown}, or mix")),
    };
    match text.trim() {
        "mix" => Ok(Systems(SystemId::PLAYABLE.to_vec())),
        list => list
            .split(',')
            .map(|key| one(key.trim()))
            .collect::<Result<_, _>>()
            .map(Systems),
    }
}

/// `90`, `90s`, `1.5s`, `2m`, `500ms`.
pub fn parse_duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let (number, unit) = match text.find(|c: char| c.is_ascii_alphabetic()) {
        Some(at) => text.split_at(at),
        None => (text, "s"),
    };
    let value: f64 = number
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a duration such as 90s, 2m or 500ms"))?;
    let seconds = match unit {
        "ms" => value / 1000.0,
        "s" => value,
        "m" | "min" => value * 60.0,
        "h" => value * 3600.0,
        _ => return Err(format!("'{text}': the unit must be ms, s, m or h")),
    };
    if !seconds.is_finite() || seconds < 0.0 {
        return Err(format!("'{text}' is not a duration"));
    }
    Ok(Duration::from_secs_f64(seconds))
}

/// What to do, checked.
#[derive(Debug, Clone)]
pub struct Plan {
    /// `http://host:port`.
    pub base: String,
    /// `ws://host:port/ws`.
    pub ws_url: String,
    pub matches: usize,
    pub duration: Duration,
    pub systems: Systems,
    pub idle: usize,
    pub spectators: usize,
    pub rate: Option<f64>,
    pub server_pid: Option<u32>,
    pub json: bool,
    pub durability: Option<PathBuf>,
    pub verify_only: Option<PathBuf>,
    pub drain_timeout: Duration,
    pub concurrency: usize,
    pub seed: u64,
    pub house_bot_games: usize,
    pub house_bot_level: BotLevel,
}

impl LoadArgs {
    pub fn plan(self, base: &str) -> Result<Plan, Failure> {
        let base = base.trim().trim_end_matches('/').to_string();
        let Some(host) = base.strip_prefix("http://") else {
            return Err(Failure::usage(format!(
                "the server must be an http:// address, not '{base}'"
            )));
        };
        if host.is_empty() {
            return Err(Failure::usage("the server's address names no host"));
        }
        if let Some(rate) = self.rate
            && !(rate.is_finite() && rate > 0.0)
        {
            return Err(Failure::usage("--rate must be a positive number"));
        }
        if self.spectators > 0 && self.matches == 0 {
            return Err(Failure::usage("--spectators needs at least one match"));
        }
        let seed = self.seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::UNIX_EPOCH)
                .map(|since| since.as_nanos() as u64)
                .unwrap_or(7)
        });
        Ok(Plan {
            ws_url: format!("ws://{host}/ws"),
            base,
            matches: self.matches,
            duration: self.duration,
            systems: self.system,
            idle: self.idle,
            spectators: self.spectators,
            rate: self.rate,
            server_pid: self.server_pid,
            json: self.json,
            durability: self.check_durability,
            verify_only: self.verify_acks,
            drain_timeout: self.drain_timeout,
            concurrency: self.concurrency.max(1),
            seed,
            house_bot_games: self.house_bot_games,
            house_bot_level: self.house_bot_level,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_with_or_without_a_unit() {
        assert_eq!(parse_duration("90"), Ok(Duration::from_secs(90)));
        assert_eq!(parse_duration("20s"), Ok(Duration::from_secs(20)));
        assert_eq!(parse_duration("2m"), Ok(Duration::from_secs(120)));
        assert_eq!(parse_duration("500ms"), Ok(Duration::from_millis(500)));
        assert!(parse_duration("soon").is_err());
        assert!(parse_duration("5 fortnights").is_err());
    }

    #[test]
    fn systems_read_by_key_initials_or_mix() {
        assert_eq!(
            parse_systems("sc").unwrap().0,
            vec![SystemId::SummonersChess]
        );
        assert_eq!(parse_systems("mix").unwrap().0, SystemId::PLAYABLE.to_vec());
        assert_eq!(parse_systems("cw").unwrap().0, vec![SystemId::ChessWar]);
        assert_eq!(
            parse_systems("acfc").unwrap().0,
            vec![SystemId::ActionChessFactionChess]
        );
        assert!(parse_systems("chess").is_err());
    }
}
