import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('loadConfig', () => {
  it('fills every default from an empty environment', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('./data'),
      databaseUrl: null,
      publicUrl: 'http://127.0.0.1:3000',
      jwtSecret: null,
      jwtTtlSeconds: 168 * 3600,
      adminEmail: null,
      adminPassword: null,
      seed: 'demo',
      corsOrigins: [],
      logLevel: 'info',
      clientDir: path.resolve('dist/client'),
      ssrEntry: path.resolve('dist/ssr/entry-server.js'),
      smtpUrl: null,
      mailFrom: 'Memorial <nao-responda@memorial.local>',
      trustProxy: false,
      blockedWords: [],
      blockedWordsFile: null,
      searchPerMinute: 120,
      uploadDir: path.resolve('./data/images'),
      redisUrl: null,
      redisPrefix: 'memorial:',
      maxConcurrent: 128,
      searchCache: true,
      backupDir: null,
      backupKeep: 7,
      auditRetentionDays: 3653,
      timeZone: 'America/Sao_Paulo',
    });
  });

  it('takes the municipality time zone only when the runtime knows it', () => {
    expect(loadConfig({ TIME_ZONE: ' America/Manaus ' }).timeZone).toBe('America/Manaus');
    expect(problemsOf({ TIME_ZONE: 'America/Atlantida' })).toEqual([
      'TIME_ZONE deve ser um fuso horário IANA, como America/Sao_Paulo (recebido: "America/Atlantida")',
    ]);
  });

  it('refuses a backup folder inside what it copies, and retention or keep out of range', () => {
    expect(problemsOf({ DATA_DIR: '/tmp/m', BACKUP_DIR: '/tmp/m/images/b' })).toEqual([
      'BACKUP_DIR não pode ficar dentro de UPLOAD_DIR nem de DATA_DIR/pglite',
    ]);
    expect(problemsOf({ BACKUP_KEEP: '0', AUDIT_RETENTION_DAYS: '30' })).toEqual([
      'BACKUP_KEEP deve ser um número inteiro entre 1 e 1000',
      'AUDIT_RETENTION_DAYS deve ser um número inteiro de dias entre 365 e 36500',
    ]);
    const config = loadConfig({ BACKUP_DIR: '/tmp/memorial-backups', BACKUP_KEEP: '3' });
    expect([config.backupDir, config.backupKeep]).toEqual(['/tmp/memorial-backups', 3]);
  });

  it('reads every variable, trimmed; blank ones count as unset', () => {
    const config = loadConfig({
      PORT: ' 8080 ',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/memorial-x',
      DATABASE_URL: 'postgresql://u@h/db',
      JWT_SECRET: 'x'.repeat(32),
      JWT_TTL_HOURS: '1.5',
      ADMIN_EMAIL: 'a@b.co',
      ADMIN_PASSWORD: 'Senha@123',
      SEED: 'NONE',
      CORS_ORIGINS: 'https://a.gov.br, http://b.gov.br:8080,',
      LOG_LEVEL: 'warn',
      CLIENT_DIR: '/tmp/client',
      SMTP_URL: 'smtps://mail',
      MAIL_FROM: 'Prefeitura <x@y.gov.br>',
      TRUST_PROXY: 'true',
      BLOCKED_WORDS: ' feio, -bobo ,,',
      SEARCH_RATE_PER_MINUTE: '0',
      UPLOAD_DIR: '/tmp/up',
      REDIS_URL: 'rediss://r:6379',
      REDIS_PREFIX: 'cidade:',
      MAX_CONCURRENT: '7',
      SEARCH_CACHE: 'off',
      PUBLIC_URL: '   ',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir: '/tmp/memorial-x',
      publicUrl: 'http://localhost:8080',
      jwtTtlSeconds: 5400,
      seed: 'none',
      corsOrigins: ['https://a.gov.br', 'http://b.gov.br:8080'],
      logLevel: 'warn',
      clientDir: '/tmp/client',
      trustProxy: true,
      blockedWords: ['feio', '-bobo'],
      searchPerMinute: 0,
      uploadDir: '/tmp/up',
      redisUrl: 'rediss://r:6379',
      redisPrefix: 'cidade:',
      maxConcurrent: 7,
      searchCache: false,
    });
    expect(loadConfig({ PUBLIC_URL: 'https://memorial.gov.br//' }).publicUrl).toBe(
      'https://memorial.gov.br',
    );
  });

  it('lists every wrong value in pt-BR, each once', () => {
    expect(
      problemsOf({
        PORT: '70000',
        DATABASE_URL: 'mysql://x',
        JWT_SECRET: 'curto',
        JWT_TTL_HOURS: '0',
        ADMIN_EMAIL: 'a@b.co',
        SEED: 'Tudo',
        CORS_ORIGINS: 'https://ok.gov.br,ftp://x,https://a.gov.br/caminho',
        LOG_LEVEL: 'verbose',
        PUBLIC_URL: 'memorial.gov.br',
        SMTP_URL: 'mail://x',
        SEARCH_RATE_PER_MINUTE: '-1',
        MAX_CONCURRENT: '100001',
        SEARCH_CACHE: 'talvez',
        BLOCKED_WORDS_FILE: '/nao/existe.txt',
        REDIS_PREFIX: 'com espaço',
      }).sort(),
    ).toEqual(
      [
        'PORT deve ser um número entre 0 e 65535 (recebido: "70000")',
        'DATABASE_URL deve começar com postgres:// ou postgresql://',
        'JWT_SECRET deve ter pelo menos 32 caracteres',
        'JWT_TTL_HOURS deve ser um número de horas entre 1 e 2160',
        'ADMIN_EMAIL e ADMIN_PASSWORD devem ser definidos juntos',
        'SEED deve ser "demo" ou "none" (recebido: "tudo")',
        'CORS_ORIGINS: origem inválida "ftp://x" (use https://exemplo.gov.br)',
        'CORS_ORIGINS: origem inválida "https://a.gov.br/caminho" (use https://exemplo.gov.br)',
        'LOG_LEVEL deve ser um de: fatal, error, warn, info, debug, trace, silent',
        'PUBLIC_URL deve ser uma URL http(s)',
        'SMTP_URL deve começar com smtp:// ou smtps://',
        'SEARCH_RATE_PER_MINUTE deve ser um número inteiro entre 0 e 100000',
        'MAX_CONCURRENT deve ser um número inteiro entre 0 e 100000',
        'SEARCH_CACHE deve ser on ou off',
        'BLOCKED_WORDS_FILE: arquivo não encontrado (/nao/existe.txt)',
        'REDIS_PREFIX: até 64 letras, números, ":", ".", "-" ou "_"',
      ].sort(),
    );
  });

  it('refuses numbers that are not plain digits where an integer is asked', () => {
    for (const bad of ['12.5', '1e3', '0x10', '+5', '-1', 'abc']) {
      expect(problemsOf({ PORT: bad }), bad).toEqual([
        `PORT deve ser um número entre 0 e 65535 (recebido: "${bad}")`,
      ]);
      expect(problemsOf({ MAX_CONCURRENT: bad }), bad).toHaveLength(1);
    }
    expect(problemsOf({ JWT_TTL_HOURS: '2161' })).toHaveLength(1);
    expect(problemsOf({ JWT_TTL_HOURS: 'muito' })).toHaveLength(1);
    expect(problemsOf({ JWT_TTL_HOURS: '2160' })).toEqual([]);
  });

  it('asks for what several instances need beside REDIS_URL', () => {
    expect(problemsOf({ REDIS_URL: 'redis://r' }).sort()).toEqual(
      [
        'REDIS_URL exige DATABASE_URL (PostgreSQL): o PGlite serve um processo só',
        'REDIS_URL exige JWT_SECRET: todas as instâncias assinam com o mesmo segredo',
      ].sort(),
    );
    expect(
      problemsOf({
        REDIS_URL: 'http://r',
        DATABASE_URL: 'postgres://x',
        JWT_SECRET: 'y'.repeat(32),
      }),
    ).toEqual(['REDIS_URL deve começar com redis:// ou rediss://']);
  });

  it('says the problems in the error message, one per line', () => {
    expect(() => loadConfig({ PORT: 'x', SEED: 'y' })).toThrow(
      'Configuração inválida:\n  - PORT deve ser um número entre 0 e 65535 (recebido: "x")\n  - SEED deve ser "demo" ou "none" (recebido: "y")',
    );
  });
});
