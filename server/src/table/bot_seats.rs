//! A match's house bots: which seats they hold, and the one thought the
//! match awaits from them. The actor asks after every change ([`BotSeats::ask`]);
//! the answer comes back to its loop as a [`BotTurn`], which it carries out
//! through the same commands as a player's (`commands/bot_turn.rs`).

use std::sync::Arc;

use fray_protocol::{BotLevel, MatchId, PlayerId, Seat};
use tokio::sync::oneshot;

use super::draw_offer::DrawOffers;
use super::game::MatchGame;
use crate::house_bots::{HouseBots, Thought};

/// Times a bot is asked at one event for one seat: after the rules refuse
/// a search's choice (a fault of the server's, logged), it is asked for any
/// legal option instead; past this, the bot waits for the game to move.
const MOST_ASKS: u32 = 3;

pub struct BotSeats {
    /// Per seat, the level of the house bot that holds it.
    levels: Vec<Option<BotLevel>>,
    bots: Arc<HouseBots>,
    pending: Option<Pending>,
    /// The last decision asked for: the seat, the log event it was asked
    /// at, and how many times it was asked there.
    asked: Option<(Seat, u64, u32)>,
}

struct Pending {
    seat: Seat,
    seq: u64,
    answer: oneshot::Receiver<Thought>,
}

/// A bot's thought, for the actor to carry out if the game is still where
/// the bot looked at it (log event `seq`).
pub struct BotTurn {
    pub seat: Seat,
    pub level: BotLevel,
    pub seq: u64,
    pub thought: Thought,
}

impl BotSeats {
    /// The bot seats of a match whose seats `players` hold.
    pub fn new(players: &[PlayerId], bots: Arc<HouseBots>) -> BotSeats {
        BotSeats {
            levels: players
                .iter()
                .map(|player| bots.level_of(*player))
                .collect(),
            bots,
            pending: None,
            asked: None,
        }
    }

    /// Whether a house bot holds `seat`.
    pub fn holds(&self, seat: Seat) -> bool {
        self.level(seat).is_some()
    }

    fn level(&self, seat: Seat) -> Option<BotLevel> {
        self.levels.get(usize::from(seat.0)).copied().flatten()
    }

    /// Whether a thought is awaited.
    pub fn is_thinking(&self) -> bool {
        self.pending.is_some()
    }

    /// Has a bot think, unless one is thinking already, where a bot has
    /// something to do: first a draw offer it has not answered, else a
    /// decision of its seat's.
    pub fn ask(&mut self, game: &MatchGame, draw: &DrawOffers) {
        if self.pending.is_some() || self.levels.iter().all(Option::is_none) || game.is_over() {
            return;
        }
        let seq = game.seq();
        let thinking = &self.bots.thinking;
        if let Some(offer) = &draw.standing {
            let answers = (0..self.levels.len() as u8).map(Seat).find(|seat| {
                self.holds(*seat) && *seat != offer.by && !offer.accepted.contains(seat)
            });
            if let Some((seat, level)) = answers.and_then(|seat| Some((seat, self.level(seat)?))) {
                let answer = thinking.evaluate(
                    game.rules_game().clone(),
                    seat,
                    level,
                    seed(game.id, seq, seat, 0),
                );
                self.pending = Some(Pending { seat, seq, answer });
                return;
            }
        }
        for seat in game.to_act() {
            let Some(level) = self.level(seat) else {
                continue;
            };
            let asks = match self.asked {
                Some((asked, at, asks)) if asked == seat && at == seq => asks + 1,
                _ => 1,
            };
            if asks > MOST_ASKS {
                continue;
            }
            if asks == MOST_ASKS {
                tracing::error!(match_id = %game.id, %seat, seq, "a house bot's decisions were refused; it waits for the game to move");
            }
            self.asked = Some((seat, seq, asks));
            let level = if asks == 1 { level } else { BotLevel::Random };
            let answer = thinking.decide(
                game.rules_game().clone(),
                seat,
                level,
                seed(game.id, seq, seat, asks),
            );
            self.pending = Some(Pending { seat, seq, answer });
            return;
        }
    }

    /// The thought awaited, once it comes; waits for ever when none is (a
    /// caller asks [`BotSeats::is_thinking`] first). None if the thought
    /// was lost (the pool gone with the server).
    pub async fn thought(&mut self) -> Option<BotTurn> {
        let Some(pending) = &mut self.pending else {
            return std::future::pending().await;
        };
        let thought = (&mut pending.answer).await;
        let pending = self.pending.take()?;
        let level = self.level(pending.seat)?;
        Some(BotTurn {
            seat: pending.seat,
            level,
            seq: pending.seq,
            thought: thought.ok()?,
        })
    }
}

/// The seed of a bot's search: the same match, event, seat and ask give
/// the same search, so that a bot's choice can be run again; it knows
/// nothing of the match's dice.
fn seed(match_id: MatchId, seq: u64, seat: Seat, asks: u32) -> u64 {
    let mut mixed = (match_id.0 as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ seq.rotate_left(21)
        ^ (u64::from(seat.0) << 56)
        ^ (u64::from(asks) << 48);
    // SplitMix64's finaliser: neighbouring events search unlike.
    mixed = (mixed ^ (mixed >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    mixed = (mixed ^ (mixed >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    mixed ^ (mixed >> 31)
}
