/**
 * Several instances (docs/deployment.md, docs/decisions/0047-several-instances.md): two real app
 * objects, each with its own connection pool, listening on its own loopback port, over ONE
 * PostgreSQL database, one Redis and one upload directory — as two servers behind a reverse
 * proxy (TRUST_PROXY: the client's address comes in X-Forwarded-For). Proves that what one
 * instance counts, changes or stores, the other sees at once.
 *
 * Needs PostgreSQL (TEST_DATABASE_URL) and Redis (TEST_REDIS_URL, or the machine's own at
 * redis://127.0.0.1:6379/2, found like .ci/run finds PostgreSQL); skipped, saying why, without.
 * Each run has its own key prefix, so runs in parallel never share a counter.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { type Database, openDatabase } from '../../server/db/index';
import { RedisRateLimiter } from '../../server/lib/rate-limiter-redis';
import { ensureAdmin } from '../../server/modules/seed/bootstrap';
import { LOGIN_LIMITS } from '../../server/modules/users/login-throttle';
import type { BurialCard, BurialRecord } from '../../src/domain/burial-types';
import type { Cemetery } from '../../src/domain/cemetery-types';
import type { SyncAnswer } from '../../src/domain/sync-types';
import { insertPerson, sepultadoBody } from './burials-helpers';
import { createPgDatabase, STRONG_PASSWORD } from './helpers';
import { jpeg } from './image-fixtures';

const pgUrl = process.env.TEST_DATABASE_URL ?? null;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379/2';

async function redisAnswers(url: string): Promise<boolean> {
  const probe = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  probe.on('error', () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

const skipReason = !pgUrl
  ? 'TEST_DATABASE_URL ausente (várias instâncias exigem PostgreSQL)'
  : !(await redisAnswers(redisUrl))
    ? `Redis não responde em ${redisUrl} (defina TEST_REDIS_URL)`
    : null;
if (skipReason) console.log(`multi-instance.test.ts pulado: ${skipReason}`);

interface Instance {
  name: string;
  base: string;
  app: Awaited<ReturnType<typeof buildApp>>;
  close(): Promise<void>;
}

const prefix = `memorial-test-${crypto.randomBytes(6).toString('hex')}:`;

describe.skipIf(skipReason !== null)('two instances over one PostgreSQL and Redis', () => {
  const secret = crypto.randomBytes(32).toString('hex');
  const uploadDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-uploads-'));
  let pgDb: Awaited<ReturnType<typeof createPgDatabase>>;
  let a: Instance;
  let b: Instance;
  let adminToken: string;

  async function startInstance(name: string, databaseUrl: string): Promise<Instance> {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `memorial-${name}-`));
    const config = loadConfig({
      DATA_DIR: dataDir,
      UPLOAD_DIR: uploadDir,
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      REDIS_PREFIX: prefix,
      JWT_SECRET: secret,
      TRUST_PROXY: 'true',
      CLIENT_DIR: path.join(dataDir, 'no-client'),
      SEED: 'none',
      LOG_LEVEL: 'silent',
      SEARCH_RATE_PER_MINUTE: '0',
    });
    const database = await openDatabase({ databaseUrl, pgliteDir: null, poolSize: 4 });
    const app = await buildApp({ config, database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as AddressInfo;
    let closed = false;
    return {
      name,
      base: `http://127.0.0.1:${port}`,
      app,
      close: async () => {
        if (closed) return;
        closed = true;
        await app.close();
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }

  const call = (
    at: Instance,
    method: string,
    url: string,
    init: { json?: unknown; body?: BodyInit; headers?: Record<string, string> } = {},
  ) =>
    fetch(`${at.base}${url}`, {
      method,
      headers: {
        ...(adminToken ? { authorization: `Bearer ${adminToken}` } : {}),
        ...(init.json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...init.headers,
      },
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });

  const record = async (at: Instance, id: string) => {
    const res = await call(at, 'GET', `/api/sepultados/${id}`);
    expect(res.status).toBe(200);
    return (await res.json()) as BurialRecord;
  };

  const create = async (at: Instance, overrides: Record<string, unknown> = {}) => {
    const res = await call(at, 'POST', '/api/sepultados/create', {
      json: sepultadoBody(overrides),
    });
    expect(res.status).toBe(201);
    return ((await res.json()) as { sepultado: BurialRecord }).sepultado;
  };

  /** An account made in the shared database (through A); answers its e-mail. */
  const person = async (role: 'admin' | 'usuario') => (await insertPerson(a.app.ctx, role)).email;

  beforeAll(async () => {
    pgDb = await createPgDatabase(pgUrl as string);
    // One after the other: the first applies the migrations (the second would wait on their
    // advisory lock anyway).
    a = await startInstance('a', pgDb.url);
    b = await startInstance('b', pgDb.url);
    const email = await person('admin');
    const login = await call(a, 'POST', '/api/users/login', {
      json: { email, password: STRONG_PASSWORD },
      headers: { 'x-forwarded-for': '192.0.2.1' },
    });
    expect(login.status).toBe(200);
    adminToken = ((await login.json()) as { token: string }).token;
  });

  afterAll(async () => {
    await a?.close();
    await b?.close();
    await pgDb?.drop();
    fs.rmSync(uploadDir, { recursive: true, force: true });
    const redis = new Redis(redisUrl);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('reports Redis in the health check of both', async () => {
    for (const at of [a, b]) {
      const res = await call(at, 'GET', '/api/health');
      expect(await res.json()).toEqual({ status: 'ok', db: 'postgres', redis: 'ok' });
    }
  });

  it('counts a login limit across both instances', async () => {
    // A session made on A is valid on B (one JWT_SECRET).
    expect((await call(b, 'GET', '/api/users/checkuser')).status).toBe(200);
    const email = await person('usuario');
    const attempt = (at: Instance, password: string) =>
      call(at, 'POST', '/api/users/login', {
        json: { email, password },
        headers: { 'x-forwarded-for': '198.51.100.7', authorization: '' },
      });
    // The failures per account and address alternate between the instances: each sees only
    // half of them, so only a shared count reaches the limit.
    const max = LOGIN_LIMITS.perAccountIp.max;
    for (let i = 0; i < max; i++) {
      expect((await attempt(i % 2 === 0 ? a : b, 'Errada@123')).status).toBe(401);
    }
    for (const at of [a, b]) {
      const refused = await attempt(at, STRONG_PASSWORD);
      expect(refused.status).toBe(429);
      expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    }
    // Another address is not locked out of the account.
    const elsewhere = await call(b, 'POST', '/api/users/login', {
      json: { email, password: STRONG_PASSWORD },
      headers: { 'x-forwarded-for': '203.0.113.9', authorization: '' },
    });
    expect(elsewhere.status).toBe(200);
  });

  it('refuses on the other, at once, a token that logged out on one', async () => {
    const email = await person('usuario');
    const login = await call(a, 'POST', '/api/users/login', {
      json: { email, password: STRONG_PASSWORD },
      headers: { 'x-forwarded-for': '192.0.2.44' },
    });
    const { token } = (await login.json()) as { token: string };
    const as = { authorization: `Bearer ${token}` };
    // B has checked it already: its verified-token cache holds it.
    expect((await call(b, 'GET', '/api/users/checkuser', { headers: as })).status).toBe(200);
    expect((await call(a, 'POST', '/api/users/logout', { headers: as })).status).toBe(204);
    expect((await call(b, 'GET', '/api/users/checkuser', { headers: as })).status).toBe(401);
    expect((await call(a, 'GET', '/api/users/checkuser', { headers: as })).status).toBe(401);
  });

  it('shows an edit made on one at once on the other, whose cache held the old record', async () => {
    const rec = await create(a);
    // B reads it twice: the second answer comes from B's cache.
    expect((await record(b, rec.id)).chapa).toBe('0458');
    expect((await record(b, rec.id)).chapa).toBe('0458');
    const edit = await call(a, 'PATCH', `/api/sepultados/${rec.id}`, { json: { chapa: '7777' } });
    expect(edit.status).toBe(200);
    expect((await record(b, rec.id)).chapa).toBe('7777');
    // Deleted on B: gone from A at once.
    expect((await record(a, rec.id)).chapa).toBe('7777');
    expect((await call(b, 'DELETE', `/api/sepultados/${rec.id}`)).status).toBe(200);
    expect((await call(a, 'GET', `/api/sepultados/${rec.id}`)).status).toBe(404);
  });

  it('shows a record created on one in the other’s cached home list at once', async () => {
    const first = (await (await call(b, 'GET', '/api/sepultados')).json()) as BurialCard[];
    const rec = await create(a, { nome: 'Joaquim Nabuco' });
    expect(first.some((c) => c.id === rec.id)).toBe(false);
    const after = (await (await call(b, 'GET', '/api/sepultados')).json()) as BurialCard[];
    expect(after[0]?.id).toBe(rec.id);
  });

  it('shows a cemetery renamed on one in the other’s cached records at once', async () => {
    const rec = await create(a, { cemiterio: 'Cemitério do Carmo' });
    expect((await record(b, rec.id)).cemiterio).toBe('Cemitério do Carmo');
    const cemeteries = (await (await call(a, 'GET', '/api/cemiterios')).json()) as Cemetery[];
    const carmo = cemeteries.find((c) => c.nome === 'Cemitério do Carmo');
    const res = await call(a, 'PATCH', `/api/cemiterios/${carmo?.id}`, {
      json: { nome: 'Cemitério de Nossa Senhora do Carmo' },
    });
    expect(res.status).toBe(200);
    expect((await record(b, rec.id)).cemiterio).toBe('Cemitério de Nossa Senhora do Carmo');
  });

  it('serves a photo uploaded on one from the other', async () => {
    const form = new FormData();
    for (const [k, v] of Object.entries(sepultadoBody({ nome: 'Ana Néri' }))) {
      form.append(k, String(v));
    }
    form.append(
      'images',
      new Blob([new Uint8Array(await jpeg(800, 600))], { type: 'image/jpeg' }),
      'foto.jpg',
    );
    const res = await call(a, 'POST', '/api/sepultados/create', { body: form });
    expect(res.status).toBe(201);
    const rec = ((await res.json()) as { sepultado: BurialRecord }).sepultado;
    const file = rec.images[0];
    expect(file).toMatch(/\.webp$/);
    const fromA = await call(a, 'GET', `/api/images/sepultados/${file}`);
    const fromB = await call(b, 'GET', `/api/images/sepultados/${file}`);
    expect(fromB.status).toBe(200);
    expect(fromB.headers.get('content-type')).toBe('image/webp');
    expect(Buffer.from(await fromB.arrayBuffer())).toEqual(Buffer.from(await fromA.arrayBuffer()));
    // Stored in the shared UPLOAD_DIR, not under either instance's DATA_DIR.
    expect(fs.existsSync(path.join(uploadDir, 'sepultados', file as string))).toBe(true);
  });

  it('accepts on one the sync cursor handed out by the other', async () => {
    const syncPage = async (at: Instance, since?: string) => {
      const query = since ? `?since=${encodeURIComponent(since)}&limit=2000` : '?limit=2000';
      const res = await call(at, 'GET', `/api/sync/sepultados${query}`);
      expect(res.status).toBe(200);
      return (await res.json()) as SyncAnswer;
    };
    let page = await syncPage(a);
    while (page.hasMore) page = await syncPage(a, page.cursor);
    const cursorFromA = page.cursor;
    const rec = await create(b, { nome: 'Chiquinha Gonzaga' });
    const onB = await syncPage(b, cursorFromA);
    expect(onB.reset).toBe(false);
    expect(onB.changed.map((r) => r.id)).toEqual([rec.id]);
    // And back: B's cursor on A answers nothing new.
    const backOnA = await syncPage(a, onB.cursor);
    expect(backOnA.reset).toBe(false);
    expect(backOnA.changed).toEqual([]);
  });

  it('empties its caches when its subscription comes back after a lost connection', async () => {
    const rec = await create(a, { nome: 'Cora Coralina' });
    await record(b, rec.id);
    expect(b.app.ctx.burialReads.records.size).toBeGreaterThan(0);
    const redis = new Redis(redisUrl);
    try {
      // Messages sent while a subscription is down are lost: cut both instances' subscriptions
      // (by id: other runs' connections on this Redis are left alone).
      const clients = ((await redis.client('LIST')) as string).split('\n');
      const ours = clients.filter((line) => line.includes(` name=${prefix}subscriber `));
      expect(ours).toHaveLength(2);
      for (const line of ours) {
        await redis.call('CLIENT', 'KILL', 'ID', line.match(/^id=(\d+)/)?.[1] ?? '');
      }
      const subscribed = async () =>
        ((await redis.pubsub('NUMSUB', `${prefix}invalidate`)) as [string, number])[1];
      const until = Date.now() + 10_000;
      while ((await subscribed()) < 2 && Date.now() < until) {
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await subscribed()).toBe(2);
      // The "drop everything" follows the SUBSCRIBE's answer, a moment after Redis counts it.
      const emptied = Date.now() + 5_000;
      while (b.app.ctx.burialReads.records.size > 0 && Date.now() < emptied) {
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(b.app.ctx.burialReads.records.size).toBe(0);
      // And the bus works again: an edit on A shows on B (cached again) at once.
      await record(b, rec.id);
      await call(a, 'PATCH', `/api/sepultados/${rec.id}`, { json: { chapa: '4321' } });
      expect((await record(b, rec.id)).chapa).toBe('4321');
    } finally {
      await redis.quit();
    }
  });

  it('lets instances started together make the ADMIN_EMAIL admin once, none failing', async () => {
    const admin = {
      adminEmail: 'chefe@prefeitura.exemplo.gov.br',
      adminPassword: 'Cemiterio@2025',
    };
    const started = [a, b].map((at) =>
      ensureAdmin({ ...at.app.ctx, config: { ...at.app.ctx.config, ...admin } }, at.app.log),
    );
    await Promise.all(started);
    const rows = await a.app.ctx.database.sql.query<{ role: string }>(
      'SELECT role FROM users WHERE email = $1',
      [admin.adminEmail],
    );
    expect(rows).toEqual([{ role: 'admin' }]);
  });

  // Last: it closes B, as SIGTERM does (server/main.ts).
  it('closes its Redis connections when the app closes', async () => {
    const redis = new Redis(redisUrl);
    const ours = async () =>
      ((await redis.client('LIST')) as string)
        .split('\n')
        .filter((line) => new RegExp(` name=${prefix}(commands|subscriber) `).test(line)).length;
    try {
      expect(await ours()).toBe(4); // commands + subscription, per instance
      await b.close();
      expect(await ours()).toBe(2);
      // A still answers, alone: its invalidations do not wait for the instance gone.
      const rec = await create(a);
      expect((await record(a, rec.id)).nome).toBe(rec.nome);
    } finally {
      await redis.quit();
    }
  });
});

describe.skipIf(skipReason !== null)('RedisRateLimiter (the in-memory semantics, in Redis)', () => {
  it('opens a window at the first hit, refuses past max, and starts over when it ends', async () => {
    const redis = new Redis(redisUrl);
    let now = 1_000_000;
    const own = `${prefix}unit:`;
    const limiter = new RedisRateLimiter(redis, own, { warn: () => undefined }, () => now);
    try {
      const limit = { max: 3, windowMs: 10_000 };
      for (let i = 0; i < 3; i++) expect((await limiter.hit('k', limit)).allowed).toBe(true);
      now += 4_000;
      expect(await limiter.hit('k', limit)).toEqual({ allowed: false, retryAfterSeconds: 6 });
      expect(await limiter.peek('k')).toEqual({ count: 4, resetAt: 1_010_000, lastAt: 1_004_000 });
      now += 6_000;
      expect((await limiter.peek('k')).count).toBe(0);
      expect((await limiter.hit('k', limit)).allowed).toBe(true);
      await limiter.reset('k');
      expect((await limiter.peek('k')).count).toBe(0);
      await limiter.hit('other', limit);
      await limiter.clear();
      expect((await limiter.peek('other')).count).toBe(0);
    } finally {
      await redis.quit();
    }
  });

  it('counts on the instance when Redis does not answer, and says so', async () => {
    const redis = new Redis(redisUrl, { lazyConnect: true, enableOfflineQueue: false });
    redis.on('error', () => undefined);
    const warnings: string[] = [];
    const limiter = new RedisRateLimiter(redis, `${prefix}down:`, {
      warn: (_obj, msg) => warnings.push(msg),
    });
    // Never connected: every command fails at once.
    const limit = { max: 2, windowMs: 60_000 };
    expect((await limiter.hit('k', limit)).allowed).toBe(true);
    expect((await limiter.hit('k', limit)).allowed).toBe(true);
    expect((await limiter.hit('k', limit)).allowed).toBe(false);
    expect(warnings).toHaveLength(1);
    redis.disconnect();
  });
});

describe('configuration and start of several instances', () => {
  const base = { DATA_DIR: os.tmpdir(), JWT_SECRET: 'x'.repeat(32) };

  it('refuses REDIS_URL with PGlite (one process) or without a shared JWT_SECRET', () => {
    expect(() => loadConfig({ ...base, REDIS_URL: 'redis://127.0.0.1:6379' })).toThrow(
      /REDIS_URL exige DATABASE_URL/,
    );
    expect(() =>
      loadConfig({
        DATA_DIR: os.tmpdir(),
        DATABASE_URL: 'postgres://x@127.0.0.1/y',
        REDIS_URL: 'redis://127.0.0.1:6379',
      }),
    ).toThrow(/REDIS_URL exige JWT_SECRET/);
    expect(() =>
      loadConfig({ ...base, DATABASE_URL: 'postgres://x@127.0.0.1/y', REDIS_URL: 'http://r' }),
    ).toThrow(/REDIS_URL deve começar com redis:\/\//);
  });

  it('keeps uploads under DATA_DIR/images unless UPLOAD_DIR says otherwise', () => {
    expect(loadConfig(base).uploadDir).toBe(path.join(os.tmpdir(), 'images'));
    expect(loadConfig({ ...base, UPLOAD_DIR: '/srv/fotos' }).uploadDir).toBe('/srv/fotos');
    expect(loadConfig(base).redisUrl).toBeNull();
  });

  it('does not start when Redis cannot be reached, and says where', async () => {
    const config = loadConfig({
      ...base,
      DATABASE_URL: 'postgres://x@127.0.0.1/y',
      // Port 1 of loopback: nothing listens there, the connection is refused at once.
      REDIS_URL: 'redis://127.0.0.1:1',
      LOG_LEVEL: 'silent',
    });
    // Redis is reached before anything touches the database: none is needed to see it fail.
    const database = {} as Database;
    await expect(buildApp({ config, database })).rejects.toThrow(
      /Redis indisponível em 127\.0\.0\.1:1 \(REDIS_URL\)/,
    );
  });
});
