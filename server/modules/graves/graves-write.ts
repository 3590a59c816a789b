/**
 * Writes of the graves (admin; a concessionário's condition note): create one, create a range,
 * edit, merge. A grave's place (rua, quadra, number) is also the text of the records lying in it:
 * moving the grave rewrites them (a data change of each record, with its history and a new sync
 * position), so a record's text and its grave never disagree. One transaction per request.
 */
import { sql } from 'drizzle-orm';
import {
  bulkNumbers,
  duplicateGraveMessage,
  GRAVE_MSG,
  graveProblem,
} from '../../../src/domain/grave-rules';
import type { Grave, GraveBulk, GraveCreate, GraveEdit } from '../../../src/domain/grave-types';
import { newId } from '../../../src/domain/ids';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, notFound, unprocessable } from '../../lib/http-error';
import { isUniqueViolation } from '../../lib/pg-error';
import type { Tx } from '../burials/public';
import { forgetCached } from '../burials/public';
import { findGrave, txRows } from './graves-read';

const tidy = (v: string) => v.trim().replace(/\s+/g, ' ');
const tidyOptional = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || !v.trim() ? null : tidy(v);

function assertPlace(v: Parameters<typeof graveProblem>[0]): void {
  const problem = graveProblem(v);
  if (problem) throw badRequest(problem.message, problem.field);
}

async function assertCemetery(tx: Tx, id: string): Promise<void> {
  const [found] = await txRows<{ id: string }>(tx, sql`SELECT id FROM cemiterios WHERE id = ${id}`);
  if (!found) throw unprocessable(GRAVE_MSG.cemeteryNotFound, 'cemiterioId');
}

async function answer(ctx: AppContext, id: string): Promise<Grave> {
  const found = await findGrave(ctx, id);
  if (!found) throw notFound(GRAVE_MSG.notFound);
  return found;
}

export async function createGrave(ctx: AppContext, input: GraveCreate): Promise<Grave> {
  assertPlace(input);
  const id = newId();
  const quadra = tidy(input.quadra);
  const numero = tidy(input.numero);
  try {
    await ctx.database.db.transaction(async (tx) => {
      await assertCemetery(tx, input.cemiterioId);
      await tx.execute(sql`INSERT INTO sepulturas (id, cemiterio_id, rua, quadra, numero, tipo,
        capacidade, latitude, longitude, situacao, observacoes) VALUES (${id},
        ${input.cemiterioId}, ${tidyOptional(input.rua) ?? null}, ${quadra}, ${numero},
        ${input.tipo ?? null}, ${input.capacidade ?? null}, ${input.latitude ?? null},
        ${input.longitude ?? null}, ${input.situacao ?? 'livre'},
        ${tidyOptional(input.observacoes) ?? null})`);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(duplicateGraveMessage(quadra, numero), 'numero');
    throw err;
  }
  return answer(ctx, id);
}

/** One quadra's numbers first…last; numbers already graves there are kept as they are. */
export async function createGraveRange(
  ctx: AppContext,
  input: GraveBulk,
): Promise<{ message: string; criadas: number; existentes: number }> {
  assertPlace({ quadra: input.quadra, rua: input.rua });
  const range = bulkNumbers(input.numeroInicial, input.numeroFinal);
  if ('message' in range) throw badRequest(range.message, range.field);
  const rows = JSON.stringify(range.numbers.map((n) => ({ i: newId(), n })));
  const made = await ctx.database.db.transaction(async (tx) => {
    await assertCemetery(tx, input.cemiterioId);
    const inserted = await txRows<{ id: string }>(
      tx,
      sql`INSERT INTO sepulturas (id, cemiterio_id, rua, quadra, numero, tipo, capacidade)
        SELECT i, ${input.cemiterioId}, ${tidyOptional(input.rua) ?? null}, ${tidy(input.quadra)},
          n, ${input.tipo ?? null}, ${input.capacidade ?? null}
        FROM jsonb_to_recordset(${rows}::jsonb) AS r(i text, n text)
        ON CONFLICT (cemiterio_id, chave) DO NOTHING RETURNING id`,
    );
    return inserted.length;
  });
  const existentes = range.numbers.length - made;
  const criadas = made === 1 ? '1 sepultura criada' : `${made} sepulturas criadas`;
  return {
    message: existentes ? `${criadas}; ${existentes} já existiam.` : `${criadas}.`,
    criadas: made,
    existentes,
  };
}

interface StoredPlace {
  id: string;
  cemiterio_id: string;
  rua: string | null;
  quadra: string;
  numero: string;
  version: number;
}

/** Rewrites the records of grave `id` to its place (after the grave moved); their ids. */
async function followPlace(tx: Tx, user: UserRow, id: string): Promise<string[]> {
  await tx.execute(sql`SELECT set_config('memorial.user_id', ${user.id}, true)`);
  const moved = await txRows<{ id: string }>(
    tx,
    sql`UPDATE sepultados s SET rua = g.rua, quadra = g.quadra, chapa = g.numero
      FROM sepulturas g WHERE g.id = ${id} AND s.sepultura_id = g.id
        AND (s.rua IS DISTINCT FROM g.rua OR s.quadra <> g.quadra OR s.chapa <> g.numero)
      RETURNING s.id`,
  );
  return moved.map((r) => r.id);
}

export async function editGrave(
  ctx: AppContext,
  user: UserRow,
  id: string,
  edit: GraveEdit,
): Promise<Grave> {
  const quadra = edit.quadra === undefined ? undefined : tidy(edit.quadra);
  const numero = edit.numero === undefined ? undefined : tidy(edit.numero);
  const rua = tidyOptional(edit.rua);
  assertPlace({ ...edit, quadra, numero, rua });
  let moved: string[] = [];
  try {
    moved = await ctx.database.db.transaction(async (tx) => {
      const [g] = await txRows<StoredPlace & { latitude: number | null; longitude: number | null }>(
        tx,
        sql`SELECT id, cemiterio_id, rua, quadra, numero, version, latitude, longitude
          FROM sepulturas WHERE id = ${id} FOR UPDATE`,
      );
      if (!g) throw notFound(GRAVE_MSG.notFound);
      if (edit.version !== undefined && edit.version !== Number(g.version)) {
        throw conflict(GRAVE_MSG.stale, 'version');
      }
      const lat = edit.latitude === undefined ? g.latitude : edit.latitude;
      const lon = edit.longitude === undefined ? g.longitude : edit.longitude;
      assertPlace({ latitude: lat, longitude: lon });
      if (edit.capacidade != null) {
        const [p] = await txRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM sepultados
            WHERE sepultura_id = ${id} AND deleted_at IS NULL`,
        );
        const present = Number(p?.n ?? 0);
        if (present > edit.capacidade) {
          throw unprocessable(GRAVE_MSG.capacityBelow(present), 'capacidade');
        }
      }
      const set = (column: string, value: unknown) =>
        value === undefined ? sql`` : sql`, ${sql.identifier(column)} = ${value}`;
      await tx.execute(sql`UPDATE sepulturas SET version = version + 1, updated_at = now()
        ${set('rua', rua)}${set('quadra', quadra)}${set('numero', numero)}
        ${set('tipo', edit.tipo)}${set('capacidade', edit.capacidade)}
        ${set('latitude', lat)}${set('longitude', lon)}${set('situacao', edit.situacao)}
        ${set('observacoes', tidyOptional(edit.observacoes))}
        WHERE id = ${id}`);
      const placeChanged = rua !== undefined || quadra !== undefined || numero !== undefined;
      return placeChanged ? followPlace(tx, user, id) : [];
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      const now = await findGrave(ctx, id);
      throw conflict(
        duplicateGraveMessage(quadra ?? now?.quadra ?? '', numero ?? now?.numero ?? ''),
        'numero',
      );
    }
    throw err;
  }
  for (const r of moved) await forgetCached(ctx, r);
  return answer(ctx, id);
}

/**
 * Two graves that are one: every record of `id` takes the place of `destino` (the record
 * trigger links it there and applies destino's capacity), concessions follow, `id` goes.
 */
export async function mergeGrave(
  ctx: AppContext,
  user: UserRow,
  id: string,
  destino: string,
): Promise<Grave> {
  if (id === destino) throw badRequest(GRAVE_MSG.mergeSelf, 'destino');
  const moved = await ctx.database.db.transaction(async (tx) => {
    const both = await txRows<StoredPlace>(
      tx,
      sql`SELECT id, cemiterio_id, rua, quadra, numero, version FROM sepulturas
        WHERE id IN (${id}, ${destino}) ORDER BY id FOR UPDATE`,
    );
    const source = both.find((g) => g.id === id);
    const target = both.find((g) => g.id === destino);
    if (!source) throw notFound(GRAVE_MSG.notFound);
    if (!target) throw unprocessable(GRAVE_MSG.mergeTargetNotFound, 'destino');
    if (source.cemiterio_id !== target.cemiterio_id) {
      throw unprocessable(GRAVE_MSG.mergeOtherCemetery, 'destino');
    }
    // Concessions follow the records; two active titles cannot become one by a merge.
    const [active] = await txRows<{ n: number }>(
      tx,
      sql`SELECT count(*)::int AS n FROM concessoes
        WHERE sepultura_id IN (${id}, ${destino}) AND situacao = 'ativa'`,
    );
    if (Number(active?.n ?? 0) > 1) throw conflict(GRAVE_MSG.mergeTwoConcessions, 'destino');
    await tx.execute(sql`UPDATE concessoes SET sepultura_id = ${destino}
      WHERE sepultura_id = ${id}`);
    await tx.execute(sql`SELECT set_config('memorial.user_id', ${user.id}, true)`);
    const records = await txRows<{ id: string }>(
      tx,
      sql`UPDATE sepultados SET rua = ${target.rua}, quadra = ${target.quadra},
        chapa = ${target.numero} WHERE sepultura_id = ${id} RETURNING id`,
    );
    // Work orders, requests and custody steps naming the grave follow it (migration 0050).
    await tx.execute(sql`SELECT sepultura_merge_refs(${id}, ${destino})`);
    await tx.execute(sql`DELETE FROM sepulturas WHERE id = ${id}`);
    await tx.execute(sql`UPDATE sepulturas SET version = version + 1, updated_at = now()
      WHERE id = ${destino}`);
    return records.map((r) => r.id);
  });
  for (const r of moved) await forgetCached(ctx, r);
  return answer(ctx, destino);
}
