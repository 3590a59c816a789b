/**
 * How a failed call reads to the screens: ApiFailure {status, message, field} with the one
 * classification of what happened (src/domain/outcome.ts), and the words to show for it. Public
 * to features (the HTTP client itself, api.ts, is private to src/data).
 */
import { type CallTexts, classifyAnswer, failureMessage, type Outcome } from '../domain/outcome';

export class ApiFailure extends Error {
  /** The one classification (src/domain/outcome.ts) of what happened. */
  public readonly outcome: Outcome;
  constructor(
    public readonly status: number,
    message: string,
    public readonly field?: string,
    outcome?: Outcome,
  ) {
    super(message);
    this.name = 'ApiFailure';
    this.outcome =
      outcome ??
      (status === 0
        ? { kind: 'no-answer', cause: 'network' }
        : classifyAnswer({ status, body: { message, field } }));
  }
  get offline(): boolean {
    return this.status === 0;
  }
}

/**
 * Which words a failed call shows (spec §8): each screen gives its texts per status (or one
 * fallback), and the classification decides — the server's message where the spec says
 * "server message, else …", the call's own text for a 5xx, the spec session text for a 401.
 * Only a real lack of answer gets the screen's own "sem conexão" text (`offline`).
 */
export function failureText(err: unknown, texts: string | CallTexts, offline: string): string {
  const call = typeof texts === 'string' ? { fallback: texts } : texts;
  if (!(err instanceof ApiFailure)) return call.fallback;
  if (err.outcome.kind === 'no-answer') return offline;
  return failureMessage(err.outcome, call);
}
