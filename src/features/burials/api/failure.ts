/**
 * Which words a failed call shows (spec §8): each screen gives its texts per status; the
 * server's message is used where the spec says "server message, else …"; no signal gets our
 * own clear text, since it is not the server speaking.
 */
import { ApiFailure } from '../../../data/api';
import { TEXT } from '../texts';

export interface FailureTexts {
  fallback: string;
  401?: string;
  403?: string;
  /** false: show the fallback even when the server sent a message. */
  useServerMessage?: boolean;
}

export function failureText(err: unknown, texts: FailureTexts): string {
  if (!(err instanceof ApiFailure)) return texts.fallback;
  if (err.offline) return TEXT.offline;
  if (err.status === 401 && texts[401]) return texts[401];
  if (err.status === 403 && texts[403]) return texts[403];
  if (texts.useServerMessage === false) return texts.fallback;
  return err.message || texts.fallback;
}
