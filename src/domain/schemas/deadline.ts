/**
 * GET /api/prazos?cemiterioId&tipo&dias&page&limit (admin): what is due in one cemetery, the
 * soonest first, with the counts of each kind (src/domain/deadline-rules.ts says what each is).
 */
import { Type } from 'typebox';
import {
  DEADLINE_FORMATS,
  DEADLINE_KINDS,
  DEADLINE_LIMITS,
  type DeadlineFormat,
  type DeadlineKind,
} from '../deadline-rules';
import { NullableScalar } from './common';

const KindSchema = Type.Unsafe<DeadlineKind>({ type: 'string', enum: [...DEADLINE_KINDS] });

export const DeadlineQuerySchema = Type.Object(
  {
    cemiterioId: Type.String({ pattern: '^[0-9a-f]{24}$' }),
    tipo: Type.Optional(KindSchema),
    /** Days ahead (default 90): concessions ending and exhumations due within them. */
    dias: Type.Optional(Type.Integer({ minimum: 1, maximum: 3660 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: DEADLINE_LIMITS.maxPageSize })),
  },
  { additionalProperties: false },
);

/**
 * GET /api/prazos/exportar?cemiterioId&tipo&dias&formato (admin): every item of the same list,
 * soonest first, as CSV (UTF-8 with BOM, for Excel) or XLSX, columns DEADLINE_COLUMNS.
 */
export const DeadlineExportQuerySchema = Type.Object(
  {
    cemiterioId: DeadlineQuerySchema.properties.cemiterioId,
    tipo: Type.Optional(KindSchema),
    dias: DeadlineQuerySchema.properties.dias,
    formato: Type.Optional(
      Type.Unsafe<DeadlineFormat>({ type: 'string', enum: [...DEADLINE_FORMATS] }),
    ),
  },
  { additionalProperties: false },
);

export const DeadlineItemSchema = Type.Object({
  tipo: KindSchema,
  /** The date it falls due (ISO); before `hoje` when overdue. */
  data: Type.String(),
  sepulturaId: Type.String(),
  quadra: Type.String(),
  rua: NullableScalar<string>('string'),
  numero: Type.String(),
  concessaoId: NullableScalar<string>('string'),
  titularNome: NullableScalar<string>('string'),
  regime: NullableScalar<string>('string'),
  /** taxa: its year and amount. */
  ano: NullableScalar<number>('integer'),
  valor: NullableScalar<number>('number'),
  /** exumacao: whose remains. */
  sepultadoId: NullableScalar<string>('string'),
  sepultadoNome: NullableScalar<string>('string'),
  /** comisso: the case. */
  comissoId: NullableScalar<string>('string'),
  /** exumacao: the open exhumation order of this record, if the office made one already. */
  ordemId: Type.Optional(NullableScalar<string>('string')),
});

export const DeadlineCountsSchema = Type.Object({
  /** Active concessions ending within 30 / 90 days from today. */
  concessoes30: Type.Integer(),
  concessoes90: Type.Integer(),
  /** Active concessions whose end has passed. */
  concessoesVencidas: Type.Integer(),
  taxasVencidas: Type.Integer(),
  /** Exhumations due within the asked window (overdue included). */
  exumacoes: Type.Integer(),
  /** Open abandonment cases whose waiting period ends within the window (ended included). */
  comissos: Type.Integer(),
});

/** One bar of the month-ahead chart: items due that week, by kind (-1: already overdue). */
export const DeadlineWeekSchema = Type.Object({
  semana: Type.Integer(),
  concessao: Type.Integer(),
  taxa: Type.Integer(),
  exumacao: Type.Integer(),
  comisso: Type.Integer(),
});

export const DeadlineAnswerSchema = Type.Object({
  cemiterioId: Type.String(),
  hoje: Type.String(),
  dias: Type.Integer(),
  contagens: DeadlineCountsSchema,
  itens: Type.Array(DeadlineItemSchema),
  /** First page only: the month ahead by week, for the chart (DEADLINE_CHART). */
  mes: Type.Optional(Type.Array(DeadlineWeekSchema)),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  pages: Type.Integer(),
});

/** PUT /api/cemiterios/:id/exumacao (admin): the rotating graves' rule of one cemetery. */
export const ExhumationRuleSchema = Type.Object(
  {
    /** Years after the death before remains may be exhumed (São Paulo: 3). */
    anos: Type.Integer({ minimum: 1, maximum: 30 }),
    /** The same for a child under `idadeCrianca` at death (São Paulo: 2, under 6). */
    anosCrianca: Type.Integer({ minimum: 1, maximum: 30 }),
    idadeCrianca: Type.Integer({ minimum: 0, maximum: 18 }),
  },
  { additionalProperties: false },
);
