/**
 * Reads of the audit trail (migration 0021): the admin's filtered pages and CSV, a record's or a
 * user's history, a person's own entries. Private values are masked here for whoever may not
 * see them (src/domain/audit-rules.ts); the author's name is read now, from the account.
 */
import { AUDIT_MSG, auditChanges } from '../../../src/domain/audit-rules';
import type { AuditEntry, AuditQuery } from '../../../src/domain/audit-types';
import type { AppContext } from '../../context';
import { badRequest } from '../../lib/http-error';

export interface AuditRow {
  id: string;
  received_at: Date | string;
  made_at: Date | string | null;
  actor_id: string | null;
  actor_role: string | null;
  actor_name: string | null;
  resource: string;
  resource_id: string;
  subject_id: string;
  cemiterio_id: string | null;
  action: string;
  changes: Record<string, unknown> | string;
  request_id: string | null;
}

const SELECT = `SELECT a.id::text AS id, a.received_at, a.made_at, a.actor_id, a.actor_role,
  coalesce(a.actor_name, u.name) AS actor_name, a.resource, a.resource_id, a.subject_id, a.cemiterio_id, a.action,
  a.changes, a.request_id
  FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id`;

const ORDER = 'ORDER BY a.received_at DESC, a.id DESC';

const iso = (value: Date | string) => new Date(value).toISOString();

export function toEntry(row: AuditRow, showPrivate: boolean): AuditEntry {
  const changes = typeof row.changes === 'string' ? JSON.parse(row.changes) : row.changes;
  return {
    id: row.id,
    receivedAt: iso(row.received_at),
    madeAt: row.made_at === null ? null : iso(row.made_at),
    actor: row.actor_id ? { id: row.actor_id, name: row.actor_name, role: row.actor_role } : null,
    resource: row.resource,
    resourceId: row.resource_id,
    subjectId: row.subject_id,
    cemeteryId: row.cemiterio_id,
    action: row.action,
    changes: auditChanges(changes as Record<string, unknown>, showPrivate),
    requestId: row.request_id,
  };
}

/** The WHERE clause and parameters of the audit page's filters. */
function filters(query: AuditQuery): { where: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: string) => string, value: unknown) => {
    params.push(value);
    parts.push(sql(`$${params.length}`));
  };
  if (query.de && query.ate && query.de > query.ate) throw badRequest(AUDIT_MSG.badRange, 'de');
  if (query.recurso) add((n) => `a.resource = ${n}`, query.recurso);
  if (query.acao) add((n) => `a.action = ${n}`, query.acao);
  if (query.pessoa) add((n) => `(a.actor_id = ${n} OR a.subject_id = ${n})`, query.pessoa);
  if (query.cemiterio) add((n) => `a.cemiterio_id = ${n}`, query.cemiterio);
  if (query.de) add((n) => `a.received_at >= ${n}::date::timestamp AT TIME ZONE 'UTC'`, query.de);
  if (query.ate) {
    add((n) => `a.received_at < (${n}::date + 1)::timestamp AT TIME ZONE 'UTC'`, query.ate);
  }
  return { where: parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '', params };
}

export async function auditPage(
  ctx: AppContext,
  query: AuditQuery,
  page: number,
  limit: number,
): Promise<{ items: AuditEntry[]; hasMore: boolean }> {
  const { where, params } = filters(query);
  const rows = await ctx.database.sql.query<AuditRow>(
    `${SELECT} ${where} ${ORDER} LIMIT ${limit + 1} OFFSET ${(page - 1) * limit}`,
    params,
  );
  return { items: rows.slice(0, limit).map((r) => toEntry(r, true)), hasMore: rows.length > limit };
}

export async function auditRows(ctx: AppContext, query: AuditQuery, max: number) {
  const { where, params } = filters(query);
  const rows = await ctx.database.sql.query<AuditRow>(
    `${SELECT} ${where} ${ORDER} LIMIT ${max}`,
    params,
  );
  return rows.map((r) => toEntry(r, true));
}

export const HISTORY_PAGE = 50;

/** Entries whose subject is this record or user, newest first. */
export async function subjectHistory(
  ctx: AppContext,
  subjectId: string,
  page: number,
  showPrivate: boolean,
): Promise<{ items: AuditEntry[]; hasMore: boolean }> {
  const rows = await ctx.database.sql.query<AuditRow>(
    `${SELECT} WHERE a.subject_id = $1 ${ORDER} LIMIT ${HISTORY_PAGE + 1} OFFSET ${
      (page - 1) * HISTORY_PAGE
    }`,
    [subjectId],
  );
  return {
    items: rows.slice(0, HISTORY_PAGE).map((r) => toEntry(r, showPrivate)),
    hasMore: rows.length > HISTORY_PAGE,
  };
}

/** A record that exists (deleted too) or has entries: a record purged long ago keeps its history. */
export async function recordKnown(ctx: AppContext, id: string): Promise<boolean> {
  const rows = await ctx.database.sql.query(
    `SELECT 1 FROM sepultados WHERE id = $1
     UNION ALL SELECT 1 FROM audit_log WHERE subject_id = $1 LIMIT 1`,
    [id],
  );
  return rows.length > 0;
}
