-- The tables audited from the start (0021 explains the trail). The record's derived columns
-- (its cemetery's name, the search columns, the sync stamps) are not what a person changed.
SELECT audit_attach('sepultados', resource => 'sepultado',
  skip => 'cemiterio,version,change_seq,change_xid,search_name,search_rua,search_doc,search_keys,search_words');
SELECT audit_attach('sepultado_fotos', resource => 'foto', parent => 'sepultado_id');
SELECT audit_attach('sepultado_concessionarios', resource => 'atribuicao',
  key_cols => 'sepultado_id,user_id', parent => 'sepultado_id');
SELECT audit_attach('comentarios', resource => 'homenagem', parent => 'sepultado_id',
  skip => 'idempotency_key');
SELECT audit_attach('users', resource => 'usuario', skip => 'token_version',
  secret => 'password_hash');
SELECT audit_attach('cemiterios', resource => 'cemiterio', cemetery => 'id', skip => 'nome_chave');
SELECT audit_attach('cemiterio_planos', resource => 'plano', key_cols => 'cemiterio_id');
