//! Rate limits: the whole run's `--rate`, and each connection's share of the
//! server's per-connection message limit.

use std::sync::Mutex;
use std::time::Duration;

use tokio::time::Instant;

/// `--rate`: actions from every bot together, evenly spaced. Each caller
/// takes the next free slot and waits for it.
pub struct GlobalRate {
    interval: Duration,
    next: Mutex<Instant>,
}

impl GlobalRate {
    pub fn new(per_second: f64) -> GlobalRate {
        GlobalRate {
            interval: Duration::from_secs_f64(1.0 / per_second),
            next: Mutex::new(Instant::now()),
        }
    }

    pub async fn slot(&self) {
        let at = {
            let mut next = self.next.lock().unwrap_or_else(|p| p.into_inner());
            let now = Instant::now();
            // A slot missed while nobody asked is not kept for a burst.
            let at = (*next).max(now);
            *next = at + self.interval;
            at
        };
        tokio::time::sleep_until(at).await;
    }
}

/// A copy of the server's token bucket for one connection, a little slower
/// than the limit the server told (`messages_per_second`), so that a bot is
/// never refused with `rate_limited`.
pub struct Bucket {
    per_second: f64,
    capacity: f64,
    tokens: f64,
    refilled: Instant,
}

impl Bucket {
    /// A bucket for a server that allows `limit` messages a second.
    pub fn for_limit(limit: u32) -> Bucket {
        let per_second = (f64::from(limit) * 0.9).max(1.0);
        Bucket {
            per_second,
            capacity: per_second,
            tokens: per_second / 2.0,
            refilled: Instant::now(),
        }
    }

    /// How long to wait before the next message may go; takes its token.
    pub fn take(&mut self) -> Duration {
        let now = Instant::now();
        self.tokens = (self.tokens
            + now.duration_since(self.refilled).as_secs_f64() * self.per_second)
            .min(self.capacity);
        self.refilled = now;
        self.tokens -= 1.0;
        if self.tokens >= 0.0 {
            Duration::ZERO
        } else {
            Duration::from_secs_f64(-self.tokens / self.per_second)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bucket_allows_a_burst_then_paces() {
        let mut bucket = Bucket::for_limit(50);
        let free = (0..22).filter(|_| bucket.take() == Duration::ZERO).count();
        assert!(free >= 20, "{free}");
        let wait = bucket.take();
        assert!(
            wait > Duration::ZERO && wait < Duration::from_millis(100),
            "{wait:?}"
        );
    }
}
