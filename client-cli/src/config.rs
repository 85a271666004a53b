//! The saved logins: which servers the user plays on, as whom, with which
//! token. One JSON file, readable by its owner only.

use std::fs;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

use fray_protocol::PlayerId;
use serde::{Deserialize, Serialize};

/// The file's contents.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Config {
    /// Every login, the most recently used last. The last login's server is
    /// the default server, and the last login on a server is the player used
    /// there.
    #[serde(default)]
    pub logins: Vec<Login>,
}

/// One player on one server.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Login {
    /// The server's base URL, as `api::normalize` writes it.
    pub server: String,
    pub player: PlayerId,
    pub name: String,
    pub token: String,
}

impl Config {
    /// The server used when none is named: the last one logged in to.
    pub fn default_server(&self) -> Option<&str> {
        self.logins.last().map(|login| login.server.as_str())
    }

    /// The player used on `server`: the last one logged in there.
    pub fn login_for(&self, server: &str) -> Option<&Login> {
        self.logins
            .iter()
            .rev()
            .find(|login| login.server == server)
    }

    /// The saved login of `name` on `server`, if any.
    pub fn find(&self, server: &str, name: &str) -> Option<&Login> {
        self.logins
            .iter()
            .find(|login| login.server == server && same_name(&login.name, name))
    }

    /// Saves `login` as the most recent, replacing any of the same server and
    /// name.
    pub fn remember(&mut self, login: Login) {
        self.logins
            .retain(|old| !(old.server == login.server && same_name(&old.name, &login.name)));
        self.logins.push(login);
    }
}

/// Where the file lives: `$FRAY_CONFIG` (given by the caller), else
/// `$XDG_CONFIG_HOME/fray/config.json`, else `~/.config/fray/config.json`
/// (`%APPDATA%\fray\config.json` on Windows).
pub fn default_path() -> Option<PathBuf> {
    let nonempty = |name: &str| std::env::var_os(name).filter(|value| !value.is_empty());
    if let Some(dir) = nonempty("XDG_CONFIG_HOME") {
        return Some(PathBuf::from(dir).join("fray").join("config.json"));
    }
    if cfg!(windows)
        && let Some(dir) = nonempty("APPDATA")
    {
        return Some(PathBuf::from(dir).join("fray").join("config.json"));
    }
    nonempty("HOME").map(|home| {
        PathBuf::from(home)
            .join(".config")
            .join("fray")
            .join("config.json")
    })
}

/// Reads the file; a file that is not there is an empty config.
pub fn load(path: &Path) -> Result<Config, String> {
    match fs::read_to_string(path) {
        Ok(text) => serde_json::from_str(&text).map_err(|error| {
            format!(
                "the config file {} is damaged ({error}); fix or delete it, then run `fray login` again",
                path.display()
            )
        }),
        Err(error) if error.kind() == io::ErrorKind::NotFound => Ok(Config::default()),
        Err(error) => Err(format!(
            "cannot read the config file {}: {error}",
            path.display()
        )),
    }
}

/// Writes the file whole, readable and writable by its owner only (mode 0600
/// on Unix), through a temporary file so that a crash leaves the old one.
pub fn save(path: &Path, config: &Config) -> Result<(), String> {
    let fail =
        |error: io::Error| format!("cannot write the config file {}: {error}", path.display());
    if let Some(dir) = path.parent().filter(|dir| !dir.as_os_str().is_empty()) {
        create_private_dir(dir).map_err(fail)?;
    }
    let mut text = serde_json::to_string_pretty(config).expect("a config serialises");
    text.push('\n');
    let temporary = path.with_extension("json.tmp");
    let _ = fs::remove_file(&temporary);
    let mut file = private_file(&temporary).map_err(fail)?;
    file.write_all(text.as_bytes())
        .and_then(|()| file.sync_all())
        .map_err(fail)?;
    drop(file);
    fs::rename(&temporary, path).map_err(fail)
}

#[cfg(unix)]
fn create_private_dir(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::DirBuilderExt;
    fs::DirBuilder::new()
        .recursive(true)
        .mode(0o700)
        .create(dir)
}

#[cfg(not(unix))]
fn create_private_dir(dir: &Path) -> io::Result<()> {
    fs::create_dir_all(dir)
}

#[cfg(unix)]
fn private_file(path: &Path) -> io::Result<fs::File> {
    use std::os::unix::fs::OpenOptionsExt;
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
}

#[cfg(not(unix))]
fn private_file(path: &Path) -> io::Result<fs::File> {
    fs::OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(path)
}

/// Whether two names are one player's: the server holds names unique in
/// any case (Unicode's lower case), so "Ada" logs in as the saved "ada".
fn same_name(a: &str, b: &str) -> bool {
    a == b || a.to_lowercase() == b.to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn login(server: &str, name: &str, id: i64) -> Login {
        Login {
            server: server.to_string(),
            player: PlayerId(id),
            name: name.to_string(),
            token: format!("t{id}"),
        }
    }

    #[test]
    fn the_last_login_is_the_default() {
        let mut config = Config::default();
        assert_eq!(config.default_server(), None);
        config.remember(login("http://a", "ada", 1));
        config.remember(login("http://b", "bo", 2));
        config.remember(login("http://a", "cy", 3));
        assert_eq!(config.default_server(), Some("http://a"));
        assert_eq!(config.login_for("http://a").unwrap().name, "cy");
        assert_eq!(config.login_for("http://b").unwrap().name, "bo");
        assert!(config.login_for("http://c").is_none());

        // Logging in again as ada makes her the player on a, once.
        config.remember(login("http://a", "ada", 1));
        assert_eq!(config.logins.len(), 3);
        assert_eq!(config.login_for("http://a").unwrap().name, "ada");
        assert_eq!(config.find("http://b", "bo").unwrap().player, PlayerId(2));
    }

    #[test]
    fn a_name_is_found_and_replaced_in_any_case() {
        let mut config = Config::default();
        config.remember(login("http://a", "Émile", 1));
        assert_eq!(
            config.find("http://a", "éMILE").unwrap().player,
            PlayerId(1)
        );
        assert!(config.find("http://a", "emile").is_none());
        config.remember(login("http://a", "ÉMILE", 1));
        assert_eq!(config.logins.len(), 1);
    }

    #[test]
    fn a_saved_config_reads_back_private() {
        let dir = std::env::temp_dir().join(format!("fray-config-test-{}", std::process::id()));
        let path = dir.join("nested").join("config.json");
        assert_eq!(load(&path).unwrap(), Config::default());
        let mut config = Config::default();
        config.remember(login("http://a", "ada", 1));
        save(&path, &config).unwrap();
        save(&path, &config).unwrap();
        assert_eq!(load(&path).unwrap(), config);
        #[cfg(unix)]
        {
            use std::os::unix::fs::PermissionsExt;
            let mode = fs::metadata(&path).unwrap().permissions().mode();
            assert_eq!(mode & 0o777, 0o600);
        }
        fs::write(&path, "{not json").unwrap();
        assert!(load(&path).unwrap_err().contains("damaged"));
        let _ = fs::remove_dir_all(&dir);
    }
}
