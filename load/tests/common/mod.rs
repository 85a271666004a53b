//! A real server for `fray-load` to drive: the one every crate's tests start.

#![allow(dead_code)]

pub use fray_test_server::TestServer;

/// A server that answers histories and replays a few events a page, as
/// `fray`'s tests start it: the tool must read every page of them.
pub fn start_server() -> TestServer {
    TestServer::start_with(|config| config.events_per_page = 7)
}
