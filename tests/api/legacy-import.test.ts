/**
 * npm run import:legacy (server/modules/legacy) on real databases: an export of the original
 * app written by scripts/legacy-export.ts (its quirks and broken documents included) goes in,
 * and the records, accounts, tributes and photos come out through the API as the original had
 * them; a second run changes nothing but what changed; --dry-run writes nothing.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ExportInfo,
  type ExportOptions,
  LEGACY_PASSWORD,
  QUIRK_IDS,
  writeLegacyExport,
} from '../../scripts/legacy-export';
import { importLegacy } from '../../server/modules/legacy/legacy-import';
import type { ImportReport } from '../../server/modules/legacy/legacy-report';
import { engines, type Harness, startApp } from './helpers';

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'memorial-legacy-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

async function makeExport(name: string, overrides: Partial<ExportOptions> = {}) {
  const dir = path.join(tmp, name);
  const info = await writeLegacyExport({
    dir,
    records: 30,
    users: 8,
    tributes: 3,
    format: 'relaxed',
    layout: 'lines',
    quirks: true,
    images: true,
    ...overrides,
  });
  return { dir, info };
}

function run(h: Harness, dir: string, dryRun = false): Promise<ImportReport> {
  return importLegacy({
    from: dir,
    images: path.join(dir, 'images'),
    dryRun,
    database: h.app.ctx.database,
    config: h.config,
  });
}

async function count(h: Harness, table: string): Promise<number> {
  const [row] = await h.app.ctx.database.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ${table}`,
  );
  return row?.n ?? 0;
}

function storedFiles(h: Harness): string[] {
  const dir = path.join(h.dataDir, 'images', 'sepultados');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
}

describe.each(engines)('import:legacy ($name)', (engine) => {
  let h: Harness;
  let exported: { dir: string; info: ExportInfo };
  let first: ImportReport;

  beforeAll(async () => {
    h = await startApp(engine);
    exported = await makeExport(`relaxed-${engine.name}`);
    first = await run(h, exported.dir);
  });
  afterAll(async () => h?.close());

  it('imports every valid account, record and tribute, keeping the ObjectIds', async () => {
    const { info } = exported;
    expect(first.users.created).toBe(info.validUsers);
    expect(first.sepultados.created).toBe(info.validRecords);
    expect(first.comentarios.created).toBe(info.validTributes);
    expect(await count(h, 'users')).toBe(info.validUsers);
    expect(await count(h, 'sepultados')).toBe(info.validRecords);
    expect(await count(h, 'comentarios')).toBe(info.validTributes);

    const id = info.recordIds[0] as string;
    const res = await h.app.inject({ method: 'GET', url: `/api/sepultados/${id}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as Record<string, unknown>;
    expect(body._id).toBe(id);
    expect(typeof body.idade).toBe('number');
    expect(body.dtFal).toMatch(/^\d{4}-\d{2}-\d{2}/);
    expect(body.nacionalidade).toBe('Brasileira');
    expect(body.cemiterio).toBe('Cemitério da Saudade');

    const quirky = await h.app.inject({
      method: 'GET',
      url: `/api/sepultados/${QUIRK_IDS.recordIdadeText}`,
    });
    expect(quirky.json()).toMatchObject({ idade: 45, tipoSepultura: null });
    const noQuadra = await h.app.inject({
      method: 'GET',
      url: `/api/sepultados/${QUIRK_IDS.recordNoQuadra}`,
    });
    expect(noQuadra.json()).toMatchObject({ quadra: 'Não informada' });
    const badDates = await h.app.inject({
      method: 'GET',
      url: `/api/sepultados/${QUIRK_IDS.recordImpossibleDate}`,
    });
    expect(badDates.json()).toMatchObject({ dtFal: null, dtNasc: null });
  });

  it('keeps the assignments, and leaves the search indexes as migration 0004 made them', async () => {
    const { sql } = h.app.ctx.database;
    const links = await sql.query<{ user_id: string }>(
      'SELECT user_id FROM sepultado_concessionarios WHERE sepultado_id = $1',
      [exported.info.recordIds[0]],
    );
    expect(links.map((l) => l.user_id)).toEqual([exported.info.userIds[1]]);
    const options = await sql.query<{ relname: string; reloptions: string[] | null }>(
      `SELECT relname, reloptions FROM pg_class
       WHERE relname IN ('sepultados_search_gin', 'sepultados_search_name_trgm') ORDER BY relname`,
    );
    expect(options.map((o) => o.reloptions)).toEqual([['fastupdate=off'], ['fastupdate=off']]);
  });

  it('lists every kind of bad document in the report, each with its document id', async () => {
    const counts = first.counts();
    for (const kind of [
      'cpf-invalido',
      'email-duplicado',
      'cpf-duplicado',
      'data-impossivel',
      'campo-obrigatorio',
      'referencia-pendente',
      'valor-invalido',
      'documento-ilegivel',
      'foto-ilegivel',
      'foto-ausente',
    ] as const) {
      expect(counts[kind], kind).toBeGreaterThan(0);
    }
    const ids = (kind: string) => first.problems.filter((p) => p.kind === kind).map((p) => p.id);
    expect(ids('cpf-duplicado')).toContain(QUIRK_IDS.userDuplicateCpf);
    expect(ids('email-duplicado')).toContain(QUIRK_IDS.userDuplicateEmail);
    expect(ids('data-impossivel')).toContain(QUIRK_IDS.recordImpossibleDate);
    expect(ids('referencia-pendente')).toContain(QUIRK_IDS.recordDanglingUser);
    expect(ids('foto-ilegivel')).toContain(QUIRK_IDS.recordBadPhoto);
    expect(first.problems.find((p) => p.id === QUIRK_IDS.recordNoNome)?.outcome).toBe('ignorado');
    expect(first.toText()).toContain(QUIRK_IDS.userShortCpf);
  });

  it('logs in with the old bcrypt password, then keeps an Argon2id hash', async () => {
    const { sql } = h.app.ctx.database;
    const email = exported.info.loginEmail;
    const [before] = await sql.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      [email],
    );
    expect(before?.password_hash).toMatch(/^\$2[aby]\$12\$/);
    const login = () =>
      h.app.inject({
        method: 'POST',
        url: '/api/users/login',
        payload: { email, password: LEGACY_PASSWORD },
      });
    expect((await login()).statusCode).toBe(200);
    const [after] = await sql.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      [email],
    );
    expect(after?.password_hash).toMatch(/^\$argon2id\$/);
    expect((await login()).statusCode).toBe(200);
    const wrong = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email: 'usuario2@exemplo.com.br', password: 'Errada@123' },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('keeps soft-deleted tributes as tombstones and the author name of tributes without account', async () => {
    const { sql } = h.app.ctx.database;
    const [gone] = await sql.query<{ texto: string; deleted_at: Date | null }>(
      'SELECT texto, deleted_at FROM comentarios WHERE id = $1',
      [QUIRK_IDS.tributeDeleted],
    );
    expect(gone?.deleted_at).not.toBeNull();
    expect(gone?.texto).toBe('');
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/sepultados/${QUIRK_IDS.recordDeletedTribute}/comentarios`,
    });
    const items = (res.json() as { items: { _id: string; autor: string }[] }).items;
    expect(items.map((i) => i._id)).toEqual([QUIRK_IDS.tributeAnonymous]);
    expect(items[0]?.autor).toBe('Família Souza');
  });

  it('re-encodes every photo (EXIF and GPS gone) with thumbnails; the placeholder is not a photo', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: `/api/sepultados/${QUIRK_IDS.recordPhotos}`,
    });
    const body = res.json() as { images: string[]; thumbs: string[] };
    expect(body.images).toHaveLength(2);
    expect(body.thumbs).toHaveLength(2);
    const dir = path.join(h.dataDir, 'images', 'sepultados');
    for (const file of [...body.images, ...body.thumbs]) {
      const meta = await sharp(fs.readFileSync(path.join(dir, file))).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
    }
    const single = await h.app.inject({
      method: 'GET',
      url: `/api/sepultados/${QUIRK_IDS.recordSingleImage}`,
    });
    expect((single.json() as { images: string[] }).images).toHaveLength(1);
    const [avatar] = await h.app.ctx.database.sql.query<{ image: string | null }>(
      'SELECT image FROM users WHERE id = $1',
      [QUIRK_IDS.userWithAvatar],
    );
    expect(avatar?.image).toMatch(/^[0-9a-f]{32}\.webp$/);
  });

  it('runs again without duplicating anything, and applies a changed field', async () => {
    const filesBefore = storedFiles(h).length;
    const again = await run(h, exported.dir);
    expect(again.sepultados.created).toBe(0);
    expect(again.sepultados.updated).toBe(0);
    expect(again.comentarios.created + again.comentarios.updated).toBe(0);
    expect(again.users.created + again.users.updated).toBe(0);
    expect(await count(h, 'sepultados')).toBe(exported.info.validRecords);
    expect(await count(h, 'comentarios')).toBe(exported.info.validTributes);
    expect(storedFiles(h).length).toBe(filesBefore);

    // The same person was rehashed at login above: importing again must not undo it.
    const id = exported.info.recordIds[1] as string;
    const file = path.join(exported.dir, 'sepultados.json');
    const text = fs.readFileSync(file, 'utf8');
    const line = text.split('\n').find((l) => l.includes(`"$oid":"${id}"`)) as string;
    const changed = JSON.parse(line) as Record<string, unknown>;
    changed.nome = 'Nome Corrigido da Silva';
    fs.writeFileSync(file, text.replace(line, JSON.stringify(changed)));
    const third = await run(h, exported.dir);
    expect(third.sepultados.updated).toBe(1);
    expect(third.sepultados.created).toBe(0);
    const res = await h.app.inject({ method: 'GET', url: `/api/sepultados/${id}` });
    expect(res.json()).toMatchObject({ nome: 'Nome Corrigido da Silva' });
    const [hash] = await h.app.ctx.database.sql.query<{ password_hash: string }>(
      'SELECT password_hash FROM users WHERE email = $1',
      [exported.info.loginEmail],
    );
    expect(hash?.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('a migrated citizen posts a tribute at once: the imported address counts as verified', async () => {
    const { sql } = h.app.ctx.database;
    const email = exported.info.loginEmail;
    h.limiter.clear();
    const login = await h.app.inject({
      method: 'POST',
      url: '/api/users/login',
      payload: { email, password: LEGACY_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const { token, user } = login.json() as { token: string; user: { _id: string } };
    const me = await h.app.inject({
      method: 'GET',
      url: '/api/users/checkuser',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json()).toMatchObject({ emailVerified: true });
    const recordId = exported.info.recordIds[0] as string;
    const posted = await h.app.inject({
      method: 'POST',
      url: `/api/sepultados/${recordId}/comentarios`,
      headers: { authorization: `Bearer ${token}` },
      payload: { comentario: 'Primeira homenagem depois da mudança.' },
    });
    expect(posted.statusCode, posted.body).toBe(201);
    expect(posted.json()).toMatchObject({ user: user._id });

    // An account imported before imports counted as verified is marked by the next run, and
    // only that one changes.
    await sql.query('UPDATE users SET email_verified = false WHERE email = $1', [email]);
    const again = await run(h, exported.dir);
    expect(again.users.updated).toBe(1);
    const [row] = await sql.query<{ email_verified: boolean }>(
      'SELECT email_verified FROM users WHERE email = $1',
      [email],
    );
    expect(row?.email_verified).toBe(true);
    const [unverified] = await sql.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM users WHERE NOT email_verified',
    );
    expect(unverified?.n).toBe(0);
  });
});

describe.each(engines)('import:legacy --dry-run and other export layouts ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine);
  });
  afterAll(async () => h?.close());

  it('--dry-run writes nothing and gives the same report', async () => {
    const { dir, info } = await makeExport(`dry-${engine.name}`);
    const dry = await run(h, dir, true);
    expect(await count(h, 'users')).toBe(0);
    expect(await count(h, 'sepultados')).toBe(0);
    expect(await count(h, 'comentarios')).toBe(0);
    expect(await count(h, 'legacy_imagens')).toBe(0);
    expect(storedFiles(h)).toEqual([]);
    expect(dry.sepultados.created).toBe(info.validRecords);
    expect(dry.users.created).toBe(info.validUsers);

    const real = await run(h, dir);
    expect(dry.counts()).toEqual(real.counts());
    expect(dry.problems.map((p) => `${p.kind} ${p.id}`)).toEqual(
      real.problems.map((p) => `${p.kind} ${p.id}`),
    );
  });

  it('reads canonical Extended JSON in a JSON array', async () => {
    const { dir, info } = await makeExport(`canonical-${engine.name}`, {
      format: 'canonical',
      layout: 'array',
      images: false,
    });
    expect(fs.readFileSync(path.join(dir, 'sepultados.json'), 'utf8')).toContain('"$numberLong"');
    const before = await count(h, 'sepultados');
    const report = await run(h, dir);
    // The dry-run test above imported the same ids: the canonical export finds them all.
    expect(
      report.sepultados.created + report.sepultados.unchanged + report.sepultados.updated,
    ).toBe(info.validRecords);
    expect(await count(h, 'sepultados')).toBe(before);
    const res = await h.app.inject({ method: 'GET', url: `/api/sepultados/${info.recordIds[2]}` });
    expect(res.statusCode).toBe(200);
    expect(typeof (res.json() as { latitude: unknown }).latitude).toBe('number');
  });
});

describe('npm run import:legacy (the command)', () => {
  it('prints the summary and progress, and writes the whole report to a file', async () => {
    const { dir } = await makeExport('cli', { records: 5, users: 3 });
    const dataDir = path.join(tmp, 'cli-data');
    const reportFile = path.join(tmp, 'cli-relatorio.txt');
    const result = spawnSync(
      process.execPath,
      [
        '--import',
        'tsx',
        'server/import-legacy-cli.ts',
        '--from',
        dir,
        '--images',
        path.join(dir, 'images'),
        '--report',
        reportFile,
      ],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '', LOG_LEVEL: 'silent' },
        encoding: 'utf8',
      },
    );
    expect(result.status, result.stderr).toBe(0);
    expect(result.stderr).toContain('Lendo sepultados…');
    expect(result.stdout).toContain('Importação do sistema anterior');
    expect(result.stdout).toContain(QUIRK_IDS.recordImpossibleDate);
    const text = fs.readFileSync(reportFile, 'utf8');
    expect(text).toContain('data-impossivel\tsepultados\t' + QUIRK_IDS.recordImpossibleDate);
    expect(text).toContain('foto-ausente');
  }, 120_000);
});
