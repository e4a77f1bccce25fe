-- postgresql/002_analyses.sql - stored double-dummy analyses (issue 17),
-- the same three columns of hands as sqlite/002_analyses.sql.
--
-- `pinochle analyze` keeps each hand's analysis with the hand so a second
-- run reads it instead of searching again.  It is valid only for the
-- rules version and the hand's content it was made from: analysis_key is
-- a hash of PN_RULES_VERSION, the game's preset and option lines and the
-- hand's encoded events (src/analysis/analysis.c, analysis_key); an
-- analysis whose analysis_rules or analysis_key differs from the hand's
-- now is searched again and replaced.
--
-- Columns of hands rather than a table of their own: a deleted game takes
-- its analyses with it, and the analyses shard with their hands by
-- game_id (docs/SCALING.md).  Adding nullable columns without a default
-- rewrites no existing row.

ALTER TABLE hands
  ADD COLUMN analysis_rules integer,  -- PN_RULES_VERSION of the analysis, NULL none
  ADD COLUMN analysis_key   bigint,   -- content hash (64 bits, as a signed integer)
  ADD COLUMN analysis       bytea;    -- the analysis, encoded (analysis_encode)

UPDATE pinochle_meta SET version = 2;
