-- Two graves that are one, or two cemeteries that are one: a grave's condition photos (0060),
-- abandonment cases (0041) and re-registration requests (0040) follow the grave that stays, as
-- work orders, requests and custody steps already do (0050). The callers check beforehand what
-- cannot become one (two open cases, two pending requests of one person: a 409 in pt-BR).
CREATE OR REPLACE FUNCTION sepultura_merge_refs(old_id text, new_id text) RETURNS void
  LANGUAGE sql AS $$
  UPDATE ordens SET sepultura_id = new_id WHERE sepultura_id = old_id;
  UPDATE ordens SET destino_sepultura_id = new_id WHERE destino_sepultura_id = old_id;
  UPDATE pedidos SET sepultura_id = new_id WHERE sepultura_id = old_id;
  UPDATE custodia_passos SET de_sepultura_id = new_id WHERE de_sepultura_id = old_id;
  UPDATE custodia_passos SET destino_sepultura_id = new_id WHERE destino_sepultura_id = old_id;
  UPDATE sepultado_restos SET sepultura_id = new_id WHERE sepultura_id = old_id;
  UPDATE sepultura_fotos SET sepultura_id = new_id WHERE sepultura_id = old_id;
  UPDATE comisso_casos SET sepultura_id = new_id WHERE sepultura_id = old_id;
  UPDATE recadastramentos SET sepultura_id = new_id WHERE sepultura_id = old_id;
$$;

-- A cemetery merged into another: its orders and re-registration campaigns follow. Only one
-- campaign may be open per cemetery: the one of the cemetery that goes is closed today when the
-- other has one open (its requests stay with it and can still be answered).
CREATE OR REPLACE FUNCTION cemiterio_merge_refs(source text, target text) RETURNS void
  LANGUAGE sql AS $$
  UPDATE ordens SET cemiterio_id = target WHERE cemiterio_id = source;
  UPDATE recadastramento_campanhas SET encerrada_em = now()
    WHERE cemiterio_id = source AND encerrada_em IS NULL
      AND EXISTS (SELECT 1 FROM recadastramento_campanhas t
        WHERE t.cemiterio_id = target AND t.encerrada_em IS NULL);
  UPDATE recadastramento_campanhas SET cemiterio_id = target WHERE cemiterio_id = source;
$$;
