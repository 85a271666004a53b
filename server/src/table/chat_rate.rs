//! How fast a seat may chat.

use tokio::time::Instant;

/// Chat lines a seat may send at once, then one every
/// [`CHAT_EVERY_SECONDS`]: enough to talk, too few to flood the table.
pub const CHAT_BURST: u32 = 5;
pub const CHAT_EVERY_SECONDS: u32 = 2;

/// The chat limit of one seat in one match, on top of each connection's
/// message limit: a bucket of [`CHAT_BURST`] lines. The match keeps it, so
/// subscribing again or opening more connections does not refill it.
pub struct ChatRate {
    tokens: f64,
    refilled: Instant,
}

impl ChatRate {
    pub fn new() -> ChatRate {
        ChatRate {
            tokens: f64::from(CHAT_BURST),
            refilled: Instant::now(),
        }
    }

    /// Takes one line's token; false when none is left.
    pub fn allow(&mut self) -> bool {
        let now = Instant::now();
        let elapsed = now.duration_since(self.refilled).as_secs_f64();
        self.refilled = now;
        self.tokens =
            (self.tokens + elapsed / f64::from(CHAT_EVERY_SECONDS)).min(f64::from(CHAT_BURST));
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}
