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
  /** The grave's position (degrees, to GEO_UNIT), both null when unknown. */
  latitude: number | null;
  longitude: number | null;
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
  /**
   * The records' positions as whole GEO_UNITs: `geo0` is the page's origin (the least latitude
   * and longitude), `lat`/`lng` each record's offset from it, null when unknown. Offsets from
   * the page's corner are short numbers and a cemetery's repeat, so they cost ~3 B a record
   * compressed (docs/decisions/0162-pack-coordinates.md). Optional for pages stored before
   * they existed: read as unknown, never as a position.
   */
  geo0?: [number, number];
  lat?: (number | null)[];
  lng?: (number | null)[];
}

/**
 * 1e-5 degree: ~1.1 m of latitude, ~1 m of longitude in Brazil, so a rounded position stays
 * within ~0.75 m of the grave; 1e-6 cost a third more on the wire for a precision no GPS
 * reading of a grave has.
 */
export const GEO_UNIT = 1e-5;
const PER_DEGREE = 1e5;

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

/** Written by encodePackRecords: every column, the optional ones too. */
export type EncodedPackColumns = Required<PackColumns>;

/** A position in whole GEO_UNITs, or null when either half is unknown or not a number. */
function units(r: Pick<PackRecord, 'latitude' | 'longitude'>): [number, number] | null {
  const { latitude: a, longitude: b } = r;
  if (a === null || b === null || !Number.isFinite(a) || !Number.isFinite(b)) return null;
  return [Math.round(a * PER_DEGREE), Math.round(b * PER_DEGREE)];
}

/** The positions column: offsets from the least latitude and longitude of the page. */
function geoColumns(positions: ([number, number] | null)[]) {
  let lat0 = Number.POSITIVE_INFINITY;
  let lng0 = Number.POSITIVE_INFINITY;
  for (const p of positions) {
    if (p === null) continue;
    lat0 = Math.min(lat0, p[0]);
    lng0 = Math.min(lng0, p[1]);
  }
  const geo0: [number, number] = Number.isFinite(lat0) ? [lat0, lng0] : [0, 0];
  return {
    geo0,
    lat: positions.map((p) => (p === null ? null : p[0] - geo0[0])),
    lng: positions.map((p) => (p === null ? null : p[1] - geo0[1])),
  };
}

export function encodePackRecords(records: Iterable<PackRecord>): EncodedPackColumns {
  const ruas = coder();
  const quadras = coder();
  const out: Omit<EncodedPackColumns, 'geo0' | 'lat' | 'lng'> = {
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
  const positions: ([number, number] | null)[] = [];
  let i = 0;
  for (const r of records) {
    positions.push(units(r));
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
  return { ...out, ...geoColumns(positions) };
}

export const packCount = (c: Pick<PackColumns, 'nomes'>) => c.nomes.length;

export const packIdAt = (c: Pick<PackColumns, 'ids'>, i: number) =>
  c.ids.slice(i * ID_LENGTH, (i + 1) * ID_LENGTH);

/** Record `i` of a page (photos looked up in the sparse column). */
export function packRecordAt(c: PackColumns, i: number): PackRecord {
  const rua = c.rua[i] ?? -1;
  const foto = c.fotos.find((f) => f[0] === i);
  const tributes = c.homenagens?.find((h) => h[0] === i);
  const position = positionAt(c, i);
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
    latitude: position ? position[0] : null,
    longitude: position ? position[1] : null,
  };
}

/** Record `i`'s position in degrees, or null (unknown, or a page from before positions). */
function positionAt(c: PackColumns, i: number): [number, number] | null {
  const a = c.lat?.[i];
  const b = c.lng?.[i];
  if (!c.geo0 || a === null || a === undefined || b === null || b === undefined) return null;
  // A division, not a product by GEO_UNIT: it gives the double nearest the decimal value.
  return [(c.geo0[0] + a) / PER_DEGREE, (c.geo0[1] + b) / PER_DEGREE];
}
