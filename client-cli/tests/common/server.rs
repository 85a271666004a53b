//! A real server for the tests of `fray` and `fray-load` to drive: started
//! in-process on an ephemeral port with a temporary database, which can
//! stop or crash and start again on the same database and address.
//! `fray-load`'s tests include this file by path.

use std::net::SocketAddr;
use std::sync::Arc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use fray_server::Config;
use tempfile::TempDir;
use tokio::sync::oneshot;

/// How a server is stopped.
enum Stop {
    Graceful,
    /// Everything dropped where it stands, as a crash would leave it.
    Crash,
}

/// A server on its own runtime thread; dropping it stops it.
pub struct TestServer {
    pub address: SocketAddr,
    stop: Option<oneshot::Sender<Stop>>,
    thread: Option<JoinHandle<()>>,
    /// Kept for the server's lifetime, and across a restart.
    pub dir: Arc<TempDir>,
}

impl TestServer {
    pub fn start() -> TestServer {
        let dir = Arc::new(tempfile::tempdir().expect("a temporary directory"));
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        TestServer::serve(dir, listener)
    }

    /// Stops the server gracefully (its sockets are closed with 1001) and
    /// starts a new one on the same database and the same address, so that
    /// clients find it where they left it.
    pub fn restart(self) -> TestServer {
        self.halt_and_serve_again(Stop::Graceful)
    }

    /// Crashes the server (its runtime dropped mid-flight) and starts a new
    /// one on the same database and the same address.
    pub fn crash_and_restart(self) -> TestServer {
        self.halt_and_serve_again(Stop::Crash)
    }

    fn halt_and_serve_again(mut self, how: Stop) -> TestServer {
        self.halt(how);
        let deadline = Instant::now() + Duration::from_secs(20);
        let listener = loop {
            match std::net::TcpListener::bind(self.address) {
                Ok(listener) => break listener,
                Err(error) if Instant::now() < deadline => {
                    let _ = error;
                    std::thread::sleep(Duration::from_millis(50));
                }
                Err(error) => panic!("cannot bind {} again: {error}", self.address),
            }
        };
        TestServer::serve(self.dir.clone(), listener)
    }

    fn serve(dir: Arc<TempDir>, listener: std::net::TcpListener) -> TestServer {
        let url = format!("sqlite://{}", dir.path().join("fray.db").display());
        let mut config = Config::with_database(url);
        // Every test player comes from 127.0.0.1, and a test may register
        // more at once than the lobby's limits per address allow; the
        // server's own tests test the limits.
        config.players_per_minute = 0;
        config.lobby_writes_per_minute = 0;
        // Histories and replays a few events a page: `fray` must read
        // every page of them.
        config.events_per_page = 7;
        listener.set_nonblocking(true).expect("non-blocking");
        let address = listener.local_addr().expect("an address");
        let (stop, stopped) = oneshot::channel::<Stop>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("a runtime");
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener).expect("a listener");
                let (graceful_tx, graceful_rx) = oneshot::channel::<()>();
                let serve = fray_server::serve(listener, config, async {
                    let _ = graceful_rx.await;
                });
                tokio::pin!(serve);
                tokio::select! {
                    result = &mut serve => result.expect("the server runs"),
                    how = stopped => match how {
                        Ok(Stop::Crash) => {}
                        _ => {
                            let _ = graceful_tx.send(());
                            serve.await.expect("the server stops");
                        }
                    },
                }
            });
            // Dropping the runtime abandons whatever a crash left running.
            runtime.shutdown_background();
        });
        let server = TestServer {
            address,
            stop: Some(stop),
            thread: Some(thread),
            dir,
        };
        server.wait_until_listening();
        server
    }

    fn wait_until_listening(&self) {
        let deadline = Instant::now() + Duration::from_secs(20);
        while Instant::now() < deadline {
            if std::net::TcpStream::connect(self.address).is_ok() {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("the server did not start");
    }

    fn halt(&mut self, how: Stop) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(how);
        }
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }

    pub fn url(&self) -> String {
        format!("http://{}", self.address)
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.halt(Stop::Graceful);
    }
}
