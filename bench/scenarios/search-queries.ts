/**
 * What families type, derived from graves that exist on the server under test (read through the
 * public home list, so it works on either engine): full names with and without accents,
 * particles left out, a swapped-letter typo, surname + quadra, "placa NNNN"; and, for the
 * suggestions, the prefixes a person has typed when the 300 ms pause fires ("mari", "maria da",
 * "maria das gr"). Deterministic: the same register gives the same lists.
 */
import { foldText } from '../../src/domain/search-text';

export interface GraveSample {
  id: string;
  nome: string;
  rua: string | null;
  quadra: string;
  chapa: string;
}

export async function sampleGraves(baseUrl: string, pages = 3): Promise<GraveSample[]> {
  const out: GraveSample[] = [];
  let before = '';
  for (let page = 0; page < pages; page++) {
    const url = `${baseUrl}/api/sepultados?limit=100${before ? `&before=${before}` : ''}`;
    const res = await fetch(url);
    if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
    const cards = (await res.json()) as GraveSample[];
    out.push(...cards);
    before = cards.at(-1)?.id ?? '';
    if (cards.length < 100) break;
  }
  return out;
}

const PARTICLES = /\s+(da|de|do|das|dos|e)\s+/gi;

/** Swaps two letters in the middle of the longest word: "Oliveira" → "Oilveira". */
function withTypo(name: string): string {
  const words = name.split(' ');
  const longest = words.reduce((a, b) => (b.length > a.length ? b : a), '');
  const i = Math.floor(longest.length / 2);
  const typo = longest.slice(0, i - 1) + longest[i] + longest[i - 1] + longest.slice(i + 1);
  return words.map((w) => (w === longest ? typo : w)).join(' ');
}

/** The kinds of searchQueries, in the order they take turns (query i is of kind i % 7). */
export const SEARCH_QUERY_KINDS = [
  'folded name',
  'name as written',
  'name without particles',
  'name with a typo',
  'surname quadra N',
  'placa N',
  'first and last name',
] as const;

export function searchQueries(graves: GraveSample[], count = 60): string[] {
  const kinds: ((g: GraveSample) => string)[] = [
    (g) => foldText(g.nome),
    (g) => g.nome,
    (g) => g.nome.replace(PARTICLES, ' '),
    (g) => withTypo(foldText(g.nome)),
    (g) => `${g.nome.split(' ').at(-1)} quadra ${g.quadra}`,
    (g) => `placa ${g.chapa}`,
    (g) => {
      const words = foldText(g.nome).replace(PARTICLES, ' ').split(' ');
      return `${words[0]} ${words.at(-1)}`;
    },
  ];
  return graves
    .slice(0, count)
    .map((g, i) => (kinds[i % kinds.length] as (g: GraveSample) => string)(g));
}

export function suggestionQueries(graves: GraveSample[], count = 60): string[] {
  const cuts = [4, 8, 12, 16];
  return graves
    .slice(0, count)
    .map((g, i) =>
      foldText(g.nome)
        .slice(0, cuts[i % cuts.length])
        .trim(),
    )
    .filter((q) => q.length >= 2);
}

/**
 * One word and Enter, as many type a name ("maria", "silva"): the first name and the last
 * surname of the graves, folded, each once — the commonest words of the register, whose
 * matches run to the hundreds of thousands at 2,000,000 records.
 */
export function wordQueries(graves: GraveSample[], count = 20): string[] {
  const words = graves.flatMap((g) => {
    const w = foldText(g.nome).replace(PARTICLES, ' ').split(' ').filter(Boolean);
    return [w[0], w.at(-1)].filter((x): x is string => Boolean(x));
  });
  return [...new Set(words)].slice(0, count);
}

/**
 * A word cut short and Enter: the first letter or two of a name ("a", "jo"), and a first name
 * with the first letter of the next word ("maria s"). No record holds such a word whole, while
 * a million names have a word starting with it at 2,000,000 records (1.7–10 s each before the
 * names-start range answered them). Deterministic, from the graves like the others.
 */
export function shortQueries(graves: GraveSample[], count = 12): string[] {
  const out = graves.flatMap((g) => {
    const w = foldText(g.nome).replace(PARTICLES, ' ').split(' ').filter(Boolean);
    const [first = '', second = ''] = w;
    return [first.slice(0, 1), first.slice(0, 2), second ? `${first} ${second.slice(0, 1)}` : ''];
  });
  return [...new Set(out.filter(Boolean))].slice(0, count);
}

/**
 * Two words cut short, as typed before a pause or Enter: the first letters of the first name
 * and of the last surname ("jo s", "jo sa", "mar s"). No name starts with the word "jo", so no
 * names-start range answers them, and each started ~150,000 names at 2,000,000 records
 * (1–7 s to rank them all before search-walk.ts).
 */
export function cutPairQueries(graves: GraveSample[], count = 12): string[] {
  const out = graves.flatMap((g) => {
    const w = foldText(g.nome).replace(PARTICLES, ' ').split(' ').filter(Boolean);
    const [first = '', last = ''] = [w[0], w.length > 1 ? w.at(-1) : ''];
    if (!last) return [];
    return [
      `${first.slice(0, 2)} ${last.slice(0, 1)}`,
      `${first.slice(0, 2)} ${last.slice(0, 2)}`,
      `${first.slice(0, 3)} ${last.slice(0, 1)}`,
    ];
  });
  return [...new Set(out)].slice(0, count);
}
