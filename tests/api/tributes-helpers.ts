/** Fixtures for the tributes-* API tests: posting, listing and counting tributes. */
import type { TributeItem, TributeList } from '../../src/domain/tribute-types';
import { type Actor, auth, type FilePart, multipartBody } from './burials-helpers';
import type { Harness } from './helpers';

export const url = (sepultadoId: string, query = '') =>
  `/api/sepultados/${sepultadoId}/comentarios${query ? `?${query}` : ''}`;

/** POST with a JSON body. */
export function post(
  h: Harness,
  who: Actor | null,
  sepultadoId: string,
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  return h.app.inject({
    method: 'POST',
    url: url(sepultadoId),
    headers: { ...auth(who), ...headers },
    payload,
  });
}

/** POST multipart: text fields (repeated when an array) and files (field `imagem` by default). */
export async function postForm(
  h: Harness,
  who: Actor | null,
  sepultadoId: string,
  fields: Record<string, string | string[]>,
  files: FilePart[] = [],
  headers: Record<string, string> = {},
) {
  const body = await multipartBody(
    fields,
    files.map((f) => ({ ...f, field: f.field ?? 'imagem' })),
  );
  return h.app.inject({
    method: 'POST',
    url: url(sepultadoId),
    headers: { ...auth(who), ...body.headers, ...headers },
    payload: body.payload,
  });
}

/** Posts a text tribute and answers it (fails the test on anything but 201). */
export async function tribute(
  h: Harness,
  who: Actor,
  sepultadoId: string,
  texto: string,
): Promise<TributeItem> {
  const res = await post(h, who, sepultadoId, { comentario: texto });
  if (res.statusCode !== 201) throw new Error(`post failed: ${res.statusCode} ${res.body}`);
  return res.json() as TributeItem;
}

export async function list(h: Harness, sepultadoId: string, query = ''): Promise<TributeList> {
  const res = await h.app.inject({ method: 'GET', url: url(sepultadoId, query) });
  if (res.statusCode !== 200) throw new Error(`list failed: ${res.statusCode} ${res.body}`);
  return res.json() as TributeList;
}

/** Rows in the table for a record, tombstones included unless `liveOnly`. */
export async function countRows(h: Harness, sepultadoId: string, liveOnly = false) {
  const rows = await h.app.ctx.database.sql.query<{ n: number }>(
    `select count(*)::int as n from comentarios where sepultado_id = $1${
      liveOnly ? ' and deleted_at is null' : ''
    }`,
    [sepultadoId],
  );
  return rows[0]?.n ?? 0;
}
