-- Fray's first schema: players, their army lists, matches with their seats,
-- and each match's event log. JSON columns hold fray-protocol types.

CREATE TABLE players (
    id          INTEGER PRIMARY KEY,
    name        TEXT NOT NULL,
    -- SHA-256 of the bearer token; the token itself is never stored.
    token_hash  BLOB NOT NULL UNIQUE,
    created_at  TEXT NOT NULL DEFAULT (datetime('now'))
);

CREATE TABLE army_lists (
    id          INTEGER PRIMARY KEY,
    owner       INTEGER NOT NULL REFERENCES players(id),
    system      TEXT NOT NULL,
    -- fray_protocol::ArmyList, validated by the rules on every write.
    list        TEXT NOT NULL,
    created_at  TEXT NOT NULL DEFAULT (datetime('now')),
    updated_at  TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX army_lists_by_owner ON army_lists(owner, system);

CREATE TABLE matches (
    id             INTEGER PRIMARY KEY,
    system         TEXT NOT NULL,
    -- fray_protocol::MatchConfig
    config         TEXT NOT NULL,
    seat_count     INTEGER NOT NULL,
    status         TEXT NOT NULL CHECK (status IN ('open', 'running', 'finished')),
    -- The fray-rules version that plays the match; a log is re-run by it.
    rules_version  TEXT NOT NULL,
    -- The dice seed (32 bytes) and its SHA-256, hex; set when play starts.
    seed           BLOB,
    commitment     TEXT,
    -- fray_protocol::Outcome, once finished.
    outcome        TEXT,
    created_at     TEXT NOT NULL DEFAULT (datetime('now')),
    finished_at    TEXT
);
CREATE INDEX matches_by_status ON matches(status, system);

CREATE TABLE seats (
    match_id    INTEGER NOT NULL REFERENCES matches(id),
    seat        INTEGER NOT NULL,
    player      INTEGER NOT NULL REFERENCES players(id),
    -- The army list as it was when the seat was taken: later edits to the
    -- stored list do not change a match.
    army_list   TEXT NOT NULL,
    PRIMARY KEY (match_id, seat),
    UNIQUE (match_id, player)
) WITHOUT ROWID;

CREATE TABLE events (
    match_id    INTEGER NOT NULL REFERENCES matches(id),
    -- 0 is the set-up; each accepted action takes the next.
    seq         INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('setup', 'action', 'resign', 'abandon')),
    seat        INTEGER,
    -- fray_protocol::Action, for kind 'action'.
    action      TEXT,
    -- Vec<fray_protocol::ScopedEffect>: every effect with its audience.
    effects     TEXT NOT NULL,
    PRIMARY KEY (match_id, seq)
) WITHOUT ROWID;
