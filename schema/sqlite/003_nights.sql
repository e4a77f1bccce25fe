-- sqlite/003_nights.sql - club nights (issue 33).
--
-- A night is stored as what its seating is worked out from (the players
-- in the director's order, the preset's table size, the movement and the
-- rounds: src/night/movement.c is deterministic), not as the seating
-- itself.  Its games are found by their tags (night=NAME, round=R,
-- table=T), so a game imported from elsewhere joins the night as a
-- recorded one does, and deleting a game needs nothing here.

CREATE TABLE nights (
  id              INTEGER PRIMARY KEY,
  name            TEXT NOT NULL UNIQUE,      -- the night=NAME tag of its games
  preset          TEXT NOT NULL,             -- the variant its tables play
  movement        TEXT NOT NULL,             -- progressive, fixed, rotate
  rounds          INTEGER NOT NULL,          -- rounds planned
  hands_per_round INTEGER NOT NULL DEFAULT 0, -- hands a round; 0: a game a round
  date            TEXT NOT NULL DEFAULT '',  -- YYYY-MM-DD, '' none
  players         TEXT NOT NULL,             -- names in the director's order, joined by '\n'
  created         INTEGER NOT NULL DEFAULT (unixepoch())  -- Unix time
);

PRAGMA user_version = 3;
