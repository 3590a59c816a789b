/**
 * Wall-clock times of the cemetery (docs/decisions/0140-municipality-time-zone.md): an order's
 * time is stored without a zone, "today" is the municipality's day (config TIME_ZONE), and a
 * device's instant (X-Feito-Em, `feitoEm`) is kept when plausible.
 */
import { badRequest } from '../../lib/http-error';

const ISO_WALL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::\d{2})?$/;
const BR_WALL = /^(\d{2})\/(\d{2})\/(\d{4}),?\s+(\d{2}):(\d{2})$/;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const pad = (n: number) => String(n).padStart(2, '0');

function realDay(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** "YYYY-MM-DDTHH:MM" or "DD/MM/AAAA HH:MM" → "YYYY-MM-DDTHH:MM"; null when not a real time. */
export function wallTime(text: string): string | null {
  const t = text.trim();
  const iso = ISO_WALL.exec(t);
  const br = iso ? null : BR_WALL.exec(t);
  if (!iso && !br) return null;
  const [y, m, d, hh, mm] = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5]].map(Number)
    : [br?.[3], br?.[2], br?.[1], br?.[4], br?.[5]].map(Number);
  if (y === undefined || m === undefined || d === undefined) return null;
  if (hh === undefined || mm === undefined || hh > 23 || mm > 59) return null;
  if (y < 1900 || y > 2200 || !realDay(y, m, d)) return null;
  return `${y}-${pad(m)}-${pad(d)}T${pad(hh)}:${pad(mm)}`;
}

/** wallTime or a 400 under `field`. */
export function wallTimeOr400(text: string, field: string, message: string): string {
  const w = wallTime(text);
  if (!w) throw badRequest(message, field);
  return w;
}

/** A YYYY-MM-DD that is a real day, or null. */
export function day(text: string): string | null {
  const m = DAY.exec(text);
  if (!m) return null;
  return realDay(Number(m[1]), Number(m[2]), Number(m[3])) ? text : null;
}

/** The day after a YYYY-MM-DD. */
export function nextDay(d: string, days = 1): string {
  const t = new Date(`${d}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/** Days from `a` to `b` (YYYY-MM-DD). */
export function daysBetween(a: string, b: string): number {
  return Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
}

/** The wall clock of `zone` at `at`, "YYYY-MM-DDTHH:MM". */
export function wallNow(zone: string, at: Date = new Date()): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The municipality's today, YYYY-MM-DD. */
export function todayIn(zone: string, at: Date = new Date()): string {
  return wallNow(zone, at).slice(0, 10);
}

/** Minutes `zone` is ahead of UTC at `at` (São Paulo: -180). */
export function zoneOffsetMinutes(zone: string, at: Date = new Date()): number {
  const wall = Date.parse(`${wallNow(zone, at)}:00Z`);
  const utc = Math.floor(at.getTime() / 60_000) * 60_000;
  return Math.round((wall - utc) / 60_000);
}

/** Adds minutes to a wall time (no zone: plain arithmetic on the clock). */
export function addMinutes(wall: string, minutes: number): string {
  const t = new Date(Date.parse(`${wall}:00Z`) + minutes * 60_000);
  return t.toISOString().slice(0, 16);
}

/** A device clock this far ahead of the server is wrong. */
const FUTURE_SLACK_MS = 5 * 60_000;

/** The device's instant when plausible (ISO, after 2000, not in the future), else now. */
export function deviceInstant(raw: unknown, now: Date = new Date()): Date {
  if (typeof raw !== 'string' || raw.length > 40) return now;
  const at = new Date(raw);
  const ms = at.getTime();
  if (Number.isNaN(ms) || ms > now.getTime() + FUTURE_SLACK_MS || at.getUTCFullYear() < 2000) {
    return now;
  }
  return at;
}
