/**
 * Reading what `mongoexport` writes: MongoDB Extended JSON v2, relaxed or canonical, either one
 * document per line (the default) or a JSON array (--jsonArray). Only the types the original
 * app's models use are turned into plain values; nothing else of the BSON zoo is needed:
 *   {"$oid": "…"}                     → the 24-hex string (lower case)
 *   {"$date": "ISO" | ms | {"$numberLong": "ms"}} → Date (an unreadable date → Invalid Date)
 *   {"$numberInt" | "$numberLong" | "$numberDouble" | "$numberDecimal": "…"} → number
 * Written by hand rather than with the `bson` package: the conversion is these few lines, and a
 * plain JSON.parse plus one walk is what lets 100,000 records with their tributes load in seconds.
 */
import fs from 'node:fs';
import readline from 'node:readline';

export type Plain = string | number | boolean | null | Date | Plain[] | { [key: string]: Plain };

function numberOf(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return Number.NaN;
  if (value === 'Infinity') return Number.POSITIVE_INFINITY;
  if (value === '-Infinity') return Number.NEGATIVE_INFINITY;
  return Number(value);
}

function dateOf(value: unknown): Date {
  if (typeof value === 'string' || typeof value === 'number') return new Date(value);
  if (value && typeof value === 'object' && '$numberLong' in value) {
    return new Date(numberOf((value as { $numberLong: unknown }).$numberLong));
  }
  return new Date(Number.NaN);
}

/** One parsed JSON value with its Extended JSON wrappers replaced by plain values. */
export function fromExtendedJson(value: unknown): Plain {
  if (value === null || typeof value !== 'object') return value as Plain;
  if (Array.isArray(value)) return value.map(fromExtendedJson);
  const obj = value as Record<string, unknown>;
  const keys = Object.keys(obj);
  if (keys.length === 1) {
    const key = keys[0] as string;
    const inner = obj[key];
    switch (key) {
      case '$oid':
        return typeof inner === 'string' ? inner.toLowerCase() : null;
      case '$date':
        return dateOf(inner);
      case '$numberInt':
      case '$numberLong':
      case '$numberDouble':
      case '$numberDecimal':
        return numberOf(inner);
    }
  }
  const out: { [key: string]: Plain } = {};
  for (const key of keys) out[key] = fromExtendedJson(obj[key]);
  return out;
}

/** A document, or why a line or the file could not be read (kept for the report). */
export type ReadItem = { doc: Plain; line: number } | { error: string; line: number };

async function firstSignificantChar(file: string): Promise<string | null> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const buffer = Buffer.alloc(4096);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    // A UTF-8 byte order mark is not content.
    const text = buffer
      .subarray(0, bytesRead)
      .toString('utf8')
      .replace(/^\uFEFF/, '');
    return /\S/.exec(text)?.[0] ?? null;
  } finally {
    await handle.close();
  }
}

/**
 * The documents of one export file, in order. A line that is not JSON is answered as an error
 * item and reading goes on; an array file that is not JSON is one error item.
 */
export async function* readExport(file: string): AsyncGenerator<ReadItem> {
  const first = await firstSignificantChar(file);
  if (first === null) return;
  if (first === '[') {
    let parsed: unknown;
    try {
      parsed = JSON.parse((await fs.promises.readFile(file, 'utf8')).replace(/^\uFEFF/, ''));
    } catch (err) {
      yield { error: `JSON inválido: ${(err as Error).message}`, line: 1 };
      return;
    }
    if (!Array.isArray(parsed)) return;
    for (const [i, item] of parsed.entries()) yield { doc: fromExtendedJson(item), line: i + 1 };
    return;
  }
  const lines = readline.createInterface({
    input: fs.createReadStream(file, { encoding: 'utf8' }),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  let n = 0;
  for await (const raw of lines) {
    n += 1;
    const line = n === 1 ? raw.replace(/^\uFEFF/, '') : raw;
    if (line.trim() === '') continue;
    try {
      yield { doc: fromExtendedJson(JSON.parse(line)), line: n };
    } catch (err) {
      yield { error: `JSON inválido: ${(err as Error).message}`, line: n };
    }
  }
}
