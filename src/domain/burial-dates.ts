/**
 * Burial dates (spec §5, §9): people type DD/MM/AAAA, the API also accepts ISO YYYY-MM-DD and
 * always answers ISO. A date is real only when the month is 1–12, the day exists in that month
 * (leap years honoured) and the year is at least 1000. Pure string arithmetic: no Date object,
 * so no time zone can shift a day.
 */

export const MIN_YEAR = 1000;

const BR_DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function toIso(year: number, month: number, day: number): string | null {
  if (year < MIN_YEAR || month < 1 || month > 12) return null;
  if (day < 1 || day > daysInMonth(year, month)) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** DD/MM/AAAA only (what the form validates) → ISO, or null when not a real date. */
export function parseBrDate(text: string): string | null {
  const m = BR_DATE.exec(text.trim());
  if (!m) return null;
  return toIso(Number(m[3]), Number(m[2]), Number(m[1]));
}

/** DD/MM/AAAA or YYYY-MM-DD (what the API accepts) → ISO, or null when not a real date. */
export function parseDate(text: string): string | null {
  const trimmed = text.trim();
  const iso = ISO_DATE.exec(trimmed);
  if (iso) return toIso(Number(iso[1]), Number(iso[2]), Number(iso[3]));
  return parseBrDate(trimmed);
}

export function isValidDate(text: string): boolean {
  return parseDate(text) !== null;
}

/** ISO (or already DD/MM/AAAA) → DD/MM/AAAA for display; anything else → "". */
export function formatBrDate(value: string | null | undefined): string {
  if (!value) return '';
  const iso = parseDate(value.slice(0, 10));
  if (!iso) return '';
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}
