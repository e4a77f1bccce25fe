-- sqlite/001_init.sql - the first schema of a pinochle database in SQLite.
--
-- Embedded into the pinochle binary at build time and run once, in one
-- transaction, when `pinochle init` (or any command) opens a database
-- whose PRAGMA user_version is below 1.  Never edit a released migration:
-- add schema/sqlite/002_*.sql instead (it must end by setting user_version = 2).
--
-- docs/SCHEMA.md describes these tables and views for users of sqlite3.
-- It needs SQLite 3.38 or later (unixepoch(), ->>, json_each, recursive
-- CTEs with several recursive SELECTs).

-- Games, one row per game key.  Players sit in `seats`; tags are also in
-- `tags`, one row each, for filtering.
CREATE TABLE games (
  id       INTEGER PRIMARY KEY,
  key      TEXT NOT NULL UNIQUE,           -- the game column of the event log
  preset   TEXT NOT NULL,                  -- the variant row: a preset name
  options  TEXT NOT NULL DEFAULT '',       -- option rows, 'name=value' lines in file order
  tags     TEXT NOT NULL DEFAULT '',       -- tag rows, 'name=value' lines in file order
  hands    INTEGER NOT NULL DEFAULT 0,     -- hands stored
  finished INTEGER NOT NULL DEFAULT 0,     -- 1: the game ended (a winner) or its log ended
  winner   INTEGER,                        -- winning seat (a side's lowest seat), NULL none
  hash     INTEGER,                        -- 64-bit FNV-1a content hash, as a signed integer
  created  INTEGER NOT NULL DEFAULT (unixepoch())  -- when it was stored: Unix time
);

-- Everyone who has played, by name (names are unique).
CREATE TABLE players (
  id   INTEGER PRIMARY KEY,
  name TEXT NOT NULL UNIQUE
);

-- Who sat where: one row per seat of a game (the player rows).
CREATE TABLE seats (
  game_id   INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  seat      INTEGER NOT NULL,              -- 1..players, clockwise
  player_id INTEGER NOT NULL REFERENCES players(id),
  PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX seats_player ON seats(player_id);

-- A game's tag rows split at the first '=' (date=2026-11-20 is name
-- 'date', value '2026-11-20'), to find games by tag.  The primary key is
-- the (name, value) index; deleting a game scans this small table.
CREATE TABLE tags (
  name    TEXT NOT NULL,
  value   TEXT NOT NULL,
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  PRIMARY KEY (name, value, game_id)
) WITHOUT ROWID;

-- One row per deal, in game then hand order.  The events and what the
-- engine derived from them are packed into two small blobs (docs/SCHEMA.md,
-- "Encoding"); the views events_v, plays_v and hand_results_v unfold
-- them.  dealer, bidder, bid and trump repeat what the blobs say, for
-- queries.  WITHOUT ROWID: the key (game_id, number) is the table's
-- order, so a hand needs no rowid and no second index (a stored
-- partnership-auction deal takes under 400 bytes, all included).
CREATE TABLE hands (
  game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  number  INTEGER NOT NULL,                -- 1, 2, ... within the game
  dealer  INTEGER NOT NULL,                -- seat
  bidder  INTEGER,                         -- seat that won the bidding, NULL none
  bid     INTEGER,                         -- the winning bid, NULL none
  trump   TEXT,                            -- 'S', 'H', 'D', 'C', NULL none
  events  BLOB NOT NULL,                   -- the hand's event-log rows, encoded
  results BLOB,                            -- scores, meld, tricks, encoded
  PRIMARY KEY (game_id, number)
) WITHOUT ROWID;

-- One row per `pinochle audit` run.  Times are Unix time:
-- datetime(started, 'unixepoch') shows them.
CREATE TABLE audits (
  id            INTEGER PRIMARY KEY,
  started       INTEGER NOT NULL DEFAULT (unixepoch()),
  finished      INTEGER,                   -- NULL while running (or if it stopped)
  rules_version INTEGER NOT NULL,          -- the engine's rules version
  games         INTEGER,                   -- games audited
  hands         INTEGER,                   -- hands audited
  findings      INTEGER                    -- findings reported
);

-- What an audit found, in the order it was reported (n = 1, 2, ...).
CREATE TABLE findings (
  audit_id INTEGER NOT NULL REFERENCES audits(id) ON DELETE CASCADE,
  n        INTEGER NOT NULL,               -- 1, 2, ... within the audit
  game_id  INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
  hand     INTEGER NOT NULL,               -- hand number
  seq      INTEGER NOT NULL,               -- the event's seq in the hand
  trick    INTEGER,                        -- 1-based trick for plays, NULL otherwise
  seat     INTEGER,                        -- the offender
  kind     TEXT NOT NULL,                  -- renege-follow, bid-too-low, meld-claim, ...
  card     TEXT,                           -- the card played, e.g. '9C'
  detail   TEXT,                           -- human text with the evidence
  PRIMARY KEY (audit_id, n)
) WITHOUT ROWID;
CREATE INDEX findings_game ON findings(game_id);

-- ---------------------------------------------------------------- views
--
-- The views unfold the blobs of hands.events and hands.results in plain
-- SQL (SQLite 3.38 or later: JSON functions built in, recursive CTEs with
-- several recursive SELECTs).  Each hand is decoded by a recursive walk
-- over its bytes inside a subquery that refers to that hand, whose rows
-- come back as a JSON array through json_each: a query that selects
-- games or hands (WHERE game = 'club-7') decodes only those hands.
--
-- SQL cannot read a byte, so the walks use two tricks, written out in
-- full wherever a byte is read:
--   any byte at 0-based offset i of blob b, through its hex digits
--   (instr gives 0 for '0', 1 for '1', ... 15 for 'F'):
--     instr('123456789ABCDEF', substr(hex(substr(b, i + 1, 1)), 1, 1)) * 16
--       + instr('123456789ABCDEF', substr(hex(substr(b, i + 1, 1)), 2, 1))
--   a byte below 128 (cards, counts, value text, trick bytes), as an
--   ASCII character:
--     coalesce(unicode(CAST(substr(b, i + 1, 1) AS TEXT)), 0)
-- docs/SCHEMA.md describes the encoding.

-- hand_events_v: every event of every hand, with the hand's game id and
-- number, and for a play its trick.  Tricks are not events: with P
-- seated players, play n of a hand (from 1) is card (n - 1) % P + 1 of
-- trick (n - 1) / P + 1; the last N bytes of hands.results are the N
-- tricks (leader | winner << 4), after the byte N itself.
-- The walk's rows: st 4 a complete record (the start); st 1 its first
-- byte read (action | seat << 5, as code); then a play reads one card;
-- dealer, pass, moon and out nothing; the others the number of cards
-- (st 2), the cards, and the length of the value text (vlen; -1 none),
-- which follows.  np counts the plays.
CREATE VIEW hand_events_v AS
SELECT x.game_id AS game_id, x.number AS hand, j.value ->> 0 AS seq,
       j.value ->> 1 AS seat, j.value ->> 2 AS action_code, j.value ->> 3 AS action,
       j.value ->> 4 AS cards, j.value ->> 5 AS value, j.value ->> 6 AS trick,
       j.value ->> 7 AS position, j.value ->> 8 AS leader, j.value ->> 9 AS winner
  FROM hands AS x
  JOIN json_each((
    WITH RECURSIVE walk(seq, st, code, at, left, cards, vlen, np) AS (
      SELECT 0, 4, 0, 0, 0, '', -1, 0
      UNION ALL
      SELECT seq + 1, 1, (instr('123456789ABCDEF', substr(hex(substr(x.events, (at + 1 + vlen) + 1, 1)), 1, 1)) * 16 + instr('123456789ABCDEF', substr(hex(substr(x.events, (at + 1 + vlen) + 1, 1)), 2, 1))), at + 2 + vlen, 0, '', -1, np
        FROM walk WHERE st = 4 AND at + 1 + vlen < length(x.events)
      UNION ALL
      SELECT seq, 4, code, at + 1, 0, substr('ASTSKSQSJS9S8S7SAHTHKHQHJH9H8H7HADTDKDQDJD9D8D7DACTCKCQCJC9C8C7C', 2 * coalesce(unicode(CAST(substr(x.events, at + 1, 1) AS TEXT)), 0) + 1, 2), -1, np + 1
        FROM walk WHERE st = 1 AND code % 32 = 14
      UNION ALL
      SELECT seq, 4, code, at, 0, '', -1, np
        FROM walk WHERE st = 1 AND code % 32 IN (0, 6, 13, 15)
      UNION ALL
      SELECT seq, 2, code, at + 1, coalesce(unicode(CAST(substr(x.events, at + 1, 1) AS TEXT)), 0), '', -1, np
        FROM walk WHERE st = 1 AND code % 32 NOT IN (0, 6, 13, 14, 15)
      UNION ALL
      SELECT seq, 2, code, at + 1, left - 1,
             cards || CASE WHEN cards = '' THEN '' ELSE ' ' END || substr('ASTSKSQSJS9S8S7SAHTHKHQHJH9H8H7HADTDKDQDJD9D8D7DACTCKCQCJC9C8C7C', 2 * coalesce(unicode(CAST(substr(x.events, at + 1, 1) AS TEXT)), 0) + 1, 2), -1, np
        FROM walk WHERE st = 2 AND left > 0
      UNION ALL
      SELECT seq, 4, code, at, 0, cards, coalesce(unicode(CAST(substr(x.events, at + 1, 1) AS TEXT)), 0), np
        FROM walk WHERE st = 2 AND left = 0
    )
    SELECT json_group_array(json_array(
             seq, NULLIF(code / 32, 0), code % 32, rtrim(substr('dealer  deal    turnup  stock   widow   bid     pass    trump   call    discard give    dix     meld    moon    play    out     score   ', 8 * (code % 32) + 1, 8)),
             NULLIF(cards, ''), value, trick, position,
             CASE WHEN ok THEN coalesce(unicode(CAST(substr(x.results, (length(x.results) - n + trick - 1) + 1, 1) AS TEXT)), 0) % 16 END,
             CASE WHEN ok THEN coalesce(unicode(CAST(substr(x.results, (length(x.results) - n + trick - 1) + 1, 1) AS TEXT)), 0) / 16 END))
      FROM (SELECT *, trick <= n AND coalesce(unicode(CAST(substr(x.results, (length(x.results) - n - 1) + 1, 1) AS TEXT)), 0) = n AS ok
      FROM (SELECT seq, code, cards, value,
                   CASE WHEN code % 32 = 14 THEN (np - 1) / p + 1 END AS trick,
                   CASE WHEN code % 32 = 14 THEN (np - 1) % p + 1 END AS position,
                   max(np) OVER () / p AS n
      FROM (SELECT *, CASE WHEN vlen > 0 THEN CAST(substr(x.events, at + 2, vlen) AS TEXT) END AS value,
                   (SELECT count(*) FROM seats WHERE game_id = x.game_id) AS p
              FROM walk WHERE st = 4 AND seq > 0)
     ORDER BY seq))
  )) AS j;

-- events_v: the event log, one row per event of every stored hand, as
-- `pinochle export` writes it.  ORDER BY game, hand, seq for file order.
CREATE VIEW events_v AS
SELECT g.key AS game, e.hand AS hand, e.seq AS seq, e.seat AS seat, e.action AS action,
       e.cards AS cards, e.value AS value
  FROM hand_events_v AS e
  JOIN games AS g ON g.id = e.game_id;

-- plays_v: every card played, with its trick, the trick's leader and its
-- winner (seats).
CREATE VIEW plays_v AS
SELECT g.key AS game, e.hand AS hand, e.seq AS seq, e.trick AS trick, e.position AS position,
       e.seat AS seat, p.name AS player, e.cards AS card, e.leader AS leader, e.winner AS winner
  FROM hand_events_v AS e
  JOIN games AS g ON g.id = e.game_id
  LEFT JOIN seats AS st ON st.game_id = e.game_id AND st.seat = e.seat
  LEFT JOIN players AS p ON p.id = st.player_id
 WHERE e.action_code = 14;

-- hand_results_v: what each seat got from each hand.  hands.results is
-- read as its unsigned LEB128 varints, k = 0, 1, ... (walk row pos has
-- read pos bytes and holds the next one, b; done: varint k is complete),
-- into one JSON array d, the signed ones zigzag-decoded (u even is u / 2,
-- u odd is -(u + 1) / 2): k = 0 version, 1 flags (bit 1 made), 2 bidder,
-- 3 bid, 4 partner, 5 trump + 1, 6 out seat, 7 players, then 7 per seat
-- from k = 1 + 7 * seat: meld shown, meld counted, counters, tricks,
-- score, total, reneges (a count per kind, a byte each: their sum).
-- side: 1 for seats 1+3 and 2 for seats 2+4 in team presets; in five-call
-- 1 for the bidder and the called partner, 2 for the rest; else the seat.
CREATE VIEW hand_results_v AS
SELECT g.key AS game, x.number AS hand, st.seat AS seat, p.name AS player,
       CASE WHEN g.preset IN ('partnership', 'partnership-auction', 'single-bid', 'firehouse',
                              'double-deck') THEN (st.seat - 1) % 2 + 1
            WHEN g.preset = 'five-call' THEN 2 - (st.seat IN (d.value ->> 2, d.value ->> 4))
            ELSE st.seat END AS side,
       x.dealer AS dealer,
       NULLIF(d.value ->> 2, 0) AS bidder,
       CASE WHEN d.value ->> 2 > 0 THEN d.value ->> 3 END AS bid,
       NULLIF(substr('SHDC', d.value ->> 5, 1), '') AS trump,
       CASE WHEN d.value ->> 2 > 0 THEN d.value ->> 1 / 2 % 2 END AS made,
       d.value ->> (1 + 7 * st.seat) AS meld_shown,
       d.value ->> (2 + 7 * st.seat) AS meld_counted,
       d.value ->> (3 + 7 * st.seat) AS counters,
       d.value ->> (4 + 7 * st.seat) AS tricks,
       d.value ->> (5 + 7 * st.seat) AS score,
       d.value ->> (6 + 7 * st.seat) AS total,
       d.value ->> (7 + 7 * st.seat) AS reneges
  FROM games AS g
  CROSS JOIN hands AS x ON x.game_id = g.id
  CROSS JOIN json_each((
    WITH RECURSIVE walk(pos, b, k, u, mul, done) AS (
      SELECT 0, (instr('123456789ABCDEF', substr(hex(substr(x.results, (0) + 1, 1)), 1, 1)) * 16 + instr('123456789ABCDEF', substr(hex(substr(x.results, (0) + 1, 1)), 2, 1))), -1, 0, 1, 1
      UNION ALL
      SELECT pos + 1, (instr('123456789ABCDEF', substr(hex(substr(x.results, (pos + 1) + 1, 1)), 1, 1)) * 16 + instr('123456789ABCDEF', substr(hex(substr(x.results, (pos + 1) + 1, 1)), 2, 1))), k + done,
             CASE WHEN done THEN 0 ELSE u END + b % 128 * CASE WHEN done THEN 1 ELSE mul END,
             CASE WHEN done THEN 128 ELSE mul * 128 END, b < 128
        FROM walk WHERE pos < length(x.results)
    )
    SELECT json_array(json_group_array(
             CASE WHEN k = 3 OR (k >= 8 AND (k - 8) % 7 IN (0, 1, 2, 4, 5))
                  THEN CASE WHEN u % 2 THEN -(u + 1) / 2 ELSE u / 2 END
                  WHEN k >= 8 AND (k - 8) % 7 = 6
                  THEN u % 256 + u / 256 % 256 + u / 65536 % 256 + u / 16777216 % 256
                  ELSE u END))
      FROM (SELECT k, u FROM walk WHERE done AND k >= 0 ORDER BY k)
  )) AS d
  CROSS JOIN seats AS st ON st.game_id = x.game_id AND st.seat <= d.value ->> 7
  LEFT JOIN players AS p ON p.id = st.player_id;

PRAGMA application_id = 1347309379;  -- 0x504E4F43, 'PNOC'
PRAGMA user_version = 1;
