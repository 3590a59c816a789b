/**
 * Reads of the concessions (migration 0031), shaped with their renewals and fees. Every shape
 * here holds the titular's personal data: callers hand it only to whom can() lets see it.
 */
import type { Concession } from '../../../src/domain/concession-types';
import type { AppContext } from '../../context';
import type { SqlRunner } from '../../db/sql-runner';

const ISO_TS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const D = (c: string) => `to_char(${c}, 'YYYY-MM-DD')`;

/** One concession row as JSON with its renewals, fees and documents, built in one statement. */
const CONCESSION_JSON = `json_build_object(
  'id', c.id, 'sepulturaId', c.sepultura_id, 'titularNome', c.titular_nome,
  'titularCpf', c.titular_cpf, 'titularTelefone', c.titular_telefone,
  'titularEmail', c.titular_email, 'titularEndereco', c.titular_endereco,
  'titularUserId', c.titular_user_id, 'regime', c.regime, 'anos', c.anos,
  'inicio', ${D('c.inicio')}, 'fim', ${D('c.fim')}, 'situacao', c.situacao,
  'encerradaEm', ${D('c.encerrada_em')}, 'motivoEncerramento', c.motivo_encerramento,
  'origemId', c.origem_id, 'transferenciaMotivo', c.transferencia_motivo,
  'transferenciaDocumento', c.transferencia_documento, 'version', c.version,
  'createdAt', to_char(c.created_at AT TIME ZONE 'UTC', ${ISO_TS}),
  'updatedAt', to_char(c.updated_at AT TIME ZONE 'UTC', ${ISO_TS}),
  'renovacoes', coalesce((SELECT json_agg(json_build_object('em', ${D('r.em')},
      'fimAnterior', ${D('r.fim_anterior')}, 'novoFim', ${D('r.novo_fim')}) ORDER BY r.em, r.id)
    FROM concessao_renovacoes r WHERE r.concessao_id = c.id), '[]'::json),
  'taxas', coalesce((SELECT json_agg(json_build_object('id', t.id, 'ano', t.ano,
      'valor', t.valor::float8, 'vencimento', ${D('t.vencimento')}, 'pagoEm', ${D('t.pago_em')},
      'recibo', t.recibo) ORDER BY t.ano)
    FROM concessao_taxas t WHERE t.concessao_id = c.id), '[]'::json),
  'documentos', coalesce((SELECT json_agg(json_build_object('id', d.id, 'titulo', d.titulo,
      'mime', d.mime, 'bytes', d.bytes,
      'createdAt', to_char(d.created_at AT TIME ZONE 'UTC', ${ISO_TS})) ORDER BY d.created_at, d.id)
    FROM concessao_documentos d WHERE d.concessao_id = c.id), '[]'::json)
) AS j`;

function shape(raw: unknown): Concession {
  const j = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Omit<Concession, '_id'>;
  return { _id: j.id, ...j };
}

export async function findConcession(runner: SqlRunner, id: string): Promise<Concession | null> {
  const [row] = await runner.query<{ j: unknown }>(
    `SELECT ${CONCESSION_JSON} FROM concessoes c WHERE c.id = $1`,
    [id],
  );
  return row ? shape(row.j) : null;
}

/** A grave's concessions, newest first; `onlyUser` keeps those linked to that account. */
export async function graveConcessions(
  ctx: AppContext,
  graveId: string,
  onlyUser: string | null = null,
): Promise<Concession[]> {
  const rows = await ctx.database.sql.query<{ j: unknown }>(
    `SELECT ${CONCESSION_JSON} FROM concessoes c
     WHERE c.sepultura_id = $1 AND ($2::text IS NULL OR c.titular_user_id = $2)
     ORDER BY c.inicio DESC, c.created_at DESC, c.id DESC`,
    [graveId, onlyUser],
  );
  return rows.map((r) => shape(r.j));
}

/** Who may see a concession: the account linked to its titular (besides admins). */
export async function concessionOwner(
  ctx: AppContext,
  id: string,
): Promise<{ sepulturaId: string; titularUserId: string | null } | null> {
  const [row] = await ctx.database.sql.query<{ sepultura_id: string; titular_user_id: string }>(
    'SELECT sepultura_id, titular_user_id FROM concessoes WHERE id = $1',
    [id],
  );
  return row ? { sepulturaId: row.sepultura_id, titularUserId: row.titular_user_id } : null;
}
