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

/** Index in CITY_CEMETERIES of the n-th seeded record (0-based). */
export function cemeteryOf(n: number): number {
  if (n % 4 !== 3) return 0;
  return 1 + (Math.floor(n / 4) % (CITY_CEMETERIES.length - 1));
}
