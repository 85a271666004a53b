//! Why a command failed, as one message for a person and an exit code for a
//! script.

use std::fmt;
use std::process::ExitCode;

use fray_protocol::ErrorCode;

use crate::api::ApiError;

/// The exit codes, as `fray --help` lists them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// Anything else: a file that cannot be read, a reply fray does not
    /// understand, a server failure.
    Other = 1,
    /// The command line is wrong (clap uses 2 as well).
    Usage = 2,
    /// The server cannot be reached.
    Unreachable = 3,
    /// Not logged in, or the server refused the token.
    Auth = 4,
    /// No such match or army list (or not yours).
    NotFound = 5,
    /// An invalid army list, match options or name.
    Invalid = 6,
    /// The match is full, already joined, not running or over.
    Conflict = 7,
}

/// The exit codes, for `fray --help`.
pub const EXIT_CODES: &str = "\
Exit codes:
  0  success
  1  another failure (a file, an unexpected reply, a server failure)
  2  the command line is wrong
  3  the server cannot be reached
  4  not logged in, or the server refused the token (run `fray login`)
  5  no such match or army list (or not yours)
  6  the server refused an invalid army list (every reason is printed),
     match options or name
  7  the match is full, already joined, not running or over";

/// A failed command.
#[derive(Debug, Clone)]
pub struct Failure {
    pub exit: Exit,
    pub message: String,
}

impl Failure {
    pub fn new(exit: Exit, message: impl Into<String>) -> Failure {
        Failure {
            exit,
            message: message.into(),
        }
    }

    pub fn usage(message: impl Into<String>) -> Failure {
        Failure::new(Exit::Usage, message)
    }

    pub fn other(message: impl Into<String>) -> Failure {
        Failure::new(Exit::Other, message)
    }

    pub fn exit_code(&self) -> ExitCode {
        ExitCode::from(self.exit as u8)
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl From<ApiError> for Failure {
    fn from(error: ApiError) -> Failure {
        let exit = match &error {
            ApiError::BadUrl { .. } => Exit::Usage,
            ApiError::Unreachable { .. } => Exit::Unreachable,
            ApiError::BadReply { .. } => Exit::Other,
            ApiError::Refused { code, .. } => match code {
                Some(ErrorCode::NotAuthenticated | ErrorCode::BadToken) => Exit::Auth,
                Some(ErrorCode::NotFound) => Exit::NotFound,
                Some(ErrorCode::InvalidArmy | ErrorCode::InvalidMatch | ErrorCode::BadRequest) => {
                    Exit::Invalid
                }
                Some(
                    ErrorCode::MatchFull
                    | ErrorCode::AlreadySeated
                    | ErrorCode::NameTaken
                    | ErrorCode::MatchNotRunning
                    | ErrorCode::GameOver
                    | ErrorCode::Forbidden,
                ) => Exit::Conflict,
                _ => Exit::Other,
            },
        };
        Failure::new(exit, error.to_string())
    }
}
