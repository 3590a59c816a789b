-- Tributes: text, photo and emoji homenagens on a burial record, in their own table.
--
-- Deletion is soft: a removed tribute keeps its row as a tombstone (deleted_at) with its words,
-- emojis and photo scrubbed, so (1) a late retry of the same POST from an offline outbox finds
-- its idempotency key and is not published a second time, and (2) the offline sync can tell
-- clients to drop it. Photos are files (DATA_DIR/images/comentarios), removed by the service.
CREATE TABLE comentarios (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  sepultado_id text NOT NULL REFERENCES sepultados (id) ON DELETE CASCADE,
  -- A deleted account's tributes stay, shown as by "Usuário removido" (user_deleted below).
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  -- Tells "the author's account was deleted" from "never had an author" ("Anônimo", e.g. an
  -- imported or seeded tribute); set by the trigger below when the reference is cleared.
  user_deleted boolean NOT NULL DEFAULT false,
  -- Code points, the unit of TRIBUTE_LIMITS.textMax (src/domain/tribute-rules.ts).
  texto text NOT NULL DEFAULT '' CHECK (char_length(texto) <= 1000),
  imagem text CHECK (imagem ~ '^[0-9a-f]{32}\.webp$'),
  imagem_thumb text CHECK (imagem_thumb ~ '^[0-9a-f]{32}-t\.webp$'),
  emojis text[] NOT NULL DEFAULT '{}' CHECK (cardinality(emojis) <= 20),
  -- The Idempotency-Key header or the client-made id; unique per author (constraint below,
  -- whose index also serves ON DELETE SET NULL from users: user_id is its first column).
  idempotency_key text CHECK (char_length(idempotency_key) BETWEEN 1 AND 100),
  -- Millisecond precision on purpose: the paging cursor carries createdAt as JavaScript's ISO
  -- text, and a microsecond the cursor cannot express would skip or repeat rows at a page edge.
  created_at timestamptz(3) NOT NULL DEFAULT now(),
  deleted_at timestamptz,
  CHECK (deleted_at IS NOT NULL OR texto <> '' OR imagem IS NOT NULL),
  CHECK ((imagem IS NULL) = (imagem_thumb IS NULL)),
  CONSTRAINT comentarios_user_idempotency_key UNIQUE (user_id, idempotency_key)
);

-- The list of one record, newest first, keyset- or offset-paged; tombstones left out.
CREATE INDEX comentarios_page_idx ON comentarios (sepultado_id, created_at DESC, id DESC)
  WHERE deleted_at IS NULL;

CREATE OR REPLACE FUNCTION comentarios_author_removed() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.user_id IS NULL AND OLD.user_id IS NOT NULL THEN
    NEW.user_deleted := true;
  END IF;
  RETURN NEW;
END $$;

-- Fires for the UPDATE that ON DELETE SET NULL runs on this table.
CREATE TRIGGER comentarios_author_removed BEFORE UPDATE OF user_id ON comentarios
  FOR EACH ROW EXECUTE FUNCTION comentarios_author_removed();
