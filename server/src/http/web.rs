//! The web client: a page and its scripts and style, built into the binary
//! (`server/web/`, plain HTML, CSS and JavaScript modules, no build step).
//! `GET /` is the page; `GET /web/{file}` its assets. It speaks to the
//! server as any client does, over `/api` and `/ws`.
//!
//! Every answer has an `ETag` (the SHA-256 of the file, so a new build
//! with a changed file gets a new one) and `Cache-Control: no-cache`: a
//! browser keeps the files and asks each time whether they changed, which
//! costs a `304` and no body. The file names carry no version, so a longer
//! cache would serve an old script after an upgrade.

use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

use super::ApiError;

/// One embedded file: its name under `/web/`, its type, its bytes.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: &'static [u8],
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const SVG: &str = "image/svg+xml";

macro_rules! asset {
    ($name:literal, $type:expr) => {
        Asset {
            name: $name,
            content_type: $type,
            body: include_bytes!(concat!("../../web/", $name)),
        }
    };
}

/// Every file the client is made of.
const ASSETS: &[Asset] = &[
    asset!("index.html", HTML),
    asset!("style.css", CSS),
    asset!("app.js", JS),
    asset!("api.js", JS),
    asset!("apply.js", JS),
    asset!("board.js", JS),
    asset!("builder.js", JS),
    asset!("dom.js", JS),
    asset!("lobby.js", JS),
    asset!("play.js", JS),
    asset!("log.js", JS),
    asset!("legend.js", JS),
    asset!("outcome.js", JS),
    asset!("replay.js", JS),
    asset!("dice.js", JS),
    asset!("icon.svg", SVG),
];

/// What the page may load: its own files, and its own server's API and
/// websocket; no inline script, so a name that slipped through as markup
/// could not run.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
                   img-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; \
                   base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Each asset's ETag, computed once.
fn etags() -> &'static [String] {
    static ETAGS: OnceLock<Vec<String>> = OnceLock::new();
    ETAGS.get_or_init(|| {
        ASSETS
            .iter()
            .map(|asset| {
                let digest = Sha256::digest(asset.body);
                let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
                format!("\"{hex}\"")
            })
            .collect()
    })
}

/// `GET /`: the page.
pub async fn index(headers: HeaderMap) -> Response {
    serve("index.html", &headers).unwrap_or_else(IntoResponse::into_response)
}

/// `GET /web/{file}`: one of the page's files, or `404 not_found`.
pub async fn asset(Path(name): Path<String>, headers: HeaderMap) -> Response {
    serve(&name, &headers).unwrap_or_else(IntoResponse::into_response)
}

fn serve(name: &str, headers: &HeaderMap) -> Result<Response, ApiError> {
    let index = ASSETS
        .iter()
        .position(|asset| asset.name == name)
        .ok_or_else(|| ApiError::not_found(format!("no such file of the web client: {name}")))?;
    let asset = &ASSETS[index];
    let etag = &etags()[index];
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| {
            value
                .split(',')
                .any(|tag| tag.trim() == etag || tag.trim() == "*")
        });
    let mut response = if fresh {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static(asset.content_type),
            )],
            asset.body,
        )
            .into_response()
    };
    let out = response.headers_mut();
    out.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    if let Ok(value) = HeaderValue::from_str(etag) {
        out.insert(header::ETAG, value);
    }
    out.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    if asset.content_type == HTML {
        out.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CSP),
        );
        out.insert(
            header::REFERRER_POLICY,
            HeaderValue::from_static("no-referrer"),
        );
    }
    Ok(response)
}
