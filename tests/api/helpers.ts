/**
 * Builds the real app on a real database for API tests: in-memory PGlite always, and a fresh
 * PostgreSQL database per test file when TEST_DATABASE_URL is set (docs/engineering.md#tests: no mocked DB).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { type BuildOptions, buildApp } from '../../server/app';
import { type Config, loadConfig } from '../../server/config';
import { openDatabase } from '../../server/db/index';
import { RateLimiter } from '../../server/lib/rate-limiter';

export type TestApp = Awaited<ReturnType<typeof buildApp>>;

let pgliteImage: Blob | null | undefined;
/** The migrated PGlite data directory of this run (tests/api/global-setup.ts), read once. */
function migratedPglite(): Blob | undefined {
  if (pgliteImage === undefined) {
    const file = inject('pgliteImage');
    pgliteImage = file && fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : null;
  }
  return pgliteImage ?? undefined;
}

export interface Engine {
  name: 'pglite' | 'postgres';
  url: string | null;
}

/** The engines every API test runs on: PGlite, plus PostgreSQL when the CI provides one. */
export const engines: Engine[] = [
  { name: 'pglite', url: null },
  ...(process.env.TEST_DATABASE_URL
    ? [{ name: 'postgres' as const, url: process.env.TEST_DATABASE_URL }]
    : []),
];

/**
 * A database of its own for a test file; `template`: a copy of that (migrated) database
 * instead of an empty one (tests/api/global-setup.ts).
 */
export async function createPgDatabase(
  baseUrl: string,
  template: string | null = null,
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `memorial_t_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface Harness {
  app: TestApp;
  config: Config;
  limiter: RateLimiter;
  dataDir: string;
  close(): Promise<void>;
}

/** What a test may add to the app it builds (a logger to read, a route listener). */
export type BuildExtras = Pick<BuildOptions, 'logger' | 'onRoute' | 'mailer'>;

export async function startApp(
  engine: Engine,
  env: Record<string, string> = {},
  extras: BuildExtras = {},
): Promise<Harness> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-api-'));
  const pgDb = engine.url ? await createPgDatabase(engine.url, inject('pgTemplate') ?? null) : null;
  const config = loadConfig({
    DATA_DIR: dataDir,
    JWT_SECRET: crypto.randomBytes(32).toString('hex'),
    CLIENT_DIR: path.join(dataDir, 'no-client'),
    SEED: 'none',
    LOG_LEVEL: 'silent',
    // Suites fire many searches from one address; the limit has its own test (search-rate).
    SEARCH_RATE_PER_MINUTE: '0',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
    ...env,
  });
  const image = pgDb ? undefined : migratedPglite();
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    pgliteDir: null,
    poolSize: 4,
    ...(image ? { pgliteImage: image } : {}),
  });
  const limiter = new RateLimiter();
  const app = await buildApp({ config, database, limiter, ...extras });
  await app.ready();
  return {
    app,
    config,
    limiter,
    dataDir,
    close: async () => {
      await app.close();
      await database.close();
      await pgDb?.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

let cpfCounter = 0;
/** A distinct, valid CPF per call (check digits computed). */
export function validCpf(): string {
  cpfCounter += 1;
  const seed = (Date.now() % 1_000_000) * 1000 + cpfCounter;
  const base = String(seed).padStart(9, '0').slice(-9).split('').map(Number);
  if (base.every((d) => d === base[0])) base[8] = ((base[8] ?? 0) + 1) % 10;
  const d1 = ((base.reduce((s, n, i) => s + n * (10 - i), 0) * 10) % 11) % 10;
  const d2 = (([...base, d1].reduce((s, n, i) => s + n * (11 - i), 0) * 10) % 11) % 10;
  return [...base, d1, d2].join('');
}

export const STRONG_PASSWORD = 'Senha@123';

export function registration(overrides: Record<string, unknown> = {}) {
  const n = crypto.randomBytes(4).toString('hex');
  return {
    name: 'Maria da Conceição',
    cpf: validCpf(),
    phone: '11987654321',
    email: `maria.${n}@exemplo.com.br`,
    password: STRONG_PASSWORD,
    confirmpassword: STRONG_PASSWORD,
    agreeTerms: true,
    acceptedTermsAt: new Date().toISOString(),
    acceptedTermsVersion: '1.0',
    acceptedTermsUrl: '/termos-de-uso.html',
    ...overrides,
  };
}

/** Registers and logs in; answers the token and the user id. */
export async function signUp(
  app: TestApp,
  overrides: Record<string, unknown> = {},
): Promise<{ token: string; id: string; email: string }> {
  const body = registration(overrides);
  const reg = await app.inject({ method: 'POST', url: '/api/users/register', payload: body });
  if (reg.statusCode !== 201) throw new Error(`register failed: ${reg.body}`);
  const login = await app.inject({
    method: 'POST',
    url: '/api/users/login',
    payload: { email: body.email, password: body.password },
  });
  const json = login.json() as { token: string; user: { _id: string } };
  return { token: json.token, id: json.user._id, email: body.email };
}

export function bearer(token: string) {
  return { authorization: `Bearer ${token}` };
}
