-- The search columns of 0004 (search_name, search_rua, search_doc, search_keys) become plain
-- columns kept by a trigger with the same expressions, instead of generated columns.
-- Why: a generated column cannot be written, so a bulk load paid the database's regular
-- expressions, ~0.2 ms a row (most of a 2,000,000-record seed's COPY, issue #17 item 4). The bulk
-- seed now disables the table's triggers and writes the columns itself, computed by the same
-- domain rules in Node (server/modules/search/search-columns.ts); every other write path still
-- gets them from the database, as before. DROP EXPRESSION keeps the stored values (no rewrite).
ALTER TABLE sepultados
  ALTER COLUMN search_name DROP EXPRESSION,
  ALTER COLUMN search_rua DROP EXPRESSION,
  ALTER COLUMN search_doc DROP EXPRESSION,
  ALTER COLUMN search_keys DROP EXPRESSION;

CREATE OR REPLACE FUNCTION sepultados_search_columns() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  NEW.search_name := public.search_norm(NEW.nome);
  NEW.search_rua := public.search_norm(coalesce(NEW.rua, ''));
  NEW.search_doc := public.search_norm(
    NEW.nome || ' ' || coalesce(NEW.rua, '') || ' ' || NEW.quadra || ' ' || NEW.chapa);
  NEW.search_keys := public.search_keys(NEW.quadra, NEW.chapa, NEW.rua);
  RETURN NEW;
END $$;

-- Every insert, and every update that names a source column (an update cannot set the search
-- columns to anything else: the trigger recomputes them from the row it writes).
CREATE TRIGGER sepultados_search_columns
  BEFORE INSERT OR UPDATE OF nome, rua, quadra, chapa, search_name, search_rua, search_doc, search_keys
  ON sepultados FOR EACH ROW EXECUTE FUNCTION sepultados_search_columns();
