-- A touch is not an audited change, and should cost nothing: a tribute touches its record (a
-- new sync position, migration 0002), and so did every other write that only moves a row's
-- sync position; each such update ran audit_row whole (two row images to jsonb, their fields
-- joined in a query) to find nothing to write. The audit trigger is now two: one for inserts and
-- deletes as before, one for updates whose WHEN compares the two rows without the skipped columns
-- (the same test audit_row makes, in the executor, before any function is called). The WHEN
-- names no column list, so a column added later is compared without attaching the table again.
CREATE OR REPLACE FUNCTION audit_triggers(tbl regclass, args text[]) RETURNS void
  LANGUAGE plpgsql AS $$
DECLARE
  call text := format('audit_row(%s)',
    (SELECT string_agg(format('%L', a), ', ' ORDER BY i) FROM unnest(args) WITH ORDINALITY AS t(a, i)));
  skip text := format('%L::text[]', coalesce(string_to_array(nullif(args[6], ''), ','), '{}'));
BEGIN
  EXECUTE format('DROP TRIGGER IF EXISTS audit ON %s', tbl);
  EXECUTE format('DROP TRIGGER IF EXISTS audit_change ON %s', tbl);
  EXECUTE format('CREATE TRIGGER audit AFTER INSERT OR DELETE ON %s FOR EACH ROW '
    'EXECUTE FUNCTION %s', tbl, call);
  EXECUTE format('CREATE TRIGGER audit_change AFTER UPDATE ON %s FOR EACH ROW '
    'WHEN ((to_jsonb(OLD) - %s) IS DISTINCT FROM (to_jsonb(NEW) - %s)) EXECUTE FUNCTION %s',
    tbl, skip, skip, call);
END $$;

-- Opts a table into the audit trail (0021's header): the same arguments, now two triggers.
CREATE OR REPLACE FUNCTION audit_attach(
  tbl regclass,
  resource text DEFAULT NULL,
  key_cols text DEFAULT 'id',
  parent text DEFAULT NULL,
  parent_table text DEFAULT 'sepultados',
  cemetery text DEFAULT NULL,
  skip text DEFAULT '',
  secret text DEFAULT ''
) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  has_col boolean;
  cem text := cemetery;
  soft text := '';
BEGIN
  IF cem IS NULL THEN
    SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = tbl AND attname = 'cemiterio_id'
      AND NOT attisdropped) INTO has_col;
    cem := CASE WHEN has_col THEN 'cemiterio_id' ELSE '' END;
  END IF;
  SELECT EXISTS (SELECT 1 FROM pg_attribute WHERE attrelid = tbl AND attname = 'deleted_at'
    AND NOT attisdropped) INTO has_col;
  IF has_col THEN soft := 'deleted_at'; END IF;
  PERFORM audit_triggers(tbl, ARRAY[coalesce(resource, tbl::text), key_cols, coalesce(parent, ''),
    CASE WHEN parent IS NULL THEN '' ELSE parent_table END, cem,
    concat_ws(',', 'id', 'created_at', 'updated_at', nullif(skip, '')), secret, soft]);
END $$;

-- Every table already in the trail, with the arguments its trigger was made with.
DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT tgrelid::regclass AS tbl,
      -- Each argument ends with a zero byte: the pieces after splitting, less the empty last.
      (string_to_array(encode(tgargs, 'escape'), '\000'))[1:tgnargs] AS args
    FROM pg_trigger WHERE tgname = 'audit' AND tgfoid = 'audit_row'::regproc
  LOOP
    PERFORM audit_triggers(t.tbl, t.args);
  END LOOP;
END $$;
