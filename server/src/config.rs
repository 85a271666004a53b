//! The server's settings, from flags or the environment.

use std::net::SocketAddr;

use clap::Args;

/// Where the server listens and what it stores to.
#[derive(Debug, Clone, Args)]
pub struct Config {
    /// The address and port to listen on.
    #[arg(
        long,
        env = "FRAY_BIND",
        default_value = "127.0.0.1:7878",
        value_name = "ADDR:PORT"
    )]
    pub bind: SocketAddr,

    /// The database URL. NOT USED YET: storage arrives with issue 4. This
    /// release keeps nothing and plays no matches; the value is only logged.
    #[arg(
        long,
        env = "FRAY_DATABASE",
        default_value = "sqlite://fray.db",
        value_name = "URL"
    )]
    pub database: String,
}
