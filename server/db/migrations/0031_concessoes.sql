-- Concessions: the municipality grants a living person (the titular) the right to use a grave,
-- perpetual, for a term of years (renewable), or rotating (a few years, then exhumation).
--
-- One active concession per grave, held by a partial unique index: two offices granting the
-- same free grave at once cannot both succeed, whatever the service checked before. A transfer
-- to an heir closes the concession as 'transferida' and opens the heir's, which names it
-- (origem_id). The titular's CPF, phone, e-mail and address are personal data (LGPD): the API
-- shows them only to admins and to the account linked to the titular (titular_user_id, found
-- by the CPF when the concession is written).
CREATE TABLE concessoes (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  sepultura_id text NOT NULL REFERENCES sepulturas (id),
  titular_nome text NOT NULL CHECK (char_length(btrim(titular_nome)) BETWEEN 1 AND 150),
  titular_cpf text NOT NULL CHECK (titular_cpf ~ '^[0-9]{11}$'),
  titular_telefone text CHECK (titular_telefone ~ '^[0-9]{10,11}$'),
  titular_email text CHECK (titular_email = lower(titular_email)
    AND char_length(titular_email) <= 254),
  titular_endereco text CHECK (char_length(titular_endereco) <= 300),
  titular_user_id text REFERENCES users (id) ON DELETE SET NULL,
  regime text NOT NULL CHECK (regime IN ('perpetua', 'temporaria', 'rotativa')),
  -- The term of a temporária (years); null otherwise.
  anos smallint CHECK (anos BETWEEN 1 AND 99),
  inicio date NOT NULL CHECK (inicio >= DATE '1800-01-01'),
  -- Null for a perpétua; moved by each renewal.
  fim date,
  situacao text NOT NULL DEFAULT 'ativa' CHECK (situacao IN ('ativa', 'encerrada', 'transferida')),
  encerrada_em date,
  motivo_encerramento text CHECK (char_length(motivo_encerramento) <= 500),
  origem_id text REFERENCES concessoes (id),
  transferencia_motivo text CHECK (char_length(transferencia_motivo) <= 500),
  -- The document of the transfer as the office names it (a will, a court order's number).
  transferencia_documento text CHECK (char_length(transferencia_documento) <= 200),
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  version integer NOT NULL DEFAULT 1,
  CHECK (fim IS NULL OR fim > inicio),
  CHECK (encerrada_em IS NULL OR encerrada_em >= inicio),
  CHECK ((regime = 'temporaria') = (anos IS NOT NULL)),
  CHECK ((situacao = 'ativa') = (encerrada_em IS NULL))
);
CREATE UNIQUE INDEX concessoes_uma_ativa ON concessoes (sepultura_id) WHERE situacao = 'ativa';
CREATE INDEX concessoes_sepultura_idx ON concessoes (sepultura_id, inicio);
CREATE INDEX concessoes_titular_idx ON concessoes (titular_user_id) WHERE titular_user_id IS NOT NULL;
-- The deadlines page: active concessions by their end.
CREATE INDEX concessoes_fim_idx ON concessoes (fim) WHERE situacao = 'ativa' AND fim IS NOT NULL;

CREATE TABLE concessao_renovacoes (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  concessao_id text NOT NULL REFERENCES concessoes (id) ON DELETE CASCADE,
  -- The day the renewal was agreed.
  em date NOT NULL,
  fim_anterior date NOT NULL,
  novo_fim date NOT NULL,
  created_by text REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (novo_fim > fim_anterior)
);
CREATE INDEX concessao_renovacoes_idx ON concessao_renovacoes (concessao_id, em);

-- Annual fees where the municipality has them. Memorial records payments (the external
-- boleto/receipt number), it does not take them.
CREATE TABLE concessao_taxas (
  id text PRIMARY KEY CHECK (id ~ '^[0-9a-f]{24}$'),
  concessao_id text NOT NULL REFERENCES concessoes (id) ON DELETE CASCADE,
  ano smallint NOT NULL CHECK (ano BETWEEN 1900 AND 2200),
  valor numeric(12, 2) NOT NULL CHECK (valor >= 0),
  vencimento date NOT NULL,
  pago_em date,
  recibo text CHECK (char_length(recibo) <= 60),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (concessao_id, ano)
);
-- The deadlines page: fees open past due.
CREATE INDEX concessao_taxas_abertas_idx ON concessao_taxas (vencimento) WHERE pago_em IS NULL;

-- The grave's state follows its concessions: an active one makes it 'concedida'; when none is
-- active any more it is 'ocupada' or 'livre' again. States the office set by hand (interditada,
-- em comisso) are left alone.
CREATE OR REPLACE FUNCTION concessoes_situacao() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.sepultura_id <> NEW.sepultura_id THEN
    UPDATE sepulturas g SET situacao = CASE WHEN EXISTS (
        SELECT 1 FROM sepultados s WHERE s.sepultura_id = g.id AND s.deleted_at IS NULL)
      THEN 'ocupada' ELSE 'livre' END
    WHERE g.id = OLD.sepultura_id AND g.situacao = 'concedida';
  END IF;
  IF NEW.situacao = 'ativa' THEN
    UPDATE sepulturas SET situacao = 'concedida'
      WHERE id = NEW.sepultura_id AND situacao IN ('livre', 'ocupada');
  ELSE
    UPDATE sepulturas g SET situacao = CASE WHEN EXISTS (
        SELECT 1 FROM sepultados s WHERE s.sepultura_id = g.id AND s.deleted_at IS NULL)
      THEN 'ocupada' ELSE 'livre' END
    WHERE g.id = NEW.sepultura_id AND g.situacao = 'concedida'
      AND NOT EXISTS (SELECT 1 FROM concessoes c WHERE c.sepultura_id = g.id
        AND c.situacao = 'ativa');
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER concessoes_situacao AFTER INSERT OR UPDATE OF situacao, sepultura_id ON concessoes
  FOR EACH ROW EXECUTE FUNCTION concessoes_situacao();

-- The rule of rotating graves, per cemetery: remains may be exhumed after `exumacao_anos`, or
-- `exumacao_anos_crianca` for a child under `idade_crianca` at death (São Paulo: 3, 2, 6).
ALTER TABLE cemiterios
  ADD COLUMN exumacao_anos smallint NOT NULL DEFAULT 3 CHECK (exumacao_anos BETWEEN 1 AND 30),
  ADD COLUMN exumacao_anos_crianca smallint NOT NULL DEFAULT 2
    CHECK (exumacao_anos_crianca BETWEEN 1 AND 30),
  ADD COLUMN idade_crianca smallint NOT NULL DEFAULT 6 CHECK (idade_crianca BETWEEN 0 AND 18);
