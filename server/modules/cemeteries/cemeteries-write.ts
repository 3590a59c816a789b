/**
 * Writes of the cemeteries (admin): create, edit (a rename rewrites the records' `cemiterio`),
 * merge. One transaction per request; the records' own triggers (migration 0010's pair keeper,
 * the stamp and the history of 0006) do the per-record work, so a rename and a merge are data
 * changes like an edit: a new version, a history entry (who, what), a new sync position — the
 * phones get the new name by delta sync, and an offline edit made before still merges right
 * (its old `cemiterio` equals its base value, so the newer name stays).
 *
 * Records are rewritten in batches of BATCH ids read from a cursor opened before the first
 * write (it does not see the rewritten rows, so the walk is linear even at 1.5 M records): each
 * batch is one statement, so the history trigger's queued events are flushed per batch instead
 * of 1.5 M of them held in memory at once. What it costs is in docs/decisions.md "Cemeteries".
 */
import { type SQL, sql } from 'drizzle-orm';
import { CEM_MSG, duplicateNameMessage } from '../../../src/domain/cemetery-messages';
import {
  cemeteryProblem,
  optionalText,
  tidyCemeteryName,
} from '../../../src/domain/cemetery-rules';
import type { Cemetery, CemeteryCreate, CemeteryEdit } from '../../../src/domain/cemetery-types';
import { newId } from '../../../src/domain/ids';
import { CEMETERY_ID_PATTERN } from '../../../src/domain/schemas/cemetery';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound } from '../../lib/http-error';
import { removeImage } from '../../lib/images';
import { EVERY_KEY } from '../../lib/invalidation';
import type { Tx } from '../burials/public';
import { forgetCached } from '../burials/public';
import { afterCemeteryMerge, beforeCemeteryMerge } from '../graves/public';
import { findCemetery, forgetCounts, type StoredCemeteryRow } from './cemeteries-read';

const BATCH = 5_000;
const ID_RE = new RegExp(CEMETERY_ID_PATTERN);

/** tx.execute answers { rows } on both drivers (node-postgres, PGlite). */
async function rows<T>(tx: Tx, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

function storedAsEdit(row: StoredCemeteryRow): CemeteryEdit {
  const { nome, endereco, horario, latitude, longitude, south, west, north, east } = row;
  return {
    nome,
    endereco,
    horario,
    latitude: latitude === null ? null : Number(latitude),
    longitude: longitude === null ? null : Number(longitude),
    bounds:
      south === null || west === null || north === null || east === null
        ? null
        : { south: Number(south), west: Number(west), north: Number(north), east: Number(east) },
  };
}

/** The stored fields with the edit's overlaid (left out = kept, null = cleared), tidied. */
function overlay(base: CemeteryEdit, edit: CemeteryEdit): CemeteryEdit & { nome: string } {
  const merged: CemeteryEdit = { ...base };
  for (const [key, value] of Object.entries(edit)) {
    if (value !== undefined) (merged as Record<string, unknown>)[key] = value;
  }
  const nome = tidyCemeteryName(merged.nome ?? '');
  return {
    ...merged,
    nome,
    endereco: optionalText(merged.endereco) ?? null,
    horario: optionalText(merged.horario) ?? null,
  };
}

function assertValid(values: CemeteryEdit): void {
  const problem = cemeteryProblem(values);
  if (problem) throw badRequest(problem.message, problem.field);
}

/** 409 when another cemetery has the same name after folding. */
async function assertNameFree(tx: Tx, nome: string, self: string | null): Promise<void> {
  const [other] = await rows<{ nome: string }>(
    tx,
    sql`SELECT nome FROM cemiterios WHERE nome_chave = cemiterio_chave(${nome})
        AND id IS DISTINCT FROM ${self}`,
  );
  if (other) throw conflict(duplicateNameMessage(other.nome), 'nome');
}

function columns(v: CemeteryEdit & { nome: string }) {
  const b = v.bounds ?? null;
  return sql`nome = ${v.nome}, nome_chave = cemiterio_chave(${v.nome}),
    endereco = ${v.endereco ?? null}, horario = ${v.horario ?? null},
    latitude = ${v.latitude ?? null}, longitude = ${v.longitude ?? null},
    south = ${b?.south ?? null}, west = ${b?.west ?? null}, north = ${b?.north ?? null},
    east = ${b?.east ?? null}, updated_at = now()`;
}

/** A unique violation on nome_chave that raced past assertNameFree. */
function isDuplicateKey(err: unknown): boolean {
  const seen = new Set<unknown>();
  let e: unknown = err;
  while (e && typeof e === 'object' && !seen.has(e)) {
    seen.add(e);
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

async function answer(ctx: AppContext, id: string): Promise<Cemetery> {
  const found = await findCemetery(ctx, id);
  if (!found) throw notFound(CEM_MSG.notFound);
  return found;
}

export async function createCemetery(ctx: AppContext, input: CemeteryCreate): Promise<Cemetery> {
  const values = overlay({}, input);
  assertValid(values);
  const id = newId();
  try {
    await ctx.database.db.transaction(async (tx) => {
      await assertNameFree(tx, values.nome, null);
      await tx.execute(sql`INSERT INTO cemiterios (id, nome, nome_chave) VALUES
        (${id}, ${values.nome}, cemiterio_chave(${values.nome}))`);
      await tx.execute(sql`UPDATE cemiterios SET ${columns(values)} WHERE id = ${id}`);
    });
  } catch (err) {
    if (isDuplicateKey(err)) {
      throw conflict(duplicateNameMessage(tidyCemeteryName(input.nome ?? '')), 'nome');
    }
    throw err;
  }
  await forgetCounts(ctx, id);
  return answer(ctx, id);
}

/**
 * Rewrites the records of a cemetery in batches: `set` is the SET clause, applied to BATCH ids
 * at a time read from a cursor over the cemetery's records (tombstones too: they keep the pair
 * consistent for the sync). Returns how many were rewritten.
 */
async function rewriteRecords(tx: Tx, cemeteryId: string, set: SQL): Promise<number> {
  // DECLARE takes no bind parameters; the id was checked against the 24-hex pattern.
  if (!ID_RE.test(cemeteryId)) throw new Error('invalid cemetery id');
  await tx.execute(
    sql.raw(`DECLARE cemiterio_registros NO SCROLL CURSOR FOR
      SELECT id FROM sepultados WHERE cemiterio_id = '${cemeteryId}'`),
  );
  let done = 0;
  for (;;) {
    const batch = await rows<{ id: string }>(
      tx,
      sql.raw(`FETCH FORWARD ${BATCH} FROM cemiterio_registros`),
    );
    if (batch.length === 0) break;
    const ids = batch.map((r) => r.id);
    await tx.execute(sql`UPDATE sepultados SET ${set} WHERE id = ANY(${sql.param(ids)}::text[])`);
    done += ids.length;
  }
  await tx.execute(sql.raw('CLOSE cemiterio_registros'));
  return done;
}

/** Locks and reads a cemetery inside the transaction, or 404. */
async function lockCemetery(
  tx: Tx,
  id: string,
  missing: () => HttpError,
): Promise<StoredCemeteryRow> {
  const [row] = await rows<StoredCemeteryRow>(
    tx,
    sql`SELECT id, nome, endereco, horario, latitude, longitude, south, west, north, east
        FROM cemiterios WHERE id = ${id} FOR UPDATE`,
  );
  if (!row) throw missing();
  return row;
}

/**
 * Edits a cemetery. A new name (other than the stored one, even only in case or accents) is
 * written to every record of it in the same transaction.
 */
export async function editCemetery(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: CemeteryEdit,
): Promise<Cemetery> {
  let renamed = false;
  try {
    await ctx.database.db.transaction(async (tx) => {
      const stored = await lockCemetery(tx, id, () => notFound(CEM_MSG.notFound));
      const values = overlay(storedAsEdit(stored), input);
      assertValid(values);
      renamed = values.nome !== stored.nome;
      if (renamed) await assertNameFree(tx, values.nome, id);
      await tx.execute(sql`UPDATE cemiterios SET ${columns(values)} WHERE id = ${id}`);
      if (renamed) {
        // Read by the history trigger (changed_by); local to this transaction.
        await tx.execute(sql`SELECT set_config('memorial.user_id', ${user.id}, true)`);
        await rewriteRecords(tx, id, sql`cemiterio = ${values.nome}`);
      }
    });
  } catch (err) {
    if (isDuplicateKey(err)) {
      throw conflict(duplicateNameMessage(tidyCemeteryName(input.nome ?? '')), 'nome');
    }
    throw err;
  }
  if (renamed) await forgetRecords(ctx, id);
  return answer(ctx, id);
}

/** Every cached public record and home page may carry an old `cemiterio` (every instance). */
async function forgetRecords(ctx: AppContext, cemeteryId: string): Promise<void> {
  await Promise.all([forgetCached(ctx, EVERY_KEY), forgetCounts(ctx, cemeteryId)]);
}

/**
 * Moves every record of `sourceId` to `targetId` (a data change per record: version, history,
 * sync position), then removes the source. Its plan goes with it when the target has none, and
 * is dropped otherwise (the file removed after the commit).
 */
export async function mergeCemetery(
  ctx: AppContext,
  user: UserRow,
  sourceId: string,
  targetId: string,
): Promise<{ cemetery: Cemetery; moved: number }> {
  if (sourceId === targetId) throw badRequest(CEM_MSG.mergeSelf, 'destino');
  const result = await ctx.database.db.transaction(async (tx) => {
    // Both locked in id order, so two opposite merges cannot deadlock; a record being written
    // into the source meanwhile waits for this transaction (its foreign key check).
    const lockOrder = [sourceId, targetId].sort();
    const locked = new Map<string, StoredCemeteryRow>();
    for (const id of lockOrder) {
      const missing =
        id === sourceId
          ? () => notFound(CEM_MSG.notFound)
          : () => new HttpError(422, CEM_MSG.mergeTargetNotFound, 'destino');
      locked.set(id, await lockCemetery(tx, id, missing));
    }
    await tx.execute(sql`SELECT set_config('memorial.user_id', ${user.id}, true)`);
    await beforeCemeteryMerge(tx, sourceId, targetId);
    const moved = await rewriteRecords(tx, sourceId, sql`cemiterio_id = ${targetId}`);
    await afterCemeteryMerge(tx, sourceId);
    const [targetPlan] = await rows<{ image: string }>(
      tx,
      sql`SELECT image FROM cemiterio_planos WHERE cemiterio_id = ${targetId}`,
    );
    let droppedImage: string | null = null;
    if (targetPlan) {
      const [dropped] = await rows<{ image: string }>(
        tx,
        sql`DELETE FROM cemiterio_planos WHERE cemiterio_id = ${sourceId} RETURNING image`,
      );
      droppedImage = dropped?.image ?? null;
    } else {
      await tx.execute(
        sql`UPDATE cemiterio_planos SET cemiterio_id = ${targetId} WHERE cemiterio_id = ${sourceId}`,
      );
    }
    await tx.execute(sql`DELETE FROM cemiterios WHERE id = ${sourceId}`);
    await tx.execute(sql`UPDATE cemiterios SET updated_at = now() WHERE id = ${targetId}`);
    return { moved, droppedImage };
  });
  await forgetRecords(ctx, sourceId);
  if (result.droppedImage) await removeImage(ctx, 'plano', result.droppedImage);
  return { cemetery: await answer(ctx, targetId), moved: result.moved };
}
