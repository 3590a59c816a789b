/**
 * Deterministic generator of realistic burial records: the same seed gives the same names,
 * dates and graves on every machine, so benchmark data and demo screens are reproducible.
 */
import type { BurialValues, TipoSepultura } from '../../../src/domain/burial-rules';
import {
  BIRTHPLACES,
  CEMETERY_CENTER,
  CEMITERIOS,
  COMPOUND_NAMES,
  EPITAPHS,
  FEMALE_NAMES,
  MALE_NAMES,
  PARTICLE_SURNAMES,
  QUADRAS,
  STREETS,
  SURNAMES,
} from './seed-names';

export type Random = () => number;

/** mulberry32: tiny, fast, good enough for test data (not for anything secret). */
export function seededRandom(seed: number): Random {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function pick<T>(rand: Random, list: readonly T[]): T {
  const item = list[Math.floor(rand() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}

const chance = (rand: Random, p: number) => rand() < p;

const FEMALE_COMPOUNDS = COMPOUND_NAMES.filter((n) => /^(Maria|Ana)\b/.test(n));
const MALE_COMPOUNDS = COMPOUND_NAMES.filter((n) => !/^(Maria|Ana)\b/.test(n));

function surname(rand: Random): string {
  return chance(rand, 0.35) ? pick(rand, PARTICLE_SURNAMES) : pick(rand, SURNAMES);
}

function givenName(rand: Random, female: boolean): string {
  if (chance(rand, 0.2)) return pick(rand, female ? FEMALE_COMPOUNDS : MALE_COMPOUNDS);
  return pick(rand, female ? FEMALE_NAMES : MALE_NAMES);
}

/** "Maria da Conceição Gonçalves", "José de Souza", "Antônio Carlos Ribeiro dos Santos". */
function fullName(rand: Random, female = chance(rand, 0.5)): string {
  const parts = [givenName(rand, female), surname(rand)];
  if (chance(rand, 0.45)) parts.push(surname(rand));
  return parts.join(' ');
}

const TIPOS: [TipoSepultura, number][] = [
  ['Terra', 0.35],
  ['Gaveta', 0.3],
  ['Jazigo', 0.2],
  ['Laje', 0.1],
  ['Capela', 0.05],
];

function tipo(rand: Random): TipoSepultura {
  let r = rand();
  for (const [t, p] of TIPOS) {
    if (r < p) return t;
    r -= p;
  }
  return 'Terra';
}

const DAY = 86_400_000;
/** Fixed "today" of generated data, so the same seed gives the same dates whenever it runs. */
const REFERENCE_DATE = Date.UTC(2025, 6, 1, 12);
const FIRST_DEATH = Date.UTC(1950, 0, 1);

const round6 = (n: number) => Math.round(n * 1e6) / 1e6;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

function wholeYearsBetween(fromIso: string, toIso: string): number {
  const [fy, fm, fd] = fromIso.split('-').map(Number) as [number, number, number];
  const [ty, tm, td] = toIso.split('-').map(Number) as [number, number, number];
  return ty - fy - (tm < fm || (tm === fm && td < fd) ? 1 : 0);
}

export interface GeneratedBurial extends BurialValues {
  createdAt: Date;
}

export function generateBurial(rand: Random): GeneratedBurial {
  const female = chance(rand, 0.5);
  const nome = fullName(rand, female);
  const lastName = nome.split(' ').slice(-1)[0] ?? 'Silva';
  // Deaths lean towards recent decades, as a register being kept up to date does.
  const deathMs = FIRST_DEATH + Math.sqrt(rand()) * (REFERENCE_DATE - 30 * DAY - FIRST_DEATH);
  const ageYears = chance(rand, 0.03)
    ? Math.floor(rand() * 6)
    : Math.round(20 + ((rand() + rand() + rand()) / 3) * 85);
  const birthMs = deathMs - (ageYears * 365.25 + rand() * 364) * DAY;
  const dtFal = iso(deathMs);
  const dtNasc = iso(birthMs);
  const knownBirth = !chance(rand, 0.08);
  const inCemetery = chance(rand, 0.7);
  return {
    nome,
    idade: chance(rand, 0.05) ? null : wholeYearsBetween(dtNasc, dtFal),
    dtNasc: knownBirth ? dtNasc : null,
    dtFal,
    nacionalidade: chance(rand, 0.9) ? pick(rand, BIRTHPLACES) : null,
    mae: chance(rand, 0.85) ? `${givenName(rand, true)} ${surname(rand)}` : null,
    pai: chance(rand, 0.8) ? `${givenName(rand, false)} ${lastName}` : null,
    cemiterio: pick(rand, CEMITERIOS),
    rua: pick(rand, STREETS),
    quadra: pick(rand, QUADRAS),
    chapa: String(Math.floor(rand() * 10_000)).padStart(4, '0'),
    epitafio: chance(rand, 0.75) ? pick(rand, EPITAPHS) : null,
    tipoSepultura: tipo(rand),
    latitude: inCemetery ? round6(CEMETERY_CENTER.latitude + (rand() - 0.5) * 0.0018) : null,
    longitude: inCemetery ? round6(CEMETERY_CENTER.longitude + (rand() - 0.5) * 0.0018) : null,
    createdAt: new Date(REFERENCE_DATE - rand() * 3 * 365 * DAY),
  };
}
