/**
 * Text rules of the burial search, shared by the server and the offline client:
 * folding (case, accents, spaces), the split into words, the pt-BR spelling variants that are
 * treated as equal, name particles, and plate/block numbers.
 *
 * The server keeps the same normalization in SQL (migration 0004: search_words, search_variants,
 * search_norm, search_keys) so that it can index it; tests/api/search-parity.test.ts checks on
 * both engines that the SQL and these functions give the same words and keys. Change both, or
 * neither. Pure TypeScript, no Node or DOM API, no regex lookbehind (older Safari lacks it).
 */

/** Name particles that never have to be typed ("José da Conceição" = "jose conceicao"). */
export const PARTICLES: ReadonlySet<string> = new Set(['da', 'de', 'do', 'das', 'dos', 'e']);

// Letters NFD does not take apart; PostgreSQL's unaccent maps the same ones. º and ª are mapped
// here and in SQL before unaccent because unaccent's rules for them changed between versions.
const SPECIAL: Record<string, string> = {
  ß: 'ss',
  æ: 'ae',
  œ: 'oe',
  ø: 'o',
  đ: 'd',
  ł: 'l',
  ı: 'i',
  ð: 'd',
  º: 'o',
  ª: 'a',
};
const SPECIAL_RE = /[ßæœøđłıðºª]/g;
const MARKS_RE = /[\u0300-\u036f]/g;

/** Lowercase, accents stripped, runs of white space made one space, trimmed. */
export function foldText(s: string): string {
  return s
    .normalize('NFD')
    .replace(MARKS_RE, '')
    .toLowerCase()
    .replace(SPECIAL_RE, (c) => SPECIAL[c] ?? c)
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The words of a folded text: apostrophes join ("D'Ávila" → "davila"), anything else that is
 * not a-z or 0-9 separates (so "%", "_" and "\" can never reach a LIKE pattern).
 */
export function splitWords(folded: string): string[] {
  return folded
    .replace(/['‘’`´]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}

/**
 * Spelling variants that pt-BR names use interchangeably, made equal: ph→f; a silent h dropped
 * (Thiago/Tiago, Helena/Elena, Jhonatan) but ch, lh, nh kept; y→i, w→v, k→c, z→s
 * (Souza/Sousa, Luiz/Luis, Walter/Valter); ae→ai (Moraes/Morais); c before e/i → s
 * (Conceição/Conseição, Cecília/Secília); doubled letters single (Isabella, Mello, Nascimento).
 * Applied to folded words; digits are left alone. The order matters and matches SQL.
 */
export function normalizeVariants(word: string): string {
  return word
    .replaceAll('ph', 'f')
    .replaceAll('ch', 'C')
    .replaceAll('lh', 'L')
    .replaceAll('nh', 'N')
    .replaceAll('h', '')
    .replaceAll('C', 'ch')
    .replaceAll('L', 'lh')
    .replaceAll('N', 'nh')
    .replace(/[ywkz]/g, (c) => VARIANT_LETTERS[c] ?? c)
    .replaceAll('ae', 'ai')
    .replace(/c(?=[ei])/g, 's')
    .replace(/([a-z])\1+/g, '$1');
}
const VARIANT_LETTERS: Record<string, string> = { y: 'i', w: 'v', k: 'c', z: 's' };

/**
 * A name's searchable words in order: folded, particles dropped, variants normalized
 * (`normalize`: normalizeVariants, or a cache of it where millions of names are keyed).
 */
export function nameWords(
  nome: string | null | undefined,
  normalize: (word: string) => string = normalizeVariants,
): string[] {
  if (!nome) return [];
  return splitWords(foldText(nome))
    .filter((w) => !PARTICLES.has(w))
    .map((w) => normalize(w));
}

/**
 * The distinct words to index for a name (a Dexie multi-entry index): the same words the
 * server's trigram index holds, so `where('nameTokens').startsWith(term)` finds prefixes.
 */
export function nameTokens(nome: string | null | undefined): string[] {
  return [...new Set(nameWords(nome))];
}

/**
 * The name as its searchable words between single spaces, padded with one space on each side
 * (" jose conseicao ferreira "): the server's search_name column, and offline an index whose
 * prefix ranges are the names that start with the typed words.
 */
export function searchNameOf(nome: string | null | undefined): string {
  return ` ${nameWords(nome).join(' ')} `;
}

/** Names with more distinct words than this get the one pair "*" (read with every pair). */
export const PAIR_MAX_WORDS = 8;

/**
 * Every two distinct name tokens of a record, in order, as "a b" (a multi-entry index offline:
 * two words of a query are then one small lookup instead of two long ones to intersect).
 */
export function namePairs(tokens: readonly string[]): string[] {
  const sorted = [...new Set(tokens)].sort();
  if (sorted.length > PAIR_MAX_WORDS) return ['*'];
  return sorted.flatMap((a, i) => sorted.slice(i + 1).map((b) => `${a} ${b}`));
}

const DIGITS_RE = /^[0-9]+$/;

export function isNumberWord(word: string): boolean {
  return DIGITS_RE.test(word);
}

/** "0458" → "458", "000" → "0": plates and blocks compare without leading zeros. */
export function stripZeros(digits: string): string {
  const stripped = digits.replace(/^0+/, '');
  return stripped === '' ? '0' : stripped;
}

/** Numbers longer than this get no partial keys (they would be many and nobody types them). */
export const MAX_PARTIAL_DIGITS = 9;
/** A partial number match needs at least this many digits ("1" inside everything is noise). */
export const MIN_PARTIAL_DIGITS = 2;

export type KeyField = 'q' | 'p' | 'r';

/**
 * Keys of a record's grave location for exact lookups (a GIN array on the server, a
 * multi-entry index offline): `q=12` quadra 12 whole, `q~12` a number containing 12 (any
 * substring of ≥ 2 digits), `p=…`/`p~…` the plate (chapa), `r=…`/`r~…` numbers in the street.
 * Words with letters in quadra/chapa give a whole key only (`q=b`), normalized like names.
 */
export function locationKeys(record: {
  quadra: string | null | undefined;
  chapa: string | null | undefined;
  rua: string | null | undefined;
}): string[] {
  const keys = new Set<string>();
  const add = (field: KeyField, value: string | null | undefined) => {
    for (const word of splitWords(foldText(value ?? ''))) {
      if (isNumberWord(word)) {
        const n = stripZeros(word);
        keys.add(`${field}=${n}`);
        if (n.length <= MAX_PARTIAL_DIGITS) {
          for (const part of numberParts(n)) keys.add(`${field}~${part}`);
        }
      } else if (field !== 'r') {
        keys.add(`${field}=${normalizeVariants(word)}`);
      }
    }
  };
  add('q', record.quadra);
  add('p', record.chapa);
  add('r', record.rua);
  return [...keys];
}

/** Every substring of at least MIN_PARTIAL_DIGITS digits. */
function numberParts(n: string): string[] {
  const parts: string[] = [];
  for (let i = 0; i < n.length; i++) {
    for (let end = i + MIN_PARTIAL_DIGITS; end <= n.length; end++) parts.push(n.slice(i, end));
  }
  return parts;
}
