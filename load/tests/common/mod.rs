//! A real server for `fray-load` to drive: the one `fray`'s own tests use.

#![allow(dead_code)]

#[path = "../../../client-cli/tests/common/server.rs"]
mod server;
pub use server::TestServer;
