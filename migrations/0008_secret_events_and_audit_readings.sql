-- Two changes of the rules audit (issue 35).
--
-- 1. Each viewer numbers only the events it can tell happened
--    (fray_protocol::knows_of), so that a secret set-up's placements do
--    not tell anyone how many there were. `secret` marks the events
--    spectators cannot tell happened: an event of a seat none of whose
--    effects a spectator is told. A match's summary counts only the
--    others. Stored events are marked by the same rule, read from their
--    effects: the audience `everyone`, or `viewers` naming the spectator.

ALTER TABLE events ADD COLUMN secret INTEGER NOT NULL DEFAULT 0;

UPDATE events SET secret = 1
WHERE seat IS NOT NULL
  AND effects NOT LIKE '%"audience":{"kind":"everyone"}%'
  AND NOT EXISTS (
      SELECT 1 FROM json_each(events.effects) AS told
      WHERE json_extract(told.value, '$.audience.kind') = 'everyone'
         OR (json_extract(told.value, '$.audience.kind') = 'viewers'
             AND EXISTS (
                 SELECT 1 FROM json_each(told.value, '$.audience.seats') AS viewer
                 WHERE json_extract(viewer.value, '$.kind') = 'spectator')));

CREATE INDEX events_secret ON events(match_id) WHERE secret;

-- 2. Matches played before the audit's fixes keep the readings they were
--    played with: Action Chess Faction Chess and ChessWar! take the new
--    option `rulings` at `fray-2026`; Chessboard Confrontation's `book`
--    reading as it was then is now called `fray-2026` (its `fray-2025`
--    stays). A match still open has no log and takes today's `book`, which
--    every match that lacks the option is given too.

UPDATE matches SET config = json_set(config, '$.options."rulings"', 'fray-2026')
WHERE system IN ('action-chess-faction-chess', 'chess-war') AND status <> 'open'
  AND json_type(config, '$.options."rulings"') IS NULL;

UPDATE matches SET config = json_set(config, '$.options."rulings"', 'fray-2026')
WHERE system = 'chessboard-confrontation' AND status <> 'open'
  AND json_extract(config, '$.options."rulings"') = 'book';

UPDATE matches SET config = json_set(config, '$.options."rulings"', 'book')
WHERE system IN ('action-chess-faction-chess', 'chess-war')
  AND json_type(config, '$.options."rulings"') IS NULL;
