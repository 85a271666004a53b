//! A token bucket: `per_second` messages a second, in bursts of as many.

use tokio::time::Instant;

pub struct RateLimit {
    per_second: f64,
    tokens: f64,
    refilled: Instant,
}

impl RateLimit {
    pub fn new(per_second: u32) -> RateLimit {
        RateLimit {
            per_second: f64::from(per_second.max(1)),
            tokens: f64::from(per_second.max(1)),
            refilled: Instant::now(),
        }
    }

    /// Takes one message's token; false when none is left.
    pub fn allow(&mut self) -> bool {
        let now = Instant::now();
        let elapsed = now.duration_since(self.refilled).as_secs_f64();
        self.refilled = now;
        self.tokens = (self.tokens + elapsed * self.per_second).min(self.per_second);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}
