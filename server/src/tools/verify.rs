//! `fray-server verify`: re-runs a stored match from its dice seed and its
//! actions through the engine, checks that every effect comes out exactly as
//! stored, that the seed is the one its published commitment names, and that
//! the stored outcome is the one the replay reaches.

use std::fmt;
use std::path::Path;
use std::str::FromStr;

use fray_protocol::{
    Action, MatchId, MatchStatus, Outcome, ReplayEvent, ScopedEffect, Seat, SystemId, is_secret,
};
use sqlx::SqlitePool;
use sqlx::sqlite::SqliteConnectOptions;
use thiserror::Error;

use crate::db::{self, DbError};
use crate::lobby::seed::commitment;
use crate::table::restart::rebuild::{RebuildError, rebuild};

/// The exit code when the match verifies.
pub const EXIT_MATCHES: u8 = 0;
/// The exit code when it does not.
pub const EXIT_DIFFERS: u8 = 1;
/// The exit code when there is nothing to verify: no database, no such
/// match, or a match not yet started.
pub const EXIT_NOTHING: u8 = 2;

/// Why a match could not be verified at all.
#[derive(Debug, Error)]
pub enum VerifyError {
    #[error("there is no database at {0}")]
    NoDatabase(String),
    #[error(transparent)]
    Db(#[from] DbError),
    #[error("there is no match {0}")]
    NoMatch(MatchId),
    #[error(
        "match {0} has not started: it is still waiting for players, so it has no seed and no log"
    )]
    NotStarted(MatchId),
}

/// One seat of the verified match.
#[derive(Debug, Clone, PartialEq)]
pub struct SeatLine {
    pub seat: Seat,
    pub player: String,
    /// The army key and the list's name.
    pub army: String,
    pub list_name: String,
}

/// The seed against its published commitment.
#[derive(Debug, Clone, PartialEq)]
pub struct CommitmentCheck {
    /// What the match published when it started.
    pub stored: String,
    /// SHA-256 of the stored seed, now.
    pub computed: String,
}

impl CommitmentCheck {
    pub fn holds(&self) -> bool {
        self.stored.eq_ignore_ascii_case(&self.computed)
    }
}

/// The first event of the log that the replay does not reproduce.
#[derive(Debug, Clone, PartialEq)]
pub struct Difference {
    /// Its `seq`, when one event is to blame.
    pub seq: Option<u64>,
    /// What the event was: the seat and the action, for an action.
    pub event: Option<String>,
    /// Why it differs, in words.
    pub reason: String,
    /// For effects that differ: the first one that does, as stored and as
    /// the engine makes it now (`None`: there is no such effect on that side).
    pub effect: Option<EffectDifference>,
}

#[derive(Debug, Clone, PartialEq)]
pub struct EffectDifference {
    pub index: usize,
    pub stored: Option<ScopedEffect>,
    pub replayed: Option<ScopedEffect>,
}

/// What the verification found wrong.
#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    /// SHA-256 of the seed is not the published commitment.
    Commitment,
    /// The replay does not reproduce the log.
    Event(Box<Difference>),
    /// The replay reproduces the log but ends (or does not end) otherwise
    /// than the match record says.
    Outcome {
        stored: Option<Outcome>,
        replayed: Option<Outcome>,
    },
}

/// Everything `verify` found, for printing or for a test to look at.
#[derive(Debug, Clone, PartialEq)]
pub struct VerifyReport {
    pub id: MatchId,
    pub system: SystemId,
    pub status: MatchStatus,
    /// The rules version the match was played with, and this binary's.
    pub rules_version: String,
    pub current_rules_version: String,
    pub seats: Vec<SeatLine>,
    /// Rows in the log, and the last `seq` among them.
    pub events: usize,
    pub last_seq: Option<u64>,
    pub commitment: CommitmentCheck,
    /// The outcome the match record holds.
    pub stored_outcome: Option<Outcome>,
    /// The outcome the replay reached, when it got to the end of the log.
    pub replayed_outcome: Option<Outcome>,
    /// Empty when the match verifies; the first is the verdict.
    pub problems: Vec<Problem>,
}

impl VerifyReport {
    /// Whether every check held.
    pub fn matches(&self) -> bool {
        self.problems.is_empty()
    }

    /// The first event the replay does not reproduce, if any.
    pub fn differing_seq(&self) -> Option<u64> {
        self.problems.iter().find_map(|problem| match problem {
            Problem::Event(difference) => difference.seq,
            _ => None,
        })
    }

    pub fn exit_code(&self) -> u8 {
        if self.matches() {
            EXIT_MATCHES
        } else {
            EXIT_DIFFERS
        }
    }
}

/// Opens the database at `url` (refusing to create one) and verifies match `id`.
pub async fn verify_url(url: &str, id: MatchId) -> Result<VerifyReport, VerifyError> {
    // `db::connect` creates a missing file; a verification must not.
    let options = SqliteConnectOptions::from_str(url).map_err(|source| DbError::BadUrl {
        url: url.to_owned(),
        source,
    })?;
    let file = options.get_filename();
    if file != Path::new(":memory:") && !file.exists() {
        return Err(VerifyError::NoDatabase(url.to_owned()));
    }
    let pool = db::connect(url).await?;
    let report = verify(&pool, id).await;
    pool.close().await;
    report
}

/// Verifies match `id`: the seed against its commitment, the log against a
/// replay from the seed, the stored outcome against the replay's.
pub async fn verify(pool: &SqlitePool, id: MatchId) -> Result<VerifyReport, VerifyError> {
    let summary = db::matches::summary(pool, id)
        .await?
        .ok_or(VerifyError::NoMatch(id))?;
    let started = db::matches::started(pool, id)
        .await?
        .ok_or(VerifyError::NotStarted(id))?;

    let seats = started
        .armies
        .iter()
        .enumerate()
        .map(|(seat, army)| {
            let player = summary
                .seats
                .get(seat)
                .and_then(|held| held.player.as_ref())
                .map_or_else(
                    || format!("player {}", started.players[seat]),
                    |player| player.name.clone(),
                );
            SeatLine {
                seat: Seat(seat as u8),
                player,
                army: army.army.clone(),
                list_name: army.name.clone(),
            }
        })
        .collect();
    let commitment = CommitmentCheck {
        stored: started.commitment.clone(),
        computed: commitment(&started.seed),
    };
    let mut report = VerifyReport {
        id,
        system: started.config.system,
        status: started.status,
        rules_version: started.rules_version.clone(),
        current_rules_version: crate::lobby::fray_rules_version().to_string(),
        seats,
        events: 0,
        last_seq: None,
        commitment,
        stored_outcome: started.outcome.clone(),
        replayed_outcome: None,
        problems: Vec::new(),
    };
    if !report.commitment.holds() {
        report.problems.push(Problem::Commitment);
    }

    let events = match db::events::all(pool, id).await {
        Ok(events) => events,
        Err(DbError::Corrupt(problem)) => {
            let (seq, events, last_seq) = unreadable_event(pool, id).await?;
            report.events = events;
            report.last_seq = last_seq;
            report.problems.push(Problem::Event(Box::new(Difference {
                seq,
                event: None,
                reason: format!("the stored event cannot be read: {problem}"),
                effect: None,
            })));
            return Ok(report);
        }
        Err(other) => return Err(other.into()),
    };
    report.events = events.len();
    report.last_seq = events.last().map(|event| event.seq);

    match rebuild(&started, &events) {
        Ok(rebuilt) => {
            let replayed = rebuilt.outcome();
            report.replayed_outcome = replayed.clone();
            // A finished match holds the outcome its log reaches; a running
            // one has none, and its log has not reached an end.
            let consistent = match started.status {
                MatchStatus::Finished => started.outcome.is_some() && replayed == started.outcome,
                MatchStatus::Open | MatchStatus::Running => {
                    started.outcome.is_none() && replayed.is_none()
                }
            };
            if !consistent {
                report.problems.push(Problem::Outcome {
                    stored: started.outcome.clone(),
                    replayed,
                });
            }
            let marks = db::events::secret_marks(pool, id).await?;
            if let Some(wrong) = wrongly_marked(&events, &marks) {
                report.problems.push(Problem::Event(Box::new(wrong)));
            }
        }
        Err(error) => {
            report
                .problems
                .push(Problem::Event(Box::new(difference(&events, error))));
        }
    }
    Ok(report)
}

/// The first event whose stored `secret` mark is not the one its seat and
/// effects give: a spectator's (and the lobby's) count of events would be
/// wrong.
fn wrongly_marked(events: &[ReplayEvent], marks: &[(u64, bool)]) -> Option<Difference> {
    events
        .iter()
        .zip(marks)
        .find(|(event, (_, marked))| is_secret(event.seat, &event.effects) != *marked)
        .map(|(event, (seq, marked))| Difference {
            seq: Some(*seq),
            event: Some(describe_event(event)),
            reason: if *marked {
                "it is marked secret, yet its effects tell spectators something".into()
            } else {
                "it is not marked secret, yet its effects tell spectators nothing".into()
            },
            effect: None,
        })
}

/// Describes a failed rebuild: which event, why, and for effects that
/// differ, the first pair that does.
fn difference(events: &[ReplayEvent], error: RebuildError) -> Difference {
    let seq = match &error {
        RebuildError::NoSetup => events.first().map(|event| event.seq),
        RebuildError::Setup(_) => Some(0),
        RebuildError::Gap { seq, .. }
        | RebuildError::Refused { seq, .. }
        | RebuildError::Diverged { seq, .. }
        | RebuildError::Malformed { seq, .. } => Some(*seq),
    };
    let event = seq
        .and_then(|seq| events.iter().find(|event| event.seq == seq))
        .map(describe_event);
    let (reason, effect) = match &error {
        RebuildError::Diverged { diverged, .. } => {
            let reason = format!(
                "its effects differ from the engine's, first at effect {} \
                 ({} stored, {} replayed)",
                diverged.index,
                diverged.stored.len(),
                diverged.made.len()
            );
            let effect = EffectDifference {
                index: diverged.index,
                stored: diverged.stored.get(diverged.index).cloned(),
                replayed: diverged.made.get(diverged.index).cloned(),
            };
            (reason, Some(effect))
        }
        RebuildError::NoSetup => ("the log does not begin with a set-up event".into(), None),
        RebuildError::Setup(error) => (format!("the match cannot be set up again: {error}"), None),
        RebuildError::Gap { expected, .. } => (
            format!("the log skips from seq {} to it", expected - 1),
            None,
        ),
        RebuildError::Refused { reason, .. } => {
            (format!("the engine refuses its action: {reason}"), None)
        }
        RebuildError::Malformed { problem, .. } => (problem.clone(), None),
    };
    Difference {
        seq,
        event,
        reason,
        effect,
    }
}

fn describe_event(event: &ReplayEvent) -> String {
    let seat = event
        .seat
        .map_or_else(|| "the server".to_string(), |seat| seat.to_string());
    match &event.action {
        Some(action) => format!("{seat}: {}", describe_action(action)),
        None => format!("{} by {seat}", event.kind.key()),
    }
}

fn describe_action(action: &Action) -> String {
    let mut words = vec![action.verb.clone()];
    if let Some(piece) = action.piece {
        words.push(piece.to_string());
    }
    if let Some(target) = action.target {
        words.push(format!("at {target}"));
    }
    if let Some(to) = action.to {
        words.push(format!("to {to}"));
    }
    if let Some(choice) = &action.choice {
        words.push(format!("'{choice}'"));
    }
    words.join(" ")
}

/// When the log cannot be read as a whole: the first row that cannot, the
/// number of rows, and the last `seq`.
async fn unreadable_event(
    pool: &SqlitePool,
    id: MatchId,
) -> Result<(Option<u64>, usize, Option<u64>), DbError> {
    let rows: Vec<(i64, String, Option<String>, String)> = sqlx::query_as(
        "SELECT seq, kind, action, effects FROM events WHERE match_id = ? ORDER BY seq",
    )
    .bind(id.0)
    .fetch_all(pool)
    .await?;
    let bad = rows.iter().find(|(_, kind, action, effects)| {
        kind.parse::<fray_protocol::EventKind>().is_err()
            || action
                .as_deref()
                .is_some_and(|text| serde_json::from_str::<Action>(text).is_err())
            || serde_json::from_str::<Vec<ScopedEffect>>(effects).is_err()
    });
    Ok((
        bad.map(|(seq, ..)| *seq as u64),
        rows.len(),
        rows.last().map(|(seq, ..)| *seq as u64),
    ))
}

/// An effect as one line of JSON, cut short if long.
fn effect_line(effect: &Option<ScopedEffect>) -> String {
    const MAX: usize = 240;
    match effect {
        None => "(none)".into(),
        Some(effect) => {
            let text = serde_json::to_string(effect).unwrap_or_else(|e| e.to_string());
            if text.chars().count() > MAX {
                let cut: String = text.chars().take(MAX).collect();
                format!("{cut}…")
            } else {
                text
            }
        }
    }
}

fn outcome_line(outcome: &Option<Outcome>) -> String {
    match outcome {
        None => "none (not over)".into(),
        Some(outcome) if outcome.is_draw() => format!("drawn: {}", outcome.reason),
        Some(outcome) => {
            let winners: Vec<String> = outcome.winners.iter().map(Seat::to_string).collect();
            format!("{} won: {}", winners.join(" and "), outcome.reason)
        }
    }
}

impl VerifyReport {
    /// The one-line verdict.
    pub fn verdict(&self) -> String {
        let Some(problem) = self.problems.first() else {
            return format!(
                "match {} VERIFIED: all {} events replay exactly from the seed, and the seed matches its commitment",
                self.id, self.events
            );
        };
        let why = match problem {
            Problem::Commitment => {
                "SHA-256 of the stored seed is not the commitment published when it started".into()
            }
            Problem::Event(difference) => match difference.seq {
                Some(seq) => format!("event {seq} differs: {}", difference.reason),
                None => difference.reason.clone(),
            },
            Problem::Outcome { stored, replayed } => format!(
                "the log replays exactly but ends {}, while the match record says {}",
                outcome_line(replayed),
                outcome_line(stored)
            ),
        };
        format!("match {} DOES NOT VERIFY: {why}", self.id)
    }
}

impl fmt::Display for VerifyReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.verdict())?;
        let version_note = if self.rules_version == self.current_rules_version {
            String::new()
        } else {
            format!(
                " (this binary has rules {}: a difference may come from a rules change)",
                self.current_rules_version
            )
        };
        writeln!(
            f,
            "  system      {}, rules {}{version_note}",
            self.system, self.rules_version
        )?;
        writeln!(f, "  status      {}", self.status)?;
        for line in &self.seats {
            writeln!(
                f,
                "  {:<10}  {}: {} ({})",
                line.seat.to_string(),
                line.player,
                line.army,
                if line.list_name.is_empty() {
                    "unnamed list"
                } else {
                    &line.list_name
                }
            )?;
        }
        let seqs = match self.last_seq {
            Some(last) => format!(" (seq 0 to {last})"),
            None => String::new(),
        };
        writeln!(f, "  events      {}{seqs}", self.events)?;
        writeln!(f, "  outcome     {}", outcome_line(&self.stored_outcome))?;
        writeln!(
            f,
            "  commitment  {} {}",
            self.commitment.stored,
            if self.commitment.holds() {
                "= SHA-256(seed)".to_string()
            } else {
                format!("but SHA-256(seed) is {}", self.commitment.computed)
            }
        )?;
        for problem in &self.problems {
            match problem {
                Problem::Commitment => {}
                Problem::Event(difference) => {
                    let at = difference
                        .seq
                        .map_or_else(|| "the log".to_string(), |seq| format!("seq {seq}"));
                    write!(f, "  differs     {at}")?;
                    if let Some(event) = &difference.event {
                        write!(f, " ({event})")?;
                    }
                    writeln!(f, ": {}", difference.reason)?;
                    if let Some(effect) = &difference.effect {
                        writeln!(
                            f,
                            "    stored    effect {}: {}",
                            effect.index,
                            effect_line(&effect.stored)
                        )?;
                        writeln!(
                            f,
                            "    replayed  effect {}: {}",
                            effect.index,
                            effect_line(&effect.replayed)
                        )?;
                    }
                }
                Problem::Outcome { replayed, .. } => {
                    writeln!(f, "  replayed    {}", outcome_line(replayed))?;
                }
            }
        }
        Ok(())
    }
}
