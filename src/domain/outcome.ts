/**
 * One classification of what happened to a write (docs/decisions.md, "Outcomes"). Every
 * write — straight to the API or through the outbox, in the page or the service worker — asks
 * this module what the answer (or the lack of one) means, so only a real lack of answer says
 * "sem conexão", a server failure is never dressed as a lost signal, and an ended session or
 * a removed account are told apart by the server's machine-readable `reason` on its 401.
 * Pure: no fetch, no DOM; the callers read the body and the Retry-After header first.
 */
import { MSG } from './messages';

/** The `reason` the server puts on a 401 whose account no longer exists. */
export const AUTH_REASON = {
  accountDeleted: 'account-deleted',
  sessionEnded: 'session-ended',
} as const;

export type AuthReason = (typeof AUTH_REASON)[keyof typeof AUTH_REASON];

export type Outcome =
  | { kind: 'ok'; status: number; body: Record<string, unknown> }
  /** No answer at all: offline, DNS, connection reset, timeout or abort. */
  | { kind: 'no-answer'; cause: 'network' | 'timeout' }
  /**
   * 503: the server is shedding load (past its bound of concurrent work). Not a failure of the
   * request: reads show the device's copy, writes stay queued; both retry at `retryAt` (ms
   * epoch) when the server said when (docs/decisions.md "Load shedding").
   */
  | { kind: 'busy'; status: 503; retryAt: number | null; message?: string }
  /** 5xx (and 408): the server is there but failed; retried with backoff. */
  | { kind: 'server-error'; status: number }
  /** 429: retry not before `retryAt` (ms epoch) when the server said when. */
  | { kind: 'rate-limited'; status: 429; retryAt: number | null; message?: string }
  /** 401: the session ended (expired, password changed elsewhere, role changed). */
  | { kind: 'session-expired'; status: 401; message?: string }
  /** 401 with reason account-deleted: the person's account no longer exists. */
  | { kind: 'account-gone'; status: 401; message?: string }
  /** 400/403/404/409/413/415/422…: the server said no; the work waits for a decision. */
  | {
      kind: 'refused';
      status: number;
      message?: string;
      field?: string;
      /** Lists some answers carry (`details`, `errors`), as plain strings. */
      details: string[];
      body: Record<string, unknown>;
    };

export type OutcomeKind = Outcome['kind'];

/** What a caller read from a Response (the body already parsed, or {} when not JSON). */
export interface Answer {
  status: number;
  body?: unknown;
  /** The Retry-After header as sent (seconds or an HTTP date), or null. */
  retryAfter?: string | null;
}

/** Retry-After → epoch ms: delay-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: number): number | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return now + Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isFinite(at) ? Math.max(at, now) : null;
}

function asRecord(body: unknown): Record<string, unknown> {
  return body !== null && typeof body === 'object' && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

function text(value: unknown): string | undefined {
  return typeof value === 'string' && value.trim() !== '' ? value : undefined;
}

/** `details` / `errors` lists as strings: plain strings, or objects with msg/message. */
function listOf(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry) => {
    if (typeof entry === 'string') return entry.trim() ? [entry] : [];
    const record = asRecord(entry);
    const line = text(record.msg) ?? text(record.message);
    return line ? [line] : [];
  });
}

/** An answer the server gave. */
export function classifyAnswer(answer: Answer, now: number = Date.now()): Outcome {
  const { status } = answer;
  const body = asRecord(answer.body);
  const message = text(body.message);
  if (status >= 200 && status < 300) return { kind: 'ok', status, body };
  if (status === 401) {
    return body.reason === AUTH_REASON.accountDeleted
      ? { kind: 'account-gone', status, message }
      : { kind: 'session-expired', status, message };
  }
  if (status === 429) {
    return {
      kind: 'rate-limited',
      status,
      retryAt: parseRetryAfter(answer.retryAfter, now),
      message,
    };
  }
  if (status === 503) {
    return { kind: 'busy', status, retryAt: parseRetryAfter(answer.retryAfter, now), message };
  }
  if (status >= 500 || status === 408) return { kind: 'server-error', status };
  if (status === 0) return { kind: 'no-answer', cause: 'network' };
  return {
    kind: 'refused',
    status,
    message,
    field: text(body.field),
    details: [...listOf(body.details), ...listOf(body.errors)],
    body,
  };
}

/**
 * What fetch (or ky) threw before any answer: a TypeError ("Failed to fetch"), an AbortError,
 * a TimeoutError. Every one is "no answer"; the cause only tells a timeout apart.
 */
export function classifyFailure(error: unknown): Outcome {
  const name =
    error !== null && typeof error === 'object' ? (error as { name?: unknown }).name : '';
  const timeout = name === 'TimeoutError' || name === 'AbortError';
  return { kind: 'no-answer', cause: timeout ? 'timeout' : 'network' };
}

/** Either an answer or what was thrown instead of one. */
export function classifyOutcome(
  input: Answer | { error: unknown },
  now: number = Date.now(),
): Outcome {
  return 'error' in input ? classifyFailure(input.error) : classifyAnswer(input, now);
}

/** Texts shared by every write (spec §8 where it gives them; ours in the same voice). */
export const OUTCOME_MSG = {
  sessionExpired: 'Sessão expirada: faça login novamente.',
  accountGone:
    'A conta que fez este envio foi removida. Copie o texto se quiser guardá-lo, ou descarte o envio.',
  accountGoneShort: 'Esta conta foi removida. Entre com outra conta.',
  noAnswer: 'Sem conexão com o servidor.',
  busy: MSG.serverBusy,
} as const;

/** When a busy server (503) is asked again: its Retry-After, else `fallbackMs` from now. */
export function busyRetryAt(
  outcome: { retryAt: number | null },
  now: number,
  fallbackMs = 5_000,
): number {
  return Math.max(outcome.retryAt ?? now + fallbackMs, now);
}

/** A read answered 503 where the device holds a copy: shown instead, and said so. */
export function busyDeviceCopyText(at: number): string {
  return `Servidor ocupado: mostrando a cópia guardada no aparelho. Nova tentativa às ${clockTime(at)}.`;
}

/** A queued write met a busy server: it stays on the device and goes later by itself. */
export function busyRetryText(at: number): string {
  return `Servidor ocupado — guardado no aparelho, nova tentativa às ${clockTime(at)}.`;
}

/** "14:05" in the device's clock, for "nova tentativa às HH:MM". */
export function clockTime(at: number): string {
  return new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit' }).format(at);
}

export function serverFailedRetryText(at: number): string {
  return `O servidor falhou — nova tentativa às ${clockTime(at)}`;
}

/** A call's spec §8 texts: per status, the server's message where the spec says so. */
export interface CallTexts {
  /** "else …": the call's own failure text (also 5xx: the server's words are hidden then). */
  fallback: string;
  401?: string;
  403?: string;
  409?: string;
  429?: string;
  /** 422 with a details/errors list: the list joined by new lines (create user). */
  joinDetails?: boolean;
  /** false: the fallback even when the server sent a message. */
  useServerMessage?: boolean;
}

/**
 * The words for a failed outcome of one call. "no-answer" is not handled here: it is the one
 * case each screen says in its own neutral words ("guardada no aparelho", "sem conexão").
 */
export function failureMessage(outcome: Outcome, texts: CallTexts): string {
  switch (outcome.kind) {
    case 'ok':
    case 'no-answer':
    case 'server-error':
      return texts.fallback;
    case 'session-expired':
      return texts[401] ?? OUTCOME_MSG.sessionExpired;
    case 'account-gone':
      return OUTCOME_MSG.accountGoneShort;
    case 'rate-limited':
      return outcome.message ?? texts[429] ?? texts.fallback;
    case 'busy':
      return OUTCOME_MSG.busy;
    case 'refused': {
      const own = texts[outcome.status as 403 | 409];
      if (own) return own;
      if (texts.joinDetails && outcome.details.length > 0) return outcome.details.join('\n');
      if (texts.useServerMessage === false) return texts.fallback;
      return (
        outcome.message ??
        (outcome.details.length > 0 ? outcome.details.join('\n') : texts.fallback)
      );
    }
  }
}
