-- postgresql/008_pgnear.sql - fewer bytes a stored deal (issue 35): 418
-- bytes a partnership-auction deal before, the same rows and values.
--
-- A row of hands was 264 bytes (a 32-byte header, its null bitmap
-- counting 11 columns) and a page held 30: dealer and bidder become
-- smallint (seats, 1..8) and trump a one-byte "char" moved after the
-- blobs, where it needs no padding, so the row is 256 and a page holds
-- 31.  bid and number stay integer (no bound but int's).
-- seats.player_id becomes integer: a seat row of 48 bytes is 40
-- (players.id stays bigint; player ids past 2^31 - 1 are refused).
-- seats_player goes (5 bytes a deal): only the --player filter looked a
-- player's seats up by it, and that filter reads a fair share of all the
-- games anyway, so scanning seats (a tenth of the hands' bytes) costs
-- less than the hands it then reads.
-- The indexes of the tables an import fills are packed full
-- (fillfactor 100, from the default 90): keys mostly arrive in order,
-- so their pages are not split again.
--
-- The views read these columns, so they are dropped and made again,
-- word for word as 001_init.sql made them.

DROP VIEW plays_v;
DROP VIEW events_v;
DROP VIEW hand_events_v;
DROP VIEW hand_results_v;

ALTER INDEX hands_pkey SET (fillfactor = 100);
ALTER INDEX seats_pkey SET (fillfactor = 100);
DROP INDEX seats_player;
ALTER INDEX games_pkey SET (fillfactor = 100);
ALTER INDEX games_key_key SET (fillfactor = 100);
ALTER INDEX tags_pkey SET (fillfactor = 100);
ALTER INDEX tags_game SET (fillfactor = 100);

-- trump moves to the end: a new column, filled as the table is rewritten
ALTER TABLE hands RENAME COLUMN trump TO trump_text;
ALTER TABLE hands ADD COLUMN trump "char";  -- 'S', 'H', 'D', 'C', NULL none
ALTER TABLE hands
  ALTER COLUMN dealer TYPE smallint,
  ALTER COLUMN bidder TYPE smallint,
  ALTER COLUMN trump TYPE "char" USING trump_text::"char",
  DROP COLUMN trump_text;

ALTER TABLE seats ALTER COLUMN player_id TYPE integer;

-- the indexes the rewrites above did not rebuild, packed
REINDEX TABLE games;
REINDEX TABLE tags;

-- hand_events_v: every event of every hand, with its trick for a play.
CREATE VIEW hand_events_v AS
SELECT x.game_id AS game_id, x.number AS hand, e.seq, e.seat, e.action_code, e.action, e.cards, e.value,
       e.trick, e."position" AS position, e.leader, e.winner
  FROM hands AS x
  CROSS JOIN LATERAL pn_hand_events(x.events, x.results,
                                    (SELECT count(*)::integer FROM seats WHERE game_id = x.game_id)) AS e;

-- events_v: the event log, one row per event of every stored hand.
CREATE VIEW events_v AS
SELECT g.key AS game, e.hand AS hand, e.seq AS seq, e.seat AS seat, e.action AS action,
       e.cards AS cards, e.value AS value
  FROM hand_events_v AS e
  JOIN games AS g ON g.id = e.game_id;

-- plays_v: every card played, with its trick, the trick's leader and winner.
CREATE VIEW plays_v AS
SELECT g.key AS game, e.hand AS hand, e.seq AS seq, e.trick AS trick, e.position AS position,
       e.seat AS seat, p.name AS player, e.cards AS card, e.leader AS leader, e.winner AS winner
  FROM hand_events_v AS e
  JOIN games AS g ON g.id = e.game_id
  LEFT JOIN seats AS st ON st.game_id = e.game_id AND st.seat = e.seat
  LEFT JOIN players AS p ON p.id = st.player_id
 WHERE e.action_code = 14;

-- hand_results_v: what each seat got from each hand (d[k + 1] is varint k).
-- dealer read as integer, as before.
CREATE VIEW hand_results_v AS
SELECT g.key AS game, x.number AS hand, st.seat AS seat, p.name AS player,
       CASE WHEN g.preset IN ('partnership', 'partnership-auction', 'single-bid', 'firehouse',
                              'double-deck') THEN (st.seat - 1) % 2 + 1
            WHEN g.preset = 'five-call' THEN 2 - (st.seat IN (r.d[3], r.d[5]))::integer
            ELSE st.seat END AS side,
       x.dealer::integer AS dealer,
       NULLIF(r.d[3], 0) AS bidder,
       CASE WHEN r.d[3] > 0 THEN r.d[4] END AS bid,
       NULLIF(substr('SHDC', r.d[6]::integer, 1), '') AS trump,
       CASE WHEN r.d[3] > 0 THEN r.d[2] / 2 % 2 END AS made,
       r.d[2 + 7 * st.seat] AS meld_shown,
       r.d[3 + 7 * st.seat] AS meld_counted,
       r.d[4 + 7 * st.seat] AS counters,
       r.d[5 + 7 * st.seat] AS tricks,
       r.d[6 + 7 * st.seat] AS score,
       r.d[7 + 7 * st.seat] AS total,
       r.d[8 + 7 * st.seat] AS reneges
  FROM games AS g
  JOIN hands AS x ON x.game_id = g.id
  CROSS JOIN LATERAL (SELECT pn_results(x.results) AS d) AS r
  JOIN seats AS st ON st.game_id = x.game_id AND st.seat <= r.d[8]
  LEFT JOIN players AS p ON p.id = st.player_id;

UPDATE pinochle_meta SET version = 8;
