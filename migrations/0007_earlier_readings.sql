-- Matches stored before this release were played with readings of the rules
-- that are no longer the defaults. Each such match gets the option that keeps
-- its reading, so that re-running its event log (on a restart, in verify or a
-- replay) gives the effects it was played with. Matches created from now on
-- store every option with its value (the server writes the defaults in).

UPDATE matches SET config = json_set(config, '$.options', json('{}'))
WHERE json_type(config, '$.options') IS NULL;

-- Fantasy Armies: an HTH modifier gave or took a die (ruling R4 before).
UPDATE matches SET config = json_set(config, '$.options."hth-modifiers"', 'extra-dice')
WHERE system = 'fantasy-armies'
  AND json_type(config, '$.options."hth-modifiers"') IS NULL;

-- Summoners Chess: the Acolytes stood on fixed squares.
UPDATE matches SET config = json_set(config, '$.options."acolytes"', 'fixed')
WHERE system = 'summoners-chess'
  AND json_type(config, '$.options."acolytes"') IS NULL;

-- Chessboard Confrontation: Summon, Infiltrate and Area Effect as read before.
UPDATE matches SET config = json_set(config, '$.options."rulings"', 'fray-2025')
WHERE system = 'chessboard-confrontation'
  AND json_type(config, '$.options."rulings"') IS NULL;
