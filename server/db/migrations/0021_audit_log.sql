-- The audit trail: one entry per row written in an audited table, in the write's own transaction,
-- by a trigger (audit_row) so no write path can forget it. Who wrote it comes from settings the
-- server sets at the start of every transaction of a request (server/db/audit-scope.ts):
--   memorial.actor_id, memorial.actor_role,
--   memorial.actor_name                      the signed-in person (none: a system task)
--   memorial.request_id                      the request's id (also in the server's logs)
--   memorial.received_at                     when the server received the request
--   memorial.made_at                         when the device made the change (offline outbox)
-- Entries have no foreign key: they outlive what they describe (a deleted record, an account).
-- Private values (CPF, e-mail, phone) are stored as they were and masked when shown to whoever
-- may not see them; a password hash is never stored, only that it was set or changed.
--
-- Opting a table in is one statement in its migration (docs/decisions.md#the-audit-trail):
--   SELECT audit_attach('sepulturas');                                 -- key "id"
--   SELECT audit_attach('fotos_x', parent => 'sepultado_id');          -- shown in the record's history
--   SELECT audit_attach('t', resource => 'nome', key_cols => 'a,b', skip => 'coluna_calculada');
CREATE TABLE audit_log (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  received_at timestamptz NOT NULL DEFAULT now(),
  made_at timestamptz,
  actor_id text,
  actor_role text,
  -- The author's name when they wrote it: the entry still says who after the account is gone.
  actor_name text,
  resource text NOT NULL,
  resource_id text NOT NULL,
  -- What the entry belongs to: the record for its photos, assignments and tributes; else itself.
  subject_id text NOT NULL,
  cemiterio_id text,
  action text NOT NULL,
  -- field -> [before, after], column names as stored.
  changes jsonb NOT NULL DEFAULT '{}',
  request_id text
);
-- A record's (or a user's) history, newest first.
CREATE INDEX audit_log_subject_idx ON audit_log (subject_id, received_at DESC, id DESC);
-- The audit page: newest first within a date range; the retention purge.
CREATE INDEX audit_log_received_idx ON audit_log (received_at DESC, id DESC);
-- The audit page's "person" filter (what someone did).
CREATE INDEX audit_log_actor_idx ON audit_log (actor_id, received_at DESC, id DESC)
  WHERE actor_id IS NOT NULL;

-- Append-only: nothing changes an entry; only the retention purge (audit_purge) deletes.
CREATE FUNCTION audit_log_append_only() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND current_setting('memorial.audit_purge', true) = 'on' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (%)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();

CREATE FUNCTION audit_purge(keep_days integer) RETURNS bigint
  LANGUAGE plpgsql AS $$
DECLARE
  n bigint;
BEGIN
  PERFORM set_config('memorial.audit_purge', 'on', true);
  DELETE FROM audit_log WHERE received_at < now() - make_interval(days => keep_days);
  GET DIAGNOSTICS n = ROW_COUNT;
  PERFORM set_config('memorial.audit_purge', '', true);
  RETURN n;
END $$;

-- An entry that is not a row change (a login refused, a data export), with the same context.
CREATE FUNCTION audit_event(resource text, resource_id text, action text, changes jsonb)
  RETURNS void LANGUAGE sql AS $$
  INSERT INTO audit_log (received_at, made_at, actor_id, actor_role, actor_name, resource,
    resource_id, subject_id, action, changes, request_id)
  VALUES (
    coalesce(nullif(current_setting('memorial.received_at', true), '')::timestamptz, now()),
    nullif(current_setting('memorial.made_at', true), '')::timestamptz,
    nullif(current_setting('memorial.actor_id', true), ''),
    nullif(current_setting('memorial.actor_role', true), ''),
    nullif(current_setting('memorial.actor_name', true), ''),
    resource, resource_id, resource_id, action, coalesce(changes, '{}'),
    nullif(current_setting('memorial.request_id', true), ''))
$$;

-- The row trigger. Arguments (written by audit_attach): resource, key columns (comma-separated),
-- parent column, parent table, cemetery column, skipped columns, secret columns, soft-delete column.
CREATE FUNCTION audit_row() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  key_cols text[] := string_to_array(TG_ARGV[1], ',');
  parent_col text := nullif(TG_ARGV[2], '');
  parent_table text := nullif(TG_ARGV[3], '');
  cem_col text := nullif(TG_ARGV[4], '');
  skip text[] := coalesce(string_to_array(nullif(TG_ARGV[5], ''), ','), '{}');
  secret text[] := coalesce(string_to_array(nullif(TG_ARGV[6], ''), ','), '{}');
  soft_col text := nullif(TG_ARGV[7], '');
  old_j jsonb;
  new_j jsonb;
  row_j jsonb;
  act text;
  diff jsonb;
  rid text;
  cem text;
  actor text := nullif(current_setting('memorial.actor_id', true), '');
  actor_role text := nullif(current_setting('memorial.actor_role', true), '');
  actor_name text := nullif(current_setting('memorial.actor_name', true), '');
BEGIN
  IF TG_OP <> 'INSERT' THEN old_j := to_jsonb(OLD); END IF;
  IF TG_OP <> 'DELETE' THEN new_j := to_jsonb(NEW); END IF;
  row_j := coalesce(new_j, old_j);
  act := CASE TG_OP WHEN 'INSERT' THEN 'criar' WHEN 'UPDATE' THEN 'alterar' ELSE 'excluir' END;
  IF TG_OP = 'UPDATE' AND soft_col IS NOT NULL THEN
    IF old_j ->> soft_col IS NULL AND new_j ->> soft_col IS NOT NULL THEN
      act := 'excluir';
    ELSIF old_j ->> soft_col IS NOT NULL AND new_j ->> soft_col IS NULL THEN
      act := 'restaurar';
    END IF;
  END IF;
  old_j := old_j - skip;
  new_j := new_j - skip;
  -- Changed fields; a soft delete also keeps everything the row held (its "before").
  SELECT coalesce(jsonb_object_agg(f.key, CASE WHEN f.key = ANY (secret)
      THEN jsonb_build_array(NULL, CASE WHEN TG_OP = 'INSERT' THEN 'definida' ELSE 'alterada' END)
      ELSE jsonb_build_array(f.o, f.n) END), '{}')
  INTO diff
  FROM (SELECT coalesce(a.key, b.key) AS key, a.value AS o, b.value AS n
        FROM jsonb_each(old_j) a FULL JOIN jsonb_each(new_j) b ON a.key = b.key) f
  WHERE (coalesce(f.o, 'null') IS DISTINCT FROM coalesce(f.n, 'null')
      OR (act = 'excluir' AND TG_OP = 'UPDATE' AND coalesce(f.o, 'null') <> 'null'))
    AND NOT (TG_OP <> 'INSERT' AND f.key = ANY (secret)
      AND coalesce(f.o, 'null') = coalesce(f.n, 'null'))
    AND NOT (TG_OP = 'DELETE' AND f.key = ANY (secret));
  IF TG_OP = 'UPDATE' AND diff = '{}' THEN
    RETURN NULL;  -- a touch (sync position, counters): nothing a person changed
  END IF;
  IF cardinality(key_cols) = 1 THEN
    rid := row_j ->> key_cols[1];
  ELSE
    rid := array_to_string(ARRAY(SELECT row_j ->> c FROM unnest(key_cols) c), ':');
  END IF;
  IF cem_col IS NOT NULL THEN
    cem := row_j ->> cem_col;
  ELSIF parent_table = 'sepultados' THEN
    SELECT s.cemiterio_id INTO cem FROM sepultados s WHERE s.id = row_j ->> parent_col;
  END IF;
  IF actor IS NULL THEN
    actor := nullif(current_setting('memorial.user_id', true), '');
  END IF;
  IF actor IS NOT NULL AND actor_role IS NULL THEN
    SELECT u.role, u.name INTO actor_role, actor_name FROM users u WHERE u.id = actor;
  END IF;
  INSERT INTO audit_log (received_at, made_at, actor_id, actor_role, actor_name, resource,
    resource_id, subject_id, cemiterio_id, action, changes, request_id)
  VALUES (
    coalesce(nullif(current_setting('memorial.received_at', true), '')::timestamptz, now()),
    nullif(current_setting('memorial.made_at', true), '')::timestamptz,
    actor, actor_role, actor_name, TG_ARGV[0], rid,
    CASE WHEN parent_col IS NULL THEN rid ELSE row_j ->> parent_col END,
    cem, act, diff, nullif(current_setting('memorial.request_id', true), ''));
  RETURN NULL;
END $$;

-- Opts a table into the audit trail (see the header). id, created_at and updated_at are never
-- listed (the id is the entry's resource_id); a cemiterio_id column is the entry's cemetery and a deleted_at column a soft delete,
-- found by themselves. Re-running it replaces the table's trigger.
CREATE FUNCTION audit_attach(
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
  EXECUTE format('DROP TRIGGER IF EXISTS audit ON %s', tbl);
  EXECUTE format(
    'CREATE TRIGGER audit AFTER INSERT OR UPDATE OR DELETE ON %s FOR EACH ROW '
    'EXECUTE FUNCTION audit_row(%L, %L, %L, %L, %L, %L, %L, %L)',
    tbl, coalesce(resource, tbl::text), key_cols, coalesce(parent, ''),
    CASE WHEN parent IS NULL THEN '' ELSE parent_table END, cem,
    concat_ws(',', 'id', 'created_at', 'updated_at', nullif(skip, '')), secret, soft);
END $$;
