/**
 * The office's deadlines of one cemetery (GET /api/prazos): four kinds of item in one list,
 * soonest first, and their counts. "Today" is the database's current_date, so every instance
 * and the counts agree. Exhumations: burials (not deleted, with a death date) lying in a grave
 * under an active rotating concession; their years are the cemetery's rule (migration 0031),
 * the child's rule when the age at death (idade, or from the dates) is under its limit.
 */
import type { Static } from 'typebox';
import type { DeadlineKind } from '../../../src/domain/deadline-rules';
import {
  DEADLINE_CHART,
  DEADLINE_KINDS,
  DEADLINE_LIMITS,
} from '../../../src/domain/deadline-rules';
import type {
  DeadlineAnswerSchema,
  DeadlineItemSchema,
  DeadlineQuerySchema,
  ExhumationRuleSchema,
} from '../../../src/domain/schemas/deadline';
import type { AppContext } from '../../context';

type Answer = Static<typeof DeadlineAnswerSchema>;
type Item = Static<typeof DeadlineItemSchema>;

const D = (c: string) => `to_char(${c}, 'YYYY-MM-DD')`;

/**
 * $1 cemetery, $2 days ahead (every part names both). Each part yields what falls due when:
 * the item's kind and date, its own id (the concession, fee, burial or case), and the
 * concession and grave where they come free (a fee's grave is found for the page's rows only).
 * Each reads its cemetery's rows by its own index (migration 0062).
 */
const PARTS: Record<DeadlineKind, string> = {
  concessao: `SELECT 'concessao' AS tipo, c.fim AS due, c.id, c.id AS concessao_id,
      c.sepultura_id
    FROM concessoes c
    WHERE c.cemiterio_id = $1 AND c.situacao = 'ativa' AND c.fim IS NOT NULL
      AND c.fim <= current_date + $2::int`,
  taxa: `SELECT 'taxa' AS tipo, t.vencimento AS due, t.id, t.concessao_id,
      NULL::text AS sepultura_id
    FROM concessao_taxas t
    WHERE t.cemiterio_id = $1 AND t.pago_em IS NULL AND t.vencimento < current_date
      AND $2::int IS NOT NULL`,
  exumacao: `SELECT 'exumacao' AS tipo, e.due, s.id, c.id AS concessao_id, c.sepultura_id
    FROM concessoes c JOIN cemiterios k ON k.id = c.cemiterio_id
    JOIN sepultados s ON s.sepultura_id = c.sepultura_id AND s.deleted_at IS NULL
      AND s.dt_fal IS NOT NULL
    CROSS JOIN LATERAL (SELECT (s.dt_fal + make_interval(years => CASE
        WHEN coalesce(s.idade, extract(year FROM age(s.dt_fal, s.dt_nasc))::int) < k.idade_crianca
        THEN k.exumacao_anos_crianca ELSE k.exumacao_anos END))::date AS due) e
    WHERE c.cemiterio_id = $1 AND c.situacao = 'ativa' AND c.regime = 'rotativa'
      AND e.due <= current_date + $2::int`,
  // The waiting period runs from the last notice (to the titular or in the press): a case
  // without one has no end yet (src/domain/comisso-rules.ts waitingEnds).
  comisso: `SELECT 'comisso' AS tipo, (n.ultimo + k.prazo_dias) AS due, k.id,
      c.id AS concessao_id, k.sepultura_id
    FROM comisso_casos k JOIN sepulturas g ON g.id = k.sepultura_id
    CROSS JOIN LATERAL (SELECT max(e.data) AS ultimo FROM comisso_etapas e
      WHERE e.caso_id = k.id AND e.tipo <> 'vistoria') n
    LEFT JOIN concessoes c ON c.sepultura_id = k.sepultura_id AND c.situacao = 'ativa'
    WHERE g.cemiterio_id = $1 AND k.situacao = 'aberto' AND n.ultimo IS NOT NULL
      AND n.ultimo + k.prazo_dias <= current_date + $2::int`,
};

/** The asked page's items, from `u` (the parts), with what names them. */
const PAGE_ROWS = `
  SELECT p.tipo, ${D('p.due')} AS data, g.id AS "sepulturaId", g.quadra, g.rua, g.numero,
    c.id AS "concessaoId", c.titular_nome AS "titularNome", c.regime,
    t.ano::int AS ano, t.valor::float8 AS valor,
    s.id AS "sepultadoId", s.nome AS "sepultadoNome",
    CASE WHEN p.tipo = 'comisso' THEN p.id END AS "comissoId",
    CASE WHEN p.tipo = 'exumacao' THEN (SELECT o.id FROM ordens o WHERE o.sepultado_id = s.id
      AND o.tipo = 'exumacao' AND o.situacao IN ('aberta', 'em andamento')
      ORDER BY o.agendada_para LIMIT 1) END AS "ordemId",
    p.due, p.id
  FROM (SELECT * FROM u WHERE tipo = ANY ($4::text[])
      AND (tipo = 'taxa' OR due <= current_date + $3::int)
    ORDER BY due, tipo, id LIMIT $5::int OFFSET $6::int) p
  LEFT JOIN concessoes c ON c.id = p.concessao_id
  JOIN sepulturas g ON g.id = coalesce(p.sepultura_id, c.sepultura_id)
  LEFT JOIN concessao_taxas t ON p.tipo = 'taxa' AND t.id = p.id
  LEFT JOIN sepultados s ON p.tipo = 'exumacao' AND s.id = p.id`;

type Week = NonNullable<Answer['mes']>[number];

/** The chart's bars from the (semana, tipo, n) groups: every week, every kind, zeros included. */
function weeksOf(groups: { semana: number; tipo: DeadlineKind; n: number }[]): Week[] {
  const weeks: Week[] = [];
  for (let semana = -1; semana < DEADLINE_CHART.weeks; semana++) {
    const at = (tipo: DeadlineKind) =>
      Number(groups.find((g) => g.semana === semana && g.tipo === tipo)?.n ?? 0);
    weeks.push({
      semana,
      concessao: at('concessao'),
      taxa: at('taxa'),
      exumacao: at('exumacao'),
      comisso: at('comisso'),
    });
  }
  return weeks;
}

/** A json column as the driver gave it: node-postgres parses it, some paths leave the text. */
function jsonOf<T>(value: T | string | null | undefined, empty: T): T {
  if (value === null || value === undefined) return empty;
  return typeof value === 'string' ? (JSON.parse(value) as T) : value;
}

export async function cemeteryExists(ctx: AppContext, id: string): Promise<boolean> {
  const rows = await ctx.database.sql.query('SELECT 1 FROM cemiterios WHERE id = $1', [id]);
  return rows.length > 0;
}

type PageRow = Omit<Item, 'ordemId'> & { ordemId: string | null };

export async function deadlines(
  ctx: AppContext,
  q: Static<typeof DeadlineQuerySchema>,
): Promise<Answer> {
  const dias = q.dias ?? 90;
  const limit = q.limit ?? DEADLINE_LIMITS.pageSize;
  const page = q.page ?? 1;
  const kinds = q.tipo ? [q.tipo] : [...DEADLINE_KINDS];
  // One statement, one pass over every kind within the widest window any figure needs: the
  // counts, the chart and the list's total count it, the asked page is cut from it.
  const widest = Math.max(dias, 90, DEADLINE_CHART.weeks * 7);
  const everything = DEADLINE_KINDS.map((k) => PARTS[k]).join('\nUNION ALL\n');
  const [counts] = await ctx.database.sql.query<{
    c30: number;
    c90: number;
    vencidas: number;
    taxas: number;
    exumacoes: number;
    comissos: number;
    total: number;
    semanas: { semana: number; tipo: DeadlineKind; n: number }[] | string | null;
    itens: PageRow[] | string | null;
    hoje: string;
  }>(
    `WITH u AS MATERIALIZED (${everything})
     SELECT
       count(*) FILTER (WHERE tipo = 'concessao' AND due >= current_date
         AND due <= current_date + 30)::int AS c30,
       count(*) FILTER (WHERE tipo = 'concessao' AND due >= current_date
         AND due <= current_date + 90)::int AS c90,
       count(*) FILTER (WHERE tipo = 'concessao' AND due < current_date)::int AS vencidas,
       count(*) FILTER (WHERE tipo = 'taxa')::int AS taxas,
       count(*) FILTER (WHERE tipo = 'exumacao' AND due <= current_date + $3::int)::int
         AS exumacoes,
       count(*) FILTER (WHERE tipo = 'comisso' AND due <= current_date + $3::int)::int
         AS comissos,
       count(*) FILTER (WHERE tipo = ANY ($4::text[])
         AND (tipo = 'taxa' OR due <= current_date + $3::int))::int AS total,
       (SELECT json_agg(w) FROM (
          SELECT CASE WHEN due < current_date THEN -1 ELSE (due - current_date) / 7 END AS semana,
            tipo,
            count(*)::int AS n
          FROM u WHERE due < current_date + ${DEADLINE_CHART.weeks * 7} GROUP BY 1, 2) w
       ) AS semanas,
       (SELECT json_agg(r ORDER BY r.due, r.tipo, r.id) FROM (${PAGE_ROWS}) r) AS itens,
       ${D('current_date')} AS hoje
     FROM u`,
    [q.cemiterioId, widest, dias, kinds, limit, (page - 1) * limit],
  );
  const n = Number(counts?.total ?? 0);
  const mes = page === 1 ? weeksOf(jsonOf(counts?.semanas, [])) : undefined;
  const itens: Item[] = jsonOf(counts?.itens, []).map((r) => ({
    tipo: r.tipo,
    data: r.data,
    sepulturaId: r.sepulturaId,
    quadra: r.quadra,
    rua: r.rua,
    numero: r.numero,
    concessaoId: r.concessaoId,
    titularNome: r.titularNome,
    regime: r.regime,
    ano: r.ano === null ? null : Number(r.ano),
    valor: r.valor === null ? null : Number(r.valor),
    sepultadoId: r.sepultadoId,
    sepultadoNome: r.sepultadoNome,
    comissoId: r.comissoId,
    // A rotating grave due for exhumation offers its order: the open one, once made.
    ...(r.tipo === 'exumacao' ? { ordemId: r.ordemId } : {}),
  }));
  return {
    cemiterioId: q.cemiterioId,
    hoje: counts?.hoje ?? '',
    dias,
    contagens: {
      concessoes30: Number(counts?.c30 ?? 0),
      concessoes90: Number(counts?.c90 ?? 0),
      concessoesVencidas: Number(counts?.vencidas ?? 0),
      taxasVencidas: Number(counts?.taxas ?? 0),
      exumacoes: Number(counts?.exumacoes ?? 0),
      comissos: Number(counts?.comissos ?? 0),
    },
    itens,
    ...(mes ? { mes } : {}),
    page,
    limit,
    total: n,
    pages: Math.ceil(n / limit),
  };
}

type Rule = Static<typeof ExhumationRuleSchema>;
const RULE = `exumacao_anos AS anos, exumacao_anos_crianca AS "anosCrianca",
  idade_crianca AS "idadeCrianca"`;

export async function exhumationRule(ctx: AppContext, id: string): Promise<Rule | null> {
  const [row] = await ctx.database.sql.query<Rule>(`SELECT ${RULE} FROM cemiterios WHERE id = $1`, [
    id,
  ]);
  return row ?? null;
}

export async function setExhumationRule(
  ctx: AppContext,
  id: string,
  rule: Rule,
): Promise<Rule | null> {
  const [row] = await ctx.database.sql.query<Rule>(
    `UPDATE cemiterios SET exumacao_anos = $2, exumacao_anos_crianca = $3, idade_crianca = $4,
       updated_at = now() WHERE id = $1 RETURNING ${RULE}`,
    [id, rule.anos, rule.anosCrianca, rule.idadeCrianca],
  );
  return row ?? null;
}
