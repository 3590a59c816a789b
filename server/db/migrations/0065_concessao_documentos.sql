-- The documents a concession rests on (the title, a death certificate, the heir's papers): a
-- PDF kept as received once checked, or an image re-encoded by the upload pipeline, under
-- images/concessoes/ (a private kind: never served by the public images route). The rows say
-- which concession, what the paper is and who attached it; they follow the concession when a
-- grave is merged (the concession moves, 0061 needs nothing), and a concession is never deleted.
CREATE TABLE concessao_documentos (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  concessao_id text NOT NULL REFERENCES concessoes (id) ON DELETE CASCADE,
  titulo text NOT NULL CHECK (length(titulo) BETWEEN 1 AND 120),
  file text NOT NULL CHECK (file ~ '^[0-9a-f]{32}\.(pdf|webp)$'),
  mime text NOT NULL CHECK (mime IN ('application/pdf', 'image/webp')),
  bytes integer NOT NULL CHECK (bytes > 0),
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The concession's answer lists its documents, oldest first.
CREATE INDEX concessao_documentos_concessao_idx ON concessao_documentos (concessao_id, created_at, id);

-- In the concession's history (its entries' subject), like its renewals' and fees' writes.
SELECT audit_attach('concessao_documentos', resource => 'concessao_documento',
  parent => 'concessao_id', parent_table => 'concessoes');
