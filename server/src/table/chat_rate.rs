//! How fast a seat may chat.

use std::collections::HashMap;
use std::sync::Mutex;

use fray_protocol::{MatchId, Seat};
use tokio::time::Instant;

use crate::token_bucket::{BucketRate, TokenBucket};

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
const CHAT_RATE: BucketRate = BucketRate {
    capacity: CHAT_BURST as f64,
    per_second: 1.0 / CHAT_EVERY_SECONDS as f64,
};

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
    seats: HashMap<(MatchId, Seat), TokenBucket>,
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
        let now = now.into_std();
        // A panic while the table was held cannot leave it half-changed:
        // each use is one lookup and one bucket's arithmetic.
        let mut table = self
            .table
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if table.seats.len() >= table.sweep_at {
            // A full bucket is what a seat not tracked gets: forgetting it
            // loses nothing.
            table
                .seats
                .retain(|_, bucket| !bucket.is_full(CHAT_RATE, now));
            table.sweep_at = (table.seats.len() * 2).max(FIRST_SWEEP_AT);
        }
        table
            .seats
            .entry((id, seat))
            .or_insert_with(|| TokenBucket::full(CHAT_RATE, now))
            .take(CHAT_RATE, now)
            .is_ok()
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
