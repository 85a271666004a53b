//! What `fray` shares with the load generator `fray-load`: the REST client,
//! the session (server and saved logins), failures and their exit codes,
//! the bots' seeded choices, and escaping text for a terminal. The rest of
//! the client is its binary's own.

#![forbid(unsafe_code)]

pub mod api;
pub mod config;
pub mod fail;
pub mod random;
pub mod session;
pub mod shown;
