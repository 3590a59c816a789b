/**
 * The tribute calls (spec §7), each throwing ApiFailure with the spec's fallback
 * text: list (keyset paging with `before`), post (JSON or multipart, idempotent by clientId),
 * delete, and the verification link resend offered when an unverified account tries to post.
 */
import { HTTPError } from 'ky';
import { TRIBUTE_LIMITS, TRIBUTE_MSG } from '../../domain/tribute-rules';
import type { TributeItem, TributeList } from '../../domain/tribute-types';
import { TRIBUTE_UI } from '../../lib/texts/tribute-texts';
import { api, request, toApiFailure } from '../api';
import { type TributeBody, tributePostFallback } from './tribute-body';

const path = (sepultadoId: string) => `sepultados/${encodeURIComponent(sepultadoId)}/comentarios`;

export function getTributes(
  sepultadoId: string,
  options: { before?: string | null; limit?: number; signal?: AbortSignal } = {},
): Promise<TributeList> {
  const searchParams: Record<string, string | number> = {
    limit: options.limit ?? TRIBUTE_LIMITS.pageDefault,
  };
  if (options.before) searchParams.before = options.before;
  return request<TributeList>(path(sepultadoId), {
    method: 'get',
    searchParams,
    signal: options.signal,
    fallback: 'Erro ao carregar homenagens.',
  });
}

export async function postTribute(sepultadoId: string, body: TributeBody): Promise<TributeItem> {
  try {
    const options = body.kind === 'json' ? { json: body.json } : { body: body.body };
    return await api.post(path(sepultadoId), options).json<TributeItem>();
  } catch (err) {
    const status = err instanceof HTTPError ? err.response.status : 0;
    throw await toApiFailure(err, tributePostFallback(status));
  }
}

export function deleteTribute(sepultadoId: string, id: string): Promise<{ message: string }> {
  return request<{ message: string }>(`${path(sepultadoId)}/${encodeURIComponent(id)}`, {
    method: 'delete',
    fallback: TRIBUTE_MSG.removeFailed,
  });
}

export function resendVerification(): Promise<{ message: string }> {
  return request<{ message: string }>('users/resend-verification', {
    method: 'post',
    json: {},
    fallback: TRIBUTE_UI.resendFailed,
  });
}
