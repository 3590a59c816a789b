/**
 * Reads of the re-registration (migration 0040): campaigns, requests and a campaign's progress
 * per quadra. A request's CPF and phone are in every RequestRow: the routes decide who gets one.
 */
import type { Campaign, Progress, ReregRequest } from '../../../src/domain/recadastramento-types';
import type { AppContext } from '../../context';

const ISO_TS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const ts = (col: string) => `to_char(${col} AT TIME ZONE 'UTC', ${ISO_TS})`;
const day = (col: string) => `to_char(${col}, 'YYYY-MM-DD')`;

/** A campaign `k` with its cemetery, shaped as Campaign. */
const CAMPAIGN_SELECT = `k.id, k.cemiterio_id AS "cemiterioId", c.nome AS cemiterio, k.nome,
  ${day('k.inicio')} AS inicio, ${day('k.fim')} AS fim,
  ${ts('k.encerrada_em')} AS "encerradaEm",
  (k.encerrada_em IS NULL AND current_date BETWEEN k.inicio AND k.fim) AS aberta,
  (SELECT count(*) FROM recadastramentos r WHERE r.campanha_id = k.id
    AND r.situacao = 'pendente')::int AS pendentes,
  ${ts('k.created_at')} AS "createdAt"
  FROM recadastramento_campanhas k JOIN cemiterios c ON c.id = k.cemiterio_id`;

const toCampaign = (r: Campaign): Campaign => ({ ...r, pendentes: Number(r.pendentes) });

export async function findCampaign(ctx: AppContext, id: string): Promise<Campaign | null> {
  const [row] = await ctx.database.sql.query<Campaign>(
    `SELECT ${CAMPAIGN_SELECT} WHERE k.id = $1`,
    [id],
  );
  return row ? toCampaign(row) : null;
}

export async function listCampaigns(
  ctx: AppContext,
  cemiterioId: string | undefined,
): Promise<Campaign[]> {
  const rows = await ctx.database.sql.query<Campaign>(
    `SELECT ${CAMPAIGN_SELECT} WHERE ($1::text IS NULL OR k.cemiterio_id = $1)
     ORDER BY k.encerrada_em IS NULL DESC, k.inicio DESC, k.id LIMIT 200`,
    [cemiterioId ?? null],
  );
  return rows.map(toCampaign);
}

/** The campaign taking requests today in a grave's cemetery, if any. */
export async function openCampaignOfGrave(
  ctx: AppContext,
  graveId: string,
): Promise<Campaign | null> {
  const [row] = await ctx.database.sql.query<Campaign>(
    `SELECT ${CAMPAIGN_SELECT} WHERE k.cemiterio_id = (SELECT cemiterio_id FROM sepulturas
       WHERE id = $1) AND k.encerrada_em IS NULL AND current_date BETWEEN k.inicio AND k.fim`,
    [graveId],
  );
  return row ? toCampaign(row) : null;
}

interface RequestRow {
  id: string;
  campanha_id: string;
  sepultura_id: string;
  cemiterio: string;
  quadra: string;
  rua: string | null;
  numero: string;
  user_id: string | null;
  titular_nome: string;
  titular_cpf: string;
  titular_telefone: string;
  situacao: ReregRequest['situacao'];
  motivo: string | null;
  concessao_id: string | null;
  criado_em: string;
  decidido_em: string | null;
}

const REQUEST_SELECT = `r.id, r.campanha_id, r.sepultura_id, c.nome AS cemiterio, g.quadra, g.rua,
  g.numero, r.user_id, r.titular_nome, r.titular_cpf, r.titular_telefone, r.situacao, r.motivo,
  r.concessao_id, ${ts('r.created_at')} AS criado_em, ${ts('r.decidido_em')} AS decidido_em
  FROM recadastramentos r JOIN sepulturas g ON g.id = r.sepultura_id
  JOIN cemiterios c ON c.id = g.cemiterio_id`;

export const documentUrl = (id: string) => `/api/recadastramento/pedidos/${id}/documento`;

function toRequest(r: RequestRow): ReregRequest {
  return {
    id: r.id,
    campanhaId: r.campanha_id,
    sepulturaId: r.sepultura_id,
    cemiterio: r.cemiterio,
    quadra: r.quadra,
    rua: r.rua,
    numero: r.numero,
    userId: r.user_id,
    titularNome: r.titular_nome,
    titularCpf: r.titular_cpf,
    titularTelefone: r.titular_telefone,
    situacao: r.situacao,
    motivo: r.motivo,
    documentoUrl: documentUrl(r.id),
    concessaoId: r.concessao_id,
    criadoEm: r.criado_em,
    decididoEm: r.decidido_em,
  };
}

export async function findRequest(ctx: AppContext, id: string): Promise<ReregRequest | null> {
  const [row] = await ctx.database.sql.query<RequestRow>(
    `SELECT ${REQUEST_SELECT} WHERE r.id = $1`,
    [id],
  );
  return row ? toRequest(row) : null;
}

/** One person's requests, newest first (for a grave, or all of them). */
export async function ownRequests(
  ctx: AppContext,
  userId: string,
  graveId: string | null = null,
): Promise<ReregRequest[]> {
  const rows = await ctx.database.sql.query<RequestRow>(
    `SELECT ${REQUEST_SELECT} WHERE r.user_id = $1 AND ($2::text IS NULL OR r.sepultura_id = $2)
     ORDER BY r.created_at DESC, r.id LIMIT 200`,
    [userId, graveId],
  );
  return rows.map(toRequest);
}

/** The office's list: a campaign's (or every) request, pending first then newest. */
export async function listRequests(
  ctx: AppContext,
  q: { campanhaId?: string; situacao?: string; page: number; limit: number },
): Promise<{ itens: ReregRequest[]; total: number }> {
  const params = [q.campanhaId ?? null, q.situacao ?? null];
  const where = `WHERE ($1::text IS NULL OR r.campanha_id = $1)
    AND ($2::text IS NULL OR r.situacao = $2)`;
  const [count] = await ctx.database.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM recadastramentos r ${where}`,
    params,
  );
  const rows = await ctx.database.sql.query<RequestRow>(
    `SELECT ${REQUEST_SELECT} ${where}
     ORDER BY r.situacao = 'pendente' DESC, r.created_at DESC, r.id
     LIMIT ${q.limit} OFFSET ${(q.page - 1) * q.limit}`,
    params,
  );
  return { itens: rows.map(toRequest), total: Number(count?.n ?? 0) };
}

/** Who sent a request and its stored document (for the guarded document route). */
export async function requestDocument(
  ctx: AppContext,
  id: string,
): Promise<{ userId: string; documento: string } | null> {
  const [row] = await ctx.database.sql.query<{ userId: string; documento: string }>(
    `SELECT user_id AS "userId", documento FROM recadastramentos WHERE id = $1`,
    [id],
  );
  return row ?? null;
}

/**
 * A campaign's progress per quadra. The graves counted are those of its cemetery that hold
 * someone or a title (a free grave has nobody to answer) plus any grave someone asked about;
 * confirmed: a request accepted in this campaign; pending: one waiting, none accepted; the
 * rest (nobody asked, or only refused) have no answer yet.
 */
export async function campaignProgress(ctx: AppContext, campanha: Campaign): Promise<Progress> {
  const rows = await ctx.database.sql.query<{
    quadra: string;
    sepulturas: number;
    confirmadas: number;
    pendentes: number;
  }>(
    `WITH r AS (
       SELECT sepultura_id, bool_or(situacao = 'aceito') AS aceito,
         bool_or(situacao = 'pendente') AS pendente
       FROM recadastramentos WHERE campanha_id = $2 GROUP BY sepultura_id)
     SELECT g.quadra, count(*)::int AS sepulturas,
       count(*) FILTER (WHERE r.aceito)::int AS confirmadas,
       count(*) FILTER (WHERE r.pendente AND NOT r.aceito)::int AS pendentes
     FROM sepulturas g LEFT JOIN r ON r.sepultura_id = g.id
     WHERE g.cemiterio_id = $1 AND (g.situacao <> 'livre' OR r.sepultura_id IS NOT NULL)
     GROUP BY g.quadra ORDER BY lpad(g.quadra, 30, '0'), g.quadra`,
    [campanha.cemiterioId, campanha.id],
  );
  const quadras = rows.map((r) => {
    const sepulturas = Number(r.sepulturas);
    const confirmadas = Number(r.confirmadas);
    const pendentes = Number(r.pendentes);
    return {
      quadra: r.quadra,
      sepulturas,
      confirmadas,
      pendentes,
      semResposta: sepulturas - confirmadas - pendentes,
    };
  });
  const sum = (k: 'sepulturas' | 'confirmadas' | 'pendentes' | 'semResposta') =>
    quadras.reduce((s, q) => s + q[k], 0);
  return {
    campanha,
    totais: {
      sepulturas: sum('sepulturas'),
      confirmadas: sum('confirmadas'),
      pendentes: sum('pendentes'),
      semResposta: sum('semResposta'),
    },
    quadras,
  };
}
