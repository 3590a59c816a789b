/**
 * Seeded random requests over every API route (a fixed mulberry32 seed, so a failure replays):
 * odd methods, malformed and hostile path segments, query strings and JSON bodies, with and
 * without a session. Whatever comes in, the answer is never a 5xx and nothing is logged as an
 * error (docs/engineering.md#tests: bad input gets a 4xx).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pick, type Random, seededRandom } from '../../server/modules/seed/seed-generator';
import { newId } from '../../src/domain/ids';
import { auth } from './burials-helpers';
import { engines } from './helpers';
import { enc, type HostileApp, startHostileApp } from './hostile-helpers';

const REQUESTS = Number(process.env.HOSTILE_REQUESTS ?? 3000);
const SEED = 20261123;

const PIECES = [
  '',
  ' ',
  'a',
  'Maria',
  'José da Silva',
  '0458',
  '12',
  'ção',
  '🌹',
  '\u0000',
  '\u0007',
  '\n',
  '\t',
  '\r\n',
  '\u202e',
  '\ud800',
  '\uffff',
  '%',
  '%00',
  '%ZZ',
  '..',
  '../../etc/passwd',
  '/',
  '\\',
  "'",
  '"',
  "' OR '1'='1",
  ';--',
  '<script>',
  '$' + '{x}',
  '{{x}}',
  '*',
  '?',
  '#',
  '&',
  '=',
  '__proto__',
  'constructor',
  'null',
  'true',
  '-1',
  '0',
  '1e309',
  'NaN',
  '9'.repeat(30),
  'x'.repeat(300),
  'é'.repeat(2000),
  '2023-07-05',
  '05/07/2023',
  '-20.38',
  'admin',
];
const KEYS = [
  'q',
  'limit',
  'page',
  'before',
  'anchor',
  'since',
  'ids',
  'quadra',
  'suggestions',
  'email',
  'password',
  'name',
  'cpf',
  'nome',
  'epitafio',
  'comentario',
  'emojis',
  'clientId',
  'role',
  'token',
  'version',
  'removeImages',
  '__proto__',
  'constructor',
  'x',
];

function text(rand: Random): string {
  let out = '';
  const parts = 1 + Math.floor(rand() * 3);
  for (let i = 0; i < parts; i++) out += pick(rand, PIECES);
  return out;
}

function value(rand: Random, depth: number): unknown {
  const r = rand();
  if (r < 0.4 || depth > 3) return text(rand);
  if (r < 0.5) return Math.floor(rand() * 2 ** 31) * (rand() < 0.5 ? -1 : 1);
  if (r < 0.55) return rand() * 1e6;
  if (r < 0.6) return rand() < 0.5;
  if (r < 0.65) return null;
  if (r < 0.8) return Array.from({ length: Math.floor(rand() * 4) }, () => value(rand, depth + 1));
  return object(rand, depth + 1);
}

function object(rand: Random, depth: number): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const n = Math.floor(rand() * 5);
  for (let i = 0; i < n; i++)
    out[rand() < 0.8 ? pick(rand, KEYS) : text(rand)] = value(rand, depth);
  return out;
}

describe.each(engines)('seeded random requests ($name)', (engine) => {
  let t: HostileApp;
  beforeAll(async () => {
    t = await startHostileApp(engine);
  });
  afterAll(async () => {
    await t?.h.close();
  });

  it(`answers ${REQUESTS} random requests without a 5xx or an error log`, async () => {
    const rand = seededRandom(SEED);
    const statuses = new Map<number, number>();
    for (let i = 0; i < REQUESTS; i++) {
      const route = pick(rand, t.routes);
      const method =
        rand() < 0.85 ? route.method : pick(rand, ['GET', 'POST', 'PATCH', 'DELETE', 'PUT']);
      let url = t.path(route);
      for (const param of route.params) {
        const r = rand();
        if (r < 0.4) continue;
        const v = r < 0.55 ? newId() : text(rand);
        url = t.path(route, { param, value: v });
      }
      if (rand() < 0.5) {
        const pairs = Array.from({ length: 1 + Math.floor(rand() * 3) }, () => {
          const key = rand() < 0.7 ? pick(rand, [...route.query, ...KEYS]) : text(rand);
          const v = text(rand);
          return rand() < 0.8 ? `${enc(key)}=${enc(v)}` : `${key}=${v}`.replace(/[#\s]/g, '');
        });
        url += `?${pairs.join('&')}`;
      }
      const headers: Record<string, string> = {};
      const who = rand();
      if (who < 0.5) Object.assign(headers, auth(t.admin));
      else if (who < 0.6)
        headers.authorization = `Bearer ${text(rand).replace(/[^\x21-\x7e]/g, '')}`;
      let payload: string | undefined;
      if (method !== 'GET' && method !== 'DELETE' && rand() < 0.85) {
        const b = rand();
        payload =
          b < 0.7
            ? JSON.stringify(object(rand, 0))
            : b < 0.8
              ? JSON.stringify(value(rand, 0))
              : `{"${text(rand)}":`;
        headers['content-type'] =
          rand() < 0.9
            ? 'application/json'
            : pick(rand, [
                'text/plain',
                'multipart/form-data; boundary=x',
                'application/x-www-form-urlencoded',
              ]);
      }
      if (rand() < 0.05) headers['idempotency-key'] = text(rand).replace(/[^\x21-\x7e]/g, '');
      if (rand() < 0.05) headers['if-match'] = text(rand).replace(/[^\x21-\x7e]/g, '');
      const res = await t.h.app.inject({
        method: method as 'GET',
        url,
        headers,
        ...(payload !== undefined ? { payload } : {}),
      });
      statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
      expect(res.statusCode, `#${i} ${method} ${url} ${payload ?? ''}: ${res.body}`).toBeLessThan(
        500,
      );
    }
    expect(t.logs.filter((l) => l.level >= 50)).toEqual([]);
    // The sweep is only worth something if requests got past routing and into the rules.
    expect([...statuses.keys()].filter((s) => s >= 200 && s < 300).length).toBeGreaterThan(0);
    expect(statuses.get(400) ?? 0).toBeGreaterThan(REQUESTS / 10);
  });
});
