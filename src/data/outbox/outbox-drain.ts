/**
 * Draining the outbox: send what is due, oldest first, one item at a time, and record what the
 * server said. Shared by the page (outbox-runner.ts) and the service worker (sw/outbox-sync.ts);
 * both pass the same lock so their drains never overlap.
 *
 * Per item: claimed in a transaction (state "sending" with a lease, so an item whose drain died
 * with the tab is picked up again — at the next drain under Web Locks, else after the lease),
 * sent with its id as idempotency key, then
 *  - accepted → "sent" (kept a week so the person sees "Enviado"), effects applied;
 *  - no answer → back to "pending" with exponential backoff ("Aguardando conexão");
 *  - 5xx → "pending" with backoff, marked as a server failure with the time of the next try;
 *  - 429 → "pending" until Retry-After (at least the backoff), with the server's words;
 *  - 401 → "attention" until the same person logs in again (resumeAfterLogin);
 *  - 401 account-deleted → "attention": nobody can log in as them again, copy or discard;
 *  - 409 on an edit → "attention" with both values for the review screen;
 *  - any other refusal → "attention" with the spec §8 text of that call, to fix or discard.
 * The classes come from src/domain/outcome.ts, the one classification every write uses.
 * An edit waits while an earlier edit of the same record is unsent (order matters on one
 * record); once that one is applied, later ones are re-based on the version it produced.
 */

import type { BurialRecord } from '../../domain/burial-types';
import {
  OUTBOX_CALL_TEXTS,
  OUTBOX_MSG,
  type OutboxItem,
  type OutboxProblem,
} from '../../domain/outbox-item';
import {
  busyRetryAt,
  busyRetryText,
  clockTime,
  failureMessage,
  OUTCOME_MSG,
  type Outcome,
  serverFailedRetryText,
} from '../../domain/outcome';
import type { EditConflictAnswer } from '../../domain/sync-types';
import type { MemorialDb } from '../db';
import type { DrainLock } from './outbox-lock';

interface OutboxSession {
  token: string;
  userId: string;
}

export type SendResult =
  | { type: 'ok'; result: unknown }
  /** 409 on an edit with both sides: the review screen decides. */
  | { type: 'conflict'; answer: EditConflictAnswer }
  /** Anything else, as the one classification says (never kind "ok"). */
  | { type: 'failed'; outcome: Outcome };

export const NO_ANSWER: SendResult = {
  type: 'failed',
  outcome: { kind: 'no-answer', cause: 'network' },
};

export interface OutboxTransport {
  send(item: OutboxItem, token: string): Promise<SendResult>;
}

interface DrainDeps {
  db: MemorialDb;
  transport: OutboxTransport;
  lock: DrainLock;
  session(): Promise<OutboxSession | null>;
  /** After an accepted item (e.g. store the record the edit answered). Errors are ignored. */
  onSent?(item: OutboxItem, result: unknown): Promise<void>;
  /** After a refused item (e.g. store the cancelled order a 409 carried). Errors are ignored. */
  onRefused?(item: OutboxItem, outcome: Outcome): Promise<void>;
  /** The drain stopped on this outcome (no answer, session ended, account gone). */
  onStopped?(result: Outcome): Promise<void> | void;
  now?(): number;
}

export interface DrainReport {
  sent: number;
  /** Items still waiting for the network or the server (a retry is worth scheduling). */
  waiting: number;
  /** When the earliest waiting item is due (ms), or null. */
  nextDueAt: number | null;
}

const LEASE_MS = 120_000;
const SENT_KEPT_MS = 7 * 24 * 3600_000;
const BACKOFF_BASE_MS = 5_000;
const BACKOFF_MAX_MS = 5 * 60_000;

/** 5 s, 10 s, 20 s … up to 5 min, with ±20 % jitter so many phones do not retry in step. */
export function backoffMs(attempts: number, random: number = Math.random()): number {
  const exp = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, attempts - 1));
  return Math.round(exp * (0.8 + 0.4 * random));
}

function due(item: OutboxItem, userId: string, now: number, claimsAreDead: boolean): boolean {
  if (item.userId !== userId) return false;
  if (item.state === 'pending') return item.nextAttemptAt <= now;
  // A claim whose drain never came back (tab closed or reloaded mid-send): at once when the
  // lock proves no drain is running anywhere (DrainLock.spansContexts), else once its lease
  // has run out.
  return item.state === 'sending' && (claimsAreDead || item.nextAttemptAt <= now);
}

/** Writes that must go in order share a queue: a record's edits, a person's work on an order. */
const queueOf = (i: OutboxItem) =>
  'ordemId' in i ? `${i.ordemId} ${i.userId}` : i.kind === 'edit' ? i.sepultadoId : null;

/**
 * An edit must wait for an earlier unsent edit of the same record. Field work on an order goes
 * in the order it was done (the ticks and photos before the conclusion) while the earlier work
 * is still on its way; an earlier item that needs the person does not hold the rest back.
 */
function blocked(item: OutboxItem, all: OutboxItem[]): boolean {
  const queue = queueOf(item);
  return (
    queue !== null &&
    all.some(
      (o) =>
        o.id !== item.id &&
        queueOf(o) === queue &&
        (o.state === 'pending' ||
          o.state === 'sending' ||
          (o.state === 'attention' && o.kind === 'edit')) &&
        (o.createdAt < item.createdAt || (o.createdAt === item.createdAt && o.id < item.id)),
    )
  );
}

async function claimNext(
  db: MemorialDb,
  userId: string,
  now: number,
  skip: Set<string>,
  claimsAreDead: boolean,
): Promise<OutboxItem | null> {
  return db.transaction('rw', db.outbox, async () => {
    const all = await db.outbox.orderBy('createdAt').toArray();
    const next = all.find(
      (i) => !skip.has(i.id) && due(i, userId, now, claimsAreDead) && !blocked(i, all),
    );
    if (!next) return null;
    const claimed: OutboxItem = {
      ...next,
      state: 'sending',
      attempts: next.attempts + 1,
      nextAttemptAt: now + LEASE_MS,
      updatedAt: now,
    };
    await db.outbox.put(claimed);
    return claimed;
  });
}

function attention(item: OutboxItem, reason: string, problem: OutboxProblem, now: number) {
  return {
    ...item,
    state: 'attention' as const,
    reason,
    problem,
    waitingFor: undefined,
    updatedAt: now,
  };
}

function waiting(
  item: OutboxItem,
  now: number,
  wait: number,
  waitingFor: OutboxItem['waitingFor'],
  reason: string | undefined,
): OutboxItem {
  return {
    ...item,
    state: 'pending',
    reason,
    waitingFor,
    nextAttemptAt: now + wait,
    updatedAt: now,
  };
}

function failed(item: OutboxItem, result: Outcome, now: number): OutboxItem {
  // Kinds whose call was made when queued carry their own words for a refusal.
  const texts = 'call' in item ? { fallback: item.call.failed } : OUTBOX_CALL_TEXTS[item.kind];
  switch (result.kind) {
    case 'ok':
    case 'no-answer':
      return waiting(item, now, backoffMs(item.attempts), undefined, undefined);
    case 'server-error': {
      const wait = backoffMs(item.attempts);
      return waiting(item, now, wait, 'server-error', serverFailedRetryText(now + wait));
    }
    case 'rate-limited': {
      const wait = Math.max(backoffMs(item.attempts), (result.retryAt ?? 0) - now);
      const text = failureMessage(result, texts);
      return waiting(
        item,
        now,
        wait,
        'rate-limited',
        `${text} Nova tentativa às ${clockTime(now + wait)}.`,
      );
    }
    case 'busy': {
      // The server sheds load: the item stays on the device until its Retry-After.
      const wait = Math.max(backoffMs(item.attempts), busyRetryAt(result, now) - now);
      return waiting(item, now, wait, 'busy', busyRetryText(now + wait));
    }
    case 'session-expired':
      return attention(item, OUTBOX_MSG.login, { kind: 'login' }, now);
    case 'account-gone':
      return attention(item, OUTCOME_MSG.accountGone, { kind: 'account-gone' }, now);
    case 'refused':
      return attention(
        item,
        failureMessage(result, texts),
        { kind: 'refused', status: result.status, field: result.field },
        now,
      );
  }
}

function outcome(item: OutboxItem, result: SendResult, now: number): OutboxItem {
  switch (result.type) {
    case 'ok':
      return {
        ...item,
        state: 'sent',
        result: result.result,
        reason: undefined,
        problem: undefined,
        waitingFor: undefined,
        updatedAt: now,
      };
    case 'conflict':
      return attention(
        item,
        result.answer.message,
        { kind: 'conflict', answer: result.answer },
        now,
      );
    case 'failed':
      return failed(item, result.outcome, now);
  }
}

/** Later unsent edits of the same record now start from the version this one produced. */
async function rebaseFollowers(db: MemorialDb, item: OutboxItem, result: unknown) {
  if (item.kind !== 'edit') return;
  const version = (result as Partial<BurialRecord> | null)?.version;
  if (typeof version !== 'number') return;
  const followers = await db.outbox.where('sepultadoId').equals(item.sepultadoId).toArray();
  const rebased = followers
    .filter((o) => o.kind === 'edit' && o.id !== item.id && o.state !== 'sent')
    .map((o) => (o.kind === 'edit' ? { ...o, payload: { ...o.payload, version } } : o));
  if (rebased.length > 0) await db.outbox.bulkPut(rebased);
}

async function record(db: MemorialDb, claimed: OutboxItem, result: SendResult, now: number) {
  await db.transaction('rw', db.outbox, async () => {
    // Discarded meanwhile? Then there is nothing to record (the server may still have it).
    if (!(await db.outbox.get(claimed.id))) return;
    await db.outbox.put(outcome(claimed, result, now));
    if (result.type === 'ok') await rebaseFollowers(db, claimed, result.result);
  });
}

async function purgeOldSent(db: MemorialDb, now: number) {
  const sent = await db.outbox.where('state').equals('sent').toArray();
  const old = sent.filter((i) => i.updatedAt < now - SENT_KEPT_MS).map((i) => i.id);
  if (old.length > 0) await db.outbox.bulkDelete(old);
}

async function report(db: MemorialDb, userId: string): Promise<Omit<DrainReport, 'sent'>> {
  const waiting = (await db.outbox.where('state').anyOf('pending', 'sending').toArray()).filter(
    (i) => i.userId === userId,
  );
  const nextDueAt = waiting.reduce<number | null>(
    (min, i) => (min === null || i.nextAttemptAt < min ? i.nextAttemptAt : min),
    null,
  );
  return { waiting: waiting.length, nextDueAt };
}

function stopsDrain(result: Outcome): boolean {
  return (
    result.kind === 'no-answer' ||
    // A server shedding load is not asked for the next items until it said to come back.
    result.kind === 'busy' ||
    result.kind === 'session-expired' ||
    result.kind === 'account-gone'
  );
}

/** One drain: until nothing is due. "busy" when another drain holds the lock. */
export function drainOutbox(deps: DrainDeps): Promise<DrainReport | 'busy'> {
  const now = deps.now ?? Date.now;
  return deps.lock.tryRun(async () => {
    const session = await deps.session();
    if (!session) return { sent: 0, waiting: 0, nextDueAt: null };
    await purgeOldSent(deps.db, now());
    let sent = 0;
    // Items answered "wait" in this drain are not tried again in it.
    const skip = new Set<string>();
    for (;;) {
      const item = await claimNext(deps.db, session.userId, now(), skip, deps.lock.spansContexts);
      if (!item) break;
      let result: SendResult;
      try {
        result = await deps.transport.send(item, session.token);
      } catch {
        result = NO_ANSWER;
      }
      await record(deps.db, item, result, now());
      if (result.type === 'ok') {
        sent += 1;
        await deps.onSent?.(item, result.result).catch(() => undefined);
      } else {
        skip.add(item.id);
        if (result.type === 'failed' && result.outcome.kind === 'refused') {
          await deps.onRefused?.(item, result.outcome).catch(() => undefined);
        }
      }
      // Without signal every later item would fail the same way: stop, retry on the timer;
      // with the session ended (or the account gone) too: no later item can go either.
      if (result.type === 'failed' && stopsDrain(result.outcome)) {
        await deps.onStopped?.(result.outcome);
        break;
      }
    }
    return { sent, ...(await report(deps.db, session.userId)) };
  });
}
