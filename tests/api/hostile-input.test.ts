/**
 * The one input rule (docs/decisions.md "Input", server/plugins/input-guard.ts), held over every route the
 * app registers: each control character through each path parameter, query parameter and body
 * field (JSON, and multipart where the handler reads it) answers a 4xx JSON naming the field —
 * 404 for an id — and nothing is logged as an error. Fields that allow line breaks (epitafio)
 * or drop control characters (the tribute text, docs/decisions.md "Tributes") may accept some of them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLEANED_FIELDS, hasControl, MULTILINE_FIELDS } from '../../src/domain/input-rules';
import { auth, multipartBody } from './burials-helpers';
import { engines } from './helpers';
import { type ApiRoute, type HostileApp, startHostileApp } from './hostile-helpers';

const CONTROLS = ['\u0000', '\u0001', '\u0008', '\u000b', '\u001b', '\u001f', '\t', '\n', '\r'];
const LINE_CHARS = new Set(['\t', '\n', '\r']);

interface Answer {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** The rule for one field and one character: must it be refused? */
function mustRefuse(field: string, ch: string): boolean {
  if (CLEANED_FIELDS.has(field)) return false;
  return !(MULTILINE_FIELDS.has(field) && LINE_CHARS.has(ch));
}

function judge(what: string, res: Answer, field: string | null, refuse: boolean, status = 400) {
  expect(String(res.headers['content-type']), what).toMatch(/^application\/json/);
  expect(res.statusCode, `${what}: ${res.body}`).toBeLessThan(500);
  if (!refuse) return;
  expect(res.statusCode, `${what}: ${res.body}`).toBe(status);
  const json = JSON.parse(res.body) as { message: string; field?: string };
  expect(json.message, what).toBeTruthy();
  if (field) expect(json.field, what).toBe(field);
}

describe.each(engines)('one input rule on every route ($name)', (engine) => {
  let t: HostileApp;
  beforeAll(async () => {
    t = await startHostileApp(engine);
  });
  afterAll(async () => {
    await t?.h.close();
  });

  const send = (route: ApiRoute, url: string, extra: Record<string, unknown> = {}) =>
    t.h.app.inject({
      method: route.method as 'GET',
      url,
      headers: auth(t.admin),
      ...extra,
    });

  it('discovers the API routes', () => {
    expect(t.routes.length).toBeGreaterThan(25);
    const urls = t.routes.map((r) => `${r.method} ${r.url}`);
    expect(urls).toContain('POST /api/users/login');
    expect(urls).toContain('DELETE /api/sepultados/:id/comentarios/:commentId');
  });

  it('refuses control characters in every path parameter (404 for an id)', async () => {
    let sent = 0;
    for (const route of t.routes) {
      for (const param of route.params) {
        const isId = param === 'id' || param.endsWith('Id');
        for (const ch of CONTROLS) {
          const value = isId ? `${t.ids.record.slice(0, 12)}${ch}` : `a${ch}b`;
          const res = await send(route, t.path(route, { param, value }));
          judge(
            `${route.method} ${route.url} :${param} ${JSON.stringify(ch)}`,
            res,
            isId ? null : param,
            true,
            isId ? 404 : 400,
          );
          sent += 1;
        }
      }
    }
    expect(sent).toBeGreaterThan(100);
  });

  it('refuses control characters in every query parameter', async () => {
    for (const route of t.routes) {
      for (const name of route.query.length > 0 ? route.query : ['q']) {
        for (const ch of CONTROLS) {
          const url = `${t.path(route)}?${name}=${encodeURIComponent(`a${ch}b`)}`;
          const res = await send(route, url);
          judge(`${route.method} ${url}`, res, name, true);
        }
      }
    }
  });

  it('refuses control characters in every JSON body field, also nested in arrays', async () => {
    const writes = t.routes.filter((r) => r.body.length > 0);
    expect(writes.length).toBeGreaterThan(10);
    for (const route of writes) {
      for (const field of route.body) {
        for (const ch of CONTROLS) {
          for (const value of [`a${ch}b`, [`a${ch}b`]]) {
            const res = await send(route, t.path(route), { payload: { [field]: value } });
            const what = `${route.method} ${route.url} ${field}=${JSON.stringify(value)}`;
            judge(what, res, field, mustRefuse(field, ch));
          }
        }
      }
    }
  });

  it('refuses control characters in every multipart text field', async () => {
    for (const route of t.routes.filter((r) => r.multipart)) {
      for (const field of route.body) {
        for (const ch of CONTROLS) {
          const form = await multipartBody({ [field]: `a${ch}b` });
          const res = await send(route, t.path(route), {
            payload: form.payload,
            headers: { ...auth(t.admin), ...form.headers },
          });
          const what = `${route.method} ${route.url} multipart ${field} ${JSON.stringify(ch)}`;
          judge(what, res, field, mustRefuse(field, ch));
        }
      }
    }
  });

  it('keeps what reached the database free of control characters', async () => {
    const res = await t.h.app.inject({ method: 'GET', url: `/api/sepultados/${t.ids.record}` });
    const record = res.json() as Record<string, unknown>;
    for (const [key, value] of Object.entries(record)) {
      if (typeof value === 'string') {
        expect(hasControl(value, !mustRefuse(key, '\n')), key).toBe(false);
      }
    }
    const list = await t.h.app.inject({
      method: 'GET',
      url: `/api/sepultados/${t.ids.record}/comentarios?limit=1000`,
    });
    for (const item of (list.json() as { items: Array<{ texto: string }> }).items) {
      expect(hasControl(item.texto, true), item.texto).toBe(false);
    }
  });

  it('logged nothing as an error', () => {
    expect(t.logs.filter((l) => l.level >= 50)).toEqual([]);
  });
});
