//! Serving one accepted connection: HTTP/1 with hyper, upgrades to
//! websockets allowed, the peer's address handed to every request, and
//! every request body awaited no longer than the HTTP idle limit, and
//! every write no longer than that either.

use std::convert::Infallible;
use std::net::SocketAddr;
use std::time::Duration;

use axum::Router;
use axum::extract::ConnectInfo;
use axum::http::Request;
use axum::response::Response;
use axum::routing::future::RouteFuture;
use hyper::body::Incoming;
use hyper::server::conn::http1;
use hyper_util::rt::TokioIo;
use tokio::net::TcpStream;
use tokio::sync::watch;
use tower_service::Service;

use super::HttpTimeouts;
use super::body::PatientBody;
use super::cap::Place;
use super::head_timer::HeadTimer;
use super::stream::ServedStream;

/// Serves HTTP on `tcp` until the client or the server ends it, or the
/// client is too slow to send a request head (see `head_timer`) or body
/// (see `body`). When
/// `stopping` changes, a request under way is finished and the connection
/// then closed; an idle one is closed at once. A connection upgraded to a
/// websocket leaves here with its socket: the websocket closes itself.
pub(super) async fn serve(
    tcp: TcpStream,
    place: Place,
    peer: SocketAddr,
    router: Router,
    timeouts: HttpTimeouts,
    mut stopping: watch::Receiver<()>,
) {
    let stream = ServedStream::new(tcp, place, timeouts.idle);
    let timer = HeadTimer::new(timeouts, stream.received());
    let service = Requests {
        router,
        peer,
        body_limit: timeouts.idle,
    };
    let connection = http1::Builder::new()
        .timer(timer)
        .header_read_timeout(timeouts.header_read)
        .serve_connection(TokioIo::new(stream), service)
        .with_upgrades();
    tokio::pin!(connection);
    let served = tokio::select! {
        served = connection.as_mut() => served,
        _ = stopping.changed() => {
            connection.as_mut().graceful_shutdown();
            connection.await
        }
    };
    if let Err(error) = served {
        // A client that hangs up mid-request is no news to the operator.
        tracing::debug!(%peer, %error, "connection ended on an error");
    }
}

/// The router, with `ConnectInfo<SocketAddr>` in every request's extensions
/// as axum's `into_make_service_with_connect_info` would put it, so that a
/// handler may take the peer's address, and a body that fails once it has
/// has not all come within `body_limit`.
#[derive(Clone)]
struct Requests {
    router: Router,
    peer: SocketAddr,
    body_limit: Duration,
}

impl hyper::service::Service<Request<Incoming>> for Requests {
    type Response = Response;
    type Error = Infallible;
    type Future = RouteFuture<Infallible>;

    fn call(&self, request: Request<Incoming>) -> Self::Future {
        let mut request = request.map(|body| PatientBody::new(body, self.body_limit));
        request.extensions_mut().insert(ConnectInfo(self.peer));
        // A router is always ready: it needs no `poll_ready` first.
        self.router.clone().call(request)
    }
}
