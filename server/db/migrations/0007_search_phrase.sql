-- Suggestions for a broad prefix (decision 0022): "mari" is the start of ~10% of the names,
-- and ranking them from the trigram GIN read a heap page per record. The
-- suggestions first rank only the names that start with the typed words (search-sql.ts,
-- buildPhraseSql): a range of this btree, which holds everything that ranking reads (name,
-- street, keys, death date, id), so PostgreSQL answers it from the index alone once VACUUM
-- has marked the pages visible. "C" collation: byte order, so a prefix is one range.
CREATE INDEX sepultados_search_name_btree ON sepultados (search_name COLLATE "C")
  INCLUDE (id, dt_fal, search_rua, search_keys) WHERE deleted_at IS NULL;
