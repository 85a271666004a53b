//! An accepted TCP connection as the server holds it, whether it serves HTTP
//! or has been upgraded to a websocket: it counts what it receives, keeps
//! its place under the connection cap, and fails a write the client has not
//! made room for within the HTTP idle limit. hyper has no write timeout, so
//! a client that asks for a large answer (a replay) and never reads it would
//! otherwise hold its connection, and a graceful stop, forever.

use std::future::Future;
use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;
use tokio::time::Sleep;

use super::cap::Place;

/// How many bytes a connection has received, shared with the clock that
/// times its request heads (a head's clock is kinder until its first byte).
#[derive(Debug, Default)]
pub(super) struct Received(AtomicU64);

impl Received {
    pub(super) fn bytes(&self) -> u64 {
        // The count is a signal that bytes came, ordering nothing else.
        self.0.load(Ordering::Relaxed)
    }
}

/// The socket, counting what it receives, and holding its place under the
/// connection cap for as long as it is open: a websocket takes it along
/// when the connection is upgraded.
pub(super) struct ServedStream {
    tcp: TcpStream,
    received: Arc<Received>,
    _place: Place,
    /// How long a write may wait for the client to make room.
    write_limit: Duration,
    /// Made when a write must wait, gone once it gets on; an idle
    /// connection holds none.
    write_stalled: Option<Pin<Box<Sleep>>>,
}

impl ServedStream {
    pub(super) fn new(tcp: TcpStream, place: Place, write_limit: Duration) -> ServedStream {
        ServedStream {
            tcp,
            received: Arc::default(),
            _place: place,
            write_limit,
            write_stalled: None,
        }
    }

    pub(super) fn received(&self) -> Arc<Received> {
        self.received.clone()
    }

    /// `polled`, a write's step, unless it has waited past the limit.
    fn within_write_limit<T>(
        &mut self,
        cx: &mut Context<'_>,
        polled: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if polled.is_ready() {
            self.write_stalled = None;
            return polled;
        }
        let limit = self.write_limit;
        let stalled = self
            .write_stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match stalled.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                format!("the client took no data for {limit:?}"),
            ))),
            Poll::Pending => Poll::Pending,
        }
    }
}

impl AsyncRead for ServedStream {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let read = Pin::new(&mut self.tcp).poll_read(cx, buf);
        let count = (buf.filled().len() - before) as u64;
        if count > 0 {
            self.received.0.fetch_add(count, Ordering::Relaxed);
        }
        read
    }
}

impl AsyncWrite for ServedStream {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.tcp).poll_write(cx, buf);
        self.within_write_limit(cx, polled)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let polled = Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs);
        self.within_write_limit(cx, polled)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let polled = Pin::new(&mut self.tcp).poll_flush(cx);
        self.within_write_limit(cx, polled)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }
}
