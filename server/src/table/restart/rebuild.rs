//! Rebuilding a match from its stored log: the seed and armies set it up
//! again, each stored action is played again through the engine, and every
//! effect must come out exactly as stored. Recovery at start-up, following a
//! finished match and `fray-server verify` all go through here.

use fray_protocol::{Effect, EventKind, Outcome, ReplayEvent, ScopedEffect};
use fray_rules::{ChaChaDice, EveryView, Game, agrees_as_made_earlier};
use thiserror::Error;

use crate::db::matches::StartedMatch;
use crate::table::game::MatchGame;

#[derive(Debug, Error)]
pub enum RebuildError {
    #[error("the log is empty: no set-up event")]
    NoSetup,
    #[error("the match cannot be set up again: {0}")]
    Setup(#[from] fray_rules::SetupError),
    #[error("event {seq}: expected seq {expected}")]
    Gap { seq: u64, expected: u64 },
    #[error("event {seq}: the engine refused the stored action: {reason}")]
    Refused { seq: u64, reason: String },
    #[error(
        "event {seq}: the effects differ from the stored ones (first difference at effect {})",
        .diverged.index
    )]
    Diverged { seq: u64, diverged: Box<Divergence> },
    #[error("event {seq}: {problem}")]
    Malformed { seq: u64, problem: String },
}

/// Where an event's effects part from the stored ones.
#[derive(Debug)]
pub struct Divergence {
    /// The first effect that differs (or is missing on one side).
    pub index: usize,
    pub stored: Vec<ScopedEffect>,
    pub made: Vec<ScopedEffect>,
}

/// Re-runs `events` from the match's seed, checking every effect: the
/// match's game as its log leaves it, ended however the log says.
pub fn rebuild(started: &StartedMatch, events: &[ReplayEvent]) -> Result<MatchGame, RebuildError> {
    let mut dice = ChaChaDice::from_seed(started.seed);
    let (setup, rest) = events.split_first().ok_or(RebuildError::NoSetup)?;
    if setup.kind != EventKind::Setup || setup.seq != 0 {
        return Err(RebuildError::NoSetup);
    }
    let (mut game, effects) = Game::setup(&started.config, &started.armies, &mut dice)?;
    if let Err(differs) = compare(0, &setup.effects, &effects) {
        // A match stored before a change to its set-up is set up as it was.
        let mut then = ChaChaDice::from_seed(started.seed);
        match Game::setup_as_made_earlier(&started.config, &started.armies, &mut then) {
            Some(Ok((earlier, made))) if made == setup.effects => (game, dice) = (earlier, then),
            _ => return Err(differs),
        }
    }
    // Every viewer's view before each action, against which the forms
    // earlier releases stored are judged, each seat's too, so that no
    // audience changes through them: kept by applying each action's effects
    // (the engine's contract) rather than built again at every event, since
    // start-up replays every unfinished match.
    let mut views = EveryView::of(&game);
    let mut game = MatchGame::new(
        started.id,
        game,
        dice,
        0,
        started.commitment.clone(),
        started.players.clone(),
    );
    for event in rest {
        let seq = event.seq;
        if seq != game.seq() + 1 {
            return Err(RebuildError::Gap {
                seq,
                expected: game.seq() + 1,
            });
        }
        game.logged(seq, event.seat, &event.effects);
        if let Some(ended) = game.outcome() {
            return Err(RebuildError::Malformed {
                seq,
                problem: format!("an event after the match ended ({})", ended.reason),
            });
        }
        let seat = event.seat.ok_or_else(|| RebuildError::Malformed {
            seq,
            problem: "no seat".into(),
        })?;
        match event.kind {
            EventKind::Action => {
                let action = event
                    .action
                    .as_ref()
                    .ok_or_else(|| RebuildError::Malformed {
                        seq,
                        problem: "an action event without its action".into(),
                    })?;
                let effects =
                    game.act(seat, action)
                        .map_err(|rejection| RebuildError::Refused {
                            seq,
                            reason: rejection.message,
                        })?;
                if let Err(differs) = compare(seq, &event.effects, &effects)
                    && !agrees_as_made_earlier(
                        started.config.system,
                        &views,
                        &event.effects,
                        &effects,
                    )
                {
                    return Err(differs);
                }
                views.apply(&effects);
            }
            EventKind::Resign | EventKind::Abandon | EventKind::Draw => {
                let outcome = ended_by(&event.effects).ok_or_else(|| RebuildError::Malformed {
                    seq,
                    problem: "a resignation, abandonment or draw without its outcome".into(),
                })?;
                game.end(outcome);
            }
            EventKind::Setup => {
                return Err(RebuildError::Malformed {
                    seq,
                    problem: "a second set-up".into(),
                });
            }
        }
    }
    Ok(game)
}

fn compare(seq: u64, stored: &[ScopedEffect], made: &[ScopedEffect]) -> Result<(), RebuildError> {
    if stored == made {
        return Ok(());
    }
    let index = stored
        .iter()
        .zip(made)
        .position(|(a, b)| a != b)
        .unwrap_or(stored.len().min(made.len()));
    Err(RebuildError::Diverged {
        seq,
        diverged: Box::new(Divergence {
            index,
            stored: stored.to_vec(),
            made: made.to_vec(),
        }),
    })
}

/// The outcome a server-ended event announces.
pub fn ended_by(effects: &[ScopedEffect]) -> Option<Outcome> {
    effects.iter().find_map(|scoped| match &scoped.effect {
        Effect::GameEnded { outcome } => Some(outcome.clone()),
        _ => None,
    })
}
