//! A request body that does not come. Once a request's head is in, hyper
//! waits for the body as long as the handler reading it does: a client that
//! announces a body and never sends it, or sends a byte now and then, would
//! hold its connection (and its handler) forever. Here the whole body must
//! come within the HTTP idle limit: past it the body fails, the handler
//! answers that it could not read it, and hyper closes the connection, whose
//! body was not read to its end. Bodies are small JSON (an army list is a
//! few hundred bytes), so a client that means to send one needs a fraction
//! of that time.

use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use hyper::body::{Body, Bytes, Frame, Incoming, SizeHint};
use thiserror::Error;
use tokio::time::Sleep;

#[derive(Debug, Error)]
pub(super) enum BodyError {
    #[error("the client did not send the whole request body within {0:?}")]
    TooSlow(Duration),
    #[error(transparent)]
    Hyper(#[from] hyper::Error),
}

pub(super) struct PatientBody {
    incoming: Incoming,
    limit: Duration,
    /// Made the first time the body must be waited for; most bodies come
    /// with their head and never need it.
    deadline: Option<Pin<Box<Sleep>>>,
}

impl PatientBody {
    pub(super) fn new(incoming: Incoming, limit: Duration) -> PatientBody {
        PatientBody {
            incoming,
            limit,
            deadline: None,
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
            return Poll::Ready(frame.map(|frame| frame.map_err(BodyError::from)));
        }
        let limit = self.limit;
        let deadline = self
            .deadline
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match deadline.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Some(Err(BodyError::TooSlow(limit)))),
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
