-- The search answers' freshness stamp (docs/decisions.md "Search answers under a crowd").
--
-- The public search's answers are held a few seconds under a stamp that every write moves.
-- Until now that stamp was sepultados_change_seq, which a tribute's touch moves too (0002: the
-- record takes a new sync position so the packs' delta sync carries its tribute count).
-- On Finados 2 % of the requests are tributes, so every few milliseconds a tribute threw away
-- every held answer although no card or ranking shows a tribute count.
--
-- Now a sequence of its own moves on every write that can change a search answer: inserts,
-- data writes and every touch except the tribute count's, which sets change_seq = -2 instead of
-- -1. Touches that do change a card keep moving it (a legacy photo import touches with -1, a
-- cemetery rename sets change_seq itself). Bulk loads that disable triggers move it themselves
-- (server/modules/seed/seed-bulk.ts).
CREATE SEQUENCE sepultados_search_seq AS bigint;

CREATE OR REPLACE FUNCTION sepultados_stamp() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id();
  IF TG_OP = 'UPDATE' AND NEW.change_seq IS DISTINCT FROM OLD.change_seq THEN
    IF NEW.change_seq IS DISTINCT FROM -2 THEN
      PERFORM nextval('sepultados_search_seq');
    END IF;
    NEW.change_seq := nextval('sepultados_change_seq');
    RETURN NEW;
  END IF;
  PERFORM nextval('sepultados_search_seq');
  NEW.change_seq := nextval('sepultados_change_seq');
  IF TG_OP = 'UPDATE' THEN
    NEW.version := OLD.version + 1;
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END $$;
