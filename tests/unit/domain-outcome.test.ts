/**
 * The one classification of outcomes (src/domain/outcome.ts): every status the API can answer
 * and every way fetch fails without an answer, and the words each class gives a call.
 */
import { describe, expect, it } from 'vitest';
import {
  AUTH_REASON,
  busyDeviceCopyText,
  busyRetryAt,
  classifyAnswer,
  classifyFailure,
  classifyOutcome,
  clockTime,
  failureMessage,
  OUTCOME_MSG,
  parseRetryAfter,
} from '../../src/domain/outcome';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const TRIBUTE = {
  fallback: 'Erro ao adicionar comentário.',
  429: 'Muitas homenagens em pouco tempo. Tente novamente em instantes.',
};
const EDIT = {
  fallback: 'Erro ao atualizar registro',
  403: 'Sem permissão para editar este registro.',
};

describe('classifyAnswer', () => {
  it.each([200, 201, 204])('%i is ok', (status) => {
    expect(classifyAnswer({ status, body: { a: 1 } }).kind).toBe('ok');
  });

  // 503 is the server shedding load: its own class, "busy" (below).
  it.each([500, 502, 504, 408])('%i is a server error, never "no answer"', (status) => {
    expect(classifyAnswer({ status, body: { message: 'x' } })).toEqual({
      kind: 'server-error',
      status,
    });
  });

  it('503 is a busy server, with the retry time from Retry-After when given', () => {
    expect(
      classifyAnswer({ status: 503, body: { message: 'Ocupado.' }, retryAfter: '3' }, NOW),
    ).toEqual({ kind: 'busy', status: 503, retryAt: NOW + 3_000, message: 'Ocupado.' });
    expect(classifyAnswer({ status: 503 }, NOW)).toEqual({
      kind: 'busy',
      status: 503,
      retryAt: null,
      message: undefined,
    });
    // Without Retry-After the client still waits a while, never asks again at once.
    expect(busyRetryAt({ retryAt: null }, NOW)).toBe(NOW + 5_000);
    expect(busyRetryAt({ retryAt: NOW + 3_000 }, NOW)).toBe(NOW + 3_000);
    expect(busyRetryAt({ retryAt: NOW - 1 }, NOW)).toBe(NOW);
  });

  it('busy says so in pt-BR, never the call failure nor "sem conexão"', () => {
    const busy = classifyAnswer({ status: 503, retryAfter: '2' }, NOW);
    expect(failureMessage(busy, TRIBUTE)).toBe(OUTCOME_MSG.busy);
    expect(OUTCOME_MSG.busy).toBe(
      'Servidor ocupado no momento. Tente novamente em alguns segundos.',
    );
    expect(busyDeviceCopyText(NOW)).toBe(
      `Servidor ocupado: mostrando a cópia guardada no aparelho. Nova tentativa às ${clockTime(NOW)}.`,
    );
  });

  it('429 carries the retry time from Retry-After (seconds and HTTP date)', () => {
    expect(
      classifyAnswer({ status: 429, body: { message: 'Calma.' }, retryAfter: '42' }, NOW),
    ).toEqual({ kind: 'rate-limited', status: 429, retryAt: NOW + 42_000, message: 'Calma.' });
    const at = new Date(NOW + 90_000).toUTCString();
    expect(classifyAnswer({ status: 429, retryAfter: at }, NOW)).toMatchObject({
      retryAt: NOW + 90_000,
    });
    expect(classifyAnswer({ status: 429 }, NOW)).toMatchObject({ retryAt: null });
  });

  it('401 is an ended session unless the server says the account was deleted', () => {
    expect(classifyAnswer({ status: 401, body: { message: 'Sessão inválida.' } }).kind).toBe(
      'session-expired',
    );
    expect(classifyAnswer({ status: 401, body: { reason: AUTH_REASON.sessionEnded } }).kind).toBe(
      'session-expired',
    );
    expect(classifyAnswer({ status: 401, body: { reason: AUTH_REASON.accountDeleted } }).kind).toBe(
      'account-gone',
    );
    expect(classifyAnswer({ status: 401, body: 'not json' }).kind).toBe('session-expired');
  });

  it.each([400, 403, 404, 409, 413, 415, 422])(
    '%i is a refusal with the server words',
    (status) => {
      expect(classifyAnswer({ status, body: { message: 'Não.', field: 'nome' } })).toMatchObject({
        kind: 'refused',
        status,
        message: 'Não.',
        field: 'nome',
        details: [],
      });
    },
  );

  it('reads details and errors lists as lines', () => {
    const outcome = classifyAnswer({
      status: 422,
      body: { details: ['Nome curto', { msg: 'CPF inválido' }], errors: [{ message: 'Fone' }, 3] },
    });
    expect(outcome).toMatchObject({ details: ['Nome curto', 'CPF inválido', 'Fone'] });
    expect(outcome.kind === 'refused' && outcome.message).toBeUndefined();
  });
});

describe('classifyFailure', () => {
  it('a fetch TypeError is no answer (network)', () => {
    expect(classifyFailure(new TypeError('Failed to fetch'))).toEqual({
      kind: 'no-answer',
      cause: 'network',
    });
  });

  it('a timeout or an abort is no answer (timeout)', () => {
    expect(classifyFailure(new DOMException('t', 'TimeoutError'))).toMatchObject({
      cause: 'timeout',
    });
    const controller = new AbortController();
    controller.abort();
    expect(classifyFailure(controller.signal.reason)).toMatchObject({ cause: 'timeout' });
    expect(
      classifyFailure(AbortSignal.timeout(0).reason ?? new DOMException('x', 'TimeoutError')),
    ).toMatchObject({ kind: 'no-answer' });
  });

  it('anything else thrown is still no answer', () => {
    expect(classifyFailure(undefined).kind).toBe('no-answer');
    expect(classifyOutcome({ error: new Error('boom') }).kind).toBe('no-answer');
    expect(classifyOutcome({ status: 500 }).kind).toBe('server-error');
  });
});

describe('parseRetryAfter', () => {
  it('ignores what it cannot read and never goes back in time', () => {
    expect(parseRetryAfter(null, NOW)).toBeNull();
    expect(parseRetryAfter('soon', NOW)).toBeNull();
    expect(parseRetryAfter(new Date(NOW - 5_000).toUTCString(), NOW)).toBe(NOW);
  });
});

describe('failureMessage (spec §8 per call)', () => {
  it('5xx shows the call text, never the server words', () => {
    expect(failureMessage(classifyAnswer({ status: 500, body: { message: 'x' } }), EDIT)).toBe(
      'Erro ao atualizar registro',
    );
  });

  it('429 shows the server words, else the call text for 429', () => {
    expect(failureMessage(classifyAnswer({ status: 429 }), TRIBUTE)).toBe(TRIBUTE[429]);
    expect(
      failureMessage(classifyAnswer({ status: 429, body: { message: 'Espere.' } }), TRIBUTE),
    ).toBe('Espere.');
  });

  it('401 is the spec session text; account gone says so, never "sessão expirou"', () => {
    expect(failureMessage(classifyAnswer({ status: 401 }), EDIT)).toBe(OUTCOME_MSG.sessionExpired);
    const gone = failureMessage(
      classifyAnswer({ status: 401, body: { reason: AUTH_REASON.accountDeleted } }),
      EDIT,
    );
    expect(gone).toMatch(/removida/);
    expect(gone).not.toMatch(/sess/i);
  });

  it('a refusal: the call text for its status, else the server words, else the fallback', () => {
    expect(failureMessage(classifyAnswer({ status: 403, body: { message: 'x' } }), EDIT)).toBe(
      EDIT[403],
    );
    expect(
      failureMessage(classifyAnswer({ status: 400, body: { message: 'Longo.' } }), TRIBUTE),
    ).toBe('Longo.');
    expect(failureMessage(classifyAnswer({ status: 400 }), TRIBUTE)).toBe(TRIBUTE.fallback);
  });

  it('create user 422: the details joined by new lines', () => {
    const outcome = classifyAnswer({
      status: 422,
      body: { message: 'Dados inválidos.', details: ['Nome curto', 'CPF inválido'] },
    });
    expect(failureMessage(outcome, { fallback: 'Erro ao criar usuário', joinDetails: true })).toBe(
      'Nome curto\nCPF inválido',
    );
  });
});
