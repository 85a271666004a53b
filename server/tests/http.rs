//! Black-box tests: the real server on an ephemeral port, real HTTP requests.

use std::net::SocketAddr;
use std::thread::JoinHandle;
use std::time::Duration;

use fray_protocol::{SystemId, SystemInfo};
use serde_json::Value;
use tokio::sync::oneshot;

/// A server running on its own runtime thread; stopped gracefully on drop.
struct TestServer {
    address: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<JoinHandle<std::io::Result<()>>>,
}

impl TestServer {
    fn start() -> TestServer {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("bind 127.0.0.1:0");
        listener
            .set_nonblocking(true)
            .expect("non-blocking listener");
        let address = listener.local_addr().expect("local address");
        let (stop, stopped) = oneshot::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()?;
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener)?;
                fray_server::serve(listener, async {
                    let _ = stopped.await;
                })
                .await
            })
        });
        TestServer {
            address,
            stop: Some(stop),
            thread: Some(thread),
        }
    }

    fn url(&self, path: &str) -> String {
        format!("http://{}{path}", self.address)
    }

    /// GETs `path`: the status and the body as JSON.
    fn get(&self, path: &str) -> (u16, Value) {
        let agent: ureq::Agent = ureq::Agent::config_builder()
            .http_status_as_error(false)
            .timeout_global(Some(Duration::from_secs(10)))
            .build()
            .into();
        let mut response = agent.get(&self.url(path)).call().expect("request");
        let status = response.status().as_u16();
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|value| value.to_str().ok())
            .unwrap_or_default()
            .to_string();
        assert!(
            content_type.starts_with("application/json"),
            "{path}: content-type {content_type:?}"
        );
        let body = response.body_mut().read_json().expect("a JSON body");
        (status, body)
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
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

#[test]
fn healthz_says_ok_and_the_version() {
    let server = TestServer::start();
    let (status, body) = server.get("/healthz");
    assert_eq!(status, 200);
    assert_eq!(body["status"], "ok");
    assert_eq!(body["version"], env!("CARGO_PKG_VERSION"));
}

#[test]
fn systems_lists_fantasy_armies_with_six_armies() {
    let server = TestServer::start();
    let (status, body) = server.get("/api/systems");
    assert_eq!(status, 200);
    let systems: Vec<SystemInfo> =
        serde_json::from_value(body).expect("the body is a list of SystemInfo");
    let fantasy = systems
        .iter()
        .find(|system| system.id == SystemId::FantasyArmies)
        .expect("fantasy-armies is offered");
    assert_eq!(fantasy.armies.len(), 6, "armies: {:?}", army_keys(fantasy));
    for army in &fantasy.armies {
        assert!(!army.units.is_empty(), "{} has no units", army.key);
    }
    assert_eq!(
        systems,
        fray_rules::systems(),
        "the server sends the rules' own description"
    );
}

#[test]
fn unknown_paths_are_json_404s() {
    let server = TestServer::start();
    let (status, body) = server.get("/no/such/thing");
    assert_eq!(status, 404);
    assert_eq!(body["error"]["code"], "not_found");
    let message = body["error"]["message"].as_str().expect("a message");
    assert!(message.contains("/no/such/thing"), "{message}");
}

#[test]
fn a_wrong_method_is_a_json_405() {
    let server = TestServer::start();
    let agent: ureq::Agent = ureq::Agent::config_builder()
        .http_status_as_error(false)
        .build()
        .into();
    let mut response = agent
        .post(&server.url("/healthz"))
        .send("")
        .expect("request");
    assert_eq!(response.status().as_u16(), 405);
    let body: Value = response.body_mut().read_json().expect("a JSON body");
    assert_eq!(body["error"]["code"], "method_not_allowed");
}

fn army_keys(system: &SystemInfo) -> Vec<&str> {
    system.armies.iter().map(|army| army.key.as_str()).collect()
}
