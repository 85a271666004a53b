//! Errors as the API sends them: a status and
//! `{"error":{"code":"...","message":"...","reasons":[...]}}`.

use axum::Json;
use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, Uri};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use fray_protocol::{ErrorBody, ErrorCode, ErrorDetail};

use super::AppState;
use crate::db::DbError;
use crate::metrics::Via;
use crate::table::TableError;

/// An error a handler answers with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: ErrorCode,
    /// What went wrong, in words a person understands.
    pub message: String,
    /// Every reason, where there can be several.
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

    /// An army list the rules refuse, with every reason.
    pub fn invalid_army(reasons: Vec<String>) -> ApiError {
        ApiError {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            code: ErrorCode::InvalidArmy,
            message: format!("the army list is invalid: {}", reasons.join("; ")),
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

impl From<TableError> for ApiError {
    fn from(error: TableError) -> Self {
        match error {
            TableError::NotFound(_) => ApiError::not_found(error.to_string()),
            TableError::NotStarted(_) => {
                ApiError::conflict(ErrorCode::MatchNotRunning, error.to_string())
            }
            TableError::Stopping => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                ErrorCode::Unavailable,
                error.to_string(),
            ),
            other => ApiError::internal(other),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: ErrorDetail {
                code: self.code,
                message: self.message,
                reasons: self.reasons,
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
