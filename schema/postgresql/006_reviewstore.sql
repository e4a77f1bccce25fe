-- postgresql/006_reviewstore.sql - stored fair reviews (issue 34): the
-- same table as sqlite/006_reviewstore.sql, which says what it is for and
-- when a review is stale.  A deleted hand or game takes its review with
-- it; a redone hand (store_hand_replace) deletes it.

CREATE TABLE reviews (
  game_id bigint  NOT NULL,  -- the hand's game
  number  integer NOT NULL,  -- and number
  rules   integer NOT NULL,  -- PN_RULES_VERSION it was made with
  key     bigint  NOT NULL,  -- the hand's content hash (64 bits, as a signed integer)
  worlds  integer NOT NULL,  -- deals per decision
  seed    bigint  NOT NULL,  -- the run's --seed (as a signed integer)
  budget  bigint  NOT NULL,  -- the run's --budget, 0 = none
  review  bytea   NOT NULL,  -- the decisions, encoded (src/review/review_store.c)
  PRIMARY KEY (game_id, number),
  FOREIGN KEY (game_id, number) REFERENCES hands(game_id, number) ON DELETE CASCADE
);

UPDATE pinochle_meta SET version = 6;
