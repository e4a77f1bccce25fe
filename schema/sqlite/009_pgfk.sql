-- sqlite/009_pgfk.sql - nothing changes in SQLite (issue 35).
--
-- postgresql/009_pgfk.sql checks the references of hands, seats and tags
-- once per statement, by triggers, instead of once per row by foreign
-- keys; SQLite checks a foreign key with a look-up in the same process,
-- which costs little.  The version moves with PostgreSQL's so both
-- backends name one schema.

PRAGMA user_version = 9;
