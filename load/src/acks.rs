//! The acknowledgement log of a durability run, and its check: every action
//! the server acknowledged must be in the match's stored log, at the `seq`
//! the ack gave, unchanged.

use std::collections::BTreeMap;
use std::fmt;
use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use fray_protocol::{Action, EventKind, MatchId, MatchStatus, Replay};
use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, oneshot};

use super::rest::Rest;

/// One line of the log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Entry {
    /// A match the run started: it must be finished at the end.
    Match { match_id: MatchId },
    /// An acknowledged action.
    Ack(Ack),
}

/// An action the server acknowledged.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Ack {
    pub match_id: MatchId,
    /// The `seq` the ack gave.
    pub seq: u64,
    /// The client's id for the action.
    pub id: u64,
    /// The seat that sent it.
    pub seat: u8,
    /// The action as sent.
    pub action: Action,
}

enum Write_ {
    Entry(Entry),
    Flush(oneshot::Sender<Result<(), String>>),
}

/// Writes entries to the log file (emptied first: one run, one log) from a
/// task of its own; flushed once a second and on `flush`.
#[derive(Clone)]
pub struct AckLog {
    queue: mpsc::UnboundedSender<Write_>,
}

impl AckLog {
    pub fn create(path: &Path) -> Result<AckLog, String> {
        let file = std::fs::File::create(path)
            .map_err(|error| format!("cannot open {}: {error}", path.display()))?;
        let (queue, mut writes) = mpsc::unbounded_channel::<Write_>();
        let path: PathBuf = path.to_owned();
        tokio::spawn(async move {
            let mut out = BufWriter::new(file);
            let mut failed: Option<String> = None;
            let mut tick = tokio::time::interval(Duration::from_secs(1));
            loop {
                let write = tokio::select! {
                    write = writes.recv() => write,
                    _ = tick.tick() => {
                        if let Err(error) = out.flush() {
                            failed.get_or_insert(error.to_string());
                        }
                        continue;
                    }
                };
                match write {
                    None => break,
                    Some(Write_::Entry(entry)) => {
                        let line = serde_json::to_string(&entry).expect("entries encode");
                        if let Err(error) = writeln!(out, "{line}") {
                            failed.get_or_insert(error.to_string());
                        }
                    }
                    Some(Write_::Flush(done)) => {
                        let result = out.flush().map_err(|error| error.to_string());
                        let result = match (failed.clone(), result) {
                            (Some(error), _) | (None, Err(error)) => {
                                Err(format!("cannot write {}: {error}", path.display()))
                            }
                            (None, Ok(())) => Ok(()),
                        };
                        let _ = done.send(result);
                    }
                }
            }
            let _ = out.flush();
        });
        Ok(AckLog { queue })
    }

    pub fn record(&self, entry: Entry) {
        let _ = self.queue.send(Write_::Entry(entry));
    }

    /// Waits until everything recorded so far is written.
    pub async fn flush(&self) -> Result<(), String> {
        let (done, flushed) = oneshot::channel();
        self.queue
            .send(Write_::Flush(done))
            .map_err(|_| "the log writer stopped".to_string())?;
        flushed
            .await
            .map_err(|_| "the log writer stopped".to_string())?
    }
}

/// Reads a log; a torn last line (the tool killed mid-write) is skipped.
pub fn read(path: &Path) -> Result<Vec<Entry>, String> {
    let file = std::fs::File::open(path)
        .map_err(|error| format!("cannot open {}: {error}", path.display()))?;
    let lines: Vec<String> = BufReader::new(file)
        .lines()
        .collect::<Result<_, _>>()
        .map_err(|error| format!("cannot read {}: {error}", path.display()))?;
    let last = lines.len().saturating_sub(1);
    let mut entries = Vec::with_capacity(lines.len());
    for (number, line) in lines.iter().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        match serde_json::from_str(line) {
            Ok(entry) => entries.push(entry),
            Err(_) if number == last => {}
            Err(error) => {
                return Err(format!(
                    "{} line {}: not a log entry: {error}",
                    path.display(),
                    number + 1
                ));
            }
        }
    }
    Ok(entries)
}

/// Something the stored logs do not hold as acknowledged.
#[derive(Debug, Clone, PartialEq)]
pub enum Problem {
    /// The replay has no event with the acked `seq`.
    Missing(Ack),
    /// The event at the acked `seq` is another action (or not an action).
    Differs { ack: Ack, stored: String },
    /// The match did not finish, so its log cannot be checked.
    NotFinished { match_id: MatchId, status: String },
    /// The replay could not be fetched.
    NoReplay { match_id: MatchId, reason: String },
}

impl Problem {
    /// Whether the problem is a lost or changed acknowledged action.
    pub fn is_loss(&self) -> bool {
        matches!(self, Problem::Missing(_) | Problem::Differs { .. })
    }
}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Missing(ack) => write!(
                f,
                "LOST: match {} seq {} (seat {}, id {}, {}) was acknowledged but is not in the stored log",
                ack.match_id,
                ack.seq,
                ack.seat,
                ack.id,
                describe(&ack.action)
            ),
            Problem::Differs { ack, stored } => write!(
                f,
                "CHANGED: match {} seq {} was acknowledged as seat {} {}, but the stored log has {stored}",
                ack.match_id,
                ack.seq,
                ack.seat,
                describe(&ack.action)
            ),
            Problem::NotFinished { match_id, status } => {
                write!(f, "match {match_id} did not finish (it is {status})")
            }
            Problem::NoReplay { match_id, reason } => {
                write!(f, "match {match_id}: cannot read its replay: {reason}")
            }
        }
    }
}

fn describe(action: &Action) -> String {
    serde_json::to_string(action).unwrap_or_default()
}

/// Checks one match's acks against its replay (pure).
pub fn check_match(acks: &[&Ack], replay: &Replay) -> Vec<Problem> {
    let mut problems = Vec::new();
    if replay.summary.status != MatchStatus::Finished {
        problems.push(Problem::NotFinished {
            match_id: replay.summary.id,
            status: replay.summary.status.to_string(),
        });
    }
    let events: BTreeMap<u64, _> = replay
        .events
        .iter()
        .map(|event| (event.seq, event))
        .collect();
    for ack in acks {
        match events.get(&ack.seq) {
            None => problems.push(Problem::Missing((*ack).clone())),
            Some(event) => {
                let same = event.kind == EventKind::Action
                    && event.seat.map(|seat| seat.0) == Some(ack.seat)
                    && event.action.as_ref() == Some(&ack.action);
                if !same {
                    let stored = format!(
                        "{} by {} {}",
                        event.kind.key(),
                        event
                            .seat
                            .map_or("nobody".to_string(), |seat| format!("seat {}", seat.0)),
                        event.action.as_ref().map(describe).unwrap_or_default()
                    );
                    problems.push(Problem::Differs {
                        ack: (*ack).clone(),
                        stored,
                    });
                }
            }
        }
    }
    problems
}

/// The result of checking a whole log.
#[derive(Debug, Default)]
pub struct Verdict {
    pub matches: usize,
    pub acks: usize,
    pub problems: Vec<Problem>,
}

impl Verdict {
    pub fn lost(&self) -> usize {
        self.problems.iter().filter(|p| p.is_loss()).count()
    }

    pub fn passed(&self) -> bool {
        self.problems.is_empty()
    }

    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "passed": self.passed(),
            "matches": self.matches,
            "acks_checked": self.acks,
            "lost": self.lost(),
            "problems": self.problems.iter().map(|p| p.to_string()).collect::<Vec<_>>(),
        })
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.passed() {
            return write!(
                f,
                "durability VERIFIED: all {} acknowledged actions of {} matches are in the stored logs, \
                 unchanged, and every match finished",
                self.acks, self.matches
            );
        }
        writeln!(
            f,
            "durability FAILED: {} of {} acknowledged actions lost or changed; {} problems in all over {} matches",
            self.lost(),
            self.acks,
            self.problems.len(),
            self.matches
        )?;
        for problem in self.problems.iter().take(20) {
            writeln!(f, "  {problem}")?;
        }
        if self.problems.len() > 20 {
            writeln!(f, "  … and {} more", self.problems.len() - 20)?;
        }
        Ok(())
    }
}

/// Checks every entry of a log against the server's replays, `concurrency`
/// requests at a time.
pub async fn verify(entries: Vec<Entry>, rest: &Rest, concurrency: usize) -> Verdict {
    let mut by_match: BTreeMap<MatchId, Vec<Ack>> = BTreeMap::new();
    for entry in entries {
        match entry {
            Entry::Match { match_id } => {
                by_match.entry(match_id).or_default();
            }
            Entry::Ack(ack) => by_match.entry(ack.match_id).or_default().push(ack),
        }
    }
    let mut verdict = Verdict {
        matches: by_match.len(),
        acks: by_match.values().map(Vec::len).sum(),
        problems: Vec::new(),
    };
    let limit = Arc::new(tokio::sync::Semaphore::new(concurrency.max(1)));
    let mut checks = Vec::new();
    for (match_id, acks) in by_match {
        let rest = rest.clone();
        let limit = limit.clone();
        checks.push(tokio::spawn(async move {
            let _permit = limit.acquire_owned().await;
            let fetched = tokio::task::spawn_blocking(move || {
                let mut tries = 0;
                loop {
                    match rest.replay(match_id) {
                        Err(error) if error.is_transient() && tries < 5 => {
                            tries += 1;
                            std::thread::sleep(Duration::from_millis(200 * tries));
                        }
                        other => return other,
                    }
                }
            })
            .await;
            match fetched {
                Ok(Ok(replay)) => check_match(&acks.iter().collect::<Vec<_>>(), &replay),
                Ok(Err(error)) => match error.code() {
                    Some(fray_protocol::ErrorCode::MatchNotRunning) => vec![Problem::NotFinished {
                        match_id,
                        status: "not finished".into(),
                    }],
                    _ => vec![Problem::NoReplay {
                        match_id,
                        reason: error.to_string(),
                    }],
                },
                Err(error) => vec![Problem::NoReplay {
                    match_id,
                    reason: error.to_string(),
                }],
            }
        }));
    }
    for check in checks {
        match check.await {
            Ok(problems) => verdict.problems.extend(problems),
            Err(error) => verdict.problems.push(Problem::NoReplay {
                match_id: MatchId(0),
                reason: error.to_string(),
            }),
        }
    }
    verdict
}

#[cfg(test)]
mod tests {
    use fray_protocol::{
        EventKind, MatchConfig, MatchStatus, MatchSummary, Replay, ReplayEvent, Seat, Square,
        SystemId,
    };

    use super::*;

    fn step(to: &str) -> Action {
        Action::new("move")
            .piece(fray_protocol::PieceId(3))
            .to(to.parse::<Square>().unwrap())
    }

    fn replay(status: MatchStatus, events: &[(u64, u8, Action)]) -> Replay {
        let mut all = vec![ReplayEvent {
            seq: 0,
            seat: None,
            kind: EventKind::Setup,
            action: None,
            effects: Vec::new(),
        }];
        all.extend(events.iter().map(|(seq, seat, action)| ReplayEvent {
            seq: *seq,
            seat: Some(Seat(*seat)),
            kind: EventKind::Action,
            action: Some(action.clone()),
            effects: Vec::new(),
        }));
        Replay {
            summary: MatchSummary {
                id: MatchId(7),
                system: SystemId::FantasyArmies,
                config: MatchConfig::new(SystemId::FantasyArmies),
                status,
                seats: Vec::new(),
                seq: events.len() as u64,
                commitment: None,
                outcome: None,
                created_at: String::new(),
                rematch: None,
                rematch_of: None,
            },
            armies: Vec::new(),
            seed: String::new(),
            chat: Vec::new(),
            events: all,
            next: None,
        }
    }

    fn ack(seq: u64, seat: u8, action: Action) -> Ack {
        Ack {
            match_id: MatchId(7),
            seq,
            id: seq * 10,
            seat,
            action,
        }
    }

    #[test]
    fn acks_found_in_the_log_pass() {
        let stored = replay(
            MatchStatus::Finished,
            &[(1, 0, step("a2")), (2, 1, step("b3")), (3, 0, step("c4"))],
        );
        let acks = [ack(1, 0, step("a2")), ack(3, 0, step("c4"))];
        assert_eq!(
            check_match(&acks.iter().collect::<Vec<_>>(), &stored),
            vec![]
        );
    }

    #[test]
    fn an_acked_action_missing_from_the_log_is_a_loss() {
        let stored = replay(MatchStatus::Finished, &[(1, 0, step("a2"))]);
        let acks = [ack(1, 0, step("a2")), ack(2, 1, step("b3"))];
        let problems = check_match(&acks.iter().collect::<Vec<_>>(), &stored);
        assert_eq!(problems, vec![Problem::Missing(ack(2, 1, step("b3")))]);
        assert!(problems[0].is_loss());
        assert!(problems[0].to_string().starts_with("LOST: match 7 seq 2"));
    }

    #[test]
    fn another_action_at_the_acked_seq_is_a_loss() {
        let stored = replay(
            MatchStatus::Finished,
            &[(1, 0, step("a2")), (2, 1, step("b4"))],
        );
        let acks = [ack(2, 1, step("b3"))];
        let problems = check_match(&acks.iter().collect::<Vec<_>>(), &stored);
        assert_eq!(problems.len(), 1);
        assert!(matches!(&problems[0], Problem::Differs { .. }));
        assert!(problems[0].is_loss());
        // The same action by the other seat is not the acked one either.
        let acks = [ack(2, 0, step("b4"))];
        assert!(check_match(&acks.iter().collect::<Vec<_>>(), &stored)[0].is_loss());
    }

    #[test]
    fn an_unfinished_match_is_reported() {
        let stored = replay(MatchStatus::Running, &[(1, 0, step("a2"))]);
        let acks = [ack(1, 0, step("a2"))];
        let problems = check_match(&acks.iter().collect::<Vec<_>>(), &stored);
        assert_eq!(problems.len(), 1);
        assert!(!problems[0].is_loss());
        let verdict = Verdict {
            matches: 1,
            acks: 1,
            problems,
        };
        assert!(!verdict.passed());
    }

    #[test]
    fn a_log_reads_back_and_a_torn_last_line_is_skipped() {
        let dir = std::env::temp_dir().join(format!("fray-acks-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("acks.jsonl");
        let entries = vec![
            Entry::Match {
                match_id: MatchId(7),
            },
            Entry::Ack(ack(1, 0, step("a2"))),
        ];
        let mut text: String = entries
            .iter()
            .map(|entry| serde_json::to_string(entry).unwrap() + "\n")
            .collect();
        text.push_str("{\"kind\":\"ack\",\"match_");
        std::fs::write(&path, text).unwrap();
        assert_eq!(read(&path).unwrap(), entries);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
