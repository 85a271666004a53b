-- The id a player's client gave each action (and each resignation over the
-- websocket), kept with the event it made. A client that did not hear its
-- ack, because the connection dropped or the server restarted, sends the
-- action again with the same id; the server finds the id among the seat's
-- recent events and answers with the first ack instead of playing it twice.
-- NULL for the set-up, an abandonment, a resignation over REST, and events
-- stored before this column.

ALTER TABLE events ADD COLUMN action_id INTEGER;
