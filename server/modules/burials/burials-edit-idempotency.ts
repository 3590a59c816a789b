/**
 * PATCH /api/sepultados/:id as the offline outbox needs it: with an Idempotency-Key header, a
 * replay by the same person answers the first result (same status and body, header
 * "Idempotent-Replayed: true") without applying the edit again: the one rule of
 * server/lib/idempotency.ts, shared with tributes. Across processes the key row, written in the
 * edit's own transaction, decides.
 *
 * What is remembered: an edit that was applied (200). A refusal applied nothing, so a retry
 * simply runs again — a 409 conflict is evaluated afresh (the outbox may resend the person's
 * resolution under the same key), a 401/403/422 can succeed after a login or a fix. The same
 * key with different content (fields, version, removals or photo bytes) or on another record is
 * a 422: the outbox reused a key by mistake, and answering an unrelated result would hide it.
 * Keys are kept 7 days.
 */
import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { SEP_MSG } from '../../../src/domain/burial-messages';
import type { BurialRecord } from '../../../src/domain/burial-types';
import type { EditConflictAnswer } from '../../../src/domain/sync-types';
import type { AppContext } from '../../context';
import { editIdempotency, type UserRow } from '../../db/schema';
import { keyReused, withIdempotencyKey } from '../../lib/idempotency';
import { recordForEdit } from './burials-access';
import { EDIT_KEY_TTL, EditConflictError, EditKeyTakenError, updateBurial } from './burials-edit';
import type { BurialRequest } from './burials-input';
import { forgetCached, getBurial } from './burials-read';

interface EditSuccess {
  message: string;
  sepultado: BurialRecord;
}

type EditOutcome =
  | { status: 200; body: EditSuccess; replayed: boolean }
  | { status: 409; body: EditConflictAnswer; replayed: false };

const PRUNE_EVERY_MS = 60 * 60 * 1000;

function sha256(data: string | Buffer): string {
  return crypto.createHash('sha256').update(data).digest('hex');
}

/** What makes two requests "the same edit". Field order is fixed by readBurialRequest. */
function fingerprint(id: string, req: BurialRequest): string {
  return sha256(
    JSON.stringify({
      id,
      input: req.input,
      version: req.version,
      removeImages: req.removeImages,
      files: req.files.map((f) => sha256(f)),
    }),
  );
}

async function storedAnswer(ctx: AppContext, userId: string, key: string) {
  const [row] = await ctx.database.db
    .select({
      sepultadoId: editIdempotency.sepultadoId,
      fingerprint: editIdempotency.fingerprint,
      body: editIdempotency.body,
    })
    .from(editIdempotency)
    .where(
      and(
        eq(editIdempotency.userId, userId),
        eq(editIdempotency.key, key),
        sql`${editIdempotency.createdAt} >= now() - ${sql.raw(EDIT_KEY_TTL)}`,
      ),
    )
    .limit(1);
  return row ?? null;
}

async function replay(
  ctx: AppContext,
  user: UserRow,
  id: string,
  prior: NonNullable<Awaited<ReturnType<typeof storedAnswer>>>,
  print: string,
): Promise<EditOutcome> {
  if (prior.sepultadoId !== id || prior.fingerprint !== print) {
    throw keyReused(SEP_MSG.editKeyReused, 'idempotency-key');
  }
  // Written by saveAnswer from an EditSuccess. Null: the edit committed but its answer was not
  // stored yet (another process, or a crash in between) — it was applied, so answer the record,
  // read fresh (this process's cache may predate the other process's write).
  const stored = prior.body as EditSuccess | null;
  if (stored) return { status: 200, body: stored, replayed: true };
  await forgetCached(ctx, id);
  const sepultado = await getBurial(ctx, id, user);
  return { status: 200, body: { message: SEP_MSG.updated, sepultado }, replayed: true };
}

async function saveAnswer(ctx: AppContext, userId: string, key: string, body: EditSuccess) {
  const db = ctx.database.db;
  await db
    .update(editIdempotency)
    .set({ body })
    .where(and(eq(editIdempotency.userId, userId), eq(editIdempotency.key, key)));
  const now = Date.now();
  if (now - ctx.editKeysPrunedAt.at < PRUNE_EVERY_MS) return;
  ctx.editKeysPrunedAt.at = now;
  await db
    .delete(editIdempotency)
    .where(sql`${editIdempotency.createdAt} < now() - ${sql.raw(EDIT_KEY_TTL)}`);
}

/**
 * The whole edit: replay, permission, merge, write, answer. A replay is answered before the
 * permission check: its content is compared with the first request's, which was allowed.
 */
export async function editBurial(
  ctx: AppContext,
  user: UserRow,
  id: string,
  key: string | null,
  req: BurialRequest,
): Promise<EditOutcome> {
  return withIdempotencyKey(ctx, 'edit', user.id, key, async () => {
    if (key !== null) {
      const prior = await storedAnswer(ctx, user.id, key);
      if (prior) return replay(ctx, user, id, prior, fingerprint(id, req));
    }
    const current = await recordForEdit(ctx, user, id);
    const print = key === null ? null : fingerprint(id, req);
    try {
      const sepultado = await updateBurial(
        ctx,
        user,
        current,
        req,
        key === null || print === null ? null : { userId: user.id, key, fingerprint: print },
      );
      const body: EditSuccess = { message: SEP_MSG.updated, sepultado };
      if (key !== null) await saveAnswer(ctx, user.id, key, body);
      return { status: 200, body, replayed: false };
    } catch (err) {
      if (err instanceof EditConflictError) {
        // Fresh, not cached: the point is to show what the other person saved.
        await forgetCached(ctx, id);
        const fresh = await getBurial(ctx, id, user);
        return {
          status: 409,
          body: { message: err.message, conflicts: err.conflicts, current: fresh },
          replayed: false,
        };
      }
      if (err instanceof EditKeyTakenError && key !== null && print !== null) {
        const prior = await storedAnswer(ctx, user.id, key);
        if (prior) return replay(ctx, user, id, prior, print);
        throw keyReused(SEP_MSG.editKeyReused, 'idempotency-key');
      }
      throw err;
    }
  });
}
