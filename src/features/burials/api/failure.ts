/**
 * Which words a failed call shows (spec §8): each screen gives its texts per status, and the
 * one classification (src/domain/outcome.ts) decides the class — the server's message where
 * the spec says "server message, else …", the call's own text for a 5xx, the spec session
 * text for a 401. Only a real lack of answer gets our own "sem conexão" text.
 */
import { ApiFailure } from '../../../data/api';
import { type CallTexts, failureMessage } from '../../../domain/outcome';
import { TEXT } from '../texts';

export type FailureTexts = CallTexts;

export function failureText(err: unknown, texts: FailureTexts): string {
  if (!(err instanceof ApiFailure)) return texts.fallback;
  if (err.outcome.kind === 'no-answer') return TEXT.offline;
  return failureMessage(err.outcome, texts);
}
