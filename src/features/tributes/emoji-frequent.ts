/**
 * The picker's "Mais usados" row, kept by us instead of by the library: spec §9 asks for four
 * rows of frequent emojis at nine per line (36), while emoji-picker-react keeps only 14 recents.
 * Entries live in localStorage as [{emoji, count, last}], most used first. A first visit shows
 * a calm row suited to a memorial instead of an empty category.
 */
import { isEmoji } from '../../domain/tribute-rules';

export const EMOJI_COLUMNS = 9;
const FREQUENT_ROWS = 4;
export const FREQUENT_MAX = EMOJI_COLUMNS * FREQUENT_ROWS;
export const FREQUENT_KEY = 'memorial:emojis-frequentes';

/** Offered until the person has used a full row of their own. */
export const DEFAULT_SUGGESTED = ['🌹', '🙏', '🕊️', '❤️', '🕯️', '💐', '🌻', '😢', '✨'] as const;

interface FrequentEntry {
  emoji: string;
  count: number;
  /** When it was last chosen (ms), to order equal counts. */
  last: number;
}

function byUse(a: FrequentEntry, b: FrequentEntry): number {
  return b.count - a.count || b.last - a.last;
}

/** The list after choosing `emoji` at `now`: counted, sorted, at most FREQUENT_MAX long. */
export function recordEmoji(
  list: readonly FrequentEntry[],
  emoji: string,
  now: number = Date.now(),
): FrequentEntry[] {
  const found = list.find((e) => e.emoji === emoji);
  const rest = list.filter((e) => e.emoji !== emoji);
  const entry = { emoji, count: (found?.count ?? 0) + 1, last: now };
  return [entry, ...rest].sort(byUse).slice(0, FREQUENT_MAX);
}

/** What the "Mais usados" category shows: the person's own, topped up with the calm row. */
export function suggestedEmojis(list: readonly FrequentEntry[]): string[] {
  const own = list.map((e) => e.emoji);
  if (own.length >= EMOJI_COLUMNS) return own;
  return [...own, ...DEFAULT_SUGGESTED.filter((e) => !own.includes(e))].slice(0, FREQUENT_MAX);
}

function isEntry(value: unknown): value is FrequentEntry {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return isEmoji(v.emoji) && typeof v.count === 'number' && typeof v.last === 'number';
}

/** The stored list; anything unreadable or foreign is dropped rather than trusted. */
export function readFrequent(store: Storage | null): FrequentEntry[] {
  try {
    const parsed: unknown = JSON.parse(store?.getItem(FREQUENT_KEY) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isEntry).sort(byUse).slice(0, FREQUENT_MAX) : [];
  } catch {
    return [];
  }
}

export function writeFrequent(store: Storage | null, list: readonly FrequentEntry[]): void {
  try {
    store?.setItem(FREQUENT_KEY, JSON.stringify(list));
  } catch {
    // Storage full or disabled (private mode): the row simply is not remembered.
  }
}
