/**
 * The one path of a queued write (a tribute, a record edit): the command goes into the outbox
 * first — on the device before anything is sent, so a lost signal or a closed tab loses
 * nothing — a drain is asked for, and the screen waits a while for what happened. The answer
 * is one of a few outcomes the screens turn into words (docs/decisions.md, "Outcomes"): success only once
 * the server has it; "guardada no aparelho" only when nothing answered; a refusal, a conflict,
 * an ended session, a server failure or a 429 as what they are, the item kept where it waits.
 */

import type { EditPayload, OutboxItem, TributePayload } from '../../domain/outbox-item';
import type { EditConflictAnswer } from '../../domain/sync-types';
import { db } from '../db';
import { discardItem, enqueueEdit, enqueueTribute, resolveConflict } from './outbox-queue';
import { requestDrainSoon, waitForOutcomeSoon } from './outbox-runner-lazy';

type Command =
  | { kind: 'tribute'; id: string; sepultadoId: string; userId: string; payload: TributePayload }
  | { kind: 'edit'; id: string; sepultadoId: string; userId: string; payload: EditPayload };

export type SubmitResult =
  /** The server has it; `result` is its answer (the tribute as listed), when there was one. */
  | { status: 'sent'; result: unknown }
  /** Refused (a rule, a permission…): the item is discarded, the form is where to fix it. */
  | { status: 'refused'; httpStatus: number; message: string | undefined; field?: string }
  /** An edit met someone else's (409): the item waits for the person's choice. */
  | { status: 'conflict'; itemId: string; answer: EditConflictAnswer }
  /** The session ended (it waits for the same person) or the account is gone. */
  | { status: 'session-ended'; accountGone: boolean }
  /** The server failed or asked to wait: the item stays queued and is retried. */
  | { status: 'server-error' }
  | { status: 'rate-limited'; reason: string | undefined }
  /** The server is shedding load (503): kept on the device, sent at its Retry-After. */
  | { status: 'busy'; reason: string | undefined }
  /** No answer at all: kept on the device, it goes when the signal returns. */
  | { status: 'queued' }
  /** The device refused to store it (full, private mode). */
  | { status: 'not-stored' };

/** How long a screen waits for the server before saying the write will go later. */
const WAIT_MS: Partial<Record<OutboxItem['kind'], number>> = { tribute: 15_000, edit: 20_000 };

export async function submit(command: Command): Promise<SubmitResult> {
  const owner = { id: command.id, sepultadoId: command.sepultadoId, userId: command.userId };
  let item: OutboxItem;
  try {
    item =
      command.kind === 'tribute'
        ? await enqueueTribute(db, owner, command.payload)
        : await enqueueEdit(db, owner, command.payload);
  } catch {
    return { status: 'not-stored' };
  }
  return follow(item);
}

/** Sends again an edit after the person chose in a conflict (false: nothing was left to send). */
export async function resubmitAfterConflict(
  itemId: string,
  keepMine: ReadonlySet<string>,
): Promise<SubmitResult | null> {
  const left = await resolveConflict(db, itemId, keepMine);
  if (!left) return null;
  const item = await db.outbox.get(itemId);
  return item ? follow(item) : null;
}

async function follow(item: OutboxItem): Promise<SubmitResult> {
  requestDrainSoon();
  const outcome = await waitForOutcomeSoon(item, WAIT_MS[item.kind] ?? 20_000);
  if (!outcome || outcome.state === 'sent') return { status: 'sent', result: outcome?.result };
  const problem = outcome.problem;
  if (outcome.state === 'attention') {
    // An edit's conflict is the person's to resolve; a tribute's (the same id with other
    // content) is a refusal like any other.
    if (problem?.kind === 'conflict' && item.kind === 'edit') {
      return { status: 'conflict', itemId: outcome.id, answer: problem.answer };
    }
    if (problem?.kind === 'refused' || problem?.kind === 'conflict') {
      await discardItem(db, outcome.id);
      return problem.kind === 'refused'
        ? {
            status: 'refused',
            httpStatus: problem.status,
            message: outcome.reason,
            field: problem.field,
          }
        : { status: 'refused', httpStatus: 400, message: outcome.reason };
    }
    return { status: 'session-ended', accountGone: problem?.kind === 'account-gone' };
  }
  if (outcome.waitingFor === 'server-error') return { status: 'server-error' };
  if (outcome.waitingFor === 'rate-limited')
    return { status: 'rate-limited', reason: outcome.reason };
  if (outcome.waitingFor === 'busy') return { status: 'busy', reason: outcome.reason };
  return { status: 'queued' };
}
