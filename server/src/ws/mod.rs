//! `GET /ws`: live play. One task per connection reads the client's messages,
//! checks them, and hands actions to match actors; frames the actors queue
//! for it are written as they come. See `docs/protocol.md`.

mod connection;
mod rate;

use axum::extract::State;
use axum::extract::ws::WebSocketUpgrade;
use axum::response::Response;

use crate::state::AppState;

/// Websocket buffers: small, because an idle connection should cost little
/// (axum's defaults cost about 130 KiB each). Clients send small messages (an
/// `act` is under 100 bytes), so a 512-byte read buffer costs no extra reads
/// in play; larger frames are still read whole. What an idle connection
/// costs, part by part, is in docs/PERFORMANCE.md ("An idle connection").
const READ_BUFFER_BYTES: usize = 512;
const WRITE_BUFFER_BYTES: usize = 4 * 1024;

/// Messages up to this many times the protocol's limit are read and refused
/// with `frame_too_large`, the connection kept; larger ones end it.
const HARD_LIMIT_FACTOR: usize = 4;

pub async fn upgrade(State(state): State<AppState>, upgrade: WebSocketUpgrade) -> Response {
    let max = state.config.max_frame_bytes as usize * HARD_LIMIT_FACTOR;
    upgrade
        .read_buffer_size(READ_BUFFER_BYTES)
        .write_buffer_size(WRITE_BUFFER_BYTES)
        .max_frame_size(max)
        .max_message_size(max)
        .on_upgrade(move |socket| connection::run(socket, state))
}
