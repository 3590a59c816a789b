-- Linking a record to its grave (0030) cost more than the rest of an insert on PGlite: the
-- record trigger folded the place into a key, and the grave it made folded the same parts again
-- for its generated `chave`. A batch of records at new places (an import, a test's 2,100 rows)
-- paid both for every row.
--
-- The key becomes a plain column kept by a trigger of its own, which trusts a key the insert
-- supplies (the record trigger has just computed it) and folds the parts otherwise, and again
-- whenever an edit moves the grave. The record trigger stays per row on purpose: it sets
-- NEW.sepultura_id before the row is written, so linking is part of the record's own write (no
-- second write of the row, no second sync position, no history entry), and the capacity check
-- sees each burial in order. A statement-level pass would have to UPDATE every inserted record
-- again, through all its indexes and its stamp trigger.

ALTER TABLE sepulturas ALTER COLUMN chave DROP EXPRESSION;
ALTER TABLE sepulturas ALTER COLUMN chave SET NOT NULL;

CREATE OR REPLACE FUNCTION sepulturas_chave() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.chave IS NULL THEN
      NEW.chave := sepultura_chave(NEW.rua, NEW.quadra, NEW.numero);
    END IF;
  ELSIF NEW.rua IS DISTINCT FROM OLD.rua OR NEW.quadra IS DISTINCT FROM OLD.quadra
    OR NEW.numero IS DISTINCT FROM OLD.numero OR NEW.chave IS DISTINCT FROM OLD.chave THEN
    NEW.chave := sepultura_chave(NEW.rua, NEW.quadra, NEW.numero);
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER sepulturas_chave BEFORE INSERT OR UPDATE ON sepulturas
  FOR EACH ROW EXECUTE FUNCTION sepulturas_chave();

-- As in 0030, with the key handed to the grave it makes; the grave's parts are the trimmed
-- record's, whose folding is the key already computed (folding ignores surrounding spaces).
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
      INSERT INTO sepulturas (id, cemiterio_id, rua, quadra, numero, chave, tipo, latitude,
        longitude, situacao)
      VALUES (cemiterio_new_id(), NEW.cemiterio_id, nullif(btrim(NEW.rua), ''),
        btrim(NEW.quadra), btrim(NEW.chapa), k, NEW.tipo_sepultura,
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
