-- The deadlines page asks, for one cemetery, its active concessions by end, its rotating
-- concessions and its open fees. A concession knew its cemetery only through its grave, so each
-- of those questions read the whole city's rows of that kind and kept the cemetery's afterwards
-- (at 2,000,000 records, Vila Formosa's page took a second). Concessions and fees now carry
-- their cemetery, kept by triggers from the grave (graves change cemetery when two cemeteries
-- are merged; concessions change grave when two graves are), and each question has its index.
-- Filled with the audit trail's triggers off: copying the grave's cemetery is not a change a
-- person made (with them on, every concession and fee got an entry "alterar" by no one).
ALTER TABLE concessoes ADD COLUMN cemiterio_id text REFERENCES cemiterios (id);
ALTER TABLE concessao_taxas ADD COLUMN cemiterio_id text REFERENCES cemiterios (id);
ALTER TABLE concessoes DISABLE TRIGGER audit;
ALTER TABLE concessao_taxas DISABLE TRIGGER audit;
UPDATE concessoes c SET cemiterio_id = g.cemiterio_id FROM sepulturas g WHERE g.id = c.sepultura_id;
UPDATE concessao_taxas t SET cemiterio_id = c.cemiterio_id FROM concessoes c
  WHERE c.id = t.concessao_id;
ALTER TABLE concessoes ENABLE TRIGGER audit;
ALTER TABLE concessao_taxas ENABLE TRIGGER audit;
ALTER TABLE concessoes ALTER COLUMN cemiterio_id SET NOT NULL;
ALTER TABLE concessao_taxas ALTER COLUMN cemiterio_id SET NOT NULL;

DROP INDEX concessoes_fim_idx;
DROP INDEX concessao_taxas_abertas_idx;
CREATE INDEX concessoes_prazo_idx ON concessoes (cemiterio_id, fim)
  WHERE situacao = 'ativa' AND fim IS NOT NULL;
CREATE INDEX concessoes_rotativas_idx ON concessoes (cemiterio_id, sepultura_id)
  WHERE situacao = 'ativa' AND regime = 'rotativa';
CREATE INDEX concessao_taxas_abertas_idx ON concessao_taxas (cemiterio_id, vencimento)
  WHERE pago_em IS NULL;
-- The foreign keys' own lookups (a cemetery deleted or merged).
CREATE INDEX concessoes_cemiterio_idx ON concessoes (cemiterio_id);
CREATE INDEX concessao_taxas_cemiterio_idx ON concessao_taxas (cemiterio_id);

-- A new concession, or one moved to another grave, takes the grave's cemetery.
CREATE OR REPLACE FUNCTION concessoes_cemiterio() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  SELECT g.cemiterio_id INTO NEW.cemiterio_id FROM sepulturas g WHERE g.id = NEW.sepultura_id;
  RETURN NEW;
END $$;
CREATE TRIGGER concessoes_cemiterio BEFORE INSERT OR UPDATE OF sepultura_id ON concessoes
  FOR EACH ROW EXECUTE FUNCTION concessoes_cemiterio();

-- A fee takes its concession's cemetery.
CREATE OR REPLACE FUNCTION concessao_taxas_cemiterio() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  SELECT c.cemiterio_id INTO NEW.cemiterio_id FROM concessoes c WHERE c.id = NEW.concessao_id;
  RETURN NEW;
END $$;
CREATE TRIGGER concessao_taxas_cemiterio BEFORE INSERT OR UPDATE OF concessao_id
  ON concessao_taxas FOR EACH ROW EXECUTE FUNCTION concessao_taxas_cemiterio();

-- A grave moved to another cemetery takes its concessions along, and a concession its fees.
CREATE OR REPLACE FUNCTION sepulturas_cemiterio_segue() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE concessoes SET cemiterio_id = NEW.cemiterio_id
    WHERE sepultura_id = NEW.id AND cemiterio_id <> NEW.cemiterio_id;
  RETURN NULL;
END $$;
CREATE TRIGGER sepulturas_cemiterio_segue AFTER UPDATE ON sepulturas
  FOR EACH ROW WHEN (OLD.cemiterio_id IS DISTINCT FROM NEW.cemiterio_id)
  EXECUTE FUNCTION sepulturas_cemiterio_segue();

CREATE OR REPLACE FUNCTION concessoes_cemiterio_segue() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE concessao_taxas SET cemiterio_id = NEW.cemiterio_id
    WHERE concessao_id = NEW.id AND cemiterio_id <> NEW.cemiterio_id;
  RETURN NULL;
END $$;
-- Not "UPDATE OF cemiterio_id": a column set by the BEFORE trigger above is not in the
-- statement's SET list, and such a trigger would not fire.
CREATE TRIGGER concessoes_cemiterio_segue AFTER UPDATE ON concessoes
  FOR EACH ROW WHEN (OLD.cemiterio_id IS DISTINCT FROM NEW.cemiterio_id)
  EXECUTE FUNCTION concessoes_cemiterio_segue();

-- The audit trail: the cemetery follows from the grave, not a change a person made; with the
-- column there, a concession's and a fee's entries now name their cemetery as a record's do.
SELECT audit_attach('concessoes', resource => 'concessao', skip => 'cemiterio_id');
SELECT audit_attach('concessao_taxas', resource => 'concessao_taxa', skip => 'cemiterio_id');
