//! A request body that stops coming. Once a request's head is in, hyper
//! waits for the body as long as the handler reading it does, and a client
//! that announces a body and never sends it would hold its connection (and
//! its handler) forever. Here the body fails after the HTTP idle limit
//! without a byte: the handler answers that it could not read it, and hyper
//! closes the connection, whose body was not read to its end.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use hyper::body::{Body, Bytes, Frame, Incoming, SizeHint};
use thiserror::Error;
use tokio::time::{Instant, Sleep};

#[derive(Debug, Error)]
pub(super) enum BodyError {
    #[error("the client stopped sending the request body for {0:?}")]
    Stalled(Duration),
    #[error(transparent)]
    Hyper(#[from] hyper::Error),
}

pub(super) struct PatientBody {
    incoming: Incoming,
    idle: Duration,
    /// Runs while the body is awaited.
    stalled: Option<Pin<Box<Sleep>>>,
    waiting: bool,
}

impl PatientBody {
    pub(super) fn new(incoming: Incoming, idle: Duration) -> PatientBody {
        PatientBody {
            incoming,
            idle,
            stalled: None,
            waiting: false,
        }
    }
}

impl Body for PatientBody {
    type Data = Bytes;
    type Error = BodyError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<Frame<Bytes>, BodyError>>> {
        if let Poll::Ready(frame) = Pin::new(&mut self.incoming).poll_frame(cx) {
            self.waiting = false;
            return Poll::Ready(frame.map(|frame| frame.map_err(BodyError::from)));
        }
        let idle = self.idle;
        let deadline = Instant::now() + idle;
        if !std::mem::replace(&mut self.waiting, true) {
            // One timer per body, pushed back as frames come.
            match &mut self.stalled {
                Some(stalled) => stalled.as_mut().reset(deadline),
                None => self.stalled = Some(Box::pin(tokio::time::sleep_until(deadline))),
            }
        }
        let stalled = self.stalled.as_mut().expect("set while waiting");
        match stalled.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Some(Err(BodyError::Stalled(idle)))),
            Poll::Pending => Poll::Pending,
        }
    }

    fn is_end_stream(&self) -> bool {
        self.incoming.is_end_stream()
    }

    fn size_hint(&self) -> SizeHint {
        self.incoming.size_hint()
    }
}
