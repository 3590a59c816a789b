-- The search columns of 0004 (search_name, search_rua, search_doc, search_keys) become plain
-- columns kept by a trigger with the same expressions (sepultados_search_columns, made by 0015,
-- which runs with this one), instead of generated columns.
-- Why: a generated column cannot be written, so a bulk load paid the database's regular
-- expressions for every row (most of a large seed's COPY). The bulk
-- seed now disables the table's triggers and writes the columns itself, computed by the same
-- domain rules in Node (server/modules/search/search-columns.ts); every other write path still
-- gets them from the database, as before. DROP EXPRESSION keeps the stored values (no rewrite).
ALTER TABLE sepultados
  ALTER COLUMN search_name DROP EXPRESSION,
  ALTER COLUMN search_rua DROP EXPRESSION,
  ALTER COLUMN search_doc DROP EXPRESSION,
  ALTER COLUMN search_keys DROP EXPRESSION;
