//! What every command starts from: which server, which config file, and the
//! player saved for that server.

use std::path::{Path, PathBuf};

use crate::api::{self, Server};
use crate::config::{self, Config, Login};
use crate::fail::{Exit, Failure};

/// The server used when neither --server, FRAY_SERVER nor a saved login
/// names one.
pub const DEFAULT_SERVER: &str = "http://127.0.0.1:7878";

pub struct Session {
    /// The server's base URL, normalized.
    pub base: String,
    /// Where the logins are kept, when a place is known.
    pub config_path: Option<PathBuf>,
    pub config: Config,
}

impl Session {
    /// `server`: --server or FRAY_SERVER; `config_path`: --config or
    /// FRAY_CONFIG.
    pub fn open(server: Option<String>, config_path: Option<PathBuf>) -> Result<Session, Failure> {
        let config_path = config_path.or_else(config::default_path);
        let config = match &config_path {
            Some(path) => config::load(path).map_err(Failure::other)?,
            None => Config::default(),
        };
        let base = match server {
            Some(server) => api::normalize(&server),
            None => config
                .default_server()
                .unwrap_or(DEFAULT_SERVER)
                .to_string(),
        };
        Ok(Session {
            base,
            config_path,
            config,
        })
    }

    /// The server, anonymously.
    pub fn server(&self) -> Result<Server, Failure> {
        Ok(Server::new(&self.base)?)
    }

    /// The player saved for this server, or why there is none.
    pub fn login(&self) -> Result<&Login, Failure> {
        self.config.login_for(&self.base).ok_or_else(|| {
            Failure::new(
                Exit::Auth,
                format!(
                    "you are not logged in to {base}; run `fray login --server {base} --name NAME` first",
                    base = self.base
                ),
            )
        })
    }

    /// The server, acting as the saved player.
    pub fn player_server(&self) -> Result<Server, Failure> {
        let token = self.login()?.token.clone();
        Ok(self.server()?.with_token(Some(token)))
    }

    /// The server, acting as the saved player if there is one: for reads
    /// anyone may make that show a player more of their own (their army in
    /// a match whose armies are secret).
    pub fn maybe_player_server(&self) -> Result<Server, Failure> {
        let token = self
            .config
            .login_for(&self.base)
            .map(|login| login.token.clone());
        Ok(self.server()?.with_token(token))
    }

    /// The config file's path, or why there is none.
    pub fn config_path(&self) -> Result<&Path, Failure> {
        self.config_path.as_deref().ok_or_else(|| {
            Failure::other(
                "cannot tell where to keep your login: set HOME, XDG_CONFIG_HOME or FRAY_CONFIG",
            )
        })
    }
}
