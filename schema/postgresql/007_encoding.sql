-- postgresql/007_encoding.sql - hands.events packed (issue 35).
--
-- The store now writes a hand's events packed (docs/SCHEMA.md,
-- "hands.events"; src/codec/codec.h, form 2); rows stored before keep
-- form 1.  pn_events_unpacked gives form 1 of either, and
-- pn_hand_events (001_init.sql's, and so the views over it) reads that.

-- One byte as a bytea.  (OR REPLACE throughout: a test downgrades a
-- database by its version number alone and migrates it again.)
CREATE OR REPLACE FUNCTION pn_byte(b integer) RETURNS bytea LANGUAGE sql IMMUTABLE STRICT AS $$
  SELECT set_byte('\x00'::bytea, 0, b)
$$;

-- A packed value (2 bytes, signed little-endian, at offset i) as form 1
-- writes it: its length, then its text.
CREATE OR REPLACE FUNCTION pn_packed_value(b bytea, i integer) RETURNS bytea LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  v integer := get_byte(b, i) + 256 * get_byte(b, i + 1);
  t bytea;
BEGIN
  IF v >= 32768 THEN
    v := v - 65536;
  END IF;
  t := convert_to(v::text, 'UTF8');
  RETURN pn_byte(length(t)) || t;
END
$$;

-- The form-1 events of a stored blob, packed or not (a first byte
-- 17 | P << 5 is packed): the records of codec.h's form 2 written out.
-- Packed bytes that end inside a record give the records before it.
CREATE OR REPLACE FUNCTION pn_events_unpacked(events bytea) RETURNS bytea LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
  len integer := length(events);
  players integer;
  last integer := 0;
  at integer := 1;
  b integer;
  code integer;
  seat integer;
  n integer;
  c integer;
  list bytea;
  out bytea := '\x'::bytea;
BEGIN
  IF len = 0 OR get_byte(events, 0) % 32 <> 17 THEN
    RETURN events;
  END IF;
  players := get_byte(events, 0) / 32;
  WHILE at < len LOOP
    b := get_byte(events, at);
    code := b % 32;
    seat := b / 32;
    IF b >= 224 THEN                                   -- a play by the next seat
      EXIT WHEN last = 0 OR players = 0;
      last := last % players + 1;
      out := out || pn_byte(14 + 32 * last) || pn_byte(code);
      at := at + 1;
    ELSIF code = 17 THEN                               -- a deal: 24 counts of 2 bits
      EXIT WHEN at + 7 > len;
      list := '\x'::bytea;
      FOR k IN 0 .. 23 LOOP
        FOR i IN 1 .. (get_byte(events, at + 1 + k / 4) >> (2 * (k % 4))) & 3 LOOP
          list := list || pn_byte(k / 6 * 8 + k % 6);
        END LOOP;
      END LOOP;
      out := out || pn_byte(1 + 32 * seat) || pn_byte(length(list)) || list || pn_byte(0);
      at := at + 7;
    ELSIF code IN (18, 19) THEN                        -- a bid, a score
      EXIT WHEN at + 3 > len;
      out := out || pn_byte(CASE code WHEN 18 THEN 5 ELSE 16 END + 32 * seat) || pn_byte(0)
                 || pn_packed_value(events, at + 1);
      at := at + 3;
    ELSIF code = 20 THEN                               -- a meld
      EXIT WHEN at + 2 > len;
      n := get_byte(events, at + 1);
      EXIT WHEN at + 4 + n > len;
      out := out || pn_byte(12 + 32 * seat) || substring(events FROM at + 2 FOR 1 + n)
                 || pn_packed_value(events, at + 2 + n);
      at := at + 4 + n;
    ELSIF code = 21 THEN                               -- a trump
      EXIT WHEN at + 2 > len;
      out := out || pn_byte(7 + 32 * seat) || pn_byte(0) || pn_byte(1)
                 || convert_to(substr('SHDC', get_byte(events, at + 1) + 1, 1), 'UTF8');
      at := at + 2;
    ELSIF code = 14 THEN                               -- a play, its seat given
      EXIT WHEN at + 2 > len;
      last := seat;
      out := out || substring(events FROM at + 1 FOR 2);
      at := at + 2;
    ELSIF code IN (0, 6, 13, 15) THEN
      out := out || pn_byte(b);
      at := at + 1;
    ELSE                                               -- a form-1 record with cards and a value
      EXIT WHEN at + 2 > len;
      n := get_byte(events, at + 1);
      EXIT WHEN at + 3 + n > len;
      c := get_byte(events, at + 2 + n);
      EXIT WHEN at + 3 + n + c > len;
      out := out || substring(events FROM at + 1 FOR 3 + n + c);
      at := at + 3 + n + c;
    END IF;
  END LOOP;
  RETURN out;
END
$$;

CREATE OR REPLACE FUNCTION pn_hand_events(events bytea, results bytea, p integer)
RETURNS TABLE (seq integer, seat integer, action_code integer, action text, cards text, value text,
               trick integer, "position" integer, leader integer, winner integer)
LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  at integer := 0;
  len integer := length(events);
  code integer;
  n integer;
  vlen integer;
  plays integer := 0;
  ntricks integer;
  ok boolean;
  rlen integer := coalesce(length(results), 0);
  card_list text;
BEGIN
  events := pn_events_unpacked(events);
  len := length(events);
  -- the plays first, for the trick count n (all plays / players)
  WHILE at < len LOOP
    code := get_byte(events, at) % 32;
    at := at + 1;
    IF code = 14 THEN
      plays := plays + 1;
      at := at + 1;
    ELSIF code NOT IN (0, 6, 13, 15) THEN
      n := get_byte(events, at);
      at := at + 1 + n;
      vlen := get_byte(events, at);
      at := at + 1 + vlen;
    END IF;
  END LOOP;
  ntricks := CASE WHEN p > 0 THEN plays / p END;
  ok := rlen > ntricks AND get_byte(results, rlen - ntricks - 1) = ntricks;
  at := 0;
  seq := 0;
  plays := 0;
  WHILE at < len LOOP
    code := get_byte(events, at);
    at := at + 1;
    seq := seq + 1;
    seat := NULLIF(code / 32, 0);
    action_code := code % 32;
    action := rtrim(substr('dealer  deal    turnup  stock   widow   bid     pass    trump   call    discard give    dix     meld    moon    play    out     score   ', 8 * action_code + 1, 8));
    cards := NULL;
    value := NULL;
    trick := NULL;
    "position" := NULL;
    leader := NULL;
    winner := NULL;
    IF action_code = 14 THEN
      cards := pn_card(get_byte(events, at));
      at := at + 1;
      plays := plays + 1;
      trick := (plays - 1) / p + 1;
      "position" := (plays - 1) % p + 1;
      IF ok AND trick <= ntricks THEN
        leader := get_byte(results, rlen - ntricks + trick - 1) % 16;
        winner := get_byte(results, rlen - ntricks + trick - 1) / 16;
      END IF;
    ELSIF action_code NOT IN (0, 6, 13, 15) THEN
      n := get_byte(events, at);
      at := at + 1;
      card_list := '';
      FOR i IN 1 .. n LOOP
        card_list := card_list || CASE WHEN card_list = '' THEN '' ELSE ' ' END || pn_card(get_byte(events, at));
        at := at + 1;
      END LOOP;
      cards := NULLIF(card_list, '');
      vlen := get_byte(events, at);
      IF vlen > 0 THEN
        value := convert_from(substring(events FROM at + 2 FOR vlen), 'UTF8');
      END IF;
      at := at + 1 + vlen;
    END IF;
    RETURN NEXT;
  END LOOP;
END
$$;

UPDATE pinochle_meta SET version = 7;
