-- sqlite/002_analyses.sql - stored double-dummy analyses (issue 17).
--
-- `pinochle analyze` keeps each hand's analysis with the hand so a second
-- run reads it instead of searching again.  It is valid only for the
-- rules version and the hand's content it was made from: analysis_key is
-- a hash of PN_RULES_VERSION, the game's preset and option lines and the
-- hand's encoded events (src/analysis/analysis.c, analysis_key); an
-- analysis whose analysis_rules or analysis_key differs from the hand's
-- now is searched again and replaced.
--
-- Three columns of `hands` rather than a table of their own: NULL columns
-- at the end of a row take no bytes, so a database never analysed stays
-- the size it was (tests/test_store.c holds it to 400 bytes a hand), and
-- a deleted game takes its analyses with it.

ALTER TABLE hands ADD COLUMN analysis_rules INTEGER;  -- PN_RULES_VERSION of the analysis, NULL none
ALTER TABLE hands ADD COLUMN analysis_key INTEGER;    -- content hash (64 bits, as a signed integer)
ALTER TABLE hands ADD COLUMN analysis BLOB;           -- the analysis, encoded (analysis_encode)

PRAGMA user_version = 2;
