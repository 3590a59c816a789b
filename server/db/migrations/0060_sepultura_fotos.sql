-- Dated photos of a grave's condition (the office's and the field staff's record of how it is
-- kept). Files are stored by the upload pipeline under images/sepulturas/; the rows say which
-- grave, which day and who. A grave merged into another takes its photos along (graves-write).
CREATE TABLE sepultura_fotos (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  sepultura_id text NOT NULL REFERENCES sepulturas (id) ON DELETE CASCADE,
  file text NOT NULL CHECK (file ~ '^[0-9a-f]{32}\.webp$'),
  thumb text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  tirada_em date NOT NULL,
  nota text,
  autor_id text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The grave page: its photos, newest first.
CREATE INDEX sepultura_fotos_sepultura_idx ON sepultura_fotos (sepultura_id, tirada_em DESC, id);

SELECT audit_attach('sepultura_fotos', resource => 'sepultura_foto', parent => 'sepultura_id',
  parent_table => 'sepulturas');
