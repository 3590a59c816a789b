/**
 * Where the bulk seed's burials lie (npm run seed): graves shared over generations, as in a
 * real register, instead of a random plate per record (which gave 1,897,801 places for
 * 2,000,000 records). Each cemetery has a number of family graves fixed by its records and its
 * burials per grave (seed-cemeteries.ts CEMETERY_PROFILES): its k-th record fills grave k while
 * there are empty ones, then falls in a random one of them, so every grave holds someone and
 * the count of graves is what the profile says. A recent burial (died in the last 4 years of
 * the generated dates) may instead go to a rotating quadra (named "R1", "R2"…), one burial per
 * grave: those are the graves whose exhumation falls due (seed-estate.ts grants them a
 * 'rotativa' concession while their term runs).
 *
 * The place is drawn from a random stream of its own (seed + 1), so the names, dates and every
 * other field of the records stay those generateBurial always gave for a seed; the same seed
 * and count give the same places.
 */
import type { TipoSepultura } from '../../../src/domain/burial-rules';
import { CEMETERY_PROFILES, CITY_CEMETERIES, cemeteryOf } from './seed-cemeteries';
import { type GeneratedBurial, type Random, seededRandom } from './seed-generator';
import { CEMETERY_CENTER, STREETS } from './seed-names';

/** Graves per quadra: family quadras, rotating quadras. */
const LOTES = 400;
const ROTATING_LOTES = 200;
/** Deaths from here on (4 years before the generator's last one) may lie in a rotating grave. */
const ROTATION_FROM = '2021-06-01';

/** The same 32-bit mix for the same inputs: a grave's kind and spot, whatever the run. */
function mix(a: number, b: number): number {
  let h = Math.imul(a ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(b + 0x27d4eb2f, 0xc2b2ae35);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  h ^= h >>> 12;
  return (h >>> 0) / 4294967296;
}

function familyKind(u: number): TipoSepultura {
  if (u < 0.45) return 'Jazigo';
  if (u < 0.75) return 'Gaveta';
  if (u < 0.8) return 'Capela';
  if (u < 0.9) return 'Laje';
  return 'Terra';
}

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;

export interface Place {
  rua: string;
  quadra: string;
  chapa: string;
  tipoSepultura: TipoSepultura;
  latitude: number | null;
  longitude: number | null;
}

/** Records per cemetery among the first `count` (cemeteryOf deals them). */
export function recordsPerCemetery(count: number): number[] {
  const out = CITY_CEMETERIES.map(() => 0);
  // Every 4 records: 3 to the largest, 1 to the others in turn.
  for (let n = 0; n < count; n++) {
    const c = cemeteryOf(n);
    out[c] = (out[c] ?? 0) + 1;
  }
  return out;
}

/** Family graves of each cemetery for a load of `count` records. */
export function familyGraves(count: number): number[] {
  return recordsPerCemetery(count).map((r, c) =>
    Math.max(1, Math.round(r / (CEMETERY_PROFILES[c]?.perGrave ?? 1))),
  );
}

export class GravePlanner {
  private readonly rand: Random;
  private readonly graves: number[];
  private readonly filled: number[];
  private readonly rotating: number[];

  constructor(count: number, seed: number) {
    this.rand = seededRandom(seed + 1);
    this.graves = familyGraves(count);
    this.filled = this.graves.map(() => 0);
    this.rotating = this.graves.map(() => 0);
  }

  /** The place of record `r` of cemetery `c` (records must come in their order). */
  place(c: number, r: GeneratedBurial): Place {
    const profile = CEMETERY_PROFILES[c];
    const located = r.latitude !== null;
    const u = this.rand();
    if (profile && r.dtFal !== null && r.dtFal >= ROTATION_FROM && u < profile.rotating) {
      const g = this.rotating[c] ?? 0;
      this.rotating[c] = g + 1;
      const q = Math.floor(g / ROTATING_LOTES);
      return this.at(c, `R${q + 1}`, (g % ROTATING_LOTES) + 1, 'Terra', located, q + 1000);
    }
    const total = this.graves[c] ?? 1;
    const k = this.filled[c] ?? 0;
    this.filled[c] = k + 1;
    const g = k < total ? k : Math.floor(this.rand() * total);
    const q = Math.floor(g / LOTES);
    return this.at(c, String(q + 1), (g % LOTES) + 1, familyKind(mix(c, g)), located, q);
  }

  /** Quadras in rows of 12 around the centre, lotes in rows of 20 inside each. */
  private at(
    c: number,
    quadra: string,
    lote: number,
    tipoSepultura: TipoSepultura,
    located: boolean,
    q: number,
  ): Place {
    const row = Math.floor(q / 12) % 12;
    const col = q % 12;
    const lat = CEMETERY_CENTER.latitude - 0.0009 + row * 0.00015 + Math.floor(lote / 20) * 6e-6;
    const lon = CEMETERY_CENTER.longitude - 0.0009 + col * 0.00015 + (lote % 20) * 6e-6;
    return {
      rua: STREETS[(q + c) % STREETS.length] ?? 'Rua 1',
      quadra,
      chapa: String(lote).padStart(4, '0'),
      tipoSepultura,
      latitude: located ? round6(lat) : null,
      longitude: located ? round6(lon) : null,
    };
  }
}
