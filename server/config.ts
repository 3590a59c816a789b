/**
 * Process configuration, read once from the environment and validated before anything starts:
 * a wrong or missing value stops the process with a readable list (see README for each one).
 */
import fs from 'node:fs';
import path from 'node:path';

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
  /** REDIS_URL: rate limits and cache invalidation shared by several instances (README). */
  redisUrl: string | null;
  /** REDIS_PREFIX: names of this deployment's keys and channels in a shared Redis. */
  redisPrefix: string;
  /** MAX_CONCURRENT: the most API requests running at once in the public lane (0 = off). */
  maxConcurrent: number;
  /** SEARCH_CACHE: `off` answers every search from the register (benchmarks of its cost). */
  searchCache: boolean;
  /** AUDIT_RETENTION_DAYS: audit entries older than this are purged daily (default 10 years). */
  auditRetentionDays: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuração inválida:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const problems: string[] = [];
  const str = (name: string): string | null => {
    const v = env[name];
    return v === undefined || v.trim() === '' ? null : v.trim();
  };

  const portRaw = str('PORT') ?? '3000';
  const port = Number(portRaw);
  if (!/^\d+$/.test(portRaw) || port < 0 || port > 65535) {
    problems.push(`PORT deve ser um número entre 0 e 65535 (recebido: "${portRaw}")`);
  }
  const host = str('HOST') ?? '127.0.0.1';
  const dataDir = path.resolve(str('DATA_DIR') ?? './data');

  const databaseUrl = str('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    problems.push('DATABASE_URL deve começar com postgres:// ou postgresql://');
  }

  const jwtSecret = str('JWT_SECRET');
  if (jwtSecret && jwtSecret.length < 32) {
    problems.push('JWT_SECRET deve ter pelo menos 32 caracteres');
  }
  const ttlRaw = str('JWT_TTL_HOURS') ?? '168';
  const ttlHours = Number(ttlRaw);
  if (!Number.isFinite(ttlHours) || ttlHours <= 0 || ttlHours > 24 * 90) {
    problems.push('JWT_TTL_HOURS deve ser um número de horas entre 1 e 2160');
  }

  const adminEmail = str('ADMIN_EMAIL');
  const adminPassword = str('ADMIN_PASSWORD');
  if ((adminEmail === null) !== (adminPassword === null)) {
    problems.push('ADMIN_EMAIL e ADMIN_PASSWORD devem ser definidos juntos');
  }

  const seedRaw = (str('SEED') ?? 'demo').toLowerCase();
  if (seedRaw !== 'demo' && seedRaw !== 'none') {
    problems.push(`SEED deve ser "demo" ou "none" (recebido: "${seedRaw}")`);
  }

  const corsOrigins = (str('CORS_ORIGINS') ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter(Boolean);
  for (const origin of corsOrigins) {
    if (!/^https?:\/\/[^/\s]+$/.test(origin)) {
      problems.push(`CORS_ORIGINS: origem inválida "${origin}" (use https://exemplo.gov.br)`);
    }
  }

  const logLevel = str('LOG_LEVEL') ?? 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    problems.push(`LOG_LEVEL deve ser um de: ${LOG_LEVELS.join(', ')}`);
  }

  const publicHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
  const publicUrl = (str('PUBLIC_URL') ?? `http://${publicHost}:${port}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^\s]+$/.test(publicUrl)) {
    problems.push('PUBLIC_URL deve ser uma URL http(s)');
  }

  const smtpUrl = str('SMTP_URL');
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    problems.push('SMTP_URL deve começar com smtp:// ou smtps://');
  }

  const blockedWords = (env.BLOCKED_WORDS ?? '')
    .split(',')
    .map((w) => w.trim())
    .filter(Boolean);
  const searchRaw = str('SEARCH_RATE_PER_MINUTE') ?? '120';
  const searchPerMinute = Number(searchRaw);
  if (!/^\d+$/.test(searchRaw) || searchPerMinute > 100_000) {
    problems.push('SEARCH_RATE_PER_MINUTE deve ser um número inteiro entre 0 e 100000');
  }
  const maxConcurrentRaw = str('MAX_CONCURRENT') ?? '128';
  const maxConcurrent = Number(maxConcurrentRaw);
  if (!/^\d+$/.test(maxConcurrentRaw) || maxConcurrent > 100_000) {
    problems.push('MAX_CONCURRENT deve ser um número inteiro entre 0 e 100000');
  }
  const searchCacheRaw = str('SEARCH_CACHE') ?? 'on';
  if (searchCacheRaw !== 'on' && searchCacheRaw !== 'off') {
    problems.push('SEARCH_CACHE deve ser on ou off');
  }
  const retentionRaw = str('AUDIT_RETENTION_DAYS') ?? '3653';
  const auditRetentionDays = Number(retentionRaw);
  // At least a year: a register is evidence, and a typo must not purge the trail.
  if (!/^\d+$/.test(retentionRaw) || auditRetentionDays < 365 || auditRetentionDays > 36_500) {
    problems.push('AUDIT_RETENTION_DAYS deve ser um número inteiro de dias entre 365 e 36500');
  }
  const blockedWordsFileRaw = str('BLOCKED_WORDS_FILE');
  const blockedWordsFile = blockedWordsFileRaw ? path.resolve(blockedWordsFileRaw) : null;
  if (blockedWordsFile && !fs.existsSync(blockedWordsFile)) {
    problems.push(`BLOCKED_WORDS_FILE: arquivo não encontrado (${blockedWordsFile})`);
  }

  const redisUrl = str('REDIS_URL');
  if (redisUrl) {
    if (!/^rediss?:\/\//.test(redisUrl)) {
      problems.push('REDIS_URL deve começar com redis:// ou rediss://');
    }
    // Several instances exist only on PostgreSQL (PGlite is one process by construction), and
    // they must sign and check sessions with one secret (docs/decisions.md "Several instances").
    if (!databaseUrl) {
      problems.push('REDIS_URL exige DATABASE_URL (PostgreSQL): o PGlite serve um processo só');
    }
    if (!jwtSecret) {
      problems.push('REDIS_URL exige JWT_SECRET: todas as instâncias assinam com o mesmo segredo');
    }
  }
  const redisPrefix = str('REDIS_PREFIX') ?? 'memorial:';
  if (!/^[\w:.-]{1,64}$/.test(redisPrefix)) {
    problems.push('REDIS_PREFIX: até 64 letras, números, ":", ".", "-" ou "_"');
  }

  if (problems.length > 0) throw new ConfigError(problems);

  return {
    port,
    host,
    dataDir,
    databaseUrl,
    publicUrl,
    jwtSecret,
    jwtTtlSeconds: Math.round(ttlHours * 3600),
    adminEmail,
    adminPassword,
    seed: seedRaw as 'demo' | 'none',
    corsOrigins,
    logLevel,
    clientDir: path.resolve(str('CLIENT_DIR') ?? 'dist/client'),
    smtpUrl,
    mailFrom: str('MAIL_FROM') ?? 'Memorial <nao-responda@memorial.local>',
    trustProxy: str('TRUST_PROXY') === 'true',
    blockedWords,
    blockedWordsFile,
    searchPerMinute,
    uploadDir: path.resolve(str('UPLOAD_DIR') ?? path.join(dataDir, 'images')),
    redisUrl,
    redisPrefix,
    maxConcurrent,
    searchCache: searchCacheRaw !== 'off',
    auditRetentionDays,
  };
}
