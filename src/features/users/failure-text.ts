/** What to tell the person when a call failed: the server's words, or why it could not ask. */
import { ApiFailure } from '../../data/api';
import { type CallTexts, failureMessage } from '../../domain/outcome';
import { USER_TEXT } from './user-texts';

/**
 * The server's message when it answered; the offline text when it could not be reached (user
 * management goes straight to the API, GUIDE §1, so it must say it needs a connection);
 * otherwise the screen's fallback.
 */
export function failureText(err: unknown, fallback: string | CallTexts): string {
  const texts = typeof fallback === 'string' ? { fallback } : fallback;
  if (!(err instanceof ApiFailure)) return texts.fallback;
  if (err.outcome.kind === 'no-answer') return USER_TEXT.offline;
  // One classification (src/domain/outcome.ts): a 5xx is the call's text, a 401 the spec's.
  return failureMessage(err.outcome, texts);
}
