-- Offline sync and edit conflicts: the position of every write in the sync stream,
-- a compact history of what each edit changed (for field-level merge), and the answers of
-- idempotent edits (for the offline outbox).

-- 1. Sync position: (change_xid, change_seq).
--
-- change_seq alone (0002) is not a safe cursor: transaction A takes seq 10, B takes seq 11 and
-- commits first; a reader then sees 11, moves its cursor past it, and never gets 10 when A
-- commits. So every write also records the transaction that made it (pg_current_xact_id(),
-- 64 bits, never wraps), and the sync (server/modules/sync/sync.ts) orders by (change_xid,
-- change_seq) and hands out only rows whose transaction id is below a horizon under which
-- every transaction has finished. A transaction still running holds the horizon at or below
-- its own id, so none of its rows, nor any row after them, is handed out before it ends; a
-- transaction that starts later gets a larger id, so nothing can ever appear behind a cursor.
-- Rows written before this migration sort first, in change_seq order ('2' is the frozen id,
-- older than any real transaction).
ALTER TABLE sepultados ADD COLUMN change_xid xid8 NOT NULL DEFAULT '2';

CREATE INDEX sepultados_sync_idx ON sepultados (change_xid, change_seq);

-- The stamp of 0002, now also taking the transaction id (a touch too: it moves the record in
-- the stream without counting as a data write).
CREATE OR REPLACE FUNCTION sepultados_stamp() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW.change_xid := pg_current_xact_id();
  IF TG_OP = 'UPDATE' AND NEW.change_seq IS DISTINCT FROM OLD.change_seq THEN
    NEW.change_seq := nextval('sepultados_change_seq');
    RETURN NEW;
  END IF;
  NEW.change_seq := nextval('sepultados_change_seq');
  IF TG_OP = 'UPDATE' THEN
    NEW.version := OLD.version + 1;
    NEW.updated_at := now();
  END IF;
  RETURN NEW;
END $$;

-- Transaction ids belong to one cluster: after a dump is restored into a cluster whose counter
-- is behind, restored rows would sit above every horizon (never handed out) and cursors held by
-- clients would point past new writes. The sync notices rows "from the future", moves them to
-- the present, and bumps this epoch: cursors of another epoch restart from the beginning.
CREATE TABLE sync_state (
  singleton boolean PRIMARY KEY DEFAULT true CHECK (singleton),
  epoch integer NOT NULL DEFAULT 1
);
INSERT INTO sync_state DEFAULT VALUES;

-- 2. Edit history: for each data write after the first, the fields it changed with their value
-- before and after ({"chapa": ["0458", "0459"]}; API names, dates ISO, numbers as numbers).
-- An edit that started from version v conflicts only on fields some entry above v changed.
-- Written by a trigger so no write path can forget it; touches (same version) write nothing.
CREATE TABLE sepultado_versions (
  sepultado_id text NOT NULL REFERENCES sepultados (id) ON DELETE CASCADE,
  version integer NOT NULL,
  changes jsonb NOT NULL,
  -- Who wrote it (set_config('memorial.user_id') by the write service), for audit. No foreign
  -- key: deleting an account must not have to rewrite the history of every record it edited.
  changed_by text,
  changed_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sepultado_id, version)
);

-- The editable fields of a record as the API names and shapes them (the merge compares these
-- with normalizeBurial's output, src/domain/burial-rules.ts).
CREATE OR REPLACE FUNCTION sepultado_fields(s sepultados) RETURNS jsonb
  LANGUAGE sql STABLE AS $$
  SELECT jsonb_build_object(
    'nome', s.nome, 'idade', s.idade, 'dtNasc', s.dt_nasc, 'dtFal', s.dt_fal,
    'nacionalidade', s.nacionalidade, 'mae', s.mae, 'pai', s.pai, 'cemiterio', s.cemiterio,
    'rua', s.rua, 'quadra', s.quadra, 'chapa', s.chapa, 'epitafio', s.epitafio,
    'tipoSepultura', s.tipo_sepultura, 'latitude', s.latitude, 'longitude', s.longitude) $$;

CREATE OR REPLACE FUNCTION sepultados_history() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  old_fields jsonb := sepultado_fields(OLD);
BEGIN
  INSERT INTO sepultado_versions (sepultado_id, version, changes, changed_by)
  SELECT NEW.id, NEW.version,
    coalesce(jsonb_object_agg(n.key, jsonb_build_array(old_fields -> n.key, n.value)), '{}'),
    nullif(current_setting('memorial.user_id', true), '')
  FROM jsonb_each(sepultado_fields(NEW)) AS n
  WHERE n.value IS DISTINCT FROM old_fields -> n.key;
  -- Compact: an edit based on an older version than what is kept is merged conservatively
  -- (every field it changes that differs now is a conflict), so old entries may go.
  DELETE FROM sepultado_versions
    WHERE sepultado_id = NEW.id AND changed_at < now() - interval '180 days';
  RETURN NULL;
END $$;

CREATE TRIGGER sepultados_history AFTER UPDATE ON sepultados
  FOR EACH ROW WHEN (NEW.version <> OLD.version) EXECUTE FUNCTION sepultados_history();

-- 3. Idempotent edits: the outbox may resend a PATCH whose answer it never saw. The row is
-- written in the edit's own transaction (so an edit and its key commit together, also across
-- processes), and the answer stored just after; kept 7 days.
CREATE TABLE edit_idempotency (
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 100),
  sepultado_id text NOT NULL REFERENCES sepultados (id) ON DELETE CASCADE,
  -- SHA-256 of the request (fields, version, removals, photo bytes): the same key with other
  -- content is refused instead of answered with an unrelated result.
  fingerprint text NOT NULL,
  status smallint NOT NULL,
  -- Null between the commit of the edit and the storing of its answer.
  body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX edit_idempotency_created_idx ON edit_idempotency (created_at);
