-- Pairs of words for the search's intersections (server/modules/search/search-pairs.ts).
--
-- A query of several words finds its records in the words GIN of 0015 by intersecting one
-- posting list per word, and GIN decodes every posting of every list to do it: "luiz carlos
-- ramos" decoded 206,000 postings (64,454 + 104,261 + 37,898) to find 529 records, most of
-- the search's time at 2,000,000 records. The postings of a pair of words are far fewer than either
-- word's ("carlos luis": a few thousand), so reading pairs instead costs a tenth.
--
-- search_pairs(words): every unordered pair of two different words of search_words, the two in
-- "C" order and joined by a space ("carlos luis"). Words of digits only are left out (quadras,
-- plates and street numbers are searched by search_keys, and a word term always holds a
-- letter, src/domain/search-query.ts), which keeps the pairs to ~8 a record: the index is
-- ~60 MB at 2,000,000 records. A record holds a word of A and a different word of B exactly
-- when its pairs overlap the pairs of A × B; search-pairs.ts uses them only where that is the
-- terms' own condition (no word in both A and B, none of digits only).
CREATE FUNCTION search_pairs(words text[]) RETURNS text[]
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(a || ' ' || b), '{}')
  FROM unnest(words) AS a, unnest(words) AS b
  WHERE a COLLATE "C" < b COLLATE "C" AND a !~ '^[0-9]+$' AND b !~ '^[0-9]+$'
$$;

CREATE INDEX sepultados_search_pairs_gin ON sepultados
  USING gin (search_pairs(search_words))
  WITH (fastupdate = off) WHERE deleted_at IS NULL;

-- The planner's view of the pairs (their commonest ones and how often), which an index on an
-- expression does not give: without it every pair condition was guessed at 10,000 records, and
-- a typo pass planned for that guess started parallel workers for a few hundred rows.
CREATE STATISTICS sepultados_search_pairs_stats ON (search_pairs(search_words)) FROM sepultados;
