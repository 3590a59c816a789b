-- Search narrowed to one cemetery (GET /api/sepultados/pesquisa?cemiterio=<id>, migration 0010):
-- the suggestions' first try reads a range of the covering btree of 0007 and ranks it from the
-- index alone. Narrowed, it also tests the record's cemetery; without cemiterio_id in the index
-- that test would read a heap page per name in the range (a broad prefix like "mari" is ~10 %
-- of the register). INCLUDE, not a key column: the whole-register query keeps its one range.
DROP INDEX sepultados_search_name_btree;
CREATE INDEX sepultados_search_name_btree ON sepultados (search_name COLLATE "C")
  INCLUDE (id, dt_fal, search_rua, search_keys, cemiterio_id) WHERE deleted_at IS NULL;
