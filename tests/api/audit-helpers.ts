/** Fixtures for the audit-* API tests: the trail's rows as stored. */
import type { Harness } from './helpers';

export interface StoredEntry {
  id: string;
  actor_id: string | null;
  actor_role: string | null;
  resource: string;
  resource_id: string;
  subject_id: string;
  cemiterio_id: string | null;
  action: string;
  changes: Record<string, [unknown, unknown]>;
  request_id: string | null;
  made_at: Date | null;
  received_at: Date;
}

/** Entries of one resource (and id), oldest first. */
export async function storedEntries(
  h: Harness,
  resource: string,
  resourceId?: string,
): Promise<StoredEntry[]> {
  return h.app.ctx.database.sql.query<StoredEntry>(
    `SELECT id::text AS id, actor_id, actor_role, resource, resource_id, subject_id, cemiterio_id,
       action, changes, request_id, made_at, received_at
     FROM audit_log WHERE resource = $1 AND ($2::text IS NULL OR resource_id = $2) ORDER BY id`,
    [resource, resourceId ?? null],
  );
}

/** The number of entries now: a write's entries are those after it. */
export async function lastEntryId(h: Harness): Promise<number> {
  const [row] = await h.app.ctx.database.sql.query<{ n: string | null }>(
    'SELECT max(id)::text AS n FROM audit_log',
  );
  return Number(row?.n ?? 0);
}

/** Entries written after `since` (lastEntryId), oldest first. */
export async function entriesSince(h: Harness, since: number): Promise<StoredEntry[]> {
  return h.app.ctx.database.sql.query<StoredEntry>(
    `SELECT id::text AS id, actor_id, actor_role, resource, resource_id, subject_id, cemiterio_id,
       action, changes, request_id, made_at, received_at
     FROM audit_log WHERE id > $1 ORDER BY id`,
    [since],
  );
}
