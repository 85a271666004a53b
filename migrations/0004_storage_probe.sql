-- One row the server rewrites to learn whether the database can be written:
-- every few seconds while writes are failing (a full disk), so that it sees
-- them work again even when nobody else writes.

CREATE TABLE storage_probe (
    id         INTEGER PRIMARY KEY CHECK (id = 1),
    written_at TEXT NOT NULL
);
