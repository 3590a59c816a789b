/**
 * Which parts of a shown text matched the query (the search's promise: "typing conceicao highlights
 * Conceição"), with the same folding and spelling rules as the search, so the results page
 * and the offline results mark exactly what made a card match. Works on any shown field
 * (name, street, quadra, plate); the caller wraps `match` parts in <mark>.
 */
import { fuzzyPoints } from './search-fuzzy';
import type { QueryTerm, SearchQuery } from './search-query';
import { MIN_CONTAINS } from './search-score';
import { foldText, isNumberWord, normalizeVariants, stripZeros } from './search-text';

export interface TextPart {
  text: string;
  match: boolean;
}

/** A word of the shown text: a run of letters, digits and apostrophes, with its position. */
const WORD_RE = /[\p{L}\p{N}'‘’`´]+/gu;

const normalize = (s: string) => {
  const folded = foldText(s).replace(/['‘’`´]/g, '');
  return isNumberWord(folded) ? stripZeros(folded) : normalizeVariants(folded);
};

/** [start, end) of the word's characters that match the term, or null. */
function matchIn(word: string, term: QueryTerm, fuzzy: boolean): [number, number] | null {
  const whole = normalize(word);
  if (whole === '') return null;
  if (term.numeric) {
    if (!isNumberWord(whole)) return null;
    if (whole === term.text) return [0, word.length];
    const at = word.indexOf(term.text);
    return term.text.length >= 2 && at >= 0 ? [at, at + term.text.length] : null;
  }
  const spellings = [term.text, ...term.alts];
  if (whole === term.text) return [0, word.length];
  if (spellings.some((s) => whole.startsWith(s))) {
    // The shortest start of the word that already reads as the term (Conc|eição for "conc").
    for (let end = 1; end <= word.length; end++) {
      const head = normalize(word.slice(0, end));
      if (spellings.some((s) => head.startsWith(s))) return [0, end];
    }
    return [0, word.length];
  }
  if (spellings.some((s) => s.length >= MIN_CONTAINS && whole.includes(s))) {
    for (let start = 1; start < word.length; start++) {
      for (let end = start + 1; end <= word.length; end++) {
        const part = normalize(word.slice(start, end));
        if (spellings.some((s) => part === s)) return [start, end];
      }
    }
    return [0, word.length];
  }
  if (fuzzy && fuzzyPoints(term.text, [whole]) > 0) return [0, word.length];
  return null;
}

/**
 * The text cut into matched and unmatched parts. `fuzzy` marks whole words that matched by
 * typo (pass the search's fuzzy flag: offline rankRecords().fuzzy.length > 0).
 */
export function highlightParts(
  text: string | null | undefined,
  query: SearchQuery,
  fuzzy = false,
): TextPart[] {
  const source = text ?? '';
  const marks: [number, number][] = [];
  for (const m of source.matchAll(WORD_RE)) {
    const at = m.index ?? 0;
    for (const term of query.terms) {
      const hit = matchIn(m[0], term, fuzzy);
      if (hit) marks.push([at + hit[0], at + hit[1]]);
    }
  }
  marks.sort((a, b) => a[0] - b[0] || b[1] - a[1]);
  const parts: TextPart[] = [];
  let pos = 0;
  for (const [start, end] of marks) {
    if (end <= pos) continue;
    const from = Math.max(start, pos);
    if (from > pos) parts.push({ text: source.slice(pos, from), match: false });
    parts.push({ text: source.slice(from, end), match: true });
    pos = end;
  }
  if (pos < source.length) parts.push({ text: source.slice(pos), match: false });
  return parts;
}
