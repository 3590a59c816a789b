-- Word-level search index: a register of millions searched as fast as one of 100,000.
--
-- Until now every query word was a LIKE on search_doc answered by a trigram GIN: a common word
-- ("maria", "silva") is made of trigrams that hundreds of thousands of records hold, so at
-- 2,000,000 records the index's bitmap alone took longer than a whole search should, and
-- building that GIN was most of the bulk seed. Now:
--  * search_words: the distinct words of search_doc (name, street, quadra and plate words), as
--    an array, kept with the columns 0014 freed by the trigger below (and written by the
--    bulk seed itself);
--  * search_vocab: every word any record has ever held (a few thousand to a few hundred
--    thousand rows), with its own trigram index: a query word becomes the list of stored
--    words it equals, starts or is contained in (a search of a small table), and records are
--    then found by exact words in a GIN over search_words and search_keys. "Some word of the
--    document contains t" is exactly "search_doc LIKE '%t%'" (the words are separated by
--    spaces and t has none), so the candidates are the same records as before. Words are
--    never removed from search_vocab: a word no record holds any more only matches nothing.
ALTER TABLE sepultados ADD COLUMN search_words text[];

CREATE TABLE search_vocab (word text PRIMARY KEY);
CREATE INDEX search_vocab_trgm ON search_vocab USING gin (word gin_trgm_ops);

CREATE OR REPLACE FUNCTION sepultados_search_columns() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.search_name := public.search_norm(NEW.nome);
  NEW.search_rua := public.search_norm(coalesce(NEW.rua, ''));
  NEW.search_doc := public.search_norm(
    NEW.nome || ' ' || coalesce(NEW.rua, '') || ' ' || NEW.quadra || ' ' || NEW.chapa);
  NEW.search_keys := public.search_keys(NEW.quadra, NEW.chapa, NEW.rua);
  NEW.search_words := ARRAY(
    SELECT DISTINCT w FROM unnest(string_to_array(btrim(NEW.search_doc), ' ')) AS w WHERE w <> '');
  -- An insert's words go in once per statement (sepultados_search_vocab below).
  IF TG_OP = 'UPDATE' THEN
    INSERT INTO public.search_vocab (word) SELECT unnest(NEW.search_words) ON CONFLICT DO NOTHING;
  END IF;
  RETURN NEW;
END $$;

-- The words of every row an INSERT statement wrote, added in one go (a per-row insert into
-- search_vocab doubled the cost of a batch of 500 records on PGlite).
CREATE OR REPLACE FUNCTION search_vocab_add() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO public.search_vocab (word)
    SELECT DISTINCT unnest(search_words) FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;

-- Every insert, and every update that names a source column (an update cannot set the search
-- columns to anything else: the trigger recomputes them from the row it writes).
CREATE TRIGGER sepultados_search_columns
  BEFORE INSERT OR UPDATE OF nome, rua, quadra, chapa,
    search_name, search_rua, search_doc, search_keys, search_words
  ON sepultados FOR EACH ROW EXECUTE FUNCTION sepultados_search_columns();
CREATE TRIGGER sepultados_search_vocab AFTER INSERT ON sepultados
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION search_vocab_add();

-- Triggers off while the column is filled (as in 0010): a derived column is no edit, so the rows
-- take no new version nor sync position.
ALTER TABLE sepultados DISABLE TRIGGER USER;
UPDATE sepultados SET search_words = ARRAY(
  SELECT DISTINCT w FROM unnest(string_to_array(btrim(search_doc), ' ')) AS w WHERE w <> '');
ALTER TABLE sepultados ENABLE TRIGGER USER;
INSERT INTO search_vocab (word)
  SELECT DISTINCT unnest(search_words) FROM sepultados ON CONFLICT DO NOTHING;

-- The one search GIN, same name (so the code that drops and rebuilds it around bulk loads keeps
-- working): exact words and location keys, no trigrams. fastupdate off as before (0004).
DROP INDEX sepultados_search_gin;
CREATE INDEX sepultados_search_gin ON sepultados
  USING gin (search_words, search_keys)
  WITH (fastupdate = off) WHERE deleted_at IS NULL;

-- The broad-prefix suggestions (server/modules/search/search-broad.ts): "mari" starts a tenth
-- of the names; the best of them are the newest deaths, found by reading this index newest
-- first and stopping at the 8th name in the range instead of ranking all of them.
CREATE INDEX sepultados_death_idx ON sepultados (dt_fal DESC NULLS LAST, id COLLATE "C" DESC)
  WHERE deleted_at IS NULL;
