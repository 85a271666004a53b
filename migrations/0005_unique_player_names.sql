-- Player names are unique regardless of case: `name_key` is the name
-- lower-cased by the server (Rust's Unicode `to_lowercase`; SQLite's own
-- lower() and NOCASE fold ASCII only, so "Émile" and "émile" would both
-- pass them). SQL cannot compute it, so rows older than this migration
-- start with none (NULLs never collide in a unique index) and the server
-- fills them in at start, renaming a later duplicate (db/players.rs,
-- `key_old_names`).

ALTER TABLE players ADD COLUMN name_key TEXT;
CREATE UNIQUE INDEX players_by_name_key ON players(name_key);
