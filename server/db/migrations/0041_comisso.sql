-- Abandonment (comisso) cases: opened on a grave, they record each inspection (with dated
-- photos), each notice to the titular (an e-mail sent, or a letter), each edital in the press,
-- and the decision after the waiting period counted from the last notice (prazo_dias per case,
-- 90 by default: docs/decisions/0131-comisso-cases.md).
--
-- Every step says who made it and when, twice: the device's time (X-Feito-Em, null when not
-- sent or not plausible) and the server's. One open case per grave (partial unique index);
-- while it is open the grave is 'em comisso', and its previous state is kept to be restored
-- when the case ends because the titular re-registered.

CREATE TABLE comisso_casos (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  sepultura_id text NOT NULL REFERENCES sepulturas (id),
  situacao text NOT NULL DEFAULT 'aberto' CHECK (situacao IN ('aberto', 'retomada', 'encerrado')),
  prazo_dias smallint NOT NULL DEFAULT 90 CHECK (prazo_dias BETWEEN 1 AND 3650),
  nota text CHECK (char_length(nota) <= 2000),
  situacao_anterior text NOT NULL,
  aberto_por text REFERENCES users (id) ON DELETE SET NULL,
  feito_em timestamptz,
  decisao_data date,
  decisao_nota text CHECK (char_length(decisao_nota) <= 2000),
  decidido_por text REFERENCES users (id) ON DELETE SET NULL,
  decidido_em timestamptz,
  decisao_feita_em timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  CHECK ((situacao = 'aberto') = (decidido_em IS NULL))
);
CREATE UNIQUE INDEX comisso_casos_um_aberto ON comisso_casos (sepultura_id)
  WHERE situacao = 'aberto';
CREATE INDEX comisso_casos_sepultura_idx ON comisso_casos (sepultura_id, created_at);

CREATE TABLE comisso_etapas (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  caso_id text NOT NULL REFERENCES comisso_casos (id) ON DELETE CASCADE,
  tipo text NOT NULL CHECK (tipo IN ('vistoria', 'notificacao', 'edital')),
  data date NOT NULL,
  nota text CHECK (char_length(nota) <= 2000),
  meio text CHECK (meio IN ('email', 'carta')),
  -- The address an e-mail notice was sent to (personal data: masked in the audit trail).
  titular_email text CHECK (char_length(titular_email) <= 254),
  feito_por text REFERENCES users (id) ON DELETE SET NULL,
  feito_em timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((tipo = 'notificacao') = (meio IS NOT NULL)),
  CHECK (titular_email IS NULL OR meio = 'email')
);
CREATE INDEX comisso_etapas_caso_idx ON comisso_etapas (caso_id, data, created_at);
-- The deadlines page: the last notice of each open case.
CREATE INDEX comisso_etapas_aviso_idx ON comisso_etapas (caso_id, data) WHERE tipo <> 'vistoria';

CREATE TABLE comisso_fotos (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  etapa_id text NOT NULL REFERENCES comisso_etapas (id) ON DELETE CASCADE,
  file text NOT NULL CHECK (file ~ '^[0-9a-f]{32}\.webp$'),
  thumb text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  position smallint NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comisso_fotos_etapa_idx ON comisso_fotos (etapa_id, position);

SELECT audit_attach('comisso_casos', resource => 'comisso');
SELECT audit_attach('comisso_etapas', resource => 'comisso_etapa');
SELECT audit_attach('comisso_fotos', resource => 'comisso_foto');
