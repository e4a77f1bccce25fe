-- sqlite/007_encoding.sql - hands.events packed (issue 35).
--
-- The store now writes a hand's events packed (docs/SCHEMA.md,
-- "hands.events"; src/codec/codec.h, form 2): a first byte 17 | P << 5,
-- then records as before but for a play by the seat after the last
-- play's (one byte, 0xE0 | card), a deal as a count per card (6 bytes),
-- a bid, score or meld value in 2 bytes and a trump's suit in 1.  Rows
-- stored before keep form 1, so hand_events_v reads both: it is the walk
-- of 001_init.sql with these records added, and these columns:
--   pp   P of a packed blob, 0 for form 1 (whose walk is 001's, row for
--        row);
--   ps   the seat of the last play, for the next one;
--   val  the value text of a packed bid, score, meld or trump;
--   st 5 a packed deal's counts, `left` the card (0..23: S A..9, H ...)
--        counted next, its count (byte left / 4, bits 2 * (left % 4)) of
--        copies of the card appended to cards.
-- events_v and plays_v read hand_events_v by name and are unchanged.

DROP VIEW hand_events_v;
CREATE VIEW hand_events_v AS
SELECT x.game_id AS game_id, x.number AS hand, j.value ->> 0 AS seq,
       j.value ->> 1 AS seat, j.value ->> 2 AS action_code, j.value ->> 3 AS action,
       j.value ->> 4 AS cards, j.value ->> 5 AS value, j.value ->> 6 AS trick,
       j.value ->> 7 AS position, j.value ->> 8 AS leader, j.value ->> 9 AS winner
  FROM hands AS x
  JOIN json_each((
    WITH RECURSIVE walk(seq, st, code, at, left, cards, vlen, np, pp, ps, val) AS (
      SELECT 0, 4, 0, CASE WHEN (instr('123456789ABCDEF', substr(hex(substr(x.events, (0) + 1, 1)), 1, 1)) * 16 + instr('123456789ABCDEF', substr(hex(substr(x.events, (0) + 1, 1)), 2, 1))) % 32 = 17 THEN 1 ELSE 0 END, 0, '', -1, 0, CASE WHEN (instr('123456789ABCDEF', substr(hex(substr(x.events, (0) + 1, 1)), 1, 1)) * 16 + instr('123456789ABCDEF', substr(hex(substr(x.events, (0) + 1, 1)), 2, 1))) % 32 = 17 THEN (instr('123456789ABCDEF', substr(hex(substr(x.events, (0) + 1, 1)), 1, 1)) * 16 + instr('123456789ABCDEF', substr(hex(substr(x.events, (0) + 1, 1)), 2, 1))) / 32 ELSE 0 END, 0, NULL
      UNION ALL
      SELECT seq + 1, 1, (instr('123456789ABCDEF', substr(hex(substr(x.events, (at + 1 + vlen) + 1, 1)), 1, 1)) * 16 + instr('123456789ABCDEF', substr(hex(substr(x.events, (at + 1 + vlen) + 1, 1)), 2, 1))), at + 2 + vlen, 0, '', -1, np, pp, ps, NULL
        FROM walk WHERE st = 4 AND at + 1 + vlen < length(x.events)
      UNION ALL
      SELECT seq, 4, 14 + 32 * (ps % pp + 1), at, 0, substr('ASTSKSQSJS9S8S7SAHTHKHQHJH9H8H7HADTDKDQDJD9D8D7DACTCKCQCJC9C8C7C', 2 * (code - 224) + 1, 2), -1, np + 1, pp, ps % pp + 1, NULL
        FROM walk WHERE st = 1 AND pp > 0 AND code >= 224 AND ps > 0
      UNION ALL
      SELECT seq, 4, code, at + 1, 0, substr('ASTSKSQSJS9S8S7SAHTHKHQHJH9H8H7HADTDKDQDJD9D8D7DACTCKCQCJC9C8C7C', 2 * (coalesce(unicode(CAST(substr(x.events, (at) + 1, 1) AS TEXT)), 0)) + 1, 2), -1, np + 1, pp, code / 32, NULL
        FROM walk WHERE st = 1 AND code % 32 = 14 AND (pp = 0 OR code < 224)
      UNION ALL
      SELECT seq, 4, code, at, 0, '', -1, np, pp, ps, NULL
        FROM walk WHERE st = 1 AND code % 32 IN (0, 6, 13, 15) AND (pp = 0 OR code < 224)
      UNION ALL
      SELECT seq, 2, code, at + 1, coalesce(unicode(CAST(substr(x.events, (at) + 1, 1) AS TEXT)), 0), '', -1, np, pp, ps, NULL
        FROM walk WHERE st = 1 AND code % 32 NOT IN (0, 6, 13, 14, 15) AND (pp = 0 OR (code < 224 AND (code % 32 < 17 OR code % 32 = 20)))
      UNION ALL
      SELECT seq, 2, code, at + 1, left - 1,
             cards || CASE WHEN cards = '' THEN '' ELSE ' ' END || substr('ASTSKSQSJS9S8S7SAHTHKHQHJH9H8H7HADTDKDQDJD9D8D7DACTCKCQCJC9C8C7C', 2 * (coalesce(unicode(CAST(substr(x.events, (at) + 1, 1) AS TEXT)), 0)) + 1, 2), -1, np, pp, ps, NULL
        FROM walk WHERE st = 2 AND left > 0
      UNION ALL
      SELECT seq, 4, code, at, 0, cards, coalesce(unicode(CAST(substr(x.events, (at) + 1, 1) AS TEXT)), 0), np, pp, ps, NULL
        FROM walk WHERE st = 2 AND left = 0 AND (pp = 0 OR code % 32 <> 20)
      UNION ALL
      SELECT seq, 4, 12 + 32 * (code / 32), at + 2, 0, cards, -1, np, pp, ps, CAST(((instr('123456789ABCDEF', substr(hex(substr(x.events, (at) + 1, 1)), 1, 1)) * 16 + instr('123456789ABCDEF', substr(hex(substr(x.events, (at) + 1, 1)), 2, 1))) + 256 * (instr('123456789ABCDEF', substr(hex(substr(x.events, (at + 1) + 1, 1)), 1, 1)) * 16 + instr('123456789ABCDEF', substr(hex(substr(x.events, (at + 1) + 1, 1)), 2, 1)))) - CASE WHEN (instr('123456789ABCDEF', substr(hex(substr(x.events, (at + 1) + 1, 1)), 1, 1)) * 16 + instr('123456789ABCDEF', substr(hex(substr(x.events, (at + 1) + 1, 1)), 2, 1))) >= 128 THEN 65536 ELSE 0 END AS TEXT)
        FROM walk WHERE st = 2 AND left = 0 AND pp > 0 AND code % 32 = 20
      UNION ALL
      SELECT seq, 5, 1 + 32 * (code / 32), at, 0, '', -1, np, pp, ps, NULL
        FROM walk WHERE st = 1 AND pp > 0 AND code % 32 = 17 AND code < 224
      UNION ALL
      SELECT seq, CASE WHEN left = 23 THEN 4 ELSE 5 END, code, CASE WHEN left = 23 THEN at + 6 ELSE at END, left + 1,
             CASE WHEN left = 23 THEN rtrim(cards || replace(hex(zeroblob(((instr('123456789ABCDEF', substr(hex(substr(x.events, (at + left / 4) + 1, 1)), 1, 1)) * 16 + instr('123456789ABCDEF', substr(hex(substr(x.events, (at + left / 4) + 1, 1)), 2, 1))) >> (2 * (left % 4))) & 3)), '00', substr('ASTSKSQSJS9S8S7SAHTHKHQHJH9H8H7HADTDKDQDJD9D8D7DACTCKCQCJC9C8C7C', 2 * (left / 6 * 8 + left % 6) + 1, 2) || ' '))
                  ELSE cards || replace(hex(zeroblob(((instr('123456789ABCDEF', substr(hex(substr(x.events, (at + left / 4) + 1, 1)), 1, 1)) * 16 + instr('123456789ABCDEF', substr(hex(substr(x.events, (at + left / 4) + 1, 1)), 2, 1))) >> (2 * (left % 4))) & 3)), '00', substr('ASTSKSQSJS9S8S7SAHTHKHQHJH9H8H7HADTDKDQDJD9D8D7DACTCKCQCJC9C8C7C', 2 * (left / 6 * 8 + left % 6) + 1, 2) || ' ') END,
             -1, np, pp, ps, NULL
        FROM walk WHERE st = 5
      UNION ALL
      SELECT seq, 4, CASE code % 32 WHEN 18 THEN 5 ELSE 16 END + 32 * (code / 32), at + 2, 0, '', -1, np, pp, ps, CAST(((instr('123456789ABCDEF', substr(hex(substr(x.events, (at) + 1, 1)), 1, 1)) * 16 + instr('123456789ABCDEF', substr(hex(substr(x.events, (at) + 1, 1)), 2, 1))) + 256 * (instr('123456789ABCDEF', substr(hex(substr(x.events, (at + 1) + 1, 1)), 1, 1)) * 16 + instr('123456789ABCDEF', substr(hex(substr(x.events, (at + 1) + 1, 1)), 2, 1)))) - CASE WHEN (instr('123456789ABCDEF', substr(hex(substr(x.events, (at + 1) + 1, 1)), 1, 1)) * 16 + instr('123456789ABCDEF', substr(hex(substr(x.events, (at + 1) + 1, 1)), 2, 1))) >= 128 THEN 65536 ELSE 0 END AS TEXT)
        FROM walk WHERE st = 1 AND pp > 0 AND code % 32 IN (18, 19) AND code < 224
      UNION ALL
      SELECT seq, 4, 7 + 32 * (code / 32), at + 1, 0, '', -1, np, pp, ps, substr('SHDC', coalesce(unicode(CAST(substr(x.events, (at) + 1, 1) AS TEXT)), 0) + 1, 1)
        FROM walk WHERE st = 1 AND pp > 0 AND code % 32 = 21 AND code < 224
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
      FROM (SELECT *, coalesce(val, CASE WHEN vlen > 0 THEN CAST(substr(x.events, at + 2, vlen) AS TEXT) END) AS value,
                   (SELECT count(*) FROM seats WHERE game_id = x.game_id) AS p
              FROM walk WHERE st = 4 AND seq > 0)
     ORDER BY seq))
  )) AS j;

PRAGMA user_version = 7;
