-- Re-registration (recadastramento) of titulares: a campaign per cemetery (start, end; the
-- office opens and closes it) during which a signed-in person asks, from a grave's page, to be
-- registered as its titular, with a document photo. The office accepts (the active concession's
-- titular is linked to the account and updated, or the confirmation is recorded when the grave
-- has none) or refuses with a reason.
--
-- A request holds a living person's name, CPF and phone (LGPD): the API shows it only to the
-- office and to the account that sent it; the audit trail masks the titular_* columns (their
-- names are the concessions', already in PRIVATE_AUDIT_FIELDS).

CREATE TABLE recadastramento_campanhas (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  cemiterio_id text NOT NULL REFERENCES cemiterios (id),
  nome text CHECK (char_length(nome) <= 120),
  inicio date NOT NULL,
  fim date NOT NULL,
  -- When the office closed it before (or after) its end; null while not closed by hand.
  encerrada_em timestamptz,
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (fim >= inicio)
);
-- One campaign not closed by hand per cemetery: the request route looks for "the" open one.
CREATE UNIQUE INDEX recadastramento_campanhas_uma_aberta ON recadastramento_campanhas (cemiterio_id)
  WHERE encerrada_em IS NULL;

CREATE TABLE recadastramentos (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  campanha_id text NOT NULL REFERENCES recadastramento_campanhas (id),
  sepultura_id text NOT NULL REFERENCES sepulturas (id),
  -- The account that asked; a deleted account takes its requests with it (personal data).
  user_id text NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  titular_nome text NOT NULL CHECK (char_length(btrim(titular_nome)) BETWEEN 1 AND 150),
  titular_cpf text NOT NULL CHECK (titular_cpf ~ '^[0-9]{11}$'),
  titular_telefone text NOT NULL CHECK (titular_telefone ~ '^[0-9]{10,11}$'),
  -- The document photo as the image pipeline stored it (DATA_DIR/images/recadastramento/).
  documento text NOT NULL CHECK (documento ~ '^[0-9a-f]{32}\.webp$'),
  situacao text NOT NULL DEFAULT 'pendente' CHECK (situacao IN ('pendente', 'aceito', 'recusado')),
  motivo text CHECK (char_length(motivo) <= 500),
  -- The concession whose titular an acceptance linked or updated (null: the grave had none).
  concessao_id text REFERENCES concessoes (id),
  decidido_por text REFERENCES users (id) ON DELETE SET NULL,
  decidido_em timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((situacao = 'pendente') = (decidido_em IS NULL)),
  CHECK (situacao <> 'recusado' OR motivo IS NOT NULL)
);
-- A person waits for one answer per grave: a second pending request is refused (409), whatever
-- two tabs sent at once.
CREATE UNIQUE INDEX recadastramentos_um_pendente ON recadastramentos (sepultura_id, user_id)
  WHERE situacao = 'pendente';
CREATE INDEX recadastramentos_campanha_idx ON recadastramentos (campanha_id, situacao, created_at);
CREATE INDEX recadastramentos_user_idx ON recadastramentos (user_id, created_at);
CREATE INDEX recadastramentos_sepultura_idx ON recadastramentos (sepultura_id, created_at);

SELECT audit_attach('recadastramento_campanhas', resource => 'recadastramento_campanha');
SELECT audit_attach('recadastramentos', resource => 'recadastramento');
