-- sqlite/008_pgnear.sql - nothing changes in SQLite (issue 35).
--
-- postgresql/008_pgnear.sql narrows columns of hands and seats and packs
-- indexes to store fewer bytes a deal there; SQLite's integers and text
-- already take only the bytes their values need.  The version moves with
-- PostgreSQL's so both backends name one schema.

PRAGMA user_version = 8;
