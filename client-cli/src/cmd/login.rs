//! `fray login`: reuse the player saved for the server and name (in any
//! case), or register it; a name another player holds is refused by the
//! server, and said so.

use fray_protocol::ErrorCode;

use crate::config::{self, Login};
use crate::fail::{Exit, Failure};
use crate::print;
use crate::session::Session;
use crate::shown::shown;

pub fn run(mut session: Session, name: &str) -> Result<(), Failure> {
    let path = session.config_path()?.to_path_buf();
    let name = name.trim();
    let server = session.server()?;

    if let Some(saved) = session.config.find(&session.base, name).cloned() {
        // Check that the server still knows the token: a server whose
        // database was reset would refuse it on every later command.
        let check = session
            .server()?
            .with_token(Some(saved.token.clone()))
            .army_lists();
        match check {
            Ok(_) => {
                let message = format!(
                    "Logged in to {} as {} (player {}), as before.\n",
                    session.base,
                    shown(&saved.name),
                    saved.player
                );
                session.config.remember(saved);
                config::save(&path, &session.config).map_err(Failure::other)?;
                return print(&message);
            }
            Err(error)
                if matches!(
                    error.code(),
                    Some(ErrorCode::BadToken | ErrorCode::NotAuthenticated)
                ) =>
            {
                eprintln!(
                    "fray: the server no longer knows the saved player {}; registering a new one",
                    shown(name)
                );
            }
            Err(error) => return Err(error.into()),
        }
    }

    let created = server.register(name).map_err(|error| {
        if error.code() == Some(ErrorCode::NameTaken) {
            Failure::new(
                Exit::Conflict,
                format!(
                    "the name '{}' is taken on {}: another player registered it. Choose another \
                     name; a player can be used again only where its login was saved",
                    shown(name),
                    session.base
                ),
            )
        } else {
            error.into()
        }
    })?;
    let login = Login {
        server: session.base.clone(),
        player: created.id,
        name: created.name,
        token: created.token,
    };
    let message = format!(
        "Registered {} (player {}) on {}; the login is saved in {}.\n",
        shown(&login.name),
        login.player,
        login.server,
        path.display()
    );
    session.config.remember(login);
    config::save(&path, &session.config).map_err(Failure::other)?;
    print(&message)
}
