-- Work orders (ordens de serviço): the crew's day. An order is work on a grave and/or a record
-- at a wall-clock time of the cemetery (timestamp WITHOUT time zone: 15:30 is 15:30 there,
-- whatever a server's or a phone's zone; the municipality's zone is TIME_ZONE, see
-- docs/decisions/0140-municipality-time-zone.md), assigned to concessionários, with milestones,
-- comments and photos. Family requests (pedidos) become orders; exhumations and transfers move
-- the remains of a record along a custody chain. Every table joins the audit trail (0021).

-- Kinds: the built-in ones and those an admin adds (key made from the name, orderKindKey()).
CREATE TABLE ordem_tipos (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  tipo text NOT NULL UNIQUE CHECK (tipo ~ '^[a-z0-9]+(-[a-z0-9]+)*$' AND char_length(tipo) <= 60),
  nome text NOT NULL CHECK (char_length(btrim(nome)) BETWEEN 1 AND 60),
  builtin boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO ordem_tipos (id, tipo, nome, builtin) VALUES
  ('000000000000000000000001', 'sepultamento', 'Sepultamento', true),
  ('000000000000000000000002', 'exumacao', 'Exumação', true),
  ('000000000000000000000003', 'translado', 'Translado', true),
  ('000000000000000000000004', 'limpeza', 'Limpeza/reforma', true),
  ('000000000000000000000005', 'vistoria', 'Vistoria', true),
  ('000000000000000000000006', 'foto', 'Foto solicitada', true);

-- Family requests from a grave's page. One pending request of a kind per person and grave (the
-- partial unique index decides a race). `dados_pessoais`: the text seems to hold a CPF or a
-- phone (mentionsPersonalData), so only the office reads it.
CREATE TABLE pedidos (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  tipo text NOT NULL CHECK (tipo IN ('foto', 'limpeza', 'correcao')),
  situacao text NOT NULL DEFAULT 'pendente'
    CHECK (situacao IN ('pendente', 'aceito', 'recusado', 'concluido')),
  sepultura_id text NOT NULL REFERENCES sepulturas (id),
  sepultado_id text REFERENCES sepultados (id),
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  texto text CHECK (char_length(texto) <= 2000),
  dados_pessoais boolean NOT NULL DEFAULT false,
  motivo_recusa text CHECK (char_length(motivo_recusa) <= 500),
  ordem_id text,
  foto_id text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((situacao = 'recusado') = (motivo_recusa IS NOT NULL))
);
CREATE UNIQUE INDEX pedidos_um_pendente ON pedidos (user_id, sepultura_id, tipo)
  WHERE situacao = 'pendente';
CREATE INDEX pedidos_user_idx ON pedidos (user_id, created_at);
CREATE INDEX pedidos_lista_idx ON pedidos (situacao, created_at);

CREATE TABLE ordens (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  tipo text NOT NULL REFERENCES ordem_tipos (tipo),
  cemiterio_id text NOT NULL REFERENCES cemiterios (id),
  sepultura_id text REFERENCES sepulturas (id),
  sepultado_id text REFERENCES sepultados (id),
  -- The cemetery's wall clock (see the header).
  agendada_para timestamp NOT NULL,
  situacao text NOT NULL DEFAULT 'aberta'
    CHECK (situacao IN ('aberta', 'em andamento', 'concluida', 'cancelada')),
  descricao text CHECK (char_length(descricao) <= 2000),
  observacoes text CHECK (char_length(observacoes) <= 2000),
  motivo_cancelamento text CHECK (char_length(motivo_cancelamento) <= 500),
  destino_tipo text CHECK (destino_tipo IN ('ossuario', 'sepultura', 'cremacao', 'outro-cemiterio')),
  destino_sepultura_id text REFERENCES sepulturas (id),
  destino_descricao text CHECK (char_length(destino_descricao) <= 300),
  concluida_em timestamptz,
  concluida_por text REFERENCES users (id) ON DELETE SET NULL,
  pedido_id text REFERENCES pedidos (id) ON DELETE SET NULL,
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  CHECK (sepultura_id IS NOT NULL OR sepultado_id IS NOT NULL),
  CHECK ((situacao = 'cancelada') = (motivo_cancelamento IS NOT NULL)),
  CHECK ((situacao = 'concluida') = (concluida_em IS NOT NULL))
);
ALTER TABLE pedidos ADD CONSTRAINT pedidos_ordem_fk FOREIGN KEY (ordem_id) REFERENCES ordens (id);
-- The office's calendar: one cemetery's month is a range scan of this index (≈3,000 rows at a
-- big cemetery), and the whole municipality's of the second.
CREATE INDEX ordens_calendario_idx ON ordens (cemiterio_id, agendada_para);
CREATE INDEX ordens_agenda_idx ON ordens (agendada_para);
CREATE INDEX ordens_sepultado_idx ON ordens (sepultado_id) WHERE sepultado_id IS NOT NULL;
CREATE INDEX ordens_sepultura_idx ON ordens (sepultura_id) WHERE sepultura_id IS NOT NULL;
CREATE INDEX ordens_pedido_idx ON ordens (pedido_id) WHERE pedido_id IS NOT NULL;

CREATE TABLE ordem_responsaveis (
  ordem_id text NOT NULL REFERENCES ordens (id) ON DELETE CASCADE,
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  PRIMARY KEY (ordem_id, user_id)
);
-- One person's orders (the "Hoje" list, the iCal feed, the calendar per person).
CREATE INDEX ordem_responsaveis_user_idx ON ordem_responsaveis (user_id, ordem_id);

-- Each edit's changed fields, {campo: [antes, depois]}: the field-level merge of an edit made
-- from an older version reads what changed since (as sepultado_versions does for records).
CREATE TABLE ordem_versoes (
  ordem_id text NOT NULL REFERENCES ordens (id) ON DELETE CASCADE,
  version integer NOT NULL,
  changes jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (ordem_id, version)
);

CREATE TABLE ordem_marcos (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  ordem_id text NOT NULL REFERENCES ordens (id) ON DELETE CASCADE,
  posicao smallint NOT NULL,
  nome text NOT NULL CHECK (char_length(btrim(nome)) BETWEEN 1 AND 120),
  previsto_para timestamp,
  -- The device's clock when it was ticked; the first tick wins (see the tick service).
  feito_em timestamptz,
  feito_por text REFERENCES users (id) ON DELETE SET NULL,
  feito_por_nome text,
  recebido_em timestamptz,
  UNIQUE (ordem_id, posicao)
);

CREATE TABLE ordem_comentarios (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  ordem_id text NOT NULL REFERENCES ordens (id) ON DELETE CASCADE,
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  autor_nome text NOT NULL,
  texto text NOT NULL CHECK (char_length(btrim(texto)) BETWEEN 1 AND 2000),
  feito_em timestamptz NOT NULL,
  recebido_em timestamptz NOT NULL DEFAULT now(),
  idempotency_key text CHECK (char_length(idempotency_key) <= 100),
  UNIQUE (user_id, idempotency_key)
);
CREATE INDEX ordem_comentarios_idx ON ordem_comentarios (ordem_id, recebido_em);

-- Evidence photos, re-encoded by sharp like a record's (DATA_DIR/images/ordens/).
CREATE TABLE ordem_fotos (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  ordem_id text NOT NULL REFERENCES ordens (id) ON DELETE CASCADE,
  user_id text REFERENCES users (id) ON DELETE SET NULL,
  autor_nome text NOT NULL,
  file text NOT NULL,
  thumb text NOT NULL,
  tirada_em timestamptz NOT NULL,
  latitude double precision CHECK (latitude BETWEEN -90 AND 90),
  longitude double precision CHECK (longitude BETWEEN -180 AND 180),
  recebido_em timestamptz NOT NULL DEFAULT now(),
  idempotency_key text CHECK (char_length(idempotency_key) <= 100),
  -- What the upload held (its sha256), so a key re-sent with another photo is told apart.
  conteudo text NOT NULL,
  UNIQUE (user_id, idempotency_key),
  CHECK ((latitude IS NULL) = (longitude IS NULL))
);
CREATE INDEX ordem_fotos_idx ON ordem_fotos (ordem_id, recebido_em);
ALTER TABLE pedidos ADD CONSTRAINT pedidos_foto_fk FOREIGN KEY (foto_id) REFERENCES ordem_fotos (id)
  ON DELETE SET NULL;

-- The custody chain of a record's remains: each move, from where to where, when, by whom.
-- `de` is the place as text at the time (a grave moved or merged later keeps the history).
CREATE TABLE custodia_passos (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  sepultado_id text NOT NULL REFERENCES sepultados (id),
  ordem_id text REFERENCES ordens (id),
  em timestamptz NOT NULL,
  de_sepultura_id text REFERENCES sepulturas (id),
  de_descricao text NOT NULL,
  destino_tipo text NOT NULL
    CHECK (destino_tipo IN ('ossuario', 'sepultura', 'cremacao', 'outro-cemiterio')),
  destino_sepultura_id text REFERENCES sepulturas (id),
  destino_descricao text CHECK (char_length(destino_descricao) <= 300),
  para_descricao text NOT NULL,
  por text REFERENCES users (id) ON DELETE SET NULL,
  por_nome text,
  CHECK ((destino_tipo IN ('ossuario', 'sepultura')) = (destino_sepultura_id IS NOT NULL))
);
CREATE INDEX custodia_passos_idx ON custodia_passos (sepultado_id, em);

-- Where a record's remains are now, when they left the grave the record names (written with
-- the custody step, in the same transaction). No row: still in the record's grave.
CREATE TABLE sepultado_restos (
  sepultado_id text PRIMARY KEY REFERENCES sepultados (id),
  destino_tipo text NOT NULL
    CHECK (destino_tipo IN ('ossuario', 'sepultura', 'cremacao', 'outro-cemiterio')),
  sepultura_id text REFERENCES sepulturas (id),
  descricao text NOT NULL,
  passo_id text NOT NULL REFERENCES custodia_passos (id),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sepultado_restos_sepultura_idx ON sepultado_restos (sepultura_id)
  WHERE sepultura_id IS NOT NULL;

-- A person's secret iCal feed: only the sha256 of the token is kept; a new one replaces it.
CREATE TABLE ics_tokens (
  user_id text PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
  hash text NOT NULL UNIQUE CHECK (hash ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Two graves that are one (a grave merge, or a cemetery merge meeting the same place): what
-- named the grave that goes names the one that stays. Called by the graves' merges, in their
-- transaction, before the grave is deleted.
CREATE OR REPLACE FUNCTION sepultura_merge_refs(old_id text, new_id text) RETURNS void
  LANGUAGE sql AS $$
  UPDATE ordens SET sepultura_id = new_id WHERE sepultura_id = old_id;
  UPDATE ordens SET destino_sepultura_id = new_id WHERE destino_sepultura_id = old_id;
  UPDATE pedidos SET sepultura_id = new_id WHERE sepultura_id = old_id;
  UPDATE custodia_passos SET de_sepultura_id = new_id WHERE de_sepultura_id = old_id;
  UPDATE custodia_passos SET destino_sepultura_id = new_id WHERE destino_sepultura_id = old_id;
  UPDATE sepultado_restos SET sepultura_id = new_id WHERE sepultura_id = old_id;
$$;

-- A cemetery merged into another: its orders follow (their graves follow by the graves' merge).
CREATE OR REPLACE FUNCTION cemiterio_merge_refs(source text, target text) RETURNS void
  LANGUAGE sql AS $$
  UPDATE ordens SET cemiterio_id = target WHERE cemiterio_id = source;
$$;

SELECT audit_attach('ordem_tipos', resource => 'ordem_tipo');
SELECT audit_attach('ordens', resource => 'ordem');
SELECT audit_attach('ordem_responsaveis', resource => 'ordem_responsavel',
  key_cols => 'ordem_id,user_id', parent => 'ordem_id', parent_table => 'ordens');
SELECT audit_attach('ordem_versoes', resource => 'ordem_versao', key_cols => 'ordem_id,version',
  parent => 'ordem_id', parent_table => 'ordens');
SELECT audit_attach('ordem_marcos', resource => 'ordem_marco', parent => 'ordem_id',
  parent_table => 'ordens');
SELECT audit_attach('ordem_comentarios', resource => 'ordem_comentario', parent => 'ordem_id',
  parent_table => 'ordens', skip => 'idempotency_key');
SELECT audit_attach('ordem_fotos', resource => 'ordem_foto', parent => 'ordem_id',
  parent_table => 'ordens', skip => 'idempotency_key,conteudo');
SELECT audit_attach('custodia_passos', resource => 'custodia', parent => 'sepultado_id');
SELECT audit_attach('sepultado_restos', resource => 'restos', key_cols => 'sepultado_id',
  parent => 'sepultado_id');
SELECT audit_attach('pedidos', resource => 'pedido');
SELECT audit_attach('ics_tokens', resource => 'ics_token', key_cols => 'user_id',
  secret => 'hash');
