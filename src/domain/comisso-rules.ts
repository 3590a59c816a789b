/**
 * Abandonment (comisso) cases of graves (migration 0041): inspection of the grave's condition,
 * notice to the titular (an e-mail sent for real, or a letter recorded), three notices in the
 * press (editais), a waiting period counted from the last notice, then the decision. pt-BR
 * messages and the checks the API and the screens both apply. The waiting period defaults to
 * 90 days (docs/decisions/0131-comisso-cases.md) and is set per case.
 */
import { dateField, isProblem, type Problem } from './concession-rules';

export const CASE_STATES = ['aberto', 'retomada', 'encerrado'] as const;
export type CaseState = (typeof CASE_STATES)[number];
export const CASE_STATE_LABEL: Record<CaseState, string> = {
  aberto: 'Aberto',
  retomada: 'Sepultura retomada',
  encerrado: 'Encerrado (titular recadastrado)',
};

export const STEP_KINDS = ['vistoria', 'notificacao', 'edital'] as const;
export type StepKind = (typeof STEP_KINDS)[number];
export const STEP_LABEL: Record<StepKind, string> = {
  vistoria: 'Vistoria',
  notificacao: 'Notificação ao titular',
  edital: 'Edital publicado',
};

export const NOTICE_MEANS = ['email', 'carta'] as const;
export type NoticeMeans = (typeof NOTICE_MEANS)[number];
export const NOTICE_MEANS_LABEL: Record<NoticeMeans, string> = {
  email: 'E-mail',
  carta: 'Carta',
};

/** The decisions that close a case: the grave taken back, or the titular re-registered. */
export const DECISIONS = ['retomada', 'encerrado'] as const;
export type Decision = (typeof DECISIONS)[number];

export const COMISSO_LIMITS = {
  /** Days of waiting after the last notice, when the case does not say (decision 0131). */
  defaultDays: 90,
  minDays: 1,
  maxDays: 3650,
  /** The press notices the procedure requires. */
  editais: 3,
  nota: 2000,
  photos: 10,
} as const;

export const COMISSO_MSG = {
  forbidden: 'Somente administradores podem conduzir processos de comisso.',
  inspectForbidden:
    'Você só pode registrar vistorias de sepulturas com registros atribuídos a você.',
  notFound: 'Processo de comisso não encontrado.',
  openExists: 'Esta sepultura já tem um processo de comisso aberto.',
  notOpen: 'Este processo de comisso já foi encerrado.',
  grantBlocked:
    'Esta sepultura está em processo de comisso: não pode ser concedida enquanto o processo estiver aberto.',
  dataRequired: 'Informe a data.',
  dateInvalid: 'Data inválida: use DD/MM/AAAA.',
  notaTooLong: `A observação pode ter no máximo ${COMISSO_LIMITS.nota} caracteres.`,
  meioRequired: 'Escolha como o titular foi notificado: e-mail ou carta.',
  meioOnlyNotice: 'Só a notificação tem meio (e-mail ou carta).',
  photosOnlyInspection: 'Só a vistoria tem fotos.',
  noEmail:
    'O titular não tem e-mail cadastrado na concessão ativa: informe um e-mail ou registre uma carta.',
  emailInvalid: 'E-mail inválido.',
  mailFailed: 'Não foi possível enviar o e-mail agora. Tente de novo em instantes.',
  tooManyEditais: `O processo já tem os ${COMISSO_LIMITS.editais} editais.`,
  prazoInvalid: `O prazo deve ser de ${COMISSO_LIMITS.minDays} a ${COMISSO_LIMITS.maxDays} dias.`,
  decisaoEarly: (until: string) =>
    `A sepultura só pode ser retomada depois dos ${COMISSO_LIMITS.editais} editais e do fim do prazo (${until}).`,
  decisaoNeedsEditais: `A sepultura só pode ser retomada depois dos ${COMISSO_LIMITS.editais} editais publicados.`,
  opened: 'Processo de comisso aberto.',
  stepAdded: 'Etapa registrada.',
  decided: 'Processo de comisso encerrado.',
} as const;

/** An ISO date plus whole days (UTC calendar arithmetic: no time zone can move it). */
export function addDays(iso: string, days: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** One step's date (DD/MM/AAAA or ISO) as ISO, or the problem. */
export function stepDate(value: string | undefined): string | Problem {
  const iso = dateField(value, 'data');
  if (isProblem(iso)) return { field: 'data', message: COMISSO_MSG.dateInvalid };
  if (!iso) return { field: 'data', message: COMISSO_MSG.dataRequired };
  return iso;
}

/** A step's or a decision's free note, tidied (null when blank), or the problem. */
export function noteValue(nota: string | null | undefined): string | null | Problem {
  const text = (nota ?? '').trim();
  if (!text) return null;
  if (text.length > COMISSO_LIMITS.nota) return { field: 'nota', message: COMISSO_MSG.notaTooLong };
  return text;
}

/**
 * When the waiting period ends: `prazoDias` after the last notice (a notice to the titular or
 * an edital), or null while no notice was given.
 */
export function waitingEnds(
  steps: readonly { tipo: StepKind; data: string }[],
  prazoDias: number,
): string | null {
  // ISO dates sort as text.
  const notices = steps
    .filter((s) => s.tipo !== 'vistoria')
    .map((s) => s.data)
    .sort();
  const last = notices.at(-1);
  return last ? addDays(last, prazoDias) : null;
}
