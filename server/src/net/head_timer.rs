//! How long an HTTP connection may take to send a request head.
//!
//! hyper (1.12) times each wait for a request head from when the wait
//! begins: for a kept-alive connection, from the end of the previous
//! response. Its one `header_read_timeout` would therefore close a client
//! that is merely quiet between requests as soon as one that sends a head a
//! byte at a time. This timer, which hyper's HTTP/1 server uses for that
//! clock and for nothing else, tells the two apart as Go's `net/http` does:
//!
//! - a new connection must send its first head within `header_read` of
//!   being accepted;
//! - a kept-alive connection may wait `idle` for the first byte of its next
//!   request, whose head must then be complete within `header_read`.
//!
//! hyper closes the connection, without an answer, when the clock runs out.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use hyper::rt::{Sleep, Timer};

use super::HttpTimeouts;
use super::stream::Received;

/// One connection's clock for its request heads.
pub(super) struct HeadTimer {
    timeouts: HttpTimeouts,
    received: Arc<Received>,
}

impl HeadTimer {
    pub(super) fn new(timeouts: HttpTimeouts, received: Arc<Received>) -> HeadTimer {
        HeadTimer { timeouts, received }
    }
}

impl Timer for HeadTimer {
    fn sleep(&self, duration: Duration) -> Pin<Box<dyn Sleep>> {
        self.sleep_until(Instant::now() + duration)
    }

    /// Called when hyper begins to wait for a head. hyper's own deadline
    /// (the wait's start plus `header_read`) is replaced by this
    /// connection's.
    fn sleep_until(&self, _hypers_deadline: Instant) -> Pin<Box<dyn Sleep>> {
        let received = self.received.bytes();
        // Nothing received yet: this is the connection's first head.
        let first_head = received == 0;
        let wait = if first_head {
            self.timeouts.header_read
        } else {
            self.timeouts.idle
        };
        Box::pin(HeadDeadline {
            sleep: Box::pin(tokio::time::sleep(wait)),
            received: self.received.clone(),
            awaiting_first_byte: (!first_head).then_some(received),
            header_read: self.timeouts.header_read,
        })
    }
}

/// Completes when the head is late. hyper polls it whenever the head is
/// still incomplete after a read, so the first byte is seen when it comes.
struct HeadDeadline {
    sleep: Pin<Box<tokio::time::Sleep>>,
    received: Arc<Received>,
    /// While waiting for the first byte of a kept-alive connection's next
    /// request: how many bytes the connection had received before it.
    awaiting_first_byte: Option<u64>,
    header_read: Duration,
}

impl Future for HeadDeadline {
    type Output = ();

    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<()> {
        if let Some(before) = self.awaiting_first_byte
            && self.received.bytes() != before
        {
            self.awaiting_first_byte = None;
            let deadline = tokio::time::Instant::now() + self.header_read;
            self.sleep.as_mut().reset(deadline);
        }
        self.sleep.as_mut().poll(cx)
    }
}

impl Sleep for HeadDeadline {}
