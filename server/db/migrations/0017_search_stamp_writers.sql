-- Which writes that moved the search stamp are still open
-- (docs/decisions/0050-search-answer-cache.md).
--
-- sepultados_search_seq moves before its write commits. A search that reads the stamp while
-- such a write is still open computes its answer without that write and holds it under the new
-- stamp, so after the commit the next searches would take it although the stamp says they
-- need not; that is why held answers lived 5 s at most. Now the stamp trigger first takes a
-- transaction-scoped shared advisory lock (class 1296387407 = 'MEMO', object 16), held until
-- the write commits or aborts and released only after its commit is visible. The search reads
-- the stamp and whether any other session holds that lock in one statement: when none does,
-- every stamp move it sees is committed, and its answer may be held as long as the stamp
-- stays (search-cache.ts). A tribute's count touch (-2) moves no stamp and takes no lock, so
-- the tributes of a crowd do not shorten the holds. Bulk loads with triggers off move the
-- stamp at the end, with the server stopped (seed-bulk.ts).
CREATE OR REPLACE FUNCTION sepultados_stamp() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id();
  IF TG_OP = 'UPDATE' AND NEW.change_seq IS DISTINCT FROM OLD.change_seq THEN
    IF NEW.change_seq IS DISTINCT FROM -2 THEN
      PERFORM pg_advisory_xact_lock_shared(1296387407, 16);
      PERFORM nextval('sepultados_search_seq');
    END IF;
    NEW.change_seq := nextval('sepultados_change_seq');
    RETURN NEW;
  END IF;
  PERFORM pg_advisory_xact_lock_shared(1296387407, 16);
  PERFORM nextval('sepultados_search_seq');
  NEW.change_seq := nextval('sepultados_change_seq');
  IF TG_OP = 'UPDATE' THEN
    NEW.version := OLD.version + 1;
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END $$;
