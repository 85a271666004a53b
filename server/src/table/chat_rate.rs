//! How fast a seat may chat.

use std::collections::HashMap;
use std::sync::Mutex;

use fray_protocol::{MatchId, Seat};
use tokio::time::Instant;

/// Chat lines a seat may send at once, then one every
/// [`CHAT_EVERY_SECONDS`]: enough to talk, too few to flood the table.
pub const CHAT_BURST: u32 = 5;
pub const CHAT_EVERY_SECONDS: u32 = 2;

/// Seats tracked before the first sweep of full buckets; later sweeps wait
/// until the table has doubled since the last one, so that sweeping costs
/// a constant amount per line however many seats chat.
const FIRST_SWEEP_AT: usize = 1024;

/// The chat limit of one seat in one match, on top of each connection's
/// message limit: a bucket of [`CHAT_BURST`] lines.
#[derive(Debug, Clone, Copy)]
struct ChatRate {
    tokens: f64,
    refilled: Instant,
}

impl ChatRate {
    fn full(now: Instant) -> ChatRate {
        ChatRate {
            tokens: f64::from(CHAT_BURST),
            refilled: now,
        }
    }

    fn refill(&mut self, now: Instant) {
        let elapsed = now.saturating_duration_since(self.refilled).as_secs_f64();
        self.refilled = now;
        self.tokens =
            (self.tokens + elapsed / f64::from(CHAT_EVERY_SECONDS)).min(f64::from(CHAT_BURST));
    }

    /// Takes one line's token; false when none is left.
    fn allow(&mut self, now: Instant) -> bool {
        self.refill(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    fn is_full(mut self, now: Instant) -> bool {
        self.refill(now);
        self.tokens >= f64::from(CHAT_BURST)
    }
}

/// Every seat's chat limit, kept by the table rather than by the match's
/// actor: the actor of a finished match stops when its last follower
/// leaves and a new one is made for the next, and a limit kept in the
/// actor would come back full with it. So neither subscribing again, nor
/// more connections, nor a new actor refills it.
#[derive(Debug)]
pub struct ChatRates {
    table: Mutex<Table>,
}

#[derive(Debug)]
struct Table {
    seats: HashMap<(MatchId, Seat), ChatRate>,
    sweep_at: usize,
}

impl Default for ChatRates {
    fn default() -> Self {
        ChatRates {
            table: Mutex::new(Table {
                seats: HashMap::new(),
                sweep_at: FIRST_SWEEP_AT,
            }),
        }
    }
}

impl ChatRates {
    /// Takes one line's token from `seat`'s limit in match `id`; false when
    /// none is left.
    pub fn allow(&self, id: MatchId, seat: Seat) -> bool {
        self.allow_at(id, seat, Instant::now())
    }

    fn allow_at(&self, id: MatchId, seat: Seat, now: Instant) -> bool {
        // A panic while the table was held cannot leave it half-changed:
        // each use is one lookup and one bucket's arithmetic.
        let mut table = self
            .table
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if table.seats.len() >= table.sweep_at {
            // A full bucket is what a seat not tracked gets: forgetting it
            // loses nothing.
            table.seats.retain(|_, rate| !rate.is_full(now));
            table.sweep_at = (table.seats.len() * 2).max(FIRST_SWEEP_AT);
        }
        table
            .seats
            .entry((id, seat))
            .or_insert_with(|| ChatRate::full(now))
            .allow(now)
    }

    #[cfg(test)]
    fn tracked(&self) -> usize {
        self.table.lock().unwrap().seats.len()
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_seat_has_its_burst_then_one_line_every_few_seconds() {
        let rates = ChatRates::default();
        let start = Instant::now();
        let (id, seat) = (MatchId(1), Seat(0));
        for _ in 0..CHAT_BURST {
            assert!(rates.allow_at(id, seat, start));
        }
        assert!(!rates.allow_at(id, seat, start));
        assert!(rates.allow_at(MatchId(2), seat, start), "another match's");
        assert!(rates.allow_at(id, Seat(1), start), "another seat's");
        let later = start + Duration::from_secs(u64::from(CHAT_EVERY_SECONDS));
        assert!(rates.allow_at(id, seat, later));
        assert!(!rates.allow_at(id, seat, later));
    }

    #[test]
    fn seats_whose_limit_filled_again_are_forgotten() {
        let rates = ChatRates::default();
        let start = Instant::now();
        for n in 0..FIRST_SWEEP_AT as i64 {
            assert!(rates.allow_at(MatchId(n), Seat(0), start));
        }
        let (id, seat) = (MatchId(-1), Seat(1));
        let later = start + Duration::from_secs(60);
        for _ in 0..CHAT_BURST {
            assert!(rates.allow_at(id, seat, later));
        }
        assert_eq!(rates.tracked(), 1, "only the seat still held back");
        assert!(!rates.allow_at(id, seat, later), "and it was not forgotten");
    }
}
