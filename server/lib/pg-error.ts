/**
 * Database refusals that are the person's doing, not a fault: found through the error's cause
 * chain (Drizzle wraps the driver's error; PGlite and node-postgres both carry `code` and
 * `detail`). The errors plugin answers them in pt-BR, whichever route wrote.
 */
import { graveFullMessage } from '../../src/domain/grave-rules';
import { type HttpError, unprocessable } from './http-error';

interface DriverError {
  code?: unknown;
  detail?: unknown;
  cause?: unknown;
}

/** The first error of the chain with this SQLSTATE, or null. */
export function withCode(err: unknown, code: string): DriverError | null {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    if ((e as DriverError).code === code) return e as DriverError;
    e = (e as DriverError).cause;
  }
  return null;
}

/** A unique key violated (23505) anywhere in the chain. */
export const isUniqueViolation = (err: unknown): boolean => withCode(err, '23505') !== null;

/**
 * MC001 (migration 0030's record trigger): a burial into a grave whose gavetas are all taken.
 * The trigger's DETAIL names the grave as JSON. A 422 under `chapa`, not a 409: a record edit's
 * 409 means "someone else changed these fields" to the outbox (src/domain/outcome.ts).
 */
export function graveFullError(err: unknown): HttpError | null {
  const found = withCode(err, 'MC001');
  if (!found) return null;
  let grave = { quadra: '?', numero: '?', capacidade: 0 };
  try {
    grave = { ...grave, ...(JSON.parse(String(found.detail)) as typeof grave) };
  } catch {
    // Keep the generic names: the refusal itself is what matters.
  }
  return unprocessable(graveFullMessage(grave.quadra, grave.numero, grave.capacidade), 'chapa');
}
