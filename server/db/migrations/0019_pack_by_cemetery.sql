-- A cemetery's visit pack reads its own records in change-stream order (modules/sync/pack.ts).
--
-- The pack's walk read the whole register's stream (sepultados_sync_idx) and dropped the other
-- cemeteries' rows after fetching each from the heap: a first download of a cemetery holding
-- 1 % of a 2,000,000-record register fetched ~100 rows for every one it sent, and first-download
-- reads run one at a time under a crowd (pack-held.ts). With this index the walk reads only the
-- cemetery's live records below the copy's start; the rows written since (few) still come from
-- the stream's index. 129 MB at 2,000,000 records.
--
-- The cemetery column is in the "C" collation (its ids are hex, so the order is the same), and
-- the pack's statement compares in it: then no other index can answer that condition, and the
-- planner cannot prefer the plain cemiterio_id btree plus a sort, as it did after a fresh
-- ANALYZE of a bulk-loaded register (pack.ts says which forms failed).
CREATE INDEX sepultados_pack_idx ON sepultados ((cemiterio_id COLLATE "C"), change_xid, change_seq)
  WHERE deleted_at IS NULL;
