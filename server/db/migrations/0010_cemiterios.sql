-- Cemeteries as places: a municipality runs several, and every record belongs to exactly one.
--
-- The record keeps its `cemiterio` text column, now the cemetery's canonical name kept by the
-- trigger below, so every reader of the spec's shape (the API's `cemiterio`, the edit history and
-- field-level merge of 0006, the sync stream) keeps working unchanged. `cemiterio_id` is the truth.
--
-- Writers may give either:
--  * `cemiterio_id` — the record moves there and `cemiterio` becomes that cemetery's name;
--  * only the `cemiterio` text (the spec's form field, the original app's API, the seed) — the
--    cemetery with the same name after folding (case, accents, spaces) is used, or made;
--  * neither (blank name) — the oldest cemetery (the only one, in a one-cemetery city), or one
--    named 'Cemitério municipal' when there is none yet.
-- Renaming a cemetery rewrites its records' `cemiterio` (the service does it), so the delta sync
-- carries the new name to the phones; merging moves the records (a data change, in the history).

CREATE OR REPLACE FUNCTION cemiterio_chave(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT regexp_replace(btrim(fold_text($1)), '\s+', ' ', 'g') $$;

CREATE TABLE cemiterios (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  nome text NOT NULL CHECK (char_length(btrim(nome)) BETWEEN 1 AND 120),
  -- Same name after folding = same cemetery (the migration below and the trigger rely on it).
  nome_chave text NOT NULL UNIQUE,
  endereco text CHECK (char_length(endereco) <= 200),
  -- Opening hours as the administration writes them ("Todos os dias, das 7h às 18h").
  horario text CHECK (char_length(horario) <= 500),
  -- The entrance (where wayfinding starts and what "near me" measures to).
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  -- The area the cemetery covers (map fit, proximity); all four or none.
  south double precision CHECK (south BETWEEN -90 AND 90),
  west double precision CHECK (west BETWEEN -180 AND 180),
  north double precision CHECK (north BETWEEN -90 AND 90),
  east double precision CHECK (east BETWEEN -180 AND 180),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((latitude IS NULL) = (longitude IS NULL)),
  CHECK ((south IS NULL) = (west IS NULL) AND (west IS NULL) = (north IS NULL)
    AND (north IS NULL) = (east IS NULL)),
  CHECK (south IS NULL OR (south < north AND west < east))
);

-- 24 hex like every other id (src/domain/ids.ts makes them in TypeScript; here for the rows the
-- database makes itself: this migration and the trigger).
CREATE OR REPLACE FUNCTION cemiterio_new_id() RETURNS text
  LANGUAGE sql VOLATILE
  AS $$ SELECT lpad(to_hex(extract(epoch FROM clock_timestamp())::bigint), 8, '0')
    || substr(md5(random()::text || clock_timestamp()::text), 1, 16) $$;

-- The cemetery a name stands for: found by its folded key, or made; a blank name takes the
-- oldest cemetery (or makes the first one).
CREATE OR REPLACE FUNCTION cemiterio_for_name(name text) RETURNS text
  LANGUAGE plpgsql AS $$
DECLARE
  found_id text;
  key text := cemiterio_chave(coalesce(name, ''));
BEGIN
  IF key = '' THEN
    SELECT id INTO found_id FROM cemiterios ORDER BY created_at, id LIMIT 1;
    IF found_id IS NOT NULL THEN RETURN found_id; END IF;
    name := 'Cemitério municipal';
    key := cemiterio_chave(name);
  END IF;
  SELECT id INTO found_id FROM cemiterios WHERE nome_chave = key;
  IF found_id IS NULL THEN
    INSERT INTO cemiterios (id, nome, nome_chave)
    VALUES (cemiterio_new_id(), regexp_replace(btrim(name), '\s+', ' ', 'g'), key)
    ON CONFLICT (nome_chave) DO NOTHING
    RETURNING id INTO found_id;
    -- Another transaction made it meanwhile.
    IF found_id IS NULL THEN
      SELECT id INTO found_id FROM cemiterios WHERE nome_chave = key;
    END IF;
  END IF;
  RETURN found_id;
END $$;

-- Existing free-text values become cemeteries: one per folded name, named by its most used
-- spelling; the blank ones join the cemetery of most records (a one-cemetery register left the
-- field empty because there was only one).
INSERT INTO cemiterios (id, nome, nome_chave, created_at)
-- Stamped in order of records, most first, each a millisecond after the one before (a clock
-- read per row may repeat a value): the cemetery of most records is the oldest, where blank
-- names on later writes go.
SELECT cemiterio_new_id(), nome, chave,
  now() + make_interval(secs => (row_number() OVER (ORDER BY total DESC, chave)) / 1000.0)
FROM (
  SELECT DISTINCT ON (chave) chave, nome, sum(n) OVER (PARTITION BY chave) AS total
  FROM (
    SELECT cemiterio_chave(cemiterio) AS chave,
      regexp_replace(btrim(cemiterio), '\s+', ' ', 'g') AS nome, count(*) AS n
    FROM sepultados WHERE cemiterio_chave(coalesce(cemiterio, '')) <> ''
    GROUP BY 1, 2
  ) spellings
  ORDER BY chave, n DESC, nome
) spelled
ORDER BY total DESC, chave;

-- Triggers off while the column is filled, so the rows take no new versions (no history entry).
-- Rows whose text changes (a spelling folded into its cemetery's name, a blank filled) take a new
-- sync position by hand, as a touch would, so the phones get the name.
ALTER TABLE sepultados ADD COLUMN cemiterio_id text REFERENCES cemiterios (id);
ALTER TABLE sepultados DISABLE TRIGGER USER;
UPDATE sepultados s SET cemiterio_id = c.id
FROM cemiterios c WHERE c.nome_chave = cemiterio_chave(coalesce(s.cemiterio, ''));
UPDATE sepultados SET cemiterio_id = cemiterio_for_name(NULL) WHERE cemiterio_id IS NULL;
UPDATE sepultados s
SET cemiterio = c.nome, change_seq = nextval('sepultados_change_seq'),
  change_xid = pg_current_xact_id()
FROM cemiterios c WHERE c.id = s.cemiterio_id AND s.cemiterio IS DISTINCT FROM c.nome;
ALTER TABLE sepultados ENABLE TRIGGER USER;
ALTER TABLE sepultados ALTER COLUMN cemiterio_id SET NOT NULL;
CREATE INDEX sepultados_cemiterio_idx ON sepultados (cemiterio_id);

-- Keeps the pair consistent on every write (see the header): an id given or changed wins; a
-- changed name with the same id moves the record to the cemetery of that name.
CREATE OR REPLACE FUNCTION sepultados_cemiterio() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.cemiterio_id IS NOT DISTINCT FROM OLD.cemiterio_id
    AND NEW.cemiterio IS NOT DISTINCT FROM OLD.cemiterio THEN
    RETURN NEW;
  END IF;
  IF NEW.cemiterio_id IS NULL
    OR (TG_OP = 'UPDATE' AND NEW.cemiterio_id = OLD.cemiterio_id) THEN
    NEW.cemiterio_id := cemiterio_for_name(NEW.cemiterio);
  END IF;
  SELECT nome INTO NEW.cemiterio FROM cemiterios WHERE id = NEW.cemiterio_id;
  RETURN NEW;
END $$;

-- "a_" sorts it before sepultados_stamp (BEFORE triggers run in name order); either order works.
CREATE TRIGGER sepultados_a_cemiterio BEFORE INSERT OR UPDATE ON sepultados
  FOR EACH ROW EXECUTE FUNCTION sepultados_cemiterio();

-- The plan (0008) belongs to a cemetery now: the one plan there was goes to the cemetery of most
-- records.
CREATE TABLE cemiterio_planos (
  cemiterio_id text PRIMARY KEY REFERENCES cemiterios (id) ON DELETE CASCADE,
  image text NOT NULL CHECK (image ~ '^[0-9a-f]{32}\.webp$'),
  south double precision NOT NULL CHECK (south BETWEEN -90 AND 90),
  west double precision NOT NULL CHECK (west BETWEEN -180 AND 180),
  north double precision NOT NULL CHECK (north BETWEEN -90 AND 90),
  east double precision NOT NULL CHECK (east BETWEEN -180 AND 180),
  updated_at timestamptz(3) NOT NULL DEFAULT now(),
  CHECK (south < north),
  CHECK (west < east)
);
INSERT INTO cemiterio_planos (cemiterio_id, image, south, west, north, east, updated_at)
SELECT cemiterio_for_name(NULL), image, south, west, north, east, updated_at FROM cemetery_plan;
DROP TABLE cemetery_plan;
