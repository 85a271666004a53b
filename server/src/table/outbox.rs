//! A connection's outgoing queue as match actors see it. Bounded: an actor
//! never waits for a socket. A connection whose queue is full is told to go
//! (it reconnects and resumes from its last `seq`) rather than let memory grow.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use axum::extract::ws::Utf8Bytes;
use fray_protocol::ServerMessage;
use tokio::sync::{Notify, mpsc};

use super::batch_json::batch_json;

/// Identifies one websocket connection for the life of the process.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct ConnId(pub u64);

impl ConnId {
    pub fn next() -> ConnId {
        static NEXT: AtomicU64 = AtomicU64::new(1);
        ConnId(NEXT.fetch_add(1, Ordering::Relaxed))
    }
}

#[derive(Debug, Clone)]
pub struct Outbox {
    pub id: ConnId,
    frames: mpsc::Sender<Utf8Bytes>,
    too_slow: Arc<Notify>,
}

/// What a connection's socket task holds: the frames to write, and the
/// signal that it fell too far behind.
pub struct Inbox {
    pub frames: mpsc::Receiver<Utf8Bytes>,
    pub too_slow: Arc<Notify>,
}

/// Whether a frame was queued.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Delivery {
    Queued,
    /// The queue was full: the connection has been told to go.
    TooSlow,
    /// The connection is gone.
    Closed,
}

pub fn outbox(capacity: usize) -> (Outbox, Inbox) {
    let (frames, receiver) = mpsc::channel(capacity);
    let too_slow = Arc::new(Notify::new());
    (
        Outbox {
            id: ConnId::next(),
            frames,
            too_slow: too_slow.clone(),
        },
        Inbox {
            frames: receiver,
            too_slow,
        },
    )
}

impl Outbox {
    pub fn send_frame(&self, frame: Utf8Bytes) -> Delivery {
        match self.frames.try_send(frame) {
            Ok(()) => Delivery::Queued,
            Err(mpsc::error::TrySendError::Full(_)) => {
                self.too_slow.notify_one();
                Delivery::TooSlow
            }
            Err(mpsc::error::TrySendError::Closed(_)) => Delivery::Closed,
        }
    }

    /// How many frames the connection may have waiting.
    pub fn capacity(&self) -> usize {
        self.frames.max_capacity()
    }

    /// Tells the connection to go and come back with its last `seq`.
    pub fn kick(&self) {
        self.too_slow.notify_one();
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
