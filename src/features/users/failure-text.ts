/** What to tell the person when a call failed: the server's words, or why it could not ask. */
import { ApiFailure } from '../../data/api';
import { USER_TEXT } from './user-texts';

/**
 * The server's message when it answered; the offline text when it could not be reached (user
 * management goes straight to the API, GUIDE §1, so it must say it needs a connection);
 * otherwise the screen's fallback.
 */
export function failureText(err: unknown, fallback: string): string {
  if (!(err instanceof ApiFailure)) return fallback;
  if (err.offline) return USER_TEXT.offline;
  return err.message || fallback;
}
