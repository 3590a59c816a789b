/**
 * An order's times are the cemetery's wall clock, "YYYY-MM-DDTHH:MM" without a zone (see
 * ./schemas/work-order.ts): shown as "DD/MM/AAAA HH:MM" and never passed through Date, so a
 * phone in another zone shows 15:30 for a burial at 15:30.
 */

const WALL = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})/;

/** "2026-11-28T15:30" → "28/11/2026 15:30" (anything else as it came). */
export function formatWallTime(wall: string): string {
  const m = WALL.exec(wall);
  return m ? `${m[3]}/${m[2]}/${m[1]} ${m[4]}:${m[5]}` : wall;
}

/** "2026-11-28T15:30" → "15:30". */
export function wallClock(wall: string): string {
  const m = WALL.exec(wall);
  return m ? `${m[4]}:${m[5]}` : '';
}

/** The day part, "YYYY-MM-DD". */
export function wallDay(wall: string): string {
  return wall.slice(0, 10);
}

/** A local Date's day as "YYYY-MM-DD" (the calendar's grid; the device is at the cemetery). */
export function dayKey(date: Date): string {
  const p = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${p(date.getMonth() + 1)}-${p(date.getDate())}`;
}

/** Adds minutes to a wall time, by calendar arithmetic in UTC (no zone is involved). */
export function addWallMinutes(wall: string, minutes: number): string {
  const m = WALL.exec(wall);
  if (!m) return wall;
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const t = Date.UTC(y, mo - 1, d, h, mi) + minutes * 60_000;
  return new Date(t).toISOString().slice(0, 16);
}
