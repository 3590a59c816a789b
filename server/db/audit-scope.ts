/**
 * Who is writing, for the audit trail (migration 0021): one scope per request, held in
 * AsyncLocalStorage, and copied into transaction-local settings at the start of every
 * transaction the database module opens (auditedDb below). The audit triggers read those
 * settings, so a service never passes the actor along and cannot forget it; a write outside any
 * request (a CLI, the start-up seed) is recorded without an actor.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

export interface AuditActor {
  id: string;
  role: string;
  name: string;
}

export interface AuditScope {
  requestId: string;
  /** When the server received the request. */
  receivedAt: Date;
  /** When the device made the change (an offline outbox item), if it said so. */
  madeAt: Date | null;
  /** Read when a transaction starts: the sign-in is resolved after the scope opens. */
  actor: () => AuditActor | null;
}

const storage = new AsyncLocalStorage<AuditScope>();

export function runInAuditScope<T>(scope: AuditScope, fn: () => T): T {
  return storage.run(scope, fn);
}

export function currentAuditScope(): AuditScope | undefined {
  return storage.getStore();
}

/** The settings of a scope as [name, value] pairs ('' = unset). */
export function auditSettings(scope: AuditScope | undefined): [string, string][] {
  if (!scope) return [];
  const actor = scope.actor();
  return [
    ['memorial.actor_id', actor?.id ?? ''],
    ['memorial.actor_role', actor?.role ?? ''],
    ['memorial.actor_name', actor?.name ?? ''],
    // The edit history of 0006 reads this name.
    ['memorial.user_id', actor?.id ?? ''],
    ['memorial.request_id', scope.requestId],
    ['memorial.received_at', scope.receivedAt.toISOString()],
    ['memorial.made_at', scope.madeAt?.toISOString() ?? ''],
  ];
}

/** One statement that sets every setting of the current scope for this transaction. */
export function auditSettingsStatement(scope = currentAuditScope()) {
  const pairs = auditSettings(scope);
  if (pairs.length === 0) return null;
  const calls = pairs.map(([name, value]) => sql`set_config(${name}, ${value}, true)`);
  return sql`SELECT ${sql.join(calls, sql`, `)}`;
}

/**
 * The same as a statement for the raw runner ($n parameters): null when there is no scope.
 * Run first in every transaction (SqlRunner.transaction).
 */
export function auditSettingsQuery(
  scope = currentAuditScope(),
): { text: string; params: string[] } | null {
  const pairs = auditSettings(scope);
  if (pairs.length === 0) return null;
  const calls = pairs.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`);
  return { text: `SELECT ${calls.join(', ')}`, params: pairs.flat() };
}

type AnyDb = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;

/**
 * The Drizzle database whose every transaction starts by setting the request's audit scope.
 * Statements outside a transaction get no scope: the services write audited tables inside one.
 */
export function auditedDb<D extends AnyDb>(db: D): D {
  return new Proxy(db, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
      const transaction: D['transaction'] = (fn, config) =>
        target.transaction(async (tx) => {
          const statement = auditSettingsStatement();
          if (statement) await tx.execute(statement);
          return fn(tx);
        }, config);
      return transaction;
    },
  });
}
