//! The web client: a page and its scripts and style, built into the binary
//! (`server/web/`, plain HTML, CSS and JavaScript modules, no build step).
//! `GET /` is the page; `GET /web/{file}` its assets, and one module the
//! server makes, `protocol.js`, the protocol version the page speaks. It
//! speaks to the server as any client does, over `/api` and `/ws`.
//!
//! Every answer has an `ETag` (the SHA-256 of the file, so a new build
//! with a changed file gets a new one) and `Cache-Control: no-cache`: a
//! browser keeps the files and asks each time whether they changed, which
//! costs a `304` and no body. The file names carry no version, so a longer
//! cache would serve an old script after an upgrade.

use std::borrow::Cow;
use std::sync::OnceLock;

use axum::extract::Path;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use fray_protocol::PROTOCOL_VERSION;
use sha2::{Digest, Sha256};

use super::ApiError;

/// One file of the client: its name under `/web/`, its type, its bytes and
/// their ETag.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    body: Cow<'static, [u8]>,
    etag: String,
}

impl Asset {
    fn new(name: &'static str, content_type: &'static str, body: Cow<'static, [u8]>) -> Asset {
        let digest = Sha256::digest(&body);
        let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
        Asset {
            name,
            content_type,
            body,
            etag: format!("\"{hex}\""),
        }
    }
}

const HTML: &str = "text/html; charset=utf-8";
const JS: &str = "text/javascript; charset=utf-8";
const CSS: &str = "text/css; charset=utf-8";
const SVG: &str = "image/svg+xml";

macro_rules! embedded {
    ($name:literal, $type:expr) => {
        Asset::new(
            $name,
            $type,
            Cow::Borrowed(include_bytes!(concat!("../../web/", $name))),
        )
    };
}

/// The module that tells the page which protocol version to say in its
/// `hello`: made from [`PROTOCOL_VERSION`], so that the page speaks the
/// version of the server it came from and nobody types it a second time.
const PROTOCOL_MODULE: &str = "protocol.js";

fn protocol_module() -> Asset {
    let body = format!(
        "// Made by the server from fray_protocol::PROTOCOL_VERSION (server/src/http/web.rs).\n\
         export const PROTOCOL_VERSION = {PROTOCOL_VERSION};\n"
    );
    Asset::new(PROTOCOL_MODULE, JS, Cow::Owned(body.into_bytes()))
}

/// Every file the client is made of, built once.
fn assets() -> &'static [Asset] {
    static ASSETS: OnceLock<Vec<Asset>> = OnceLock::new();
    ASSETS.get_or_init(|| {
        vec![
            embedded!("index.html", HTML),
            embedded!("style.css", CSS),
            embedded!("app.js", JS),
            embedded!("api.js", JS),
            embedded!("apply.js", JS),
            embedded!("board.js", JS),
            embedded!("builder.js", JS),
            embedded!("dom.js", JS),
            embedded!("lobby.js", JS),
            embedded!("match_form.js", JS),
            embedded!("computer.js", JS),
            embedded!("play.js", JS),
            embedded!("game_state.js", JS),
            embedded!("live.js", JS),
            embedded!("away.js", JS),
            embedded!("choosing.js", JS),
            embedded!("log.js", JS),
            embedded!("legend.js", JS),
            embedded!("outcome.js", JS),
            embedded!("replay.js", JS),
            embedded!("dice.js", JS),
            embedded!("icon.svg", SVG),
            protocol_module(),
        ]
    })
}

/// What the page may load: its own files, and its own server's API and
/// websocket; no inline script, so a name that slipped through as markup
/// could not run.
const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self'; \
                   img-src 'self' data:; connect-src 'self' ws: wss:; object-src 'none'; \
                   base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// `GET /`: the page.
pub async fn index(headers: HeaderMap) -> Response {
    serve("index.html", &headers).unwrap_or_else(IntoResponse::into_response)
}

/// `GET /web/{file}`: one of the page's files, or `404 not_found`.
pub async fn asset(Path(name): Path<String>, headers: HeaderMap) -> Response {
    serve(&name, &headers).unwrap_or_else(IntoResponse::into_response)
}

fn serve(name: &str, headers: &HeaderMap) -> Result<Response, ApiError> {
    let asset = assets()
        .iter()
        .find(|asset| asset.name == name)
        .ok_or_else(|| ApiError::not_found(format!("no such file of the web client: {name}")))?;
    let etag = &asset.etag;
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
            asset.body.clone(),
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
