//! `fray bot`: plays a seat with options picked uniformly at random, one
//! line per action, until the game ends.

use std::time::Duration;

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

pub struct BotSettings {
    pub seed: u64,
    /// A pause before each action, to let a person follow.
    pub delay: Duration,
}

pub fn run(live: LiveMatch, state: GameState, settings: &BotSettings) -> Result<(), Failure> {
    let mut follower = Follower::new(live, state);
    let mut random = SplitMix64::new(settings.seed);
    let mut refusals = 0;
    let mut played = Played::default();
    let seat = follower.state.me.map_or_else(String::new, |seat| {
        format!("{} ({})", seat_number(seat), follower.state.seat_name(seat))
    });
    print(&format!(
        "Bot playing {seat} of match {} (seed {}).\n",
        follower.state.match_id, settings.seed
    ))?;
    loop {
        if follower.is_over() {
            return finish(&follower.state, &played);
        }
        if follower.may_decide() {
            if !settings.delay.is_zero() {
                std::thread::sleep(settings.delay);
            }
            let options = &follower.state.options;
            let option = options[random.below(options.len())].clone();
            print(&format!(
                "{}  {}\n",
                shown(&option.notation),
                shown(&option.label)
            ))?;
            follower.choose(&option);
        }
        match follower.next(TICK)? {
            Some(Update::Refused { code, message }) => {
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
