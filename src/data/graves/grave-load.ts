/**
 * The grave page's data: the server's answer, or — when the network does not answer at all
 * (ApiFailure 'no-answer', never a refusal or a server error) — the copy this person's sync
 * kept on the device (./field-graves.ts), with its open comisso cases, so field staff see the
 * case and record an inspection at the grave without signal. No copy: the failure stands.
 */
import type { ComissoCase } from '../../domain/comisso-types';
import { db } from '../db';
import { ApiFailure } from '../failure';
import { readFieldGrave } from './field-graves';
import { fetchGravePage, type GravePage } from './grave-calls';

export interface GraveView {
  page: GravePage;
  /** The device's copy of the grave's open cases; null when the page came from the server. */
  heldCases: ComissoCase[] | null;
}

export async function loadGrave(id: string, userId: string | null): Promise<GraveView> {
  try {
    return { page: await fetchGravePage(id), heldCases: null };
  } catch (err) {
    const noAnswer = err instanceof ApiFailure && err.outcome.kind === 'no-answer';
    const held = noAnswer && userId ? await readFieldGrave(db, userId, id).catch(() => null) : null;
    if (!held) throw err;
    const { sepultura, cemiterio, sepultados, casos } = held;
    // Condition photos are not kept: their images would not load without signal anyway.
    return { page: { sepultura, cemiterio, sepultados, fotos: [] }, heldCases: casos };
  }
}
