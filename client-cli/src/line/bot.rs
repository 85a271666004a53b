//! `fray bot`: plays a seat, one line per action, until the game ends:
//! options picked uniformly at random here, or the server's house bot's
//! suggestion at a level.

use std::time::{Duration, Instant};

use fray_protocol::{ActionOption, BotLevel, Suggestion};

use crate::api::{ApiError, Server};
use crate::fail::Failure;
use crate::game_state::{GameState, seat_number};
use crate::live::LiveMatch;
use crate::print;
use crate::random::SplitMix64;
use crate::shown::shown;

use super::board::outcome_line;
use super::follow::{Follower, Update};

/// How long to wait for the server between checks.
const TICK: Duration = Duration::from_millis(50);

/// Refusals in a row after which the bot stops: the options are the truth,
/// so this many means something is badly wrong, not bad luck.
const MOST_REFUSALS: u32 = 50;

/// How long a suggestion that could not be played now (the match moved on
/// meanwhile, or the server was still thinking of the last one) waits
/// before it is asked for again, if nothing happens sooner.
const ASK_AGAIN: Duration = Duration::from_secs(1);

pub struct BotSettings {
    pub seed: u64,
    /// A pause before each action, to let a person follow.
    pub delay: Duration,
    /// `random` picks here; any other level asks the server.
    pub level: BotLevel,
}

/// Where the bot's choices come from.
enum Picker {
    /// Uniformly among the listed options, by a seeded generator.
    Uniform(SplitMix64),
    /// The house bot of `level`, asked by the server for each decision;
    /// `asked` is when it was last asked without an action to play.
    Suggested {
        server: Server,
        level: BotLevel,
        asked: Option<(u64, Instant)>,
    },
}

impl Picker {
    /// The option to play now, if one is known yet.
    fn pick(&mut self, state: &GameState) -> Result<Option<ActionOption>, Failure> {
        match self {
            Picker::Uniform(random) => {
                let options = &state.options;
                Ok(Some(options[random.below(options.len())].clone()))
            }
            Picker::Suggested {
                server,
                level,
                asked,
            } => {
                let waited =
                    |(seq, at): (u64, Instant)| seq == state.seq && at.elapsed() < ASK_AGAIN;
                if asked.is_some_and(waited) {
                    return Ok(None);
                }
                let suggestion = match server.suggestion(state.match_id, *level) {
                    Ok(suggestion) => Some(suggestion),
                    Err(error) if worth_asking_again(&error) => None,
                    Err(error) => return Err(Failure::from(error)),
                };
                let option = suggestion.and_then(|suggestion| playable(state, suggestion));
                *asked = match option {
                    Some(_) => None,
                    None => Some((state.seq, Instant::now())),
                };
                Ok(option)
            }
        }
    }

    /// The server refused what was picked: the next pick asks afresh.
    fn refused(&mut self) {
        if let Picker::Suggested { asked, .. } = self {
            *asked = None;
        }
    }
}

/// The suggestion's action as one of this seat's options, when it was made
/// for the match as this client sees it now.
fn playable(state: &GameState, suggestion: Suggestion) -> Option<ActionOption> {
    if suggestion.seq != state.seq {
        return None;
    }
    let action = suggestion.action?;
    state
        .options
        .iter()
        .find(|option| option.action == action)
        .cloned()
}

/// A refusal that passes: the server still thinks of this player's last
/// suggestion (429), the match is over (409, which the live connection is
/// about to say), or the server is away for a moment.
fn worth_asking_again(error: &ApiError) -> bool {
    matches!(
        error,
        ApiError::Refused {
            status: 429 | 409,
            ..
        }
    ) || error.is_transient()
}

pub fn run(
    live: LiveMatch,
    state: GameState,
    server: Server,
    settings: &BotSettings,
) -> Result<(), Failure> {
    let mut follower = Follower::new(live, state);
    let mut picker = match settings.level {
        BotLevel::Random => Picker::Uniform(SplitMix64::new(settings.seed)),
        level => Picker::Suggested {
            server,
            level,
            asked: None,
        },
    };
    let mut refusals = 0;
    let mut played = Played::default();
    let seat = follower.state.me.map_or_else(String::new, |seat| {
        format!("{} ({})", seat_number(seat), follower.state.seat_name(seat))
    });
    let how = match settings.level {
        BotLevel::Random => format!("random legal choices, seed {}", settings.seed),
        level => format!("the server's {level} bot"),
    };
    print(&format!(
        "Bot playing {seat} of match {} ({how}).\n",
        follower.state.match_id
    ))?;
    loop {
        if follower.is_over() {
            return finish(&follower.state, &played);
        }
        if follower.may_decide()
            && let Some(option) = picker.pick(&follower.state)?
        {
            if !settings.delay.is_zero() {
                std::thread::sleep(settings.delay);
            }
            print(&format!(
                "{}  {}\n",
                shown(&option.notation),
                shown(&option.label)
            ))?;
            follower.choose(&option);
        }
        match follower.next(TICK)? {
            Some(Update::Refused { code, message }) => {
                picker.refused();
                refusals += 1;
                print(&format!("Refused ({code}): {}\n", shown(&message)))?;
                if refusals >= MOST_REFUSALS {
                    return Err(Failure::other(format!(
                        "the server refused {refusals} of the bot's choices in a row; the last: {}",
                        shown(&message)
                    )));
                }
            }
            Some(Update::Accepted { seq }) => {
                played.count += 1;
                played.last_seq = Some(seq);
            }
            Some(Update::Changed) => refusals = 0,
            Some(Update::Note(text)) => print(&format!("{text}\n"))?,
            Some(Update::Reconnected) => print("Reconnected.\n")?,
            Some(Update::Quiet) | None => {}
        }
    }
}

/// The bot's accepted actions.
#[derive(Default)]
struct Played {
    count: u32,
    last_seq: Option<u64>,
}

fn finish(state: &GameState, played: &Played) -> Result<(), Failure> {
    let Some(outcome) = &state.view.outcome else {
        return Ok(());
    };
    let mut out = format!("The server accepted {} of the bot's actions", played.count);
    if let Some(seq) = played.last_seq {
        out.push_str(&format!(", the last as event {seq}"));
    }
    out.push_str(".\n");
    out.push_str(&outcome_line(outcome, |seat| state.seat_name(seat)));
    out.push('\n');
    print(&out)
}
