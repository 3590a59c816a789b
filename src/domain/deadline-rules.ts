/**
 * The office's deadlines (GET /api/prazos): the kinds of item, their pt-BR names, the windows.
 * A concession "ending" is an active one whose end falls within the window (or has passed while
 * it is still active); a fee is due when open past its due date; a burial in a rotating grave
 * is due for exhumation when its years (the cemetery's rule: fewer for a young child) are up;
 * an open abandonment case is due when its waiting period after the last notice ends.
 */
export const DEADLINE_KINDS = ['concessao', 'taxa', 'exumacao', 'comisso'] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export const DEADLINE_LABEL: Record<DeadlineKind, string> = {
  concessao: 'Concessão a vencer',
  taxa: 'Taxa em atraso',
  exumacao: 'Exumação prevista',
  comisso: 'Fim do prazo de comisso',
};

/** The windows the page offers, in days ahead. */
export const DEADLINE_WINDOWS = [30, 90] as const;
export const DEADLINE_LIMITS = {
  pageSize: 50,
  maxPageSize: 200,
  /** Lines one export may hold (a whole city's year of deadlines is far fewer). */
  exportRows: 50_000,
} as const;

export const DEADLINE_FORMATS = ['csv', 'xlsx'] as const;
export type DeadlineFormat = (typeof DEADLINE_FORMATS)[number];

/** The page's chart: the weeks ahead it counts (a month and a few days), after the overdue. */
export const DEADLINE_CHART = { weeks: 5 } as const;

/** The export's columns, the same the page's list shows, in its order. */
export const DEADLINE_COLUMNS = [
  'Tipo',
  'Vence em',
  'Quadra',
  'Rua',
  'Número',
  'Titular',
  'Regime',
  'Ano da taxa',
  'Valor da taxa',
  'Sepultado',
  'Sepultura',
] as const;

/**
 * 50000 → "50.000" without Intl: this runs at module load, and the first Intl call of a page
 * loads the locale's data (tens of ms of the boot on a phone).
 */
const groupDigits = (n: number) => String(n).replace(/\B(?=(\d{3})+(?!\d))/g, '.');

export const DEADLINE_MSG = {
  forbidden: 'Somente administradores podem ver os prazos.',
  cemeteryNotFound: 'Cemitério não encontrado.',
  title: 'Prazos',
  empty: 'Nada vence neste período.',
  loadError: 'Não foi possível carregar os prazos.',
  exportError: 'Não foi possível exportar os prazos.',
  exportTooLarge: `A exportação pode ter no máximo ${groupDigits(DEADLINE_LIMITS.exportRows)} linhas: escolha um tipo ou um período menor.`,
} as const;
