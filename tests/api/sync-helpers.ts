/** Helpers of the sync-* API tests: one sync call, a full walk, the database's own view. */
import { expect } from 'vitest';
import type { SyncAnswer } from '../../src/domain/sync-types';
import { type Actor, auth } from './burials-helpers';
import type { Harness } from './helpers';

export async function sync(h: Harness, since?: string, limit?: number): Promise<SyncAnswer> {
  const query = new URLSearchParams();
  if (since !== undefined) query.set('since', since);
  if (limit !== undefined) query.set('limit', String(limit));
  const res = await h.app.inject({ method: 'GET', url: `/api/sync/sepultados?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as SyncAnswer;
}

/** Pages until hasMore is false; answers every page and the final cursor. */
export async function walk(
  h: Harness,
  since?: string,
  limit?: number,
): Promise<{ pages: SyncAnswer[]; cursor: string }> {
  const pages: SyncAnswer[] = [];
  let cursor = since;
  for (;;) {
    const page = await sync(h, cursor, limit);
    pages.push(page);
    cursor = page.cursor;
    if (!page.hasMore) return { pages, cursor };
    if (pages.length > 10_000) throw new Error('walk does not end');
  }
}

/** The cursor of "now": everything already written is behind it. */
export async function endCursor(h: Harness): Promise<string> {
  return (await walk(h, undefined, 2000)).cursor;
}

/** Live and deleted record ids, with versions, as the database holds them. */
export async function dbState(
  h: Harness,
): Promise<{ live: Map<string, number>; deleted: string[] }> {
  const rows = await h.app.ctx.database.sql.query<{ id: string; v: number; d: boolean }>(
    'SELECT id, version AS v, deleted_at IS NOT NULL AS d FROM sepultados',
  );
  return {
    live: new Map(rows.filter((r) => !r.d).map((r) => [r.id, Number(r.v)])),
    deleted: rows.filter((r) => r.d).map((r) => r.id),
  };
}

/** What a client holds after applying pages in order: id → version (deleted ones removed). */
export function applyPages(pages: SyncAnswer[], into = new Map<string, number>()) {
  for (const page of pages) {
    if (page.reset) into.clear();
    for (const r of page.changed) into.set(r.id, r.version);
    for (const id of page.deleted) into.delete(id);
  }
  return into;
}

export function patchRecord(
  h: Harness,
  who: Actor,
  id: string,
  payload: object,
  headers: Record<string, string> = {},
) {
  return h.app.inject({
    method: 'PATCH',
    url: `/api/sepultados/${id}`,
    headers: { ...auth(who), ...headers },
    payload,
  });
}
