//! Errors as the API sends them: a status and
//! `{"error":{"code":"...","message":"...","reasons":[...]}}`.

use axum::Json;
use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use fray_protocol::{ErrorBody, ErrorCode, ErrorDetail};

use crate::auth::AuthError;
use crate::db::DbError;
use crate::lobby::LobbyError;
use crate::metrics::Via;
use crate::state::AppState;
use crate::table::{Refusal, TableError};
use crate::text::TextError;

/// The most reasons an error lists; one more entry says how many are left.
pub const MAX_REASONS: usize = 20;

/// The longest message or reason sent, in characters: a message that
/// quotes the request (serde's "unknown variant `...`") is cut here.
const MAX_TEXT_CHARS: usize = 500;

/// An error a handler answers with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: ErrorCode,
    /// What went wrong, in words a person understands.
    pub message: String,
    /// Every reason, where there can be several; the answer lists the first
    /// [`MAX_REASONS`].
    pub reasons: Vec<String>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            code,
            message: message.into(),
            reasons: Vec::new(),
        }
    }

    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, ErrorCode::BadRequest, message)
    }

    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, ErrorCode::NotFound, message)
    }

    pub fn forbidden(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::FORBIDDEN, ErrorCode::Forbidden, message)
    }

    pub fn conflict(code: ErrorCode, message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, code, message)
    }

    /// An army list the rules refuse, with every reason; the message gives
    /// the first and counts the others.
    pub fn invalid_army(reasons: Vec<String>) -> ApiError {
        let first = reasons.first().map_or("", String::as_str);
        let message = match reasons.len() {
            0 | 1 => format!("the army list is invalid: {first}"),
            2 => format!("the army list is invalid: {first} (and 1 more reason)"),
            n => format!(
                "the army list is invalid: {first} (and {} more reasons)",
                n - 1
            ),
        };
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            code: ErrorCode::InvalidArmy,
            message,
            reasons,
        }
    }

    pub fn internal(error: impl std::fmt::Display) -> ApiError {
        tracing::error!(%error, "request failed");
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            ErrorCode::Internal,
            "the server failed to answer; it has been logged",
        )
    }
}

impl From<DbError> for ApiError {
    fn from(error: DbError) -> Self {
        ApiError::internal(error)
    }
}

impl From<TextError> for ApiError {
    fn from(error: TextError) -> Self {
        ApiError::bad_request(error.to_string())
    }
}

impl From<AuthError> for ApiError {
    fn from(error: AuthError) -> Self {
        match error {
            AuthError::Missing => ApiError::new(
                StatusCode::UNAUTHORIZED,
                ErrorCode::NotAuthenticated,
                error.to_string(),
            ),
            AuthError::Malformed | AuthError::Unknown => ApiError::new(
                StatusCode::UNAUTHORIZED,
                ErrorCode::BadToken,
                error.to_string(),
            ),
            AuthError::Db(error) => error.into(),
        }
    }
}

impl From<LobbyError> for ApiError {
    fn from(error: LobbyError) -> Self {
        let message = error.to_string();
        match error {
            LobbyError::NoMatch(_) => ApiError::not_found(message),
            LobbyError::InvalidMatch(message) => ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                ErrorCode::InvalidMatch,
                message,
            ),
            LobbyError::InvalidArmy(reasons) => ApiError::invalid_army(reasons),
            LobbyError::Text(error) => error.into(),
            LobbyError::Full { .. } => ApiError::conflict(ErrorCode::MatchFull, message),
            LobbyError::AlreadySeated(_) => ApiError::conflict(ErrorCode::AlreadySeated, message),
            LobbyError::KeptForRematch { .. } | LobbyError::NotAPlayer(_) => {
                ApiError::forbidden(message)
            }
            LobbyError::SeatsTaken(_) | LobbyError::RematchBusy(_) => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorCode::Unavailable,
                message,
            ),
            LobbyError::NotOver { .. } => ApiError::conflict(ErrorCode::MatchNotOver, message),
            LobbyError::NoPlayedList(_) => ApiError::internal(message),
            LobbyError::Db(error) => error.into(),
        }
    }
}

impl From<TableError> for ApiError {
    fn from(error: TableError) -> Self {
        Refusal::from(error).into()
    }
}

/// A match's refusal over REST: its code, with the status that code has
/// in every REST answer.
impl From<Refusal> for ApiError {
    fn from(Refusal { code, message }: Refusal) -> Self {
        let status = match code {
            ErrorCode::NotFound => StatusCode::NOT_FOUND,
            ErrorCode::Unavailable => StatusCode::SERVICE_UNAVAILABLE,
            ErrorCode::Internal => StatusCode::INTERNAL_SERVER_ERROR,
            _ => StatusCode::CONFLICT,
        };
        ApiError::new(status, code, message)
    }
}

/// The first [`MAX_REASONS`] reasons, then "and K more" if there are more:
/// a list of 30,000 unknown units has 30,000 reasons, and an answer that
/// listed them all would be larger than the request.
fn capped(mut reasons: Vec<String>) -> Vec<String> {
    if reasons.len() > MAX_REASONS {
        let more = reasons.len() - MAX_REASONS;
        reasons.truncate(MAX_REASONS);
        reasons.push(format!("and {more} more"));
    }
    reasons
}

/// Reasons as an answer lists them, capped and each cut short: the same
/// for a refusal and for a check that only reports them.
pub fn shown_reasons(reasons: Vec<String>) -> Vec<String> {
    capped(reasons).into_iter().map(bounded).collect()
}

/// `text` cut to [`MAX_TEXT_CHARS`], with "…" where it was cut.
fn bounded(mut text: String) -> String {
    if let Some((cut, _)) = text.char_indices().nth(MAX_TEXT_CHARS) {
        text.truncate(cut);
        text.push('…');
    }
    text
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: ErrorDetail {
                code: self.code,
                message: bounded(self.message),
                reasons: shown_reasons(self.reasons),
            },
        };
        let code = self.code;
        let mut response = (self.status, Json(body)).into_response();
        // For the refusal count; the body is already encoded.
        response.extensions_mut().insert(code);
        response
    }
}

/// Counts every REST error by its code.
pub async fn count_refusals(
    State(state): State<AppState>,
    request: Request,
    next: Next,
) -> Response {
    let response = next.run(request).await;
    if let Some(code) = response.extensions().get::<ErrorCode>() {
        state.metrics.refused(*code, Via::Rest, 1);
    }
    response
}

/// The answer for a path no route matches.
pub async fn not_found(method: Method, uri: Uri) -> ApiError {
    ApiError::not_found(format!("no such resource: {method} {}", uri.path()))
}

/// The answer for a known path asked with a method it does not take.
pub async fn method_not_allowed(method: Method, uri: Uri) -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        ErrorCode::MethodNotAllowed,
        format!("{} does not accept {method}", uri.path()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reasons(count: usize) -> Vec<String> {
        (1..=count).map(|n| format!("reason {n}")).collect()
    }

    #[test]
    fn an_invalid_army_gives_the_first_reason_and_counts_the_rest() {
        let error = ApiError::invalid_army(reasons(30_000));
        assert_eq!(
            error.message,
            "the army list is invalid: reason 1 (and 29999 more reasons)"
        );
        let error = ApiError::invalid_army(reasons(2));
        assert_eq!(
            error.message,
            "the army list is invalid: reason 1 (and 1 more reason)"
        );
        let error = ApiError::invalid_army(reasons(1));
        assert_eq!(error.message, "the army list is invalid: reason 1");
    }

    #[test]
    fn the_first_reasons_are_listed_and_the_rest_counted() {
        assert_eq!(capped(reasons(MAX_REASONS)), reasons(MAX_REASONS));
        let listed = capped(reasons(30_000));
        assert_eq!(listed.len(), MAX_REASONS + 1);
        assert_eq!(listed[..MAX_REASONS], reasons(MAX_REASONS));
        assert_eq!(listed[MAX_REASONS], "and 29980 more");
    }

    #[test]
    fn long_messages_and_reasons_are_cut() {
        assert_eq!(bounded("short".into()), "short");
        let cut = bounded("é".repeat(100_000));
        assert_eq!(cut.chars().count(), MAX_TEXT_CHARS + 1);
        assert!(cut.ends_with('…'));
    }
}
