/**
 * The index keys of a pack record: its name tokens (search-text.ts nameTokens: folded,
 * particles dropped, variants normalized — the words the server's trigram index holds), its
 * grave location keys (locationKeys: `q=12`, `p~45`…), its street whole (`r:<rua>`), a short
 * name whole (`#maria silva`) and the name's first two words (`^maria silva`), so each
 * lookup of the offline search (offline-lookup.ts lookupFor) is a key or a range of keys.
 * Name tokens are [a-z0-9]+; the other keys hold '=', '~', ':', '#' or '^' and never mix with
 * them.
 */
import { locationKeys, nameWords, normalizeVariants } from '../../domain/search-text';

export const STREET = 'r:';
/**
 * `#<words>`: the whole name of a record with at most WHOLE_MAX_WORDS words, so the search
 * finds the records a short query names whole (the best class) without reading the others.
 */
export const WHOLE = '#';
export const WHOLE_MAX_WORDS = 2;
/**
 * `^<first word> <second word>` (or `^<word>` for a one-word name): the names that START with
 * a query's words are one key or one range of keys (`^maria silv` …), so the search reads
 * its best classes (whole name, name starts with the words) first and stops early instead of
 * going through every record holding the words (pack-search.ts).
 */
export const START = '^';
/** The index's keys as this file makes them; an index built with older keys is rebuilt. */
export const KEYS_VERSION = 2;

export const isNameKey = (key: string) => !/[=~:#^]/.test(key);

/** Words whose spelling variant a KeyMaker holds (exported for its test). */
export const VARIANTS_HELD = 50_000;

/** Location keys per field value, cached: blocks, plates and streets repeat across records. */
export class KeyMaker {
  private quadras = new Map<string, string[]>();
  private chapas = new Map<string, string[]>();
  private ruas = new Map<string, string[]>();
  /**
   * Each folded word's spelling variant, cached: a build keys every record of a pack, names
   * share most of their words, and the variant is a dozen string passes over each word. Held
   * up to VARIANTS_HELD words (a few MB of a phone tab's heap), then started over.
   */
  private variants = new Map<string, string>();
  private variant = (word: string): string => {
    let v = this.variants.get(word);
    if (v === undefined) {
      if (this.variants.size >= VARIANTS_HELD) this.variants.clear();
      v = normalizeVariants(word);
      this.variants.set(word, v);
    }
    return v;
  };

  keys(r: { nome: string; rua: string | null; quadra: string; chapa: string }): string[] {
    const words = nameWords(r.nome, this.variant);
    const out = [...new Set(words)];
    if (words.length <= WHOLE_MAX_WORDS) out.push(`${WHOLE}${words.join(' ')}`);
    if (words.length > 0) out.push(`${START}${words.slice(0, 2).join(' ')}`);
    out.push(...this.cached(this.quadras, r.quadra, { quadra: r.quadra, chapa: '', rua: null }));
    out.push(...this.cached(this.chapas, r.chapa, { quadra: '', chapa: r.chapa, rua: null }));
    if (r.rua !== null) {
      out.push(...this.cached(this.ruas, r.rua, { quadra: '', chapa: '', rua: r.rua }));
      out.push(`${STREET}${r.rua}`);
    }
    return out;
  }

  private cached(
    map: Map<string, string[]>,
    value: string,
    record: Parameters<typeof locationKeys>[0],
  ): string[] {
    let keys = map.get(value);
    if (!keys) {
      keys = locationKeys(record);
      map.set(value, keys);
    }
    return keys;
  }
}
