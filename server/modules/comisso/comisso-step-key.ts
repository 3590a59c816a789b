/**
 * The Idempotency-Key of a step (server/lib/idempotency.ts): an inspection queued on a phone
 * may arrive more than once. What a request held is summed up as a sha256 of its fields and
 * of each photo's bytes, so the same key re-sent with the same step answers the case again,
 * and with another step (or another case) is the one 422 of every queued write.
 */
import crypto from 'node:crypto';
import type { StepCreate } from '../../../src/domain/comisso-types';
import { ORDER_MSG } from '../../../src/domain/work-order-rules';
import type { AppContext } from '../../context';
import { keyReused } from '../../lib/idempotency';

/** The step as sent: its fields in a fixed order, then each photo's digest in order. */
export function stepContent(input: StepCreate, photos: readonly Buffer[]): string {
  const hash = crypto.createHash('sha256');
  hash.update(
    JSON.stringify([
      input.tipo,
      input.data,
      input.nota ?? null,
      input.meio ?? null,
      input.email ?? null,
    ]),
  );
  for (const p of photos) hash.update(crypto.createHash('sha256').update(p).digest('hex'));
  return hash.digest('hex');
}

/**
 * Whether this author's key already made a step: true when it made this one (a replay),
 * false when the key is new; a 422 when it made another.
 */
export async function stepAlreadyMade(
  ctx: AppContext,
  userId: string,
  key: string | null,
  caseId: string,
  conteudo: string,
): Promise<boolean> {
  if (key === null) return false;
  const [row] = await ctx.database.sql.query<{ caso_id: string; conteudo: string | null }>(
    'SELECT caso_id, conteudo FROM comisso_etapas WHERE feito_por = $1 AND idempotency_key = $2',
    [userId, key],
  );
  if (!row) return false;
  if (row.caso_id !== caseId || row.conteudo !== conteudo) {
    throw keyReused(ORDER_MSG.keyReused, 'idempotencyKey');
  }
  return true;
}
