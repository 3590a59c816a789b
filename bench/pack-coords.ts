/**
 * What a grave's coordinates cost on the visit pack's wire, per encoding: builds realistic pack
 * pages (the seed generator's names and dates; a cemetery ~1 km across near -23.5, -46.5 laid
 * out in quadras of graves on a grid, ~17 records a grave; records in a random stream order, as
 * the pack is in change order), compresses each page's JSON as the server does (brotli quality 5
 * with a size hint, pack-held.ts; gzip level 6 for the clients that ask gzip) and prints the
 * bytes a record adds against the same page without coordinates, as a Markdown table.
 *
 *   npx tsx bench/pack-coords.ts [--pages 4]
 *
 * Candidates live here, not in src/domain: only the chosen one is product code
 * (src/domain/pack-format.ts, docs/decisions/0162-pack-coordinates.md).
 */
import zlib from 'node:zlib';
import { generateBurial, seededRandom } from '../server/modules/seed/seed-generator';
import { newId } from '../src/domain/ids';
import { encodePackRecords, type PackRecord } from '../src/domain/pack-format';

const PAGE = 5000; // PACK_LIMIT.max: the pages a first download reads
const ORIGIN = { lat: -23.5, lng: -46.5 };
const M_LAT = 1 / 111_320; // degrees per metre
const M_LNG = 1 / (111_320 * Math.cos((23.5 * Math.PI) / 180));

interface Grave {
  quadra: string;
  rua: string;
  chapa: string;
  lat: number;
  lng: number;
}

/** Graves in 10 × 10 quadras of 90 m with 10 m paths; positions as a GPS app stores them. */
function cemetery(graves: number, rand: () => number): Grave[] {
  const perQuadra = Math.ceil(graves / 100);
  const side = Math.ceil(Math.sqrt(perQuadra));
  const step = 90 / side;
  const out: Grave[] = [];
  for (let g = 0; g < graves; g++) {
    const q = Math.floor(g / perQuadra);
    const k = g % perQuadra;
    const north = Math.floor(q / 10) * 100 + Math.floor(k / side) * step + (rand() - 0.5);
    const east = (q % 10) * 100 + (k % side) * step + (rand() - 0.5);
    out.push({
      quadra: String(q + 1),
      rua: `Rua ${Math.floor(q / 10) + 1}`,
      chapa: String(k + 1).padStart(4, '0'),
      lat: Math.round((ORIGIN.lat + north * M_LAT) * 1e7) / 1e7,
      lng: Math.round((ORIGIN.lng + east * M_LNG) * 1e7) / 1e7,
    });
  }
  return out;
}

/** A record and its grave's position as the bench reads it (short names). */
interface Located extends PackRecord {
  lat: number | null;
  lng: number | null;
}

function page(graves: Grave[], located: number, ordered: boolean, rand: () => number): Located[] {
  const picks = Array.from({ length: PAGE }, () => Math.floor(rand() * graves.length));
  if (ordered) picks.sort((a, b) => a - b);
  return picks.map((g) => {
    const grave = graves[g] as Grave;
    const b = generateBurial(rand);
    const has = rand() < located;
    return {
      id: newId(),
      nome: b.nome,
      rua: grave.rua,
      quadra: grave.quadra,
      chapa: grave.chapa,
      dtFal: b.dtFal,
      image: null,
      thumb: null,
      homenagens: 0,
      lat: has ? grave.lat : null,
      lng: has ? grave.lng : null,
      latitude: has ? grave.lat : null,
      longitude: has ? grave.lng : null,
    };
  });
}

type Fields = Record<string, unknown>;
const q = (v: number, unit: number) => Math.round(v / unit);

/** Offsets in `unit` degrees from the page's south-west corner (so all ≥ 0). */
function origin(rs: Located[], unit: number) {
  let lat = Number.POSITIVE_INFINITY;
  let lng = Number.POSITIVE_INFINITY;
  for (const r of rs) {
    if (r.lat === null || r.lng === null) continue;
    lat = Math.min(lat, q(r.lat, unit));
    lng = Math.min(lng, q(r.lng, unit));
  }
  return { lat: Number.isFinite(lat) ? lat : 0, lng: Number.isFinite(lng) ? lng : 0 };
}

const CANDIDATES: Record<string, (rs: Located[]) => Fields> = {
  'chosen: encodePackRecords (dense at 1e-5 from page origin)': (rs) => {
    const { geo0, lat, lng } = encodePackRecords(rs);
    return { geo0, lat, lng };
  },
  'dense lat[], lng[] at 1e-6 from page origin': (rs) => dense(rs, 1e-6),
  'dense lat[], lng[] at 1e-5 from page origin': (rs) => dense(rs, 1e-5),
  'dense delta from previous record, 1e-5': (rs) => {
    let pLat = 0;
    let pLng = 0;
    const geo: (number | null)[] = [];
    for (const r of rs) {
      if (r.lat === null || r.lng === null) geo.push(null, null);
      else {
        const a = q(r.lat, 1e-5);
        const b = q(r.lng, 1e-5);
        geo.push(a - pLat, b - pLng);
        pLat = a;
        pLng = b;
      }
    }
    return { geo };
  },
  'sparse [i, dlat, dlng] at 1e-5': (rs) => {
    const o = origin(rs, 1e-5);
    const geo: number[][] = [];
    rs.forEach((r, i) => {
      if (r.lat !== null && r.lng !== null)
        geo.push([i, q(r.lat, 1e-5) - o.lat, q(r.lng, 1e-5) - o.lng]);
    });
    return { geo0: [o.lat, o.lng], geo };
  },
  'dictionary at 1e-6 (positions + index)': (rs) => dictionary(rs, 1e-6, false),
  'dictionary at 1e-5 (positions + index)': (rs) => dictionary(rs, 1e-5, false),
  'dictionary at 1e-5, positions sorted + delta-coded': (rs) => dictionary(rs, 1e-5, true),
};

function dense(rs: Located[], unit: number): Fields {
  const o = origin(rs, unit);
  const lat = rs.map((r) => (r.lat === null ? null : q(r.lat, unit) - o.lat));
  const lng = rs.map((r) => (r.lng === null ? null : q(r.lng, unit) - o.lng));
  return { geo0: [o.lat, o.lng], lat, lng };
}

function dictionary(rs: Located[], unit: number, sorted: boolean): Fields {
  const o = origin(rs, unit);
  const keys = new Map<string, [number, number]>();
  for (const r of rs) {
    if (r.lat === null || r.lng === null) continue;
    const p: [number, number] = [q(r.lat, unit) - o.lat, q(r.lng, unit) - o.lng];
    keys.set(p.join(','), p);
  }
  const list = [...keys.values()];
  if (sorted) list.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const at = new Map(list.map((p, i) => [p.join(','), i]));
  const geo = rs.map((r) =>
    r.lat === null || r.lng === null
      ? -1
      : (at.get(`${q(r.lat, unit) - o.lat},${q(r.lng, unit) - o.lng}`) ?? -1),
  );
  let pa = 0;
  let pb = 0;
  const geos = list.flatMap(([a, b]) => {
    if (!sorted) return [a, b];
    const d = [a - pa, b - (a === pa ? pb : 0)];
    pa = a;
    pb = b;
    return d;
  });
  return { geo0: [o.lat, o.lng], geos, geo };
}

/** The page's compressed sizes: its columns without positions, plus `extra`. */
function wire(rs: Located[], extra: Fields) {
  const { geo0: _g, lat: _a, lng: _b, ...columns } = encodePackRecords(rs);
  const body = {
    cursor: '1.123456789.1.123456000',
    hasMore: true,
    reset: false,
    deleted: [],
    again: [],
    ...columns,
    ...extra,
  };
  const json = Buffer.from(JSON.stringify(body));
  const br = zlib.brotliCompressSync(json, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: json.length,
    },
  });
  return { br: br.length, gz: zlib.gzipSync(json, { level: 6 }).length };
}

const SCENARIOS = [
  { name: '1.5 M cemetery (88,000 graves)', graves: 88_000, located: 1, ordered: false },
  { name: '20,000-record cemetery (1,200 graves)', graves: 1_200, located: 1, ordered: false },
  { name: '1.5 M, 70% of records located', graves: 88_000, located: 0.7, ordered: false },
  { name: '1.5 M, 20% of records located', graves: 88_000, located: 0.2, ordered: false },
  { name: '1.5 M, stream in grave order (an import)', graves: 88_000, located: 1, ordered: true },
];

const pagesArg = process.argv.indexOf('--pages');
const PAGES = pagesArg > 0 ? Number(process.argv[pagesArg + 1]) : 4;
const f1 = (n: number) => n.toFixed(2);

for (const s of SCENARIOS) {
  const rand = seededRandom(17);
  const graves = cemetery(s.graves, rand);
  const pages = Array.from({ length: PAGES }, () => page(graves, s.located, s.ordered, rand));
  const base = pages.map((p) => wire(p, {}));
  const records = PAGES * PAGE;
  const baseBr = base.reduce((t, b) => t + b.br, 0);
  console.log(`\n### ${s.name}\n`);
  console.log(`Without coordinates: ${f1(baseBr / records)} B/record (br).\n`);
  console.log('| encoding | + B/record br | + B/record gzip |');
  console.log('|---|---:|---:|');
  for (const [name, encode] of Object.entries(CANDIDATES)) {
    let br = 0;
    let gz = 0;
    pages.forEach((p, i) => {
      const w = wire(p, encode(p));
      br += w.br - (base[i]?.br ?? 0);
      gz += w.gz - (base[i]?.gz ?? 0);
    });
    console.log(`| ${name} | ${f1(br / records)} | ${f1(gz / records)} |`);
  }
}
