-- The event log as a rowid table with a separate (match_id, seq) index.
--
-- As a WITHOUT ROWID table keyed on (match_id, seq), every row lived in the
-- key's B-tree, interior pages included. A row is ~400 bytes of effects (the
-- set-up is ~10 KB), far above the 1/20 of a page SQLite advises for that
-- layout: interior pages held a handful of keys, rows spilled into overflow
-- pages, and each insert's descent read and compared whole rows. Here rows
-- are appended in rowid order and only the small index is searched.

CREATE TABLE events_by_rowid (
    id          INTEGER PRIMARY KEY,
    match_id    INTEGER NOT NULL REFERENCES matches(id),
    -- 0 is the set-up; each accepted action takes the next.
    seq         INTEGER NOT NULL,
    kind        TEXT NOT NULL CHECK (kind IN ('setup', 'action', 'resign', 'abandon')),
    seat        INTEGER,
    -- fray_protocol::Action, for kind 'action'.
    action      TEXT,
    -- Vec<fray_protocol::ScopedEffect>: every effect with its audience.
    effects     TEXT NOT NULL,
    UNIQUE (match_id, seq)
);

INSERT INTO events_by_rowid (match_id, seq, kind, seat, action, effects)
SELECT match_id, seq, kind, seat, action, effects FROM events ORDER BY match_id, seq;

DROP TABLE events;
ALTER TABLE events_by_rowid RENAME TO events;
