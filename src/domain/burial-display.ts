/**
 * Display defaults of spec §3 and the image-path resolver of spec §3/§7, as pure functions the
 * screens share (and the server, for anything it renders). Dates display as DD/MM/AAAA.
 */
import { formatBrDate } from './burial-dates';
import { storedImageUrl } from './photo-srcset';

export const DISPLAY = {
  unknownDate: 'Desconhecida',
  unknownInfo: 'Informação desconhecida',
  defaultEpitaph: 'Descanse em paz',
  unknownAuthor: 'Anônimo',
  unknownCard: 'Inform. desconhecida',
} as const;

/** Placeholders in public/ (spec §7): home cards, dashboard/detail, users, avatars. */
export const PLACEHOLDERS = {
  home: '/sep.png',
  sepultura: '/sepultura-padrao.png',
  usuario: '/usuario-padrao.jpg',
  avatar: '/avatar-default.png',
} as const;

export type ImageFolder = 'sepultados' | 'users' | 'comentarios';

function blank(value: unknown): boolean {
  return value === null || value === undefined || String(value).trim() === '';
}

/** Missing text → "Informação desconhecida" (or the fallback given, e.g. the search card's). */
export function displayText(value: unknown, fallback: string = DISPLAY.unknownInfo): string {
  return blank(value) ? fallback : String(value).trim();
}

/** ISO or DD/MM/AAAA → DD/MM/AAAA; missing or unreadable → "Desconhecida". */
export function displayDate(value: string | null | undefined): string {
  return formatBrDate(value) || DISPLAY.unknownDate;
}

/** Age in years; missing → "Desconhecida". */
export function displayIdade(value: number | string | null | undefined): string {
  if (blank(value)) return DISPLAY.unknownDate;
  const n = Number(value);
  return Number.isInteger(n) && n >= 0 ? String(n) : DISPLAY.unknownDate;
}

export function displayEpitafio(value: string | null | undefined): string {
  return blank(value) ? DISPLAY.defaultEpitaph : String(value).trim();
}

/**
 * A stored image reference → a URL: full URLs and paths starting with "/" as they are, a bare
 * file name under /api/images/{folder}/ (encoded, so a strange name cannot climb folders), and
 * empty, null, undefined or "/" → the placeholder given.
 */
export function resolveImage(
  value: string | null | undefined,
  placeholder: string,
  folder: ImageFolder = 'sepultados',
  apiBase = '/api',
): string {
  if (value === null || value === undefined) return placeholder;
  const v = value.trim();
  if (v === '' || v === '/') return placeholder;
  if (/^(https?:)?\/\//i.test(v) || /^(data|blob):/i.test(v)) return v;
  if (v.startsWith('/')) return v;
  return storedImageUrl(v, folder, apiBase);
}

/** True when the URL is a placeholder (the home overlay does not expand those, spec §2). */
export function isPlaceholder(url: string): boolean {
  return (Object.values(PLACEHOLDERS) as string[]).includes(url);
}
