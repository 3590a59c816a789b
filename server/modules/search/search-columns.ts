/**
 * The stored search columns of a burial record (search_name, search_rua, search_doc,
 * search_keys, search_words), computed in Node for the bulk loader (seed-bulk.ts), from the same domain rules
 * the database's trigger applies through the SQL twins (migrations 0004, 0014 and 0015;
 * tests/api/search-parity.test.ts holds the two equal, and tests/api/seed-bulk.test.ts holds a
 * bulk-loaded register equal to what the trigger would store).
 *
 * Why not the database: its regular expressions were most of a large seed's COPY.
 * Why caches: names and streets are made of few distinct words, and normalizing a word (NFD,
 * a dozen replaces) is most of the cost without them.
 */
import { locationKeys, nameWords } from '../../../src/domain/search-text';

export interface SearchColumns {
  searchName: string;
  searchRua: string;
  searchDoc: string;
  searchKeys: string[];
  /** The distinct words of searchDoc (migration 0015), in first-seen order. */
  searchWords: string[];
}

export interface SearchFields {
  nome: string;
  rua: string | null;
  quadra: string;
  chapa: string;
}

/** A fresh computer with its own caches (bounded: a seed's vocabulary is small). */
export function searchColumnsComputer(): (r: SearchFields) => SearchColumns {
  const words = new Map<string, string[]>();
  const MAX_CACHED = 200_000;
  // nameWords of a text = nameWords of each white-space-separated piece, concatenated: folding
  // and normalizing never join or split across white space (search-text.ts).
  const wordsOf = (text: string | null): string[] => {
    if (!text) return [];
    const out: string[] = [];
    for (const piece of text.split(/\s+/)) {
      if (piece === '') continue;
      let w = words.get(piece);
      if (w === undefined) {
        w = nameWords(piece);
        if (words.size < MAX_CACHED) words.set(piece, w);
      }
      for (const x of w) out.push(x);
    }
    return out;
  };
  const padded = (w: string[]) => ` ${w.join(' ')} `;
  // A record's keys are its quadra's, then its plate's, then its street's (locationKeys: each
  // field's keys carry the field's letter, so they never collide across fields).
  const keys = new Map<string, string[]>();
  const keysOf = (field: 'quadra' | 'chapa' | 'rua', value: string | null): string[] => {
    const id = `${field}\u0000${value ?? ''}`;
    let k = keys.get(id);
    if (k === undefined) {
      k = locationKeys({ quadra: null, chapa: null, rua: null, [field]: value });
      if (keys.size < MAX_CACHED) keys.set(id, k);
    }
    return k;
  };
  return (r) => {
    const name = wordsOf(r.nome);
    const rua = wordsOf(r.rua);
    const doc = [...name, ...rua, ...wordsOf(r.quadra), ...wordsOf(r.chapa)];
    return {
      searchName: padded(name),
      searchRua: padded(rua),
      searchDoc: padded(doc),
      searchWords: [...new Set(doc)].filter((w) => w !== ''),
      searchKeys: [
        ...keysOf('quadra', r.quadra),
        ...keysOf('chapa', r.chapa),
        ...keysOf('rua', r.rua),
      ],
    };
  };
}
