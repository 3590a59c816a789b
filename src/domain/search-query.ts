/**
 * What a typed search means, for the server and the offline client alike: limits,
 * pt-BR messages, and the split of "Souza quadra 12" into terms that each must match a field.
 *
 * - Words are folded and variant-normalized (search-text.ts); particles are dropped.
 * - "quadra 12", "qd 12", "q12" → 12 must be the quadra; "placa 458", "chapa 458", "pl 458",
 *   "nº 458", "n 458" → the plate; "rua 3", "avenida brasil", "av brasil" → the street. Such a
 *   keyword scopes the one word after it (particles skipped: "rua das flores" → flores).
 *   One-letter keywords (q, p, n, r) count only before a number, so "Maria P" stays a name.
 * - Every other word may match the name, the street, the quadra or the plate.
 */
import {
  foldText,
  isNumberWord,
  normalizeVariants,
  PARTICLES,
  splitWords,
  stripZeros,
} from './search-text';

export const SEARCH_LIMITS = {
  /** Longest query accepted, in characters (after trimming). */
  maxLength: 100,
  /** Results per page of the public search (spec §9: limit 50). */
  defaultLimit: 50,
  maxLimit: 50,
  /** Suggestions under the navbar box. */
  suggestions: 8,
  /** The client asks for suggestions from this many characters (spec §9). */
  minSuggestionChars: 2,
  /** Only the first words count: a pasted paragraph cannot make the query grow. */
  maxTerms: 8,
  /**
   * The total is exact up to this many matches; past it the answer says "more than"
   * (`totalIsLowerBound`), so a common name is not counted to the last record (decision 0023).
   */
  totalCap: 1000,
} as const;

export const SEARCH_MSG = {
  empty: 'Digite um termo para pesquisar.',
  tooLong: `A pesquisa pode ter no máximo ${SEARCH_LIMITS.maxLength} caracteres.`,
  failed: 'Ocorreu um erro inesperado ao realizar a pesquisa.',
  noTerm: 'Digite algo na barra de pesquisa para encontrar sepultados.',
  noResults: 'Nenhum resultado encontrado',
  noSuggestions: 'Nenhuma sugestão encontrada',
  searching: 'Pesquisando...',
  hint: 'Pesquise pelo nome completo ou parte dele, pela rua, pela quadra ou pelo número da placa.',
  fromDevice: 'Sem conexão: resultados salvos neste aparelho.',
} as const;

/**
 * "N resultado(s) encontrado(s)" / "Nenhum resultado encontrado" (spec §2); past the cap (the
 * server's `totalIsLowerBound`, or an exact total above it on the device) "Mais de 1.000
 * resultados encontrados", so the same search says the same online and offline.
 */
export function resultCountText(total: number, totalIsLowerBound = false): string {
  if (totalIsLowerBound || total > SEARCH_LIMITS.totalCap) {
    return `Mais de ${SEARCH_LIMITS.totalCap.toLocaleString('pt-BR')} resultados encontrados`;
  }
  return total === 0 ? SEARCH_MSG.noResults : `${total} resultado(s) encontrado(s)`;
}

/** null when the query may be sent; otherwise the pt-BR reason (empty, too long). */
export function validateSearchQuery(q: string | null | undefined): string | null {
  const trimmed = (q ?? '').trim();
  if (trimmed === '') return SEARCH_MSG.empty;
  if (trimmed.length > SEARCH_LIMITS.maxLength) return SEARCH_MSG.tooLong;
  return null;
}

/** Where a term must match: anywhere, or the field its keyword named. */
export type TermField = 'any' | 'quadra' | 'chapa' | 'rua';

export interface QueryTerm {
  /** Normalized word (numbers without leading zeros). */
  text: string;
  field: TermField;
  /** All digits: compared whole (=) or as a part (~) of plate, quadra and street numbers. */
  numeric: boolean;
  /**
   * Other spellings of the text when it is the last, maybe half-typed, word: "conc" may be
   * the start of "Conceição", stored as "conseicao" (c before e → s), so "cons" is tried too;
   * likewise a final p may begin "ph" (→ f). Used for "starts with" and "contains" only.
   */
  alts: string[];
}

export interface SearchQuery {
  terms: QueryTerm[];
}

const QUADRA_WORDS = new Set(['quadra', 'quadras', 'qd', 'qda', 'quad']);
const CHAPA_WORDS = new Set(['placa', 'chapa', 'pl', 'plc', 'numero', 'num', 'nro']);
const RUA_WORDS = new Set([
  'rua',
  'avenida',
  'av',
  'alameda',
  'al',
  'travessa',
  'tv',
  'trav',
  'praca',
  'estrada',
  'viela',
  'largo',
]);
/** Keywords too short to trust before a word: only before a number. */
const NUMBER_ONLY_KEYWORDS: Record<string, TermField> = {
  q: 'quadra',
  p: 'chapa',
  n: 'chapa',
  no: 'chapa',
  r: 'rua',
};

function keywordField(word: string): TermField | null {
  if (QUADRA_WORDS.has(word)) return 'quadra';
  if (CHAPA_WORDS.has(word)) return 'chapa';
  if (RUA_WORDS.has(word)) return 'rua';
  return null;
}

/** "q12", "qd12", "pl0458", "n458" → ["q", "12"]; other words stay whole. */
function splitGlued(word: string): string[] {
  const m = /^([a-z]+)([0-9]+)$/.exec(word);
  if (!m?.[1] || !m[2]) return [word];
  const head = m[1];
  return keywordField(head) || head in NUMBER_ONLY_KEYWORDS ? [head, m[2]] : [word];
}

function toTerm(word: string, field: TermField): QueryTerm {
  const numeric = isNumberWord(word);
  return { text: numeric ? stripZeros(word) : normalizeVariants(word), field, numeric, alts: [] };
}

/** Spellings the word may still become once typed on (see QueryTerm.alts). */
export function prefixAlternatives(word: string): string[] {
  const text = normalizeVariants(word);
  const alts = new Set<string>();
  if (text.endsWith('c')) alts.add(normalizeVariants(`${word.slice(0, -1)}s`));
  if (text.endsWith('p')) alts.add(normalizeVariants(`${word.slice(0, -1)}f`));
  alts.delete(text);
  return [...alts];
}

/** The terms of a query; an empty list when nothing searchable was typed (e.g. "%" or "da"). */
export function parseQuery(q: string): SearchQuery {
  const words = splitWords(foldText(q)).flatMap(splitGlued);
  const terms: QueryTerm[] = [];
  for (let i = 0; i < words.length && terms.length < SEARCH_LIMITS.maxTerms; i++) {
    const word = words[i] ?? '';
    if (PARTICLES.has(word)) continue;
    let j = i + 1;
    while (j < words.length && PARTICLES.has(words[j] ?? '')) j++;
    const next = words[j];
    const field =
      keywordField(word) ??
      (next !== undefined && isNumberWord(next) ? (NUMBER_ONLY_KEYWORDS[word] ?? null) : null);
    if (field) {
      // A keyword scopes the next word; a keyword at the end ("maria quadra") is ignored.
      if (next !== undefined && !keywordField(next)) {
        terms.push(toTerm(next, field));
        i = j;
      }
      continue;
    }
    terms.push(toTerm(word, 'any'));
  }
  const last = terms[terms.length - 1];
  const lastWord = words[words.length - 1];
  if (last && lastWord && !last.numeric && last.text === normalizeVariants(lastWord)) {
    last.alts = prefixAlternatives(lastWord);
  }
  return { terms };
}

/**
 * The query as normalized words without particles or keywords' scope, e.g. for a Dexie
 * lookup on name tokens: "José da Conceição" → ["jose", "conseicao"].
 */
export function tokenizeQuery(q: string): string[] {
  return parseQuery(q).terms.map((t) => t.text);
}
