//! The one token bucket behind every rate limit (a connection's messages, a
//! seat's chat, an address's lobby writes): a bucket holds at most
//! `capacity` tokens, each use takes one, and they come back at
//! `per_second`. The time is passed in, so that callers read their own clock
//! (tokio's, which tests pause, or the system's) and tests need no sleeping.

use std::time::{Duration, Instant};

/// How a bucket fills. Kept apart from the bucket, so that a table of
/// thousands of buckets under one limit holds the limit once.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BucketRate {
    /// Tokens at most: the burst allowed at once.
    pub capacity: f64,
    /// Tokens given back each second.
    pub per_second: f64,
}

/// One bucket's tokens.
#[derive(Debug, Clone, Copy)]
pub struct TokenBucket {
    tokens: f64,
    /// When `tokens` was last brought up to date.
    refilled: Instant,
}

impl TokenBucket {
    /// A bucket holding all it may: what a newcomer gets.
    pub fn full(rate: BucketRate, now: Instant) -> TokenBucket {
        TokenBucket {
            tokens: rate.capacity,
            refilled: now,
        }
    }

    /// Takes one token; when none is left, how long until there is one.
    pub fn take(&mut self, rate: BucketRate, now: Instant) -> Result<(), Duration> {
        self.refill(rate, now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64(
                (1.0 - self.tokens) / rate.per_second,
            ))
        }
    }

    /// Whether the bucket has filled up again: then it is as good as a new
    /// one, and a table of buckets may forget it.
    pub fn is_full(mut self, rate: BucketRate, now: Instant) -> bool {
        self.refill(rate, now);
        self.tokens >= rate.capacity
    }

    fn refill(&mut self, rate: BucketRate, now: Instant) {
        let elapsed = now.saturating_duration_since(self.refilled).as_secs_f64();
        self.tokens = (self.tokens + elapsed * rate.per_second).min(rate.capacity);
        self.refilled = now;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const FIVE_A_SECOND: BucketRate = BucketRate {
        capacity: 5.0,
        per_second: 5.0,
    };

    #[test]
    fn a_full_bucket_allows_its_capacity_at_once_then_refills_at_its_rate() {
        let start = Instant::now();
        let mut bucket = TokenBucket::full(FIVE_A_SECOND, start);
        let taken = (0..8)
            .filter(|_| bucket.take(FIVE_A_SECOND, start).is_ok())
            .count();
        assert_eq!(taken, 5);
        let later = start + Duration::from_millis(400);
        let taken = (0..8)
            .filter(|_| bucket.take(FIVE_A_SECOND, later).is_ok())
            .count();
        assert_eq!(taken, 2, "0.4 s at five a second");
    }

    #[test]
    fn an_empty_bucket_says_how_long_until_its_next_token() {
        let rate = BucketRate {
            capacity: 1.0,
            per_second: 0.5,
        };
        let start = Instant::now();
        let mut bucket = TokenBucket::full(rate, start);
        assert_eq!(bucket.take(rate, start), Ok(()));
        assert_eq!(bucket.take(rate, start), Err(Duration::from_secs(2)));
        let later = start + Duration::from_millis(500);
        assert_eq!(bucket.take(rate, later), Err(Duration::from_millis(1500)));
        assert_eq!(bucket.take(rate, start + Duration::from_secs(2)), Ok(()));
    }

    #[test]
    fn a_bucket_never_holds_more_than_its_capacity() {
        let start = Instant::now();
        let mut bucket = TokenBucket::full(FIVE_A_SECOND, start);
        assert!(bucket.is_full(FIVE_A_SECOND, start));
        bucket.take(FIVE_A_SECOND, start).unwrap();
        assert!(!bucket.is_full(FIVE_A_SECOND, start));
        let much_later = start + Duration::from_secs(3600);
        assert!(bucket.is_full(FIVE_A_SECOND, much_later));
        let taken = (0..10)
            .filter(|_| bucket.take(FIVE_A_SECOND, much_later).is_ok())
            .count();
        assert_eq!(taken, 5, "an hour idle is still one burst");
    }

    #[test]
    fn a_clock_read_out_of_order_adds_nothing() {
        let start = Instant::now();
        let later = start + Duration::from_secs(1);
        let mut bucket = TokenBucket::full(FIVE_A_SECOND, later);
        for _ in 0..5 {
            bucket.take(FIVE_A_SECOND, later).unwrap();
        }
        assert!(bucket.take(FIVE_A_SECOND, start).is_err());
    }
}
