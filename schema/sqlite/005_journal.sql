-- sqlite/005_journal.sql - the recorder's journal (issue 30).
--
-- `pinochle record` keeps every accepted line of the hand in progress
-- here as it is typed (the lines joined by newlines, the first naming the
-- hand), so a closed terminal, Ctrl-C or kill -9 loses nothing: `--resume`
-- types the lines again and goes on after the last.  It is cleared when
-- the hand is stored.  A column of `games`: NULL takes no bytes, and a
-- deleted game takes its journal with it.

ALTER TABLE games ADD COLUMN journal TEXT;  -- the hand in progress's lines, NULL none

PRAGMA user_version = 5;
