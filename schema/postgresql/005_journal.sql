-- postgresql/005_journal.sql - the recorder's journal (issue 30), as
-- sqlite/005_journal.sql: every accepted line of the hand in progress,
-- joined by newlines (the first naming the hand), cleared when the hand
-- is stored.  A nullable column added without a default rewrites no row.

ALTER TABLE games ADD COLUMN journal text;  -- the hand in progress's lines, NULL none

UPDATE pinochle_meta SET version = 5;
