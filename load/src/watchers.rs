//! Connections that do not play: idle ones (hello, then a ping now and then)
//! and spectators (each follows one slot's matches, one after another).

use std::sync::Arc;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Duration;

use fray_protocol::{ClientMessage, ErrorCode, MatchId, Role};
use tokio::sync::watch;

use super::conn::{Backoff, Conn, Recv};
use super::incoming::{Incoming, Kind};
use super::run::{Ctx, Phase, until_stopping};

/// How often a connection that sends nothing else pings: a third of the
/// server's idle limit.
fn ping_every(conn: &Conn) -> Duration {
    Duration::from_secs(conn.limits.idle_seconds.max(3) / 3)
}

/// Opens a connection, with backoff; none once the run stops.
async fn connect(ctx: &Ctx, backoff: &mut Backoff, ever: &mut bool) -> Option<Conn> {
    let mut phase = ctx.phase.clone();
    loop {
        if *phase.borrow() == Phase::Stopping {
            return None;
        }
        match ctx.open(None).await {
            Ok(conn) => {
                if *ever {
                    ctx.stats.reconnects.fetch_add(1, Relaxed);
                }
                *ever = true;
                backoff.reset();
                return Some(conn);
            }
            Err(error) => {
                ctx.connect_failed(&error);
                tokio::select! {
                    () = tokio::time::sleep(backoff.next()) => {}
                    () = until_stopping(&mut phase) => return None,
                }
            }
        }
    }
}

/// An idle connection: it says hello, then only pings until the run stops.
pub async fn idle(ctx: Arc<Ctx>) {
    let mut phase = ctx.phase.clone();
    let mut backoff = Backoff::new();
    let mut ever = false;
    let mut nonce = 0;
    'connection: while let Some(mut conn) = connect(&ctx, &mut backoff, &mut ever).await {
        let every = ping_every(&conn);
        let mut next_ping = tokio::time::Instant::now() + every;
        loop {
            tokio::select! {
                received = conn.recv() => {
                    let why = match received {
                        Recv::Gone(why) => why,
                        Recv::Text(text) => match Incoming::read(&text) {
                            Ok(_) => continue,
                            Err(error) => format!("not a server message: {error}"),
                        },
                    };
                    ctx.stats.disconnects.fetch_add(1, Relaxed);
                    ctx.note_disconnect(&why);
                    continue 'connection;
                }
                () = tokio::time::sleep_until(next_ping) => {
                    nonce += 1;
                    if let Err(why) = conn.send(&ClientMessage::Ping { nonce }).await {
                        ctx.stats.disconnects.fetch_add(1, Relaxed);
                        ctx.note_disconnect(&why);
                        continue 'connection;
                    }
                    ctx.stats.pings.fetch_add(1, Relaxed);
                    next_ping += every;
                }
                () = until_stopping(&mut phase) => {
                    conn.close().await;
                    return;
                }
            }
        }
    }
}

/// A spectator of whatever match `follow` names.
pub async fn spectator(ctx: Arc<Ctx>, mut follow: watch::Receiver<Option<MatchId>>) {
    let mut phase = ctx.phase.clone();
    let mut backoff = Backoff::new();
    let mut ever = false;
    let mut nonce = 0;
    // The match followed and the last seq seen of it.
    let mut watching: Option<(MatchId, Option<u64>)> = None;
    'connection: while let Some(mut conn) = connect(&ctx, &mut backoff, &mut ever).await {
        let every = ping_every(&conn);
        let mut next_ping = tokio::time::Instant::now() + every;
        let mut subscribed: Option<MatchId> = None;
        loop {
            let wanted = *follow.borrow_and_update();
            if let Some(id) = wanted
                && watching.map(|(watched, _)| watched) != Some(id)
            {
                watching = Some((id, None));
            }
            if let Some((id, since)) = watching
                && subscribed != Some(id)
            {
                if let Some(old) = subscribed {
                    let _ = conn
                        .send(&ClientMessage::Unsubscribe { match_id: old })
                        .await;
                }
                let subscribe = ClientMessage::Subscribe {
                    match_id: id,
                    role: Role::Spectator,
                    since,
                };
                if conn.send(&subscribe).await.is_err() {
                    ctx.stats.disconnects.fetch_add(1, Relaxed);
                    continue 'connection;
                }
                subscribed = Some(id);
            }
            tokio::select! {
                received = conn.recv() => {
                    let text = match received {
                        Recv::Gone(why) => {
                            ctx.stats.disconnects.fetch_add(1, Relaxed);
                            ctx.note_disconnect(&why);
                            continue 'connection;
                        }
                        Recv::Text(text) => text,
                    };
                    let message = match Incoming::read(&text) {
                        Ok(message) => message,
                        Err(error) => {
                            ctx.stats.disconnects.fetch_add(1, Relaxed);
                            ctx.note_disconnect(&format!("not a server message: {error}"));
                            continue 'connection;
                        }
                    };
                    let watched = watching.as_mut().filter(|(id, _)| message.match_id == Some(*id));
                    match (message.kind, message.seq, message.code) {
                        (Kind::Snapshot, Some(seq), _) => {
                            if let Some((_, since)) = watched {
                                *since = Some(seq);
                            }
                        }
                        (Kind::Batch, Some(seq), _) => {
                            if let Some((_, since)) = watched {
                                *since = Some(seq);
                                ctx.stats.spectated.fetch_add(1, Relaxed);
                            }
                        }
                        (Kind::Error, _, Some(ErrorCode::Unavailable)) => {
                            ctx.stats.retries.fetch_add(1, Relaxed);
                            tokio::time::sleep(Duration::from_millis(100)).await;
                            subscribed = None;
                        }
                        (Kind::Error, _, Some(code)) => {
                            ctx.stats.error(
                                code.key(),
                                format!(
                                    "spectator of match {:?}: {}",
                                    message.match_id,
                                    message.message.unwrap_or_default()
                                ),
                            );
                        }
                        _ => {}
                    }
                }
                changed = follow.changed() => {
                    if changed.is_err() {
                        // The slot is done: stay connected until the end.
                        until_stopping(&mut phase).await;
                        conn.close().await;
                        return;
                    }
                }
                () = tokio::time::sleep_until(next_ping) => {
                    nonce += 1;
                    if conn.send(&ClientMessage::Ping { nonce }).await.is_err() {
                        ctx.stats.disconnects.fetch_add(1, Relaxed);
                        continue 'connection;
                    }
                    next_ping += every;
                }
                () = until_stopping(&mut phase) => {
                    conn.close().await;
                    return;
                }
            }
        }
    }
}
