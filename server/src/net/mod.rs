//! Accepting connections and serving HTTP (and websocket upgrades) on them.

mod backoff;
mod body;
mod cap;
mod connection;
mod fd_limit;
mod head_timer;
mod per_address;
mod refusal;
mod stream;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::Router;
use tokio::net::{TcpListener, TcpSocket};
use tokio::sync::watch;

use backoff::AcceptBackoff;
use cap::ConnectionCap;
use per_address::AddressCap;
pub(crate) use per_address::counted_as;

use crate::metrics::Metrics;

/// What connections the server takes, and how long it waits for them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// Open at once, HTTP and websocket alike.
    pub max_connections: usize,
    /// Open at once from one client address; 0: no limit.
    pub max_per_address: usize,
    pub http: HttpTimeouts,
}

/// How long an HTTP connection may keep the server waiting.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HttpTimeouts {
    /// For a request's head, from the connection's start or the head's
    /// first byte.
    pub header_read: Duration,
    /// For the first byte of the next request on a kept-alive connection,
    /// and for each part of a request's body.
    pub idle: Duration,
}

/// Connections the kernel may hold, complete, until they are accepted (it
/// caps this at `net.core.somaxconn`). tokio's 128 is too few for a burst
/// the accept loop falls behind on: past it a client's SYN is dropped and it
/// tries again a second later (docs/PERFORMANCE.md, "Tenth round").
const LISTEN_BACKLOG: u32 = 1024;

/// A listener on `address` for `serve`.
pub fn listen(address: SocketAddr) -> std::io::Result<TcpListener> {
    let socket = match address {
        SocketAddr::V4(_) => TcpSocket::new_v4()?,
        SocketAddr::V6(_) => TcpSocket::new_v6()?,
    };
    // As tokio's `bind` does: a restarted server may listen again at once,
    // before the last one's connections have left TIME_WAIT.
    #[cfg(not(windows))]
    socket.set_reuseaddr(true)?;
    socket.bind(address)?;
    socket.listen(LISTEN_BACKLOG)
}

/// Accepts connections on `listener` and serves `router` on each, within
/// `limits`, until `shutdown` completes; then stops accepting, lets every
/// request under way finish, and returns once the HTTP connections are closed
/// (websockets close themselves: see `AppState::stopping`).
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    metrics: Arc<Metrics>,
    shutdown: impl Future<Output = ()>,
) {
    let fit = fd_limit::max_connections_that_fit(limits.max_connections);
    let mut cap = ConnectionCap::new(fit, metrics.clone());
    let per_address = AddressCap::new(limits.max_per_address);
    let address_full = refusal::address_full(per_address.max());
    // Each connection's task holds a receiver until it ends: the sender both
    // tells them to stop and learns when the last one has.
    let (stop, stopping) = watch::channel(());
    tokio::pin!(shutdown);
    let mut backoff = AcceptBackoff::default();
    loop {
        let accepted = tokio::select! {
            () = &mut shutdown => break,
            accepted = listener.accept() => accepted,
        };
        let (tcp, peer) = match accepted {
            Ok(accepted) => {
                backoff.succeeded();
                accepted
            }
            Err(error) if backoff::concerns_one_connection(&error) => continue,
            Err(error) => {
                let failed = backoff.failed(Instant::now());
                if let Some(unlogged) = failed.log {
                    tracing::error!(
                        %error,
                        retry_in = ?failed.wait,
                        failures_not_logged = unlogged,
                        "accept failed"
                    );
                }
                tokio::select! {
                    () = &mut shutdown => break,
                    () = tokio::time::sleep(failed.wait) => continue,
                }
            }
        };
        // The address first: one that holds its share is told so, and
        // takes no place under the server's cap meanwhile.
        let Ok(address_place) = per_address.admit(peer.ip()) else {
            metrics.address_connections_refused.inc();
            refusal::refuse(tcp, &address_full);
            continue;
        };
        let Some(place) = cap.admit() else {
            refusal::refuse(tcp, &refusal::SERVER_FULL);
            continue;
        };
        let place = place.with_address(address_place);
        // Frames are small and each one is awaited by a player: with Nagle's
        // algorithm on, a frame written while the previous one is
        // unacknowledged could wait for the peer's delayed ACK (up to 40 ms
        // on Linux).
        if let Err(error) = tcp.set_nodelay(true) {
            tracing::warn!(%error, "cannot set TCP_NODELAY on a connection");
        }
        tokio::spawn(connection::serve(
            tcp,
            place,
            peer,
            router.clone(),
            limits.http,
            stopping.clone(),
        ));
    }
    drop(listener);
    drop(stopping);
    let _ = stop.send(());
    // Every limit above ends a connection in time; this bounds a stop even
    // if one is missed.
    if tokio::time::timeout(STOP_GRACE, stop.closed())
        .await
        .is_err()
    {
        tracing::warn!(
            connections = stop.receiver_count(),
            "connections still open {}s after the stop began are left behind",
            STOP_GRACE.as_secs()
        );
    }
}

/// How long a stop waits for the HTTP connections to finish what they are
/// doing.
const STOP_GRACE: Duration = Duration::from_secs(30);

#[cfg(test)]
mod tests {
    use std::net::SocketAddr;

    use axum::extract::ConnectInfo;
    use axum::routing::get;
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    use tokio::net::TcpStream;
    use tokio::sync::oneshot;

    use super::*;

    #[tokio::test]
    async fn a_handler_can_take_the_peers_address() {
        let router = Router::new().route(
            "/peer",
            get(|ConnectInfo(peer): ConnectInfo<SocketAddr>| async move { peer.to_string() }),
        );
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        let (stop, stopped) = oneshot::channel::<()>();
        let limits = ConnectionLimits {
            max_connections: 4,
            max_per_address: 4,
            http: HttpTimeouts {
                header_read: Duration::from_secs(10),
                idle: Duration::from_secs(10),
            },
        };
        let server = tokio::spawn(serve(listener, router, limits, Default::default(), async {
            let _ = stopped.await;
        }));

        let mut client = TcpStream::connect(address).await.unwrap();
        client
            .write_all(b"GET /peer HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await
            .unwrap();
        let mut response = String::new();
        client.read_to_string(&mut response).await.unwrap();
        let body = response.split("\r\n\r\n").nth(1).expect("a body");
        assert_eq!(body, client.local_addr().unwrap().to_string(), "{response}");

        let _ = stop.send(());
        server.await.unwrap();
    }
}
