-- Graves as places: a `sepultura` is a spot in a cemetery (quadra, rua, number) that holds
-- several burials over the years. Until now the grave existed only as the text of each record's
-- rua, quadra and chapa; from here every record points at its grave (sepultados.sepultura_id).
--
-- Identity: the same cemetery and the same folded rua + quadra + number are one grave. Folding
-- is the search's (search_words of 0004: accents and case dropped, anything but letters and
-- digits separating) plus leading zeros of a number dropped, so "Quadra 12 / 0458" and
-- "quadra 12 / 458" are one grave. The number alone is not unique in a cemetery: lote 458
-- exists in every quadra.
--
-- Writers of records never name the grave: a trigger finds it by that key, or makes it, on
-- every insert and on every edit that moves the record (cemetery, rua, quadra or chapa), so no
-- write path can forget it. The bulk seed (triggers off) calls sepulturas_link_all() itself.

CREATE OR REPLACE FUNCTION sepultura_parte(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT regexp_replace(public.search_words(coalesce($1, '')),
    '(^| )0+([0-9])', '\1\2', 'g') $$;

CREATE OR REPLACE FUNCTION sepultura_chave(rua text, quadra text, numero text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT public.sepultura_parte(rua) || '/' || public.sepultura_parte(quadra) || '/'
    || public.sepultura_parte(numero) $$;

CREATE TABLE sepulturas (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  cemiterio_id text NOT NULL REFERENCES cemiterios (id),
  rua text CHECK (char_length(rua) <= 120),
  quadra text NOT NULL CHECK (char_length(btrim(quadra)) BETWEEN 1 AND 30),
  -- The plate or lot number as the cemetery writes it (the record's `chapa`).
  numero text NOT NULL CHECK (char_length(btrim(numero)) BETWEEN 1 AND 30),
  chave text GENERATED ALWAYS AS (sepultura_chave(rua, quadra, numero)) STORED,
  tipo text CHECK (tipo IN ('Terra', 'Laje', 'Gaveta', 'Jazigo', 'Capela', 'Nicho de ossuário')),
  -- How many burials it holds at once (gavetas); null = not recorded, no limit applied.
  capacidade smallint CHECK (capacidade BETWEEN 1 AND 200),
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  situacao text NOT NULL DEFAULT 'livre'
    CHECK (situacao IN ('livre', 'ocupada', 'concedida', 'em comisso', 'interditada')),
  -- The office's note on its condition (public: what a visitor may read at the grave).
  observacoes text CHECK (char_length(observacoes) <= 2000),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  CHECK ((latitude IS NULL) = (longitude IS NULL)),
  UNIQUE (cemiterio_id, chave)
);
-- The office's list: a cemetery's graves by quadra and number, numbers in numeric order (the
-- parts are at most 30 characters, so lpad never cuts one); and one quadra of it.
CREATE INDEX sepulturas_lista_idx ON sepulturas
  (cemiterio_id, lpad(quadra, 30, '0'), lpad(numero, 30, '0'), id);
CREATE INDEX sepulturas_quadra_idx ON sepulturas (cemiterio_id, sepultura_parte(quadra));
CREATE INDEX sepulturas_situacao_idx ON sepulturas (cemiterio_id, situacao);

-- Links every record without a grave, set-based (the migration below and the bulk seed at
-- 2,000,000 records): one grave per (cemetery, key), named by the most used spelling of each
-- part, its kind the most used one, its position the mean of its records'. Call it with
-- sepultados' user triggers disabled: linking is no edit (no new version, no history entry).
CREATE OR REPLACE FUNCTION sepulturas_link_all() RETURNS bigint
  LANGUAGE plpgsql AS $$
DECLARE
  linked bigint;
BEGIN
  CREATE TEMP TABLE sepultura_pendentes AS
    SELECT id, cemiterio_id, sepultura_chave(rua, quadra, chapa) AS chave
    FROM sepultados WHERE sepultura_id IS NULL;
  INSERT INTO sepulturas (id, cemiterio_id, rua, quadra, numero, tipo, latitude, longitude,
    situacao, created_at)
  SELECT cemiterio_new_id(), p.cemiterio_id,
    nullif(btrim(mode() WITHIN GROUP (ORDER BY s.rua)), ''),
    btrim(mode() WITHIN GROUP (ORDER BY s.quadra)),
    btrim(mode() WITHIN GROUP (ORDER BY s.chapa)),
    mode() WITHIN GROUP (ORDER BY s.tipo_sepultura),
    avg(s.latitude) FILTER (WHERE s.longitude IS NOT NULL),
    avg(s.longitude) FILTER (WHERE s.latitude IS NOT NULL),
    CASE WHEN bool_or(s.deleted_at IS NULL) THEN 'ocupada' ELSE 'livre' END,
    min(s.created_at)
  FROM sepultura_pendentes p JOIN sepultados s ON s.id = p.id
  GROUP BY p.cemiterio_id, p.chave
  ON CONFLICT (cemiterio_id, chave) DO NOTHING;
  UPDATE sepultados s SET sepultura_id = g.id
  FROM sepultura_pendentes p JOIN sepulturas g ON g.cemiterio_id = p.cemiterio_id
    AND g.chave = p.chave
  WHERE s.id = p.id;
  GET DIAGNOSTICS linked = ROW_COUNT;
  -- Graves made before (empty ones of a bulk creation) that now hold someone.
  UPDATE sepulturas g SET situacao = 'ocupada'
  WHERE g.situacao = 'livre' AND EXISTS (
    SELECT 1 FROM sepultados s WHERE s.sepultura_id = g.id AND s.deleted_at IS NULL);
  DROP TABLE sepultura_pendentes;
  RETURN linked;
END $$;

ALTER TABLE sepultados ADD COLUMN sepultura_id text;

-- Every record gets its grave. Rewriting every row of a large register through its search
-- indexes (GINs over words and pairs of words) costs far more than building them again, so the
-- secondary indexes are dropped for the update and rebuilt after, as the bulk seed does.
CREATE TEMP TABLE sepultura_indices ON COMMIT DROP AS
  SELECT c.relname AS name, pg_get_indexdef(i.indexrelid) AS def
  FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid
  WHERE i.indrelid = 'sepultados'::regclass
    AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid);
DO $$
DECLARE
  ix record;
BEGIN
  FOR ix IN SELECT name FROM sepultura_indices LOOP
    EXECUTE format('DROP INDEX %I', ix.name);
  END LOOP;
END $$;
ALTER TABLE sepultados DISABLE TRIGGER USER;
SELECT sepulturas_link_all();
ALTER TABLE sepultados ENABLE TRIGGER USER;
DO $$
DECLARE
  ix record;
BEGIN
  FOR ix IN SELECT def FROM sepultura_indices LOOP
    EXECUTE ix.def;
  END LOOP;
END $$;
ALTER TABLE sepultados ADD CONSTRAINT sepultados_sepultura_fk
  FOREIGN KEY (sepultura_id) REFERENCES sepulturas (id);
CREATE INDEX sepultados_sepultura_idx ON sepultados (sepultura_id);

-- Keeps the link on every write (see the header): the grave at the record's place is found by
-- its key, or made (already 'ocupada' unless the record is a tombstone; another transaction
-- making it at the same time is met by the unique key). A grave with a recorded capacity refuses
-- a burial beyond it (SQLSTATE MC001, a pt-BR 422 from the API): its row is locked first, so two
-- burials into its last gaveta cannot both pass the count. Written for the common case, a new
-- record at a new place: one lookup and one insert.
CREATE OR REPLACE FUNCTION sepultados_sepultura() RETURNS trigger
  LANGUAGE plpgsql AS $$
DECLARE
  k text;
  made text;
  g record;
  present integer;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.sepultura_id IS NOT NULL
    AND NEW.cemiterio_id IS NOT DISTINCT FROM OLD.cemiterio_id
    AND NEW.rua IS NOT DISTINCT FROM OLD.rua AND NEW.quadra = OLD.quadra
    AND NEW.chapa = OLD.chapa THEN
    RETURN NEW;
  END IF;
  k := sepultura_chave(NEW.rua, NEW.quadra, NEW.chapa);
  IF TG_OP = 'INSERT' OR NEW.sepultura_id IS NULL
    OR NEW.cemiterio_id IS DISTINCT FROM OLD.cemiterio_id
    OR k IS DISTINCT FROM sepultura_chave(OLD.rua, OLD.quadra, OLD.chapa) THEN
    SELECT id INTO NEW.sepultura_id FROM sepulturas
      WHERE cemiterio_id = NEW.cemiterio_id AND chave = k;
    IF NEW.sepultura_id IS NULL THEN
      INSERT INTO sepulturas (id, cemiterio_id, rua, quadra, numero, tipo, latitude, longitude,
        situacao)
      VALUES (cemiterio_new_id(), NEW.cemiterio_id, nullif(btrim(NEW.rua), ''),
        btrim(NEW.quadra), btrim(NEW.chapa), NEW.tipo_sepultura,
        CASE WHEN NEW.longitude IS NULL THEN NULL ELSE NEW.latitude END,
        CASE WHEN NEW.latitude IS NULL THEN NULL ELSE NEW.longitude END,
        CASE WHEN NEW.deleted_at IS NULL THEN 'ocupada' ELSE 'livre' END)
      ON CONFLICT (cemiterio_id, chave) DO NOTHING
      RETURNING id INTO made;
      IF made IS NOT NULL THEN
        NEW.sepultura_id := made;
        RETURN NEW;
      END IF;
      SELECT id INTO NEW.sepultura_id FROM sepulturas
        WHERE cemiterio_id = NEW.cemiterio_id AND chave = k;
    END IF;
  END IF;
  IF NEW.deleted_at IS NULL
    AND (TG_OP = 'INSERT' OR NEW.sepultura_id IS DISTINCT FROM OLD.sepultura_id) THEN
    SELECT quadra, numero, capacidade, situacao INTO g FROM sepulturas
      WHERE id = NEW.sepultura_id;
    IF g.capacidade IS NOT NULL THEN
      PERFORM 1 FROM sepulturas WHERE id = NEW.sepultura_id FOR UPDATE;
      SELECT count(*) INTO present FROM sepultados
        WHERE sepultura_id = NEW.sepultura_id AND deleted_at IS NULL AND id <> NEW.id;
      IF present >= g.capacidade THEN
        RAISE EXCEPTION 'sepultura % sem gaveta livre', NEW.sepultura_id
          USING ERRCODE = 'MC001', DETAIL = json_build_object(
            'quadra', g.quadra, 'numero', g.numero, 'capacidade', g.capacidade)::text;
      END IF;
    END IF;
    IF g.situacao = 'livre' THEN
      UPDATE sepulturas SET situacao = 'ocupada' WHERE id = NEW.sepultura_id AND situacao = 'livre';
    END IF;
  END IF;
  RETURN NEW;
END $$;

-- "b_" runs it after the cemetery keeper ("a_", which settles cemiterio_id) and before the stamp.
CREATE TRIGGER sepultados_b_sepultura BEFORE INSERT OR UPDATE ON sepultados
  FOR EACH ROW EXECUTE FUNCTION sepultados_sepultura();
