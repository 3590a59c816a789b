/**
 * The bulk seed's city (npm run seed): 22 municipal cemeteries with São Paulo's names, the first
 * the largest, as Vila Formosa is in Latin America (≈ 1.5 million burials). Three
 * records in four go to it, the rest in turn to the other 21, so `--count 2000000` puts
 * exactly 1,500,000 there. The demo seed (seed.ts) keeps its own two names: this is for scale.
 */
export const CITY_CEMETERIES: readonly string[] = [
  'Cemitério da Vila Formosa',
  'Cemitério do Araçá',
  'Cemitério da Consolação',
  'Cemitério São Paulo',
  'Cemitério da Quarta Parada',
  'Cemitério da Vila Mariana',
  'Cemitério de Santana',
  'Cemitério da Lapa',
  'Cemitério da Penha',
  'Cemitério do Tremembé',
  'Cemitério do Campo Grande',
  'Cemitério Dom Bosco',
  'Cemitério São Luiz',
  'Cemitério da Vila Nova Cachoeirinha',
  'Cemitério de Parelheiros',
  'Cemitério de Santo Amaro',
  'Cemitério da Freguesia do Ó',
  'Cemitério do Lajeado',
  'Cemitério da Saudade',
  'Cemitério São Pedro',
  'Cemitério de Itaquera',
  'Cemitério de Guaianases',
];

/**
 * How each cemetery keeps its graves (the bulk seed's places, seed-places.ts, and its
 * concessions, seed-estate.ts). Vila Formosa: 1,500,000 burials at 2,000,000 records in about
 * 87,000 graves (≈ 17 a grave, generations in one jazigo; a few recent burials in rotating
 * quadras). The old central cemeteries are perpetual, with fewer burials a grave; the others
 * grant terms of years, and the newest on the edge of the city bury their recent dead in
 * rotating graves only. About 500,000 graves in all at 2,000,000 records.
 *  - perGrave: records of the cemetery per family grave;
 *  - rotating: the share of recent burials (the last 4 years of the generated deaths) laid in
 *    a rotating grave of their own;
 *  - regime: the concession its family graves hold ('rotativa': none, only the rotating ones);
 *  - fees: whether the municipality charges an annual fee there.
 */
export interface CemeteryProfile {
  perGrave: number;
  rotating: number;
  regime: 'perpetua' | 'temporaria' | 'rotativa';
  fees: boolean;
}

const PERPETUAL: CemeteryProfile = { perGrave: 1.6, rotating: 0, regime: 'perpetua', fees: true };
const TEMPORARY: CemeteryProfile = {
  perGrave: 1.1,
  rotating: 0.2,
  regime: 'temporaria',
  fees: true,
};
const ROTATING: CemeteryProfile = { perGrave: 1, rotating: 1, regime: 'rotativa', fees: false };

/** In the order of CITY_CEMETERIES. */
export const CEMETERY_PROFILES: readonly CemeteryProfile[] = [
  { perGrave: 18.9, rotating: 0.05, regime: 'perpetua', fees: true },
  PERPETUAL, // Araçá
  PERPETUAL, // Consolação
  PERPETUAL, // São Paulo
  PERPETUAL, // Quarta Parada
  PERPETUAL, // Vila Mariana
  PERPETUAL, // Santana
  PERPETUAL, // Lapa
  TEMPORARY, // Penha
  TEMPORARY, // Tremembé
  TEMPORARY, // Campo Grande
  TEMPORARY, // Dom Bosco
  TEMPORARY, // São Luiz
  ROTATING, // Vila Nova Cachoeirinha
  ROTATING, // Parelheiros
  TEMPORARY, // Santo Amaro
  TEMPORARY, // Freguesia do Ó
  ROTATING, // Lajeado
  TEMPORARY, // Saudade
  TEMPORARY, // São Pedro
  ROTATING, // Itaquera
  ROTATING, // Guaianases
];

/** Index in CITY_CEMETERIES of the n-th seeded record (0-based). */
export function cemeteryOf(n: number): number {
  if (n % 4 !== 3) return 0;
  return 1 + (Math.floor(n / 4) % (CITY_CEMETERIES.length - 1));
}
