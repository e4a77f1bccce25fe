-- postgresql/009_pgfk.sql - the references of hands, seats and tags
-- checked once per statement instead of once per row (issue 35).
--
-- A foreign key runs one query per row inserted (SELECT ... FOR KEY
-- SHARE of the row it refers to): an import of 100,000 deals ran 100,000
-- for hands, 65,000 twice for seats and 16,000 for tags, two thirds of
-- the server's work (docs/SCALING.md).  These four keys become
-- statement-level triggers, named as the constraints were, that check
-- all the rows of one INSERT or COPY with one query on its transition
-- table, and lock the rows they refer to as the keys did:
--
--   hands.game_id, seats.game_id, tags.game_id -> games.id  (ON DELETE CASCADE)
--   seats.player_id -> players.id                          (a referenced player is kept)
--
-- Concurrency, as the keys kept it: the rows referred to are locked FOR
-- KEY SHARE, so a DELETE of one waits for the inserting transaction to
-- end, and its cascade (or refusal) then sees the new rows; a row deleted
-- first, even by a transaction not yet committed, makes the insert wait
-- and then fail.  The DELETE side needs READ COMMITTED (each statement of
-- the trigger sees rows committed meanwhile; the keys' triggers had a
-- snapshot of their own for that): a delete from games or players in a
-- REPEATABLE READ or SERIALIZABLE transaction is refused.  The columns
-- that refer, and games.id and players.id, never change (pinochle never
-- changes them); TRUNCATE of games or players is refused while rows refer
-- to them.  findings (written by audit, not by import) and reviews keep
-- their foreign keys.

ALTER TABLE hands DROP CONSTRAINT IF EXISTS hands_game_id_fkey;
ALTER TABLE seats DROP CONSTRAINT IF EXISTS seats_game_id_fkey, DROP CONSTRAINT IF EXISTS seats_player_id_fkey;
ALTER TABLE tags DROP CONSTRAINT IF EXISTS tags_game_id_fkey;

-- The rows of one statement (transition table pn_new) refer to games
-- that exist, and those games are locked FOR KEY SHARE.  The rows locked
-- are counted in the statement that locks them: a game this statement
-- could not see is missing, even if it appears a moment later.
CREATE FUNCTION pn_games_referenced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wanted bigint;
  locked bigint;
  missing bigint;
BEGIN
  SELECT count(DISTINCT game_id) INTO wanted FROM pn_new;
  SELECT count(*) INTO locked
    FROM (SELECT 1 FROM games AS g WHERE g.id IN (SELECT game_id FROM pn_new) FOR KEY SHARE OF g) AS l;
  IF locked < wanted THEN
    SELECT min(n.game_id) INTO missing FROM pn_new AS n WHERE NOT EXISTS (SELECT 1 FROM games AS g WHERE g.id = n.game_id);
    RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', TG_TABLE_NAME, TG_NAME
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = TG_NAME, TABLE = TG_TABLE_NAME, SCHEMA = TG_TABLE_SCHEMA,
            DETAIL = format('Key (game_id)=(%s) is not present in table "games".', coalesce(missing::text, '?'));
  END IF;
  RETURN NULL;
END
$$;

-- The same for the players of new seats.
CREATE FUNCTION pn_players_referenced() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  wanted bigint;
  locked bigint;
  missing bigint;
BEGIN
  SELECT count(DISTINCT player_id) INTO wanted FROM pn_new;
  SELECT count(*) INTO locked
    FROM (SELECT 1 FROM players AS p WHERE p.id IN (SELECT player_id FROM pn_new) FOR KEY SHARE OF p) AS l;
  IF locked < wanted THEN
    SELECT min(n.player_id) INTO missing FROM pn_new AS n
     WHERE NOT EXISTS (SELECT 1 FROM players AS p WHERE p.id = n.player_id);
    RAISE EXCEPTION 'insert or update on table "%" violates foreign key constraint "%"', TG_TABLE_NAME, TG_NAME
      USING ERRCODE = 'foreign_key_violation', CONSTRAINT = TG_NAME, TABLE = TG_TABLE_NAME, SCHEMA = TG_TABLE_SCHEMA,
            DETAIL = format('Key (player_id)=(%s) is not present in table "players".', coalesce(missing::text, '?'));
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER hands_game_id_fkey AFTER INSERT ON hands REFERENCING NEW TABLE AS pn_new
  FOR EACH STATEMENT EXECUTE FUNCTION pn_games_referenced();
CREATE TRIGGER seats_game_id_fkey AFTER INSERT ON seats REFERENCING NEW TABLE AS pn_new
  FOR EACH STATEMENT EXECUTE FUNCTION pn_games_referenced();
CREATE TRIGGER tags_game_id_fkey AFTER INSERT ON tags REFERENCING NEW TABLE AS pn_new
  FOR EACH STATEMENT EXECUTE FUNCTION pn_games_referenced();
CREATE TRIGGER seats_player_id_fkey AFTER INSERT ON seats REFERENCING NEW TABLE AS pn_new
  FOR EACH STATEMENT EXECUTE FUNCTION pn_players_referenced();

-- Deletes from games and players see the rows other transactions
-- committed only in READ COMMITTED (see above).
CREATE FUNCTION pn_delete_read_committed(tab text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('transaction_isolation') <> 'read committed' THEN
    RAISE EXCEPTION 'delete from table "%" needs a READ COMMITTED transaction, not %', tab,
                    upper(current_setting('transaction_isolation'))
      USING ERRCODE = 'feature_not_supported',
            DETAIL = 'Its rows are referred to by triggers, not foreign keys: in another isolation level it would not'
                     ' see the rows that refer to it committed since the transaction began.';
  END IF;
END
$$;

-- ON DELETE CASCADE: a game's hands, seats and tags go with it.
CREATE FUNCTION pn_games_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM pn_old) THEN
    PERFORM pn_delete_read_committed('games');
    DELETE FROM hands WHERE game_id IN (SELECT id FROM pn_old);
    DELETE FROM seats WHERE game_id IN (SELECT id FROM pn_old);
    DELETE FROM tags WHERE game_id IN (SELECT id FROM pn_old);
  END IF;
  RETURN NULL;
END
$$;

-- A player some seat refers to is not deleted.
CREATE FUNCTION pn_players_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  used bigint;
BEGIN
  IF EXISTS (SELECT 1 FROM pn_old) THEN
    PERFORM pn_delete_read_committed('players');
    SELECT min(s.player_id) INTO used FROM seats AS s WHERE s.player_id IN (SELECT id FROM pn_old);
    IF used IS NOT NULL THEN
      RAISE EXCEPTION 'update or delete on table "players" violates foreign key constraint "seats_player_id_fkey" on table "seats"'
        USING ERRCODE = 'foreign_key_violation', CONSTRAINT = 'seats_player_id_fkey', TABLE = 'seats',
              SCHEMA = TG_TABLE_SCHEMA, DETAIL = format('Key (id)=(%s) is still referenced from table "seats".', used);
    END IF;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER games_deleted AFTER DELETE ON games REFERENCING OLD TABLE AS pn_old
  FOR EACH STATEMENT EXECUTE FUNCTION pn_games_deleted();
CREATE TRIGGER players_deleted AFTER DELETE ON players REFERENCING OLD TABLE AS pn_old
  FOR EACH STATEMENT EXECUTE FUNCTION pn_players_deleted();

-- A key or a reference that would change: refused (TG_ARGV[0]: the
-- column, TG_ARGV[1]: the key it belongs to).
CREATE FUNCTION pn_reference_fixed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'update on table "%" would change %.%, which foreign key "%" keeps', TG_TABLE_NAME, TG_TABLE_NAME,
                  TG_ARGV[0], TG_ARGV[1]
    USING ERRCODE = 'foreign_key_violation', CONSTRAINT = TG_ARGV[1], TABLE = TG_TABLE_NAME, SCHEMA = TG_TABLE_SCHEMA,
          COLUMN = TG_ARGV[0];
END
$$;

CREATE TRIGGER hands_game_id_fixed BEFORE UPDATE OF game_id ON hands
  FOR EACH ROW WHEN (OLD.game_id IS DISTINCT FROM NEW.game_id) EXECUTE FUNCTION pn_reference_fixed('game_id', 'hands_game_id_fkey');
CREATE TRIGGER seats_game_id_fixed BEFORE UPDATE OF game_id ON seats
  FOR EACH ROW WHEN (OLD.game_id IS DISTINCT FROM NEW.game_id) EXECUTE FUNCTION pn_reference_fixed('game_id', 'seats_game_id_fkey');
CREATE TRIGGER seats_player_id_fixed BEFORE UPDATE OF player_id ON seats
  FOR EACH ROW WHEN (OLD.player_id IS DISTINCT FROM NEW.player_id) EXECUTE FUNCTION pn_reference_fixed('player_id', 'seats_player_id_fkey');
CREATE TRIGGER tags_game_id_fixed BEFORE UPDATE OF game_id ON tags
  FOR EACH ROW WHEN (OLD.game_id IS DISTINCT FROM NEW.game_id) EXECUTE FUNCTION pn_reference_fixed('game_id', 'tags_game_id_fkey');
CREATE TRIGGER games_id_fixed BEFORE UPDATE OF id ON games
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION pn_reference_fixed('id', 'hands_game_id_fkey');
CREATE TRIGGER players_id_fixed BEFORE UPDATE OF id ON players
  FOR EACH ROW WHEN (OLD.id IS DISTINCT FROM NEW.id) EXECUTE FUNCTION pn_reference_fixed('id', 'seats_player_id_fkey');

-- TRUNCATE of games or players while rows refer to them: refused, as the
-- keys refused it (truncate the tables that refer in the same statement).
CREATE FUNCTION pn_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  referring text;
BEGIN
  referring := CASE
    WHEN EXISTS (SELECT 1 FROM seats) THEN 'seats'
    WHEN TG_TABLE_NAME = 'games' AND EXISTS (SELECT 1 FROM hands) THEN 'hands'
    WHEN TG_TABLE_NAME = 'games' AND EXISTS (SELECT 1 FROM tags) THEN 'tags'
  END;
  IF referring IS NOT NULL THEN
    RAISE EXCEPTION 'cannot truncate a table referenced in a foreign key constraint'
      USING ERRCODE = 'feature_not_supported', DETAIL = format('Table "%s" references "%s".', referring, TG_TABLE_NAME),
            HINT = format('Truncate table "%s" at the same time.', referring);
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER games_truncated AFTER TRUNCATE ON games FOR EACH STATEMENT EXECUTE FUNCTION pn_truncated();
CREATE TRIGGER players_truncated AFTER TRUNCATE ON players FOR EACH STATEMENT EXECUTE FUNCTION pn_truncated();

UPDATE pinochle_meta SET version = 9;
