//! The message rate limit: a token bucket of `per_second` messages a second,
//! in bursts of as many, and the notices of messages dropped over it.

use std::time::Duration;

use tokio::time::Instant;

use crate::token_bucket::{BucketRate, TokenBucket};

pub struct RateLimit {
    rate: BucketRate,
    bucket: TokenBucket,
}

impl RateLimit {
    pub fn new(per_second: u32) -> RateLimit {
        let per_second = f64::from(per_second.max(1));
        let rate = BucketRate {
            capacity: per_second,
            per_second,
        };
        RateLimit {
            rate,
            bucket: TokenBucket::full(rate, Instant::now().into_std()),
        }
    }

    /// Takes one message's token; false when none is left.
    pub fn allow(&mut self) -> bool {
        self.bucket
            .take(self.rate, Instant::now().into_std())
            .is_ok()
    }
}

/// At most one `rate_limited` error this often: a burst of messages over the
/// limit is refused with one error and a count, not an error each, which
/// would be queued faster than the socket takes them and cost a client that
/// reads its connection.
pub const NOTICE_EVERY: Duration = Duration::from_secs(1);

/// The messages dropped over the limit that the client has not been told of.
#[derive(Debug, Default)]
pub struct OverLimit {
    /// When the client was last told.
    told: Option<Instant>,
    untold: u64,
}

impl OverLimit {
    /// Counts a dropped message; how many to tell of now, if a notice is due.
    pub fn dropped(&mut self) -> Option<u64> {
        self.untold += 1;
        let now = Instant::now();
        let due = self.told.is_none_or(|told| now >= told + NOTICE_EVERY);
        if due { self.tell(now) } else { None }
    }

    /// When the drops not yet told of must be: a notice's time after the
    /// last one. None while there are none.
    pub fn due(&self) -> Option<Instant> {
        let told = self.told?;
        (self.untold > 0).then_some(told + NOTICE_EVERY)
    }

    /// How many drops to tell of now, if any; they are then told.
    pub fn tell(&mut self, now: Instant) -> Option<u64> {
        if self.untold == 0 {
            return None;
        }
        self.told = Some(now);
        Some(std::mem::take(&mut self.untold))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test(start_paused = true)]
    async fn a_burst_over_the_limit_is_told_at_once_then_once_a_second_with_a_count() {
        let mut over = OverLimit::default();
        assert_eq!(over.dropped(), Some(1), "the first drop is told at once");
        for _ in 0..249 {
            assert_eq!(over.dropped(), None);
        }
        let due = over.due().expect("the rest are due");
        assert_eq!(due.duration_since(Instant::now()), NOTICE_EVERY);

        tokio::time::advance(NOTICE_EVERY).await;
        assert_eq!(over.tell(Instant::now()), Some(249));
        assert_eq!(over.due(), None, "nothing left to tell");
        assert_eq!(over.tell(Instant::now()), None, "nor a notice of none");

        tokio::time::advance(NOTICE_EVERY).await;
        assert_eq!(
            over.dropped(),
            Some(1),
            "a drop a second later is told at once"
        );
    }

    #[tokio::test(start_paused = true)]
    async fn the_bucket_allows_a_burst_of_its_rate_then_refills() {
        let mut rate = RateLimit::new(5);
        assert_eq!((0..8).filter(|_| rate.allow()).count(), 5);
        tokio::time::advance(Duration::from_millis(400)).await;
        assert_eq!((0..8).filter(|_| rate.allow()).count(), 2);
    }
}
