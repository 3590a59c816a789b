/**
 * The visit pack's compact page (GET /api/sync/pack): only what the offline search and the
 * card need, column by column, so gzip sees like next to like (ids share their time prefix,
 * streets and blocks repeat) — about 20 B per record on the wire against ~78 B for the full
 * JSON records of /api/sync/sepultados. Full records still come on demand (detail page online)
 * and stay on the device once viewed. Shape: schemas/sync.ts PackPageSchema; the server encodes
 * with encodePackRecords, the device stores the columns as they came and reads one record back
 * with packRecordAt. Pure: no Node or DOM API.
 */

/** The fields of one record a pack carries. */
export interface PackRecord {
  id: string;
  nome: string;
  rua: string | null;
  quadra: string;
  chapa: string;
  /** ISO YYYY-MM-DD or null. */
  dtFal: string | null;
  /** The first photo: display file and thumbnail, or null. */
  image: string | null;
  thumb: string | null;
  /** Its tributes (not deleted) when the page was made: "Homenagens …" offline. */
  homenagens: number;
}

/** The record columns of a pack page (the page's bookkeeping fields live beside them). */
export interface PackColumns {
  /** The records' ids, 24 hex each, one after the other. */
  ids: string;
  nomes: string[];
  /** Page dictionary of streets and, per record, its index there (-1: no street). */
  ruas: string[];
  rua: number[];
  quadras: string[];
  quadra: number[];
  chapas: string[];
  /** Death date as days since 1970-01-01 (UTC), null when unknown. */
  dtFal: (number | null)[];
  /** Sparse: [record index in the page, display file, thumbnail] of the records with a photo. */
  fotos: [number, string, string][];
  /**
   * Sparse: [record index in the page, tribute count] of the records with tributes. Optional
   * for pages stored before it existed (read as 0: unknown counts are never claimed).
   */
  homenagens?: [number, number][];
}

const DAY_MS = 86_400_000;
export const ID_LENGTH = 24;

export function dayOf(iso: string | null): number | null {
  if (iso === null) return null;
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}

export function isoOfDay(day: number | null): string | null {
  if (day === null) return null;
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

function coder() {
  const values: string[] = [];
  const index = new Map<string, number>();
  return {
    values,
    code(value: string): number {
      let i = index.get(value);
      if (i === undefined) {
        i = values.length;
        values.push(value);
        index.set(value, i);
      }
      return i;
    },
  };
}

export function encodePackRecords(
  records: Iterable<PackRecord>,
): PackColumns & { homenagens: [number, number][] } {
  const ruas = coder();
  const quadras = coder();
  const out: PackColumns & { homenagens: [number, number][] } = {
    ids: '',
    nomes: [],
    ruas: ruas.values,
    rua: [],
    quadras: quadras.values,
    quadra: [],
    chapas: [],
    dtFal: [],
    fotos: [],
    homenagens: [],
  };
  const ids: string[] = [];
  let i = 0;
  for (const r of records) {
    ids.push(r.id);
    out.nomes.push(r.nome);
    out.rua.push(r.rua === null ? -1 : ruas.code(r.rua));
    out.quadra.push(quadras.code(r.quadra));
    out.chapas.push(r.chapa);
    out.dtFal.push(dayOf(r.dtFal));
    if (r.image !== null && r.thumb !== null) out.fotos.push([i, r.image, r.thumb]);
    if (r.homenagens > 0) out.homenagens.push([i, r.homenagens]);
    i += 1;
  }
  out.ids = ids.join('');
  return out;
}

export const packCount = (c: Pick<PackColumns, 'nomes'>) => c.nomes.length;

export const packIdAt = (c: Pick<PackColumns, 'ids'>, i: number) =>
  c.ids.slice(i * ID_LENGTH, (i + 1) * ID_LENGTH);

/** Record `i` of a page (photos looked up in the sparse column). */
export function packRecordAt(c: PackColumns, i: number): PackRecord {
  const rua = c.rua[i] ?? -1;
  const foto = c.fotos.find((f) => f[0] === i);
  const tributes = c.homenagens?.find((h) => h[0] === i);
  return {
    id: packIdAt(c, i),
    nome: c.nomes[i] ?? '',
    rua: rua < 0 ? null : (c.ruas[rua] ?? null),
    quadra: c.quadras[c.quadra[i] ?? 0] ?? '',
    chapa: c.chapas[i] ?? '',
    dtFal: isoOfDay(c.dtFal[i] ?? null),
    image: foto ? foto[1] : null,
    thumb: foto ? foto[2] : null,
    homenagens: tributes ? tributes[1] : 0,
  };
}
