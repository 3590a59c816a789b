-- The trigram GINs that lookups read keep no pending list (fastupdate off), as the search GINs
-- of 0004 and 0015 already do.
--
-- With fastupdate on, new entries wait in an unsorted pending list that every index scan reads
-- whole until VACUUM (or the list's 4 MB limit) merges them. search_vocab's words arrive in
-- bulk (a seed or an import adds them all at once), so right after a load the list held every
-- word: each search's vocabulary lookup (search-vocab.ts, `word LIKE '%luzia%'`) read the whole
-- list for every pattern, and stays so on a server whose
-- autovacuum is off or slow. New words are rare after a load, so writing them straight into the
-- index costs nothing that matters; the same for the admin's name filter on sepultados
-- (burials-mine.ts) after an import.
ALTER INDEX search_vocab_trgm SET (fastupdate = off);
SELECT gin_clean_pending_list('search_vocab_trgm'::regclass);
ALTER INDEX sepultados_nome_trgm_idx SET (fastupdate = off);
SELECT gin_clean_pending_list('sepultados_nome_trgm_idx'::regclass);
