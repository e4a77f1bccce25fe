-- sqlite/006_reviewstore.sql - stored fair reviews (issue 34).
--
-- `pinochle review` keeps each hand's review, as analyze keeps its
-- analysis (002_analyses.sql), so a second run with the same worlds, seed
-- and budget reads it instead of sampling again, and the reports show
-- fair costs without reviewing.  It is valid only for the rules version
-- and the hand's content it was made from: key is the analysis' content
-- key (src/analysis/analysis.c, analysis_key); a review whose rules or key
-- differs from the hand's now is stale, not read.  One review a hand: a
-- run with other worlds, seed or budget replaces it.
--
-- A table of its own rather than columns of hands: a new hand row would
-- carry a header byte for each NULL column (tests/test_store.c holds a
-- hand to 400 bytes), and a review is large and rare.  A deleted hand or
-- game takes its review with it; a redone hand (store_hand_replace)
-- deletes it.

CREATE TABLE reviews (
  game_id INTEGER NOT NULL,  -- the hand's game
  number  INTEGER NOT NULL,  -- and number
  rules   INTEGER NOT NULL,  -- PN_RULES_VERSION it was made with
  key     INTEGER NOT NULL,  -- the hand's content hash (64 bits, as a signed integer)
  worlds  INTEGER NOT NULL,  -- deals per decision
  seed    INTEGER NOT NULL,  -- the run's --seed (as a signed integer)
  budget  INTEGER NOT NULL,  -- the run's --budget, 0 = none
  review  BLOB NOT NULL,     -- the decisions, encoded (src/review/review_store.c)
  PRIMARY KEY (game_id, number),
  FOREIGN KEY (game_id, number) REFERENCES hands(game_id, number) ON DELETE CASCADE
) WITHOUT ROWID;

PRAGMA user_version = 6;
