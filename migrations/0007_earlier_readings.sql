-- Matches stored before this release were played with readings of the rules
-- that are no longer the defaults. Each such match gets the option that keeps
-- its reading, so that re-running its event log (on a restart, in verify or a
-- replay) gives the effects it was played with. A match still open has no log
-- yet: it takes today's defaults like a match made today.
--
-- Then every match gets every other option its system takes, at the default
-- of this release, as the server now writes them into each new match: a
-- default changed by a later release then changes no stored match.

UPDATE matches SET config = json_set(config, '$.options', json('{}'))
WHERE json_type(config, '$.options') IS NULL;

-- Fantasy Armies: an HTH modifier gave or took a die (ruling R4 before).
UPDATE matches SET config = json_set(config, '$.options."hth-modifiers"', 'extra-dice')
WHERE system = 'fantasy-armies' AND status <> 'open'
  AND json_type(config, '$.options."hth-modifiers"') IS NULL;

-- Summoners Chess: the Acolytes stood on fixed squares.
UPDATE matches SET config = json_set(config, '$.options."acolytes"', 'fixed')
WHERE system = 'summoners-chess' AND status <> 'open'
  AND json_type(config, '$.options."acolytes"') IS NULL;

-- Chessboard Confrontation: Summon, Infiltrate and Area Effect as read before.
UPDATE matches SET config = json_set(config, '$.options."rulings"', 'fray-2025')
WHERE system = 'chessboard-confrontation' AND status <> 'open'
  AND json_type(config, '$.options."rulings"') IS NULL;

-- The defaults of this release, under the options a match set.
UPDATE matches SET config = json_set(config, '$.options', json_patch(
    '{"hth-modifiers":"add-to-roll","max-turns":500,"turns-without-removal":100}',
    json_extract(config, '$.options')))
WHERE system = 'fantasy-armies';

UPDATE matches SET config = json_set(config, '$.options', json_patch(
    '{"map":"board","max-rounds":30,"obstacles":"random","points":50,"rounds-without-defeat":6,"rulings":"book","scenario":"last-standing","survival-count":"miniatures"}',
    json_extract(config, '$.options')))
WHERE system = 'chessboard-confrontation';

UPDATE matches SET config = json_set(config, '$.options', json_patch(
    '{"acolytes":"chosen","max-turns":1000,"quiet-turns":100,"second-unit":false}',
    json_extract(config, '$.options')))
WHERE system = 'summoners-chess';
