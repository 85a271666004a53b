-- The house bots (issue 38) are players: each holds its seats, and its
-- name ("Fray bot (expert)") shows in lobbies, histories and replays as
-- any player's does. `bot_level` marks them (random, easy, club, expert);
-- a human player has none. Their token hashes are random bytes no token
-- hashes to, so no one can act as one. The server adds them at start,
-- several of a level, since one player holds one seat of a match.

ALTER TABLE players ADD COLUMN bot_level TEXT;
CREATE INDEX players_by_bot_level ON players(bot_level) WHERE bot_level IS NOT NULL;
