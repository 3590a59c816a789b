/**
 * The one HTTP client (ky). Adds "Authorization: Bearer" when a token is stored and turns
 * failures into ApiFailure {status, message, field}; status 0 means the network failed
 * (offline), which callers treat differently from an answer.
 */
import ky, { HTTPError, type Options } from 'ky';
import { classifyAnswer, classifyFailure } from '../domain/outcome';
import type { ApiError } from '../domain/types';
import { API_BASE } from '../lib/api-base';
import { ApiFailure } from './failure';
import { announceSessionEnd } from './session-events';
import { readToken } from './session-storage';

export const api = ky.create({
  prefixUrl: API_BASE,
  timeout: 30_000,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = readToken();
        if (token && !request.headers.has('authorization')) {
          request.headers.set('authorization', `Bearer ${token}`);
        }
      },
    ],
    afterResponse: [
      async (request, _options, response) => {
        // The stored session was refused: end it everywhere at once (session-events.ts).
        const sent = request.headers.get('authorization');
        const token = readToken();
        if (response.status !== 401 || !token || sent !== `Bearer ${token}`) return;
        const outcome = classifyAnswer({
          status: 401,
          body: await response
            .clone()
            .json()
            .catch(() => ({})),
        });
        announceSessionEnd(outcome.kind === 'account-gone' ? 'account-gone' : 'session-expired');
      },
    ],
  },
});

/** Any thrown value → ApiFailure, reading the server's {message, field} when there is one. */
export async function toApiFailure(err: unknown, fallback: string): Promise<ApiFailure> {
  if (err instanceof ApiFailure) return err;
  if (err instanceof HTTPError) {
    let body: Partial<ApiError> = {};
    try {
      body = (await err.response.clone().json()) as Partial<ApiError>;
    } catch {
      // not JSON: keep the fallback text
    }
    const { status, headers } = err.response;
    return new ApiFailure(
      status,
      typeof body.message === 'string' && body.message ? body.message : fallback,
      typeof body.field === 'string' ? body.field : undefined,
      classifyAnswer({ status, body, retryAfter: headers.get('retry-after') }),
    );
  }
  return new ApiFailure(0, fallback, undefined, classifyFailure(err));
}

/** GET/POST helpers that throw ApiFailure with the given fallback text. */
export async function request<T>(
  path: string,
  options: Options & { fallback: string },
): Promise<T> {
  const { fallback, ...rest } = options;
  try {
    return await api(path, rest).json<T>();
  } catch (err) {
    throw await toApiFailure(err, fallback);
  }
}
