-- sqlite/004_nights.sql - club nights (issue 33).
--
-- A night is stored as what its seating is worked out from (the players
-- in the director's order, the preset's table size, the movement and the
-- rounds: src/night/movement.c is deterministic), not as the seating
-- itself.  Its games are found by their tags (night=NAME, round=R,
-- table=T), so a game imported from elsewhere joins the night as a
-- recorded one does, and deleting a game needs nothing here.

-- Columns: name (the night=NAME tag of its games), preset (the variant
-- its tables play), movement (progressive, fixed, rotate), rounds
-- (planned), hands_per_round (0: a game a round), date (YYYY-MM-DD, ''
-- none), players (names in the director's order, joined by '\n'),
-- created (Unix time).  The comments stay out of the CREATE statement,
-- whose text SQLite keeps in every database, and WITHOUT ROWID keeps the
-- table one b-tree: an empty nights table costs one page
-- (tests/test_store.c holds a database to 400 bytes a hand).
CREATE TABLE nights (
  name TEXT PRIMARY KEY,
  preset TEXT NOT NULL,
  movement TEXT NOT NULL,
  rounds INTEGER NOT NULL,
  hands_per_round INTEGER NOT NULL DEFAULT 0,
  date TEXT NOT NULL DEFAULT '',
  players TEXT NOT NULL,
  created INTEGER NOT NULL DEFAULT (unixepoch())
) WITHOUT ROWID;

PRAGMA user_version = 4;
