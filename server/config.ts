/**
 * Process configuration, read once from the environment and validated before anything starts:
 * a wrong or missing value stops the process with a readable list (docs/configuration.md lists each one).
 *
 * The environment is described by a TypeBox schema (EnvSchema: each variable's text, its
 * default and its pt-BR message), then mapped to Config (toConfig). To add a variable: its line
 * in EnvSchema, its field in Config, its line in toConfig.
 */
import fs from 'node:fs';
import path from 'node:path';
import Type, { type Static, type TSchema } from 'typebox';
import Value from 'typebox/value';

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | null;
  publicUrl: string;
  jwtSecret: string | null;
  jwtTtlSeconds: number;
  adminEmail: string | null;
  adminPassword: string | null;
  seed: 'demo' | 'none';
  corsOrigins: string[];
  logLevel: string;
  clientDir: string;
  /** SSR_ENTRY: the server's render of the public pages (built by `vite build --ssr`). */
  ssrEntry: string;
  smtpUrl: string | null;
  mailFrom: string;
  trustProxy: boolean;
  /** BLOCKED_WORDS: extra blocked words/phrases for tributes; "-palavra" unblocks a default. */
  blockedWords: string[];
  /** BLOCKED_WORDS_FILE: one word or phrase per line, replacing the built-in pt-BR list. */
  blockedWordsFile: string | null;
  /** Public search requests per IP per minute (0 turns the limit off, e.g. for the bench). */
  searchPerMinute: number;
  /** UPLOAD_DIR: stored images (default DATA_DIR/images); shared by every instance. */
  uploadDir: string;
  /** REDIS_URL: rate limits and cache invalidation shared by several instances (docs/deployment.md). */
  redisUrl: string | null;
  /** REDIS_PREFIX: names of this deployment's keys and channels in a shared Redis. */
  redisPrefix: string;
  /** MAX_CONCURRENT: the most API requests running at once in the public lane (0 = off). */
  maxConcurrent: number;
  /** SEARCH_CACHE: `off` answers every search from the register (benchmarks of its cost). */
  searchCache: boolean;
  /** BACKUP_DIR: the server's daily backups and the admin's go here; null turns them off. */
  backupDir: string | null;
  /** BACKUP_KEEP: how many of the server's backups are kept in BACKUP_DIR (oldest go first). */
  backupKeep: number;
  /** AUDIT_RETENTION_DAYS: audit entries older than this are purged daily (default 10 years). */
  auditRetentionDays: number;
  /**
   * TIME_ZONE: the municipality's IANA zone (default America/Sao_Paulo): work orders are at the
   * cemetery's wall clock, and "today" of the crew's list is this zone's day.
   */
  timeZone: string;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** An IANA zone name this runtime knows (Intl refuses an unknown one). */
function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** Text in plain digits (no sign, point, exponent or hex) whose number is at most `max`. */
const digits = (max: number, options: { default: string; message: string }) =>
  Type.Refine(Type.String({ pattern: '^\\d+$', ...options }), (s) => Number(s) <= max);

/** One of a few words. */
const oneOf = (words: readonly string[], options: { default: string; message: string }) =>
  Type.Union(
    words.map((w) => Type.Literal(w)),
    options,
  );

/**
 * Every environment variable, as the text it holds after trimming (a blank one is unset).
 * `message` is what the list says when the value is wrong; `{value}` is the value given (the
 * wrong item, for a comma-separated list). A list is an array here: its text is split on commas.
 */
export const EnvSchema = Type.Object({
  PORT: digits(65535, {
    default: '3000',
    message: 'PORT deve ser um número entre 0 e 65535 (recebido: "{value}")',
  }),
  HOST: Type.String({ default: '127.0.0.1' }),
  DATA_DIR: Type.String({ default: './data' }),
  DATABASE_URL: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://',
      message: 'DATABASE_URL deve começar com postgres:// ou postgresql://',
    }),
  ),
  JWT_SECRET: Type.Optional(
    Type.String({ minLength: 32, message: 'JWT_SECRET deve ter pelo menos 32 caracteres' }),
  ),
  JWT_TTL_HOURS: Type.Refine(
    Type.String({
      default: '168',
      message: 'JWT_TTL_HOURS deve ser um número de horas entre 1 e 2160',
    }),
    (s) => Number.isFinite(Number(s)) && Number(s) > 0 && Number(s) <= 24 * 90,
  ),
  ADMIN_EMAIL: Type.Optional(Type.String()),
  ADMIN_PASSWORD: Type.Optional(Type.String()),
  SEED: oneOf(['demo', 'none'], {
    default: 'demo',
    message: 'SEED deve ser "demo" ou "none" (recebido: "{value}")',
  }),
  CORS_ORIGINS: Type.Array(
    Type.String({
      pattern: '^https?://[^/\\s]+$',
      message: 'CORS_ORIGINS: origem inválida "{value}" (use https://exemplo.gov.br)',
    }),
    { default: [] },
  ),
  LOG_LEVEL: oneOf(LOG_LEVELS, {
    default: 'info',
    message: `LOG_LEVEL deve ser um de: ${LOG_LEVELS.join(', ')}`,
  }),
  PUBLIC_URL: Type.Optional(
    Type.String({ pattern: '^https?://[^\\s]+$', message: 'PUBLIC_URL deve ser uma URL http(s)' }),
  ),
  CLIENT_DIR: Type.String({ default: 'dist/client' }),
  SSR_ENTRY: Type.String({ default: 'dist/ssr/entry-server.js' }),
  SMTP_URL: Type.Optional(
    Type.String({
      pattern: '^smtps?://',
      message: 'SMTP_URL deve começar com smtp:// ou smtps://',
    }),
  ),
  MAIL_FROM: Type.String({ default: 'Memorial <nao-responda@memorial.local>' }),
  TRUST_PROXY: Type.String({ default: 'false' }),
  BLOCKED_WORDS: Type.Array(Type.String(), { default: [] }),
  BLOCKED_WORDS_FILE: Type.Optional(
    Type.Refine(
      Type.String({ message: 'BLOCKED_WORDS_FILE: arquivo não encontrado ({value})' }),
      (file) => fs.existsSync(file),
    ),
  ),
  SEARCH_RATE_PER_MINUTE: digits(100_000, {
    default: '120',
    message: 'SEARCH_RATE_PER_MINUTE deve ser um número inteiro entre 0 e 100000',
  }),
  UPLOAD_DIR: Type.Optional(Type.String()),
  REDIS_URL: Type.Optional(
    Type.String({
      pattern: '^rediss?://',
      message: 'REDIS_URL deve começar com redis:// ou rediss://',
    }),
  ),
  REDIS_PREFIX: Type.String({
    pattern: '^[\\w:.-]{1,64}$',
    default: 'memorial:',
    message: 'REDIS_PREFIX: até 64 letras, números, ":", ".", "-" ou "_"',
  }),
  MAX_CONCURRENT: digits(100_000, {
    default: '128',
    message: 'MAX_CONCURRENT deve ser um número inteiro entre 0 e 100000',
  }),
  SEARCH_CACHE: oneOf(['on', 'off'], {
    default: 'on',
    message: 'SEARCH_CACHE deve ser on ou off',
  }),
  BACKUP_DIR: Type.Optional(
    Type.Refine(
      Type.String({ message: 'BACKUP_DIR não é uma pasta ({value})' }),
      (dir) => !fs.existsSync(dir) || fs.statSync(dir).isDirectory(),
    ),
  ),
  BACKUP_KEEP: Type.Refine(
    Type.String({
      pattern: '^\\d+$',
      default: '7',
      message: 'BACKUP_KEEP deve ser um número inteiro entre 1 e 1000',
    }),
    (s) => Number(s) >= 1 && Number(s) <= 1000,
  ),
  // At least a year: a register is evidence, and a typo must not purge the trail.
  AUDIT_RETENTION_DAYS: Type.Refine(
    Type.String({
      pattern: '^\\d+$',
      default: '3653',
      message: 'AUDIT_RETENTION_DAYS deve ser um número inteiro de dias entre 365 e 36500',
    }),
    (s) => Number(s) >= 365 && Number(s) <= 36_500,
  ),
  TIME_ZONE: Type.Refine(
    Type.String({
      default: 'America/Sao_Paulo',
      message:
        'TIME_ZONE deve ser um fuso horário IANA, como America/Sao_Paulo (recebido: "{value}")',
    }),
    isTimeZone,
  ),
});

export type Env = Static<typeof EnvSchema>;

/** What a variable's text becomes before the schema checks it (beyond trimming). */
const PREPARE: Partial<Record<keyof Env, (text: string) => string>> = {
  SEED: (text) => text.toLowerCase(),
  PUBLIC_URL: (text) => text.replace(/\/+$/, ''),
  // The message names the file as the process would open it.
  BLOCKED_WORDS_FILE: (text) => path.resolve(text),
  BACKUP_DIR: (text) => path.resolve(text),
};

/** Rules between variables (each variable's own check is in EnvSchema). */
const ACROSS: Array<(env: Env) => string | null> = [
  (env) =>
    (env.ADMIN_EMAIL === undefined) !== (env.ADMIN_PASSWORD === undefined)
      ? 'ADMIN_EMAIL e ADMIN_PASSWORD devem ser definidos juntos'
      : null,
  // Several instances exist only on PostgreSQL (PGlite is one process by construction), and
  // they must sign and check sessions with one secret (docs/decisions.md "Several instances").
  (env) =>
    env.REDIS_URL && !env.DATABASE_URL
      ? 'REDIS_URL exige DATABASE_URL (PostgreSQL): o PGlite serve um processo só'
      : null,
  (env) =>
    env.REDIS_URL && !env.JWT_SECRET
      ? 'REDIS_URL exige JWT_SECRET: todas as instâncias assinam com o mesmo segredo'
      : null,
  // A backup inside what it copies would copy itself (and a restore would bring it back).
  (env) => {
    if (!env.BACKUP_DIR) return null;
    const dataDir = path.resolve(env.DATA_DIR);
    const uploads = path.resolve(env.UPLOAD_DIR ?? path.join(dataDir, 'images'));
    const dir = env.BACKUP_DIR;
    const inside = (parent: string) => dir === parent || dir.startsWith(`${parent}${path.sep}`);
    return inside(uploads) || inside(path.join(dataDir, 'pglite'))
      ? 'BACKUP_DIR não pode ficar dentro de UPLOAD_DIR nem de DATA_DIR/pglite'
      : null;
  },
];

/** The schema's variables read from `env`: trimmed, blank ones left out, lists split. */
function readEnv(env: NodeJS.ProcessEnv): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(EnvSchema.properties)) {
    const text = env[name]?.trim();
    if (!text) continue;
    if ((schema as TSchema & { type?: unknown }).type === 'array') {
      raw[name] = text
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean);
    } else {
      raw[name] = PREPARE[name as keyof Env]?.(text) ?? text;
    }
  }
  return raw;
}

/** A variable's schema with the message it carries. */
type Described = TSchema & { message?: string; items?: Described };

/**
 * One message per wrong value (each item of a list), in the schema's order, then the rules
 * between variables. Each variable is checked on its own, so every wrong one is listed.
 */
function problemsOf(env: Record<string, unknown>): string[] {
  const problems: string[] = [];
  const wrong = (schema: Described | undefined, value: unknown) => {
    if (schema?.message && !Value.Check(schema, value)) {
      problems.push(schema.message.replace('{value}', String(value)));
    }
  };
  for (const [name, schema] of Object.entries(EnvSchema.properties) as [string, Described][]) {
    const value = env[name];
    if (value === undefined) continue;
    if (Array.isArray(value)) for (const item of value) wrong(schema.items, item);
    else wrong(schema, value);
  }
  for (const rule of ACROSS) {
    const problem = rule(env as Env);
    if (problem) problems.push(problem);
  }
  return problems;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const read = Value.Default(EnvSchema, readEnv(env)) as Record<string, unknown>;
  const problems = problemsOf(read);
  if (problems.length > 0) throw new ConfigError(problems);
  return toConfig(read as Env);
}

/** The checked environment as the app uses it. */
function toConfig(env: Env): Config {
  const port = Number(env.PORT);
  const dataDir = path.resolve(env.DATA_DIR);
  const publicHost = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST;
  return {
    port,
    host: env.HOST,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? null,
    publicUrl: env.PUBLIC_URL ?? `http://${publicHost}:${port}`,
    jwtSecret: env.JWT_SECRET ?? null,
    jwtTtlSeconds: Math.round(Number(env.JWT_TTL_HOURS) * 3600),
    adminEmail: env.ADMIN_EMAIL ?? null,
    adminPassword: env.ADMIN_PASSWORD ?? null,
    seed: env.SEED,
    corsOrigins: env.CORS_ORIGINS,
    logLevel: env.LOG_LEVEL,
    clientDir: path.resolve(env.CLIENT_DIR),
    ssrEntry: path.resolve(env.SSR_ENTRY),
    smtpUrl: env.SMTP_URL ?? null,
    mailFrom: env.MAIL_FROM,
    trustProxy: env.TRUST_PROXY === 'true',
    blockedWords: env.BLOCKED_WORDS,
    blockedWordsFile: env.BLOCKED_WORDS_FILE ?? null,
    searchPerMinute: Number(env.SEARCH_RATE_PER_MINUTE),
    uploadDir: path.resolve(env.UPLOAD_DIR ?? path.join(dataDir, 'images')),
    redisUrl: env.REDIS_URL ?? null,
    redisPrefix: env.REDIS_PREFIX,
    maxConcurrent: Number(env.MAX_CONCURRENT),
    searchCache: env.SEARCH_CACHE !== 'off',
    backupDir: env.BACKUP_DIR ?? null,
    backupKeep: Number(env.BACKUP_KEEP),
    auditRetentionDays: Number(env.AUDIT_RETENTION_DAYS),
    timeZone: env.TIME_ZONE,
  };
}
