/**
 * Concessions of graves (migration 0031): regimes, pt-BR messages and the checks the API and
 * the concession form both apply. Dates are accepted as DD/MM/AAAA (the form) or ISO and kept
 * ISO; the titular is a living person whose CPF must carry valid check digits.
 */
import { formatBrDate, parseDate } from './burial-dates';
import { onlyDigits } from './masks';
import { isValidCpf, isValidEmail, isValidPhone, normalizeEmail } from './user-rules';

export const REGIMES = ['perpetua', 'temporaria', 'rotativa'] as const;
export type Regime = (typeof REGIMES)[number];
export const REGIME_LABEL: Record<Regime, string> = {
  perpetua: 'Perpétua',
  temporaria: 'Temporária',
  rotativa: 'Rotativa',
};

export const CONCESSION_STATES = ['ativa', 'encerrada', 'transferida'] as const;
export type ConcessionState = (typeof CONCESSION_STATES)[number];

export const CONCESSION_LIMITS = {
  nome: 150,
  endereco: 300,
  motivo: 500,
  documento: 200,
  recibo: 60,
  maxYears: 99,
} as const;

export const CONC_MSG = {
  notFound: 'Concessão não encontrada.',
  forbidden: 'Somente administradores podem gerenciar concessões.',
  viewForbidden: 'Você não pode ver as concessões desta sepultura.',
  activeExists:
    'Esta sepultura já tem uma concessão ativa. Encerre-a ou transfira-a antes de conceder de novo.',
  nomeRequired: 'Informe o nome do titular.',
  nomeTooLong: `O nome do titular pode ter no máximo ${CONCESSION_LIMITS.nome} caracteres.`,
  cpfInvalid: 'CPF inválido: confira os dígitos.',
  phoneInvalid: 'Telefone inválido: informe DDD e número.',
  emailInvalid: 'E-mail inválido.',
  enderecoTooLong: `O endereço pode ter no máximo ${CONCESSION_LIMITS.endereco} caracteres.`,
  dateInvalid: 'Data inválida: use DD/MM/AAAA.',
  inicioRequired: 'Informe a data de início.',
  anosRequired: 'Informe o prazo em anos da concessão temporária.',
  anosOnlyTemporary: 'Só a concessão temporária tem prazo em anos.',
  fimPerpetual: 'A concessão perpétua não tem data de término.',
  endBeforeStart: 'A data de término deve ser posterior à de início.',
  notActive: 'Esta concessão não está ativa.',
  renewPerpetual: 'A concessão perpétua não se renova.',
  renewBeforeStart: 'A renovação não pode ser anterior ao início da concessão.',
  renewNeedsTerm: 'Informe o novo término ou o número de anos da renovação.',
  renewNotLater: 'O novo término deve ser posterior ao término atual.',
  closeBeforeStart: 'O encerramento não pode ser anterior ao início da concessão.',
  transferBeforeStart: 'A transferência não pode ser anterior ao início da concessão.',
  transferAfterEnd: 'A transferência deve ser anterior ao término da concessão.',
  motivoRequired: 'Informe o motivo.',
  documentoRequired: 'Informe o documento que fundamenta a transferência.',
  feeExists: 'Já existe a taxa deste ano para esta concessão.',
  feeNotFound: 'Taxa não encontrada.',
  valorInvalid: 'Valor inválido: informe um número maior ou igual a zero.',
  granted: 'Concessão registrada.',
  saved: 'Concessão salva.',
  renewed: 'Concessão renovada.',
  transferred: 'Concessão transferida.',
  closed: 'Concessão encerrada.',
} as const;

/** 422 under `inicio`: the period meets another concession of the grave. */
export function overlapMessage(inicio: string, fim: string | null): string {
  const until = fim ? `a ${formatBrDate(fim)}` : 'sem término';
  return `O período se sobrepõe a outra concessão desta sepultura (${formatBrDate(inicio)} ${until}).`;
}

export type Problem = { field: string; message: string };

/** A date field (DD/MM/AAAA or ISO) as ISO, or the problem under `field`. */
export function dateField(
  value: string | null | undefined,
  field: string,
): string | null | Problem {
  if (value === undefined || value === null || value.trim() === '') return null;
  const iso = parseDate(value);
  return iso ?? { field, message: CONC_MSG.dateInvalid };
}

export const isProblem = (v: unknown): v is Problem =>
  typeof v === 'object' && v !== null && 'message' in v && 'field' in v;

export interface TitularInput {
  titularNome?: string;
  titularCpf?: string;
  titularTelefone?: string | null;
  titularEmail?: string | null;
  titularEndereco?: string | null;
}

export interface TitularValues {
  titularNome?: string;
  titularCpf?: string;
  titularTelefone?: string | null;
  titularEmail?: string | null;
  titularEndereco?: string | null;
}

const blankToNull = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim();

/** The titular's fields checked and tidied (left out = not changed), or the first problem. */
export function titularValues(input: TitularInput, required: boolean): TitularValues | Problem {
  const out: TitularValues = {};
  if (input.titularNome !== undefined || required) {
    const nome = (input.titularNome ?? '').trim().replace(/\s+/g, ' ');
    if (!nome) return { field: 'titularNome', message: CONC_MSG.nomeRequired };
    if (nome.length > CONCESSION_LIMITS.nome) {
      return { field: 'titularNome', message: CONC_MSG.nomeTooLong };
    }
    out.titularNome = nome;
  }
  if (input.titularCpf !== undefined || required) {
    const cpf = onlyDigits(input.titularCpf ?? '');
    if (!isValidCpf(cpf)) return { field: 'titularCpf', message: CONC_MSG.cpfInvalid };
    out.titularCpf = cpf;
  }
  const phone = blankToNull(input.titularTelefone);
  if (phone) {
    if (!isValidPhone(phone)) return { field: 'titularTelefone', message: CONC_MSG.phoneInvalid };
    out.titularTelefone = onlyDigits(phone);
  } else if (phone === null) out.titularTelefone = null;
  const email = blankToNull(input.titularEmail);
  if (email) {
    if (!isValidEmail(email)) return { field: 'titularEmail', message: CONC_MSG.emailInvalid };
    out.titularEmail = normalizeEmail(email);
  } else if (email === null) out.titularEmail = null;
  const endereco = blankToNull(input.titularEndereco);
  if (endereco && endereco.length > CONCESSION_LIMITS.endereco) {
    return { field: 'titularEndereco', message: CONC_MSG.enderecoTooLong };
  }
  if (endereco !== undefined) out.titularEndereco = endereco;
  return out;
}

/** ISO date plus whole years (29/02 falls to 28/02 in a common year). */
export function addYears(iso: string, years: number): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  const year = y + years;
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const day = m === 2 && d === 29 && !leap ? 28 : d;
  return `${String(year).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export interface TermInput {
  regime: Regime;
  anos?: number | null;
  inicio?: string;
  fim?: string | null;
}

/**
 * A new concession's term: inicio, and fim — none for a perpétua, inicio + anos for a
 * temporária (unless fim is given), the cemetery's rotation years for a rotativa (unless
 * given). The first problem under its field otherwise.
 */
export function termValues(
  input: TermInput,
  rotationYears: number,
): { inicio: string; fim: string | null; anos: number | null } | Problem {
  const inicio = dateField(input.inicio, 'inicio');
  if (isProblem(inicio)) return inicio;
  if (!inicio) return { field: 'inicio', message: CONC_MSG.inicioRequired };
  const fimGiven = dateField(input.fim, 'fim');
  if (isProblem(fimGiven)) return fimGiven;
  const anos = input.anos ?? null;
  if (input.regime === 'temporaria' && anos === null) {
    return { field: 'anos', message: CONC_MSG.anosRequired };
  }
  if (input.regime !== 'temporaria' && anos !== null) {
    return { field: 'anos', message: CONC_MSG.anosOnlyTemporary };
  }
  if (input.regime === 'perpetua') {
    if (fimGiven) return { field: 'fim', message: CONC_MSG.fimPerpetual };
    return { inicio, fim: null, anos: null };
  }
  const fim =
    fimGiven ?? addYears(inicio, input.regime === 'temporaria' ? (anos ?? 0) : rotationYears);
  if (fim <= inicio) return { field: 'fim', message: CONC_MSG.endBeforeStart };
  return { inicio, fim, anos };
}

/** Whether [aStart, aEnd) and [bStart, bEnd) meet (null end = without end). */
export function periodsOverlap(
  aStart: string,
  aEnd: string | null,
  bStart: string,
  bEnd: string | null,
): boolean {
  return (bEnd === null || aStart < bEnd) && (aEnd === null || bStart < aEnd);
}
