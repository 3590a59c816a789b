-- The burial register: records, their ordered photos, and assigned concessionários.
--
-- Every insert, update and soft delete of a record takes a new value from one sequence
-- (change_seq): the offline sync of a later issue pulls "everything after cursor N" with it.
-- Records are never hard-deleted by the app; deleted_at marks a tombstone the sync can send.
CREATE SEQUENCE sepultados_change_seq AS bigint;

CREATE TABLE sepultados (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  nome text NOT NULL CHECK (char_length(btrim(nome)) BETWEEN 1 AND 150),
  idade smallint CHECK (idade BETWEEN 0 AND 150),
  dt_nasc date CHECK (dt_nasc >= DATE '1000-01-01'),
  -- Nullable on purpose: the form requires it, but registers imported from paper may lack it.
  dt_fal date CHECK (dt_fal >= DATE '1000-01-01'),
  nacionalidade text CHECK (char_length(nacionalidade) <= 120),
  mae text CHECK (char_length(mae) <= 150),
  pai text CHECK (char_length(pai) <= 150),
  cemiterio text CHECK (char_length(cemiterio) <= 120),
  rua text CHECK (char_length(rua) <= 120),
  quadra text NOT NULL CHECK (char_length(btrim(quadra)) BETWEEN 1 AND 30),
  chapa text NOT NULL CHECK (char_length(btrim(chapa)) BETWEEN 1 AND 30),
  epitafio text CHECK (char_length(epitafio) <= 1000),
  tipo_sepultura text CHECK (tipo_sepultura IN ('Terra', 'Laje', 'Gaveta', 'Jazigo', 'Capela')),
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  deleted_at timestamptz,
  change_seq bigint NOT NULL DEFAULT nextval('sepultados_change_seq'),
  CHECK (dt_nasc IS NULL OR dt_fal IS NULL OR dt_nasc <= dt_fal)
);

ALTER SEQUENCE sepultados_change_seq OWNED BY sepultados.change_seq;

-- Stamps every write in the database itself, so no code path can forget it:
--  * a data write (insert, edit, soft delete) bumps version and updated_at and takes a cursor;
--  * a "touch" (an UPDATE that only sets change_seq, e.g. after an assignment changed) takes a
--    cursor but keeps version, so an edit started before an assignment is not refused as stale.
CREATE OR REPLACE FUNCTION sepultados_stamp() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
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

CREATE TRIGGER sepultados_stamp BEFORE INSERT OR UPDATE ON sepultados
  FOR EACH ROW EXECUTE FUNCTION sepultados_stamp();

-- Home list: newest first, keyset-paged on (created_at, id), tombstones excluded.
CREATE INDEX sepultados_recent_idx ON sepultados (created_at DESC, id DESC)
  WHERE deleted_at IS NULL;
-- Accent- and case-insensitive "name contains" (dashboard now, public search later).
CREATE INDEX sepultados_nome_trgm_idx ON sepultados USING gin (fold_text(nome) gin_trgm_ops);
-- Sync cursor.
CREATE UNIQUE INDEX sepultados_change_seq_idx ON sepultados (change_seq);

CREATE TABLE sepultado_fotos (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  sepultado_id text NOT NULL REFERENCES sepultados (id) ON DELETE CASCADE,
  position integer NOT NULL,
  file text NOT NULL UNIQUE,
  thumb text NOT NULL UNIQUE,
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (sepultado_id, position)
);

CREATE TABLE sepultado_concessionarios (
  sepultado_id text NOT NULL REFERENCES sepultados (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sepultado_id, user_id)
);
-- "My records" of a concessionário.
CREATE INDEX sepultado_concessionarios_user_idx ON sepultado_concessionarios (user_id);

-- An assignment that appears or goes (including through a user's deletion cascading here)
-- changes what the record shows to some people: give the record a new sync cursor.
CREATE OR REPLACE FUNCTION sepultado_concessionarios_touch() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE sepultados SET change_seq = -1
    WHERE id = (CASE WHEN TG_OP = 'DELETE' THEN OLD.sepultado_id ELSE NEW.sepultado_id END);
  RETURN NULL;
END $$;

CREATE TRIGGER sepultado_concessionarios_touch AFTER INSERT OR DELETE ON sepultado_concessionarios
  FOR EACH ROW EXECUTE FUNCTION sepultado_concessionarios_touch();
