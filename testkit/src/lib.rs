//! A real server for tests to drive: started in-process on an ephemeral
//! port of 127.0.0.1 with a temporary database, on a runtime thread of its
//! own, which can stop gracefully or crash and start again on the same
//! database and the same address (so clients find it where they left it).
//! The server's, `fray`'s and `fray-load`'s tests all start it this way.

use std::net::{SocketAddr, TcpListener};
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use fray_protocol::SystemInfo;
use fray_server::Config;
use tempfile::TempDir;
use tokio::sync::oneshot;

/// How long starting, stopping or binding again may take before the test
/// fails.
pub const PATIENCE: Duration = Duration::from_secs(20);

/// How a running server is stopped.
enum Stop {
    /// Graceful: connections closed, the store flushed.
    Graceful,
    /// Everything dropped where it stands, as a crash would leave it.
    Crash,
}

/// A server on its own runtime thread. Dropping it stops it gracefully.
pub struct TestServer {
    pub address: SocketAddr,
    /// The settings it was started with, and is started again with.
    pub config: Config,
    stop: Option<oneshot::Sender<Stop>>,
    thread: Option<JoinHandle<Result<(), String>>>,
    /// Keeps the database directory until the last server on it is gone.
    dir: Arc<TempDir>,
    /// The systems' descriptions it offers instead of the rules' own, if
    /// a test changed them.
    systems: Option<Vec<SystemInfo>>,
}

impl TestServer {
    /// A server on a new, empty database.
    pub fn start() -> TestServer {
        TestServer::start_with(|_| {})
    }

    /// A server on a new database, with settings changed by `adjust`.
    ///
    /// The lobby's limits per client address are off unless `adjust` sets
    /// them: every test player comes from 127.0.0.1, and a test makes more
    /// players and lists at once than the defaults allow one address (the
    /// limits have their own tests, the server's `tests/lobby_limits.rs`).
    pub fn start_with(adjust: impl FnOnce(&mut Config)) -> TestServer {
        let (dir, mut config) = new_database();
        adjust(&mut config);
        TestServer::serve(dir, config, None, bind("127.0.0.1:0".parse().unwrap()))
    }

    /// A server on a new database that describes the game systems as
    /// `systems` does instead of the rules: a system as no registered
    /// system is yet, such as one whose armies are secret.
    pub fn start_offering(systems: Vec<SystemInfo>) -> TestServer {
        let (dir, config) = new_database();
        TestServer::serve(
            dir,
            config,
            Some(systems),
            bind("127.0.0.1:0".parse().unwrap()),
        )
    }

    /// Stops the server gracefully (its sockets are closed with 1001) and
    /// starts a new one on the same database and address.
    pub fn restart(self) -> TestServer {
        self.halt_and_serve_again(Stop::Graceful)
    }

    /// Crashes the server (its runtime dropped mid-flight) and starts a new
    /// one on the same database and address.
    pub fn crash_and_restart(self) -> TestServer {
        self.halt_and_serve_again(Stop::Crash)
    }

    pub fn database_path(&self) -> PathBuf {
        self.dir.path().join("fray.db")
    }

    /// The database's URL, as the server's own tools take it.
    pub fn database_url(&self) -> String {
        database_url(self.database_path())
    }

    /// `http://address` followed by `path` (`""` for the server itself).
    pub fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    pub fn ws_url(&self) -> String {
        format!("ws://{}/ws", self.address)
    }

    fn halt_and_serve_again(mut self, how: Stop) -> TestServer {
        self.halt(how);
        let listener = bind_again(self.address);
        let systems = self.systems.take();
        TestServer::serve(self.dir.clone(), self.config.clone(), systems, listener)
    }

    fn serve(
        dir: Arc<TempDir>,
        config: Config,
        systems: Option<Vec<SystemInfo>>,
        listener: TcpListener,
    ) -> TestServer {
        listener
            .set_nonblocking(true)
            .expect("non-blocking listener");
        let address = listener.local_addr().expect("local address");
        let (stop, stopped) = oneshot::channel::<Stop>();
        let served = config.clone();
        let offered = systems.clone();
        let (ready_tx, ready_rx) = mpsc::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .map_err(|error| error.to_string())?;
            let result = runtime.block_on(async move {
                let listener =
                    tokio::net::TcpListener::from_std(listener).map_err(|e| e.to_string())?;
                let (graceful_tx, graceful_rx) = oneshot::channel::<()>();
                let graceful = async {
                    let _ = graceful_rx.await;
                };
                let serve = async move {
                    match offered {
                        Some(systems) => {
                            fray_server::serve_offering(listener, served, systems, graceful).await
                        }
                        None => fray_server::serve(listener, served, graceful).await,
                    }
                };
                let _ = ready_tx.send(());
                tokio::pin!(serve);
                tokio::select! {
                    result = &mut serve => result.map_err(|e| e.to_string()),
                    how = stopped => match how {
                        Ok(Stop::Crash) => Ok(()),
                        _ => {
                            let _ = graceful_tx.send(());
                            serve.await.map_err(|e| e.to_string())
                        }
                    },
                }
            });
            // Dropping the runtime here abandons whatever a crash left running.
            runtime.shutdown_background();
            result
        });
        ready_rx.recv_timeout(PATIENCE).expect("the server starts");
        let server = TestServer {
            address,
            config,
            stop: Some(stop),
            thread: Some(thread),
            dir,
            systems,
        };
        server.wait_until_healthy();
        server
    }

    fn wait_until_healthy(&self) {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(PATIENCE))
            .build()
            .into();
        let deadline = Instant::now() + PATIENCE;
        while Instant::now() < deadline {
            if let Ok(response) = agent.get(&self.url("/healthz")).call()
                && response.status() == 200
            {
                return;
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        panic!("the server did not become healthy");
    }

    fn halt(&mut self, how: Stop) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(how);
        }
        if let Some(thread) = self.thread.take() {
            let result = thread.join();
            if !std::thread::panicking() {
                result
                    .expect("server thread panicked")
                    .expect("server stopped with an error");
            }
        }
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.halt(Stop::Graceful);
    }
}

/// The URL of the SQLite database at `path`.
pub fn database_url(path: PathBuf) -> String {
    format!("sqlite://{}", path.display())
}

/// A new database's directory, and the test settings that use it.
fn new_database() -> (Arc<TempDir>, Config) {
    let dir = Arc::new(tempfile::tempdir().expect("a temporary directory"));
    let mut config = Config::with_database(database_url(dir.path().join("fray.db")));
    config.players_per_minute = 0;
    config.lobby_writes_per_minute = 0;
    // A test of the table asserts what a house bot does, not how well: a
    // tenth of each level's search keeps a debug build's expert quick.
    config.bot_budget = 0.1;
    (dir, config)
}

fn bind(address: SocketAddr) -> TcpListener {
    TcpListener::bind(address).unwrap_or_else(|error| panic!("bind {address}: {error}"))
}

/// The address a stopped server listened on, bound again: its sockets may
/// take a moment to be given back.
fn bind_again(address: SocketAddr) -> TcpListener {
    let deadline = Instant::now() + PATIENCE;
    loop {
        match TcpListener::bind(address) {
            Ok(listener) => return listener,
            Err(_) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(50)),
            Err(error) => panic!("cannot bind {address} again: {error}"),
        }
    }
}
