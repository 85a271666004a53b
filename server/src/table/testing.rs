//! Tables as tests need them: a fresh one, and matches stored as a restarted
//! server finds them.

use std::time::Duration;

use fray_protocol::{MatchConfig, MatchId, Seat, SystemId};
use fray_rules::fantasy_armies::{Army, starter_list};

use super::{TableConfig, Tables};
use crate::db::{matches, players};
use crate::store::Store;

/// A fresh database and its table, as the server has them at start-up.
pub(crate) async fn tables() -> (tempfile::TempDir, Tables) {
    let (dir, db) = crate::db::scratch().await;
    let (store, _thread) =
        Store::start(db.clone(), Default::default(), Default::default()).unwrap();
    let config = TableConfig {
        abandon_after: Duration::from_secs(60),
        join_grace: Duration::from_secs(600),
        history: 8,
        finished_kept: 4,
    };
    let bots = std::sync::Arc::new(crate::house_bots::HouseBots::none());
    (
        dir,
        Tables::new(db, store, bots, config, Default::default()),
    )
}

/// A fantasy-armies match stored as `join` stores it when the second
/// seat fills, but with no actor: as a restarted server finds it.
pub(crate) async fn stored_match(tables: &Tables, name: &str) -> MatchId {
    let db = &tables.db;
    let mut tx = db.begin().await.unwrap();
    let first = players::create(&mut tx, &format!("{name}-a"), name.as_bytes())
        .await
        .unwrap();
    let second = players::create(
        &mut tx,
        &format!("{name}-b"),
        &[name.as_bytes(), b"b"].concat(),
    )
    .await
    .unwrap();
    let config = MatchConfig::new(SystemId::FantasyArmies);
    let armies = [starter_list(Army::Dwarfs), starter_list(Army::Undead)];
    let id = matches::create(&mut tx, &config, 2, "test").await.unwrap();
    for (seat, (player, army)) in [first, second].iter().zip(&armies).enumerate() {
        matches::take_seat(&mut tx, id, Seat(seat as u8), *player, army)
            .await
            .unwrap();
    }
    crate::lobby::start_in(&mut tx, id, &config, [7; 32])
        .await
        .unwrap();
    tx.commit().await.unwrap();
    id
}

/// The database `tables` reads, for a test that needs it beside them.
pub(crate) fn database(tables: &Tables) -> sqlx::SqlitePool {
    tables.db.clone()
}
