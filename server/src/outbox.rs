//! A connection's outgoing queue as match actors see it. Bounded in frames
//! and in bytes: an actor never waits for a socket. A connection whose queue
//! is full is told to go (it reconnects and resumes from its last `seq`)
//! rather than let memory grow.

use std::collections::VecDeque;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use axum::extract::ws::Utf8Bytes;
use fray_protocol::{ServerMessage, batch_json};
use tokio::sync::Notify;

use crate::metrics::Dropped;

/// Identifies one websocket connection for the life of the process.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ConnId(pub u64);

impl ConnId {
    pub fn next() -> ConnId {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        ConnId(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

/// The queue between the match actors and one socket. Not a tokio channel:
/// that allocates a block of 32 slots and its own shared state up front, about
/// 1.5 KiB for every connection, idle ones included; this queue holds nothing
/// until a frame arrives (docs/PERFORMANCE.md, "An idle connection").
#[derive(Debug)]
struct Queue {
    capacity: usize,
    /// The most bytes of frames waiting; a frame into an empty queue is
    /// taken whatever its size, or a snapshot larger than this could never
    /// be sent.
    max_bytes: usize,
    state: Mutex<QueueState>,
    /// A frame was queued.
    arrived: Notify,
    /// The connection must go (too slow, or its match is being restored).
    go: Notify,
}

#[derive(Debug, Default)]
struct QueueState {
    frames: VecDeque<Utf8Bytes>,
    /// The bytes of `frames`.
    bytes: usize,
    /// The socket's writer is gone: frames are refused.
    closed: bool,
    /// Why the connection was told to go, once it was.
    told_to_go: Option<Dropped>,
}

impl Queue {
    fn state(&self) -> MutexGuard<'_, QueueState> {
        // Nothing panics while holding the lock, so a poisoned lock still
        // holds a whole queue.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

#[derive(Debug, Clone)]
pub struct Outbox {
    pub id: ConnId,
    queue: Arc<Queue>,
}

/// What a connection's socket task holds: the frames to write, and the
/// signal that it fell too far behind.
pub struct Inbox {
    queue: Arc<Queue>,
}

/// Whether a frame was queued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    Queued,
    /// The queue was full: the connection has been told to go.
    TooSlow,
    /// Left out, the connection kept: the queue had no room to spare for
    /// an optional frame.
    Skipped,
    /// The connection is gone.
    Closed,
}

/// A queue that takes at most `capacity` frames, and `max_bytes` of them,
/// waiting to be written.
pub fn outbox(capacity: usize, max_bytes: usize) -> (Outbox, Inbox) {
    let queue = Arc::new(Queue {
        capacity,
        max_bytes,
        state: Mutex::default(),
        arrived: Notify::new(),
        go: Notify::new(),
    });
    (
        Outbox {
            id: ConnId::next(),
            queue: queue.clone(),
        },
        Inbox { queue },
    )
}

impl Inbox {
    /// The next frame, waiting for one if none is queued.
    pub async fn recv(&self) -> Utf8Bytes {
        loop {
            if let Some(frame) = self.try_recv() {
                return frame;
            }
            // A frame queued since the look above left a permit: no wake-up
            // is lost between the two.
            self.queue.arrived.notified().await;
        }
    }

    /// The next frame if one is queued.
    pub fn try_recv(&self) -> Option<Utf8Bytes> {
        let mut state = self.queue.state();
        let frame = state.frames.pop_front()?;
        state.bytes -= frame.len();
        Some(frame)
    }

    /// Waits until the connection is told to go; why.
    pub async fn told_to_go(&self) -> Dropped {
        self.queue.go.notified().await;
        self.queue.state().told_to_go.unwrap_or(Dropped::TooSlow)
    }
}

impl Drop for Inbox {
    fn drop(&mut self) {
        let mut state = self.queue.state();
        state.closed = true;
        state.frames = VecDeque::new();
        state.bytes = 0;
    }
}

impl Outbox {
    pub fn send_frame(&self, frame: Utf8Bytes) -> Delivery {
        let mut state = self.queue.state();
        if state.closed {
            return Delivery::Closed;
        }
        let full = state.frames.len() >= self.queue.capacity
            || (!state.frames.is_empty() && state.bytes + frame.len() > self.queue.max_bytes);
        if full {
            state.told_to_go.get_or_insert(Dropped::TooSlow);
            drop(state);
            self.queue.go.notify_one();
            return Delivery::TooSlow;
        }
        state.bytes += frame.len();
        state.frames.push_back(frame);
        drop(state);
        self.queue.arrived.notify_one();
        Delivery::Queued
    }

    /// Queues a frame the connection can do without (an answer to input it
    /// got wrong) only while the queue is less than half full, in frames
    /// and in bytes: such frames never fill it, so they never cost a client
    /// its connection.
    pub fn send_spare(&self, message: &ServerMessage) -> Delivery {
        {
            let state = self.queue.state();
            if state.closed {
                return Delivery::Closed;
            }
            if state.frames.len() >= self.queue.capacity / 2
                || state.bytes >= self.queue.max_bytes / 2
            {
                return Delivery::Skipped;
            }
        }
        self.send(message)
    }

    /// How many frames the connection may have waiting.
    pub fn capacity(&self) -> usize {
        self.queue.capacity
    }

    /// How many bytes of frames the connection may have waiting.
    pub fn max_bytes(&self) -> usize {
        self.queue.max_bytes
    }

    /// Tells the connection to go and come back with its last `seq`.
    pub fn kick(&self) {
        self.queue.state().told_to_go.get_or_insert(Dropped::Resume);
        self.queue.go.notify_one();
    }

    pub fn send(&self, message: &ServerMessage) -> Delivery {
        self.send_frame(encode(message))
    }
}

pub fn encode(message: &ServerMessage) -> Utf8Bytes {
    let text = match message {
        ServerMessage::Batch(batch) => batch_json(batch),
        other => serde_json::to_string(other).expect("protocol messages always serialise"),
    };
    Utf8Bytes::from(text)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn frame(text: &'static str) -> Utf8Bytes {
        Utf8Bytes::from_static(text)
    }

    #[test]
    fn frames_come_out_in_the_order_they_went_in() {
        let (outbox, inbox) = outbox(8, 1 << 20);
        for text in ["one", "two", "three"] {
            assert_eq!(outbox.send_frame(frame(text)), Delivery::Queued);
        }
        let out: Vec<_> = std::iter::from_fn(|| inbox.try_recv()).collect();
        assert_eq!(out, [frame("one"), frame("two"), frame("three")]);
        assert_eq!(inbox.try_recv(), None);
    }

    #[tokio::test]
    async fn a_full_queue_refuses_the_frame_and_tells_the_connection_to_go() {
        let (outbox, inbox) = outbox(2, 1 << 20);
        assert_eq!(outbox.send_frame(frame("one")), Delivery::Queued);
        assert_eq!(outbox.send_frame(frame("two")), Delivery::Queued);
        assert_eq!(outbox.send_frame(frame("three")), Delivery::TooSlow);
        let why = tokio::time::timeout(Duration::from_secs(5), inbox.told_to_go())
            .await
            .expect("the writer hears it is too slow");
        assert_eq!(why, Dropped::TooSlow);
        // What was queued before it filled is still there, and nothing after.
        assert_eq!(inbox.try_recv(), Some(frame("one")));
        assert_eq!(inbox.try_recv(), Some(frame("two")));
        assert_eq!(inbox.try_recv(), None);
        // Room again: a frame is taken.
        assert_eq!(outbox.send_frame(frame("four")), Delivery::Queued);
    }

    #[tokio::test]
    async fn a_queue_full_in_bytes_refuses_the_frame_and_tells_the_connection_to_go() {
        let (outbox, inbox) = outbox(100, 10);
        assert_eq!(outbox.send_frame(frame("1234")), Delivery::Queued);
        assert_eq!(outbox.send_frame(frame("5678")), Delivery::Queued);
        assert_eq!(outbox.send_frame(frame("abc")), Delivery::TooSlow);
        tokio::time::timeout(Duration::from_secs(5), inbox.told_to_go())
            .await
            .expect("the writer hears it is too slow");
        assert_eq!(inbox.try_recv(), Some(frame("1234")));
        // Bytes taken out make room again, up to the bound exactly.
        assert_eq!(outbox.send_frame(frame("abcdef")), Delivery::Queued);
        assert_eq!(outbox.send_frame(frame("x")), Delivery::TooSlow);
    }

    #[test]
    fn a_frame_larger_than_the_bound_goes_into_an_empty_queue() {
        let (outbox, inbox) = outbox(100, 4);
        assert_eq!(outbox.send_frame(frame("a snapshot")), Delivery::Queued);
        assert_eq!(outbox.send_frame(frame("x")), Delivery::TooSlow);
        assert_eq!(inbox.try_recv(), Some(frame("a snapshot")));
        assert_eq!(outbox.send_frame(frame("x")), Delivery::Queued);
    }

    #[test]
    fn spare_frames_are_left_out_once_the_queue_is_half_full_and_never_fill_it() {
        let pong = ServerMessage::Pong { nonce: 1 };
        let (outbox, inbox) = outbox(4, 1 << 20);
        assert_eq!(outbox.send_spare(&pong), Delivery::Queued);
        assert_eq!(outbox.send_spare(&pong), Delivery::Queued);
        for _ in 0..100 {
            assert_eq!(outbox.send_spare(&pong), Delivery::Skipped);
        }
        // Frames that must go still have their room.
        assert_eq!(outbox.send(&pong), Delivery::Queued);
        assert_eq!(outbox.send(&pong), Delivery::Queued);
        assert_eq!(std::iter::from_fn(|| inbox.try_recv()).count(), 4);

        let (outbox, _inbox) = outbox_in_bytes(&pong);
        assert_eq!(outbox.send_spare(&pong), Delivery::Queued);
        assert_eq!(
            outbox.send_spare(&pong),
            Delivery::Skipped,
            "half the bytes"
        );
    }

    /// A queue of many frames whose byte bound is two of `message`.
    fn outbox_in_bytes(message: &ServerMessage) -> (Outbox, Inbox) {
        outbox(100, 2 * encode(message).len())
    }

    #[tokio::test]
    async fn a_kick_tells_the_connection_to_go() {
        let (outbox, inbox) = outbox(2, 1 << 20);
        outbox.kick();
        let why = tokio::time::timeout(Duration::from_secs(5), inbox.told_to_go())
            .await
            .expect("the writer hears the kick");
        assert_eq!(why, Dropped::Resume);
    }

    #[test]
    fn once_the_writer_is_gone_frames_are_refused_as_closed() {
        let (outbox, inbox) = outbox(2, 1 << 20);
        let copy = outbox.clone();
        assert_eq!(outbox.send_frame(frame("one")), Delivery::Queued);
        drop(inbox);
        assert_eq!(outbox.send_frame(frame("two")), Delivery::Closed);
        assert_eq!(copy.send_frame(frame("three")), Delivery::Closed);
    }

    #[tokio::test]
    async fn a_waiting_writer_wakes_for_a_frame_sent_from_another_task() {
        let (outbox, inbox) = outbox(4, 1 << 20);
        let waiting = tokio::spawn(async move { inbox.recv().await });
        tokio::task::yield_now().await;
        let sender = std::thread::spawn(move || outbox.send_frame(frame("late")));
        assert_eq!(sender.join().unwrap(), Delivery::Queued);
        let got = tokio::time::timeout(Duration::from_secs(5), waiting)
            .await
            .expect("recv wakes")
            .unwrap();
        assert_eq!(got, frame("late"));
    }

    #[tokio::test]
    async fn a_frame_sent_before_the_writer_waits_is_not_missed() {
        let (outbox, inbox) = outbox(4, 1 << 20);
        assert_eq!(outbox.send_frame(frame("early")), Delivery::Queued);
        let got = tokio::time::timeout(Duration::from_secs(5), inbox.recv())
            .await
            .expect("the queued frame is there");
        assert_eq!(got, frame("early"));
    }
}
