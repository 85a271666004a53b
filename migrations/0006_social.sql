-- What players do besides moving pieces: a draw by agreement (a new kind
-- of event), chat at the table, and rematches.

-- The event log takes the kind 'draw'. SQLite cannot change a CHECK
-- constraint in place, so the table is made again and its rows copied in
-- rowid order (keeping 0002's layout).
CREATE TABLE events_with_draw (
    id          INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES matches(id),
    -- 0 is the set-up; each accepted action takes the next.
    seq         INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('setup', 'action', 'resign', 'abandon', 'draw')),
    seat        INTEGER,
    -- fray_protocol::Action, for kind 'action'.
    action      TEXT,
    -- Vec<fray_protocol::ScopedEffect>: every effect with its audience.
    effects     TEXT NOT NULL,
    -- The id the seat's client gave the action (0003).
    action_id   INTEGER,
    UNIQUE (match_id, seq)
);

INSERT INTO events_with_draw (id, match_id, seq, kind, seat, action, effects, action_id)
SELECT id, match_id, seq, kind, seat, action, effects, action_id FROM events ORDER BY id;

DROP TABLE events;
ALTER TABLE events_with_draw RENAME TO events;

-- What the players said in a match, each line after the event `seq` it was
-- said at. Kept with the match and published in its replay.
CREATE TABLE chat (
    id          INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES matches(id),
    seq         INTEGER NOT NULL,
    seat        INTEGER NOT NULL,
    player      INTEGER NOT NULL REFERENCES players(id),
    -- Held to the rules of a player's name, at most 280 characters.
    text        TEXT NOT NULL,
    said_at     TEXT NOT NULL DEFAULT (datetime('now'))
);
CREATE INDEX chat_by_match ON chat(match_id, id);

-- A rematch names the match it follows; one rematch per match.
ALTER TABLE matches ADD COLUMN rematch_of INTEGER REFERENCES matches(id);
CREATE UNIQUE INDEX matches_by_rematch_of ON matches(rematch_of) WHERE rematch_of IS NOT NULL;
