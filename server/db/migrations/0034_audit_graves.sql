-- Graves and concessions join the audit trail: every write of a grave, a concession, its
-- renewals and its fees writes one audit entry in the same transaction (0021's audit_attach).
-- The titular's CPF, e-mail, phone and address are stored and shown masked to whoever may not
-- see them (src/domain/audit-rules.ts PRIVATE_AUDIT_FIELDS).
-- A record's grave follows from its rua, quadra and placa (0030's trigger): not a change a
-- person made, so the record's entries do not list it (0022's list plus sepultura_id).
SELECT audit_attach('sepultados', resource => 'sepultado',
  skip => 'cemiterio,version,change_seq,change_xid,search_name,search_rua,search_doc,search_keys,search_words,sepultura_id');
SELECT audit_attach('sepulturas', resource => 'sepultura', skip => 'chave');
SELECT audit_attach('concessoes', resource => 'concessao');
SELECT audit_attach('concessao_renovacoes', resource => 'concessao_renovacao');
SELECT audit_attach('concessao_taxas', resource => 'concessao_taxa');
