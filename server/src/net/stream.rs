//! An accepted TCP connection as the server holds it, whether it serves HTTP
//! or has been upgraded to a websocket.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::task::{Context, Poll};

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::TcpStream;

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
}

impl ServedStream {
    pub(super) fn new(tcp: TcpStream, place: Place) -> ServedStream {
        ServedStream {
            tcp,
            received: Arc::default(),
            _place: place,
        }
    }

    pub(super) fn received(&self) -> Arc<Received> {
        self.received.clone()
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
        Pin::new(&mut self.tcp).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.tcp).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.tcp.is_write_vectored()
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.tcp).poll_shutdown(cx)
    }
}
