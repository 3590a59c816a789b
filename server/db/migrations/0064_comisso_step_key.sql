-- An inspection taken in the field is queued on the phone and sent with its outbox id as the
-- Idempotency-Key, perhaps several times (a lost answer, the page and the service worker both
-- draining). The key is kept per author on the step, with what the request held (a sha256 of
-- the step's fields and of each photo), so a re-send answers the first result and the same key
-- with other content is told apart (server/lib/idempotency.ts). Neither is audited: they are
-- transport, not what the office reads.
ALTER TABLE comisso_etapas
  ADD COLUMN idempotency_key text CHECK (char_length(idempotency_key) <= 100),
  ADD COLUMN conteudo text,
  ADD CONSTRAINT comisso_etapas_chave UNIQUE (feito_por, idempotency_key);

SELECT audit_attach('comisso_etapas', resource => 'comisso_etapa',
  skip => 'idempotency_key,conteudo');
