/**
 * Writes a realistic export of the original app (Express + MongoDB, models User and Sepultado)
 * as `mongoexport` would: DIR/users.json and DIR/sepultados.json in Extended JSON v2 relaxed or
 * canonical, one document per line or a JSON array, and optionally the public/images folder
 * (DIR/images/sepultados, DIR/images/users). Used by the import's tests and its benchmark.
 *
 * With quirks on, a few documents carry what real exports of that app hold: the `id` string
 * beside `_id`, `images` as one string, soft-deleted `comentarios`, users without phone, and the
 * broken documents the import must report (see QUIRK_IDS). Deterministic for a given seed.
 *
 *   npx tsx scripts/legacy-export.ts --out DIR [--records 1000] [--users 50] [--tributes 3]
 *     [--canonical] [--array] [--no-quirks] [--images]
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import bcrypt from 'bcryptjs';
import sharp from 'sharp';

export interface ExportOptions {
  dir: string;
  records: number;
  users: number;
  /** Tributes per record (each record gets exactly this many). */
  tributes: number;
  format: 'relaxed' | 'canonical';
  layout: 'lines' | 'array';
  quirks: boolean;
  /** Also write photo files (3 records and 1 avatar get photos, plus the broken ones). */
  images: boolean;
  seed?: number;
}

/** The password of every generated account (bcrypt, cost 12, like the original's register). */
export const LEGACY_PASSWORD = 'SenhaAntiga@2024';

/** Ids of the documents that carry a quirk, for the tests to look at. */
export const QUIRK_IDS = {
  userNoPhone: 'a00000000000000000000001',
  userBadCpfDigits: 'a00000000000000000000002',
  userShortCpf: 'a00000000000000000000003',
  userDuplicateEmail: 'a00000000000000000000004',
  userDuplicateCpf: 'a00000000000000000000005',
  userWithAvatar: 'a00000000000000000000006',
  recordImpossibleDate: 'b00000000000000000000001',
  recordNoQuadra: 'b00000000000000000000002',
  recordNoNome: 'b00000000000000000000003',
  recordDanglingUser: 'b00000000000000000000004',
  recordSingleImage: 'b00000000000000000000005',
  recordPhotos: 'b00000000000000000000006',
  recordBadPhoto: 'b00000000000000000000007',
  recordDeletedTribute: 'b00000000000000000000008',
  recordIdadeText: 'b00000000000000000000009',
  tributeDeleted: 'c00000000000000000000001',
  tributeAnonymous: 'c00000000000000000000002',
  missingUser: 'ffffffffffffffffffffffff',
} as const;

const FIRST = [
  'Maria',
  'José',
  'Ana',
  'João',
  'Antônio',
  'Francisca',
  'Luiz',
  'Terezinha',
  'Sebastião',
  'Conceição',
  'Raimundo',
  'Aparecida',
];
const LAST = [
  'da Silva',
  'dos Santos',
  'de Oliveira',
  'Souza',
  'Pereira',
  'Lima',
  'Carvalho',
  'Ferreira',
  'Rodrigues',
  'Almeida',
  'Gonçalves',
  'Ribeiro',
];
const RUAS = [
  'Rua das Flores',
  'Alameda da Saudade',
  'Rua São José',
  'Travessa da Paz',
  'Rua Santa Luzia',
];
const TEXTOS = [
  'Saudades eternas.',
  'Descanse em paz, vó.',
  'Seu exemplo continua vivo em todos nós.',
  'Hoje faz um ano. A casa ainda guarda o seu riso.',
];

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 24-hex ObjectId made at `time` (ms), unique by its counter. */
function objectId(time: number, n: number, salt: number): string {
  return (
    Math.floor(time / 1000)
      .toString(16)
      .padStart(8, '0') +
    salt.toString(16).padStart(6, '0').slice(-6) +
    n.toString(16).padStart(10, '0').slice(-10)
  );
}

function cpfFrom(n: number): string {
  const base = String(100_000_000 + n)
    .slice(-9)
    .split('')
    .map(Number);
  const d1 = ((base.reduce((s, x, i) => s + x * (10 - i), 0) * 10) % 11) % 10;
  const d2 = (([...base, d1].reduce((s, x, i) => s + x * (11 - i), 0) * 10) % 11) % 10;
  return [...base, d1, d2].join('');
}

const pad = (n: number) => String(n).padStart(2, '0');
const br = (d: Date) => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;

type Json = string | number | boolean | null | Json[] | { [k: string]: Json } | Wrapped;
/** Values whose Extended JSON differs between relaxed and canonical. */
type Wrapped = { oid: string } | { date: Date } | { int: number } | { double: number };

function encode(value: Json | undefined, canonical: boolean): unknown {
  if (value === null || value === undefined || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((v) => encode(v, canonical));
  if ('oid' in value && typeof value.oid === 'string') return { $oid: value.oid };
  if ('date' in value && value.date instanceof Date) {
    return canonical
      ? { $date: { $numberLong: String(value.date.getTime()) } }
      : { $date: value.date.toISOString() };
  }
  if ('int' in value && typeof value.int === 'number') {
    return canonical ? { $numberInt: String(value.int) } : value.int;
  }
  if ('double' in value && typeof value.double === 'number') {
    return canonical ? { $numberDouble: String(value.double) } : value.double;
  }
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k] = encode(v as Json, canonical);
  return out;
}

function writeCollection(file: string, docs: Json[], options: ExportOptions, broken: string[]) {
  const canonical = options.format === 'canonical';
  const lines = docs.map((d) => JSON.stringify(encode(d, canonical)));
  // A line cut short, as a crash during the export leaves it (one-per-line files only).
  const all = options.layout === 'lines' ? [...lines, ...broken] : lines;
  const text = options.layout === 'array' ? `[${all.join(',\n')}]\n` : `${all.join('\n')}\n`;
  fs.writeFileSync(file, text);
}

/** A real JPEG carrying EXIF with a GPS position (what the pipeline must strip). */
async function photoWithGps(hue: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="100%" height="100%" fill="hsl(${hue},50%,50%)"/><circle cx="300" cy="240" r="120" fill="hsl(${hue + 90},60%,40%)"/></svg>`;
  return sharp(Buffer.from(svg))
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Make: 'Legacy Camera' },
      IFD3: {
        GPSLatitudeRef: 'S',
        GPSLatitude: '23/1 33/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '46/1 38/1 0/1',
      },
    })
    .toBuffer();
}

export interface ExportInfo {
  userIds: string[];
  recordIds: string[];
  /** Users whose accounts the import must create (the broken ones left out). */
  validUsers: number;
  /** Records the import must create. */
  validRecords: number;
  /** Tributes on those records (soft-deleted ones included). */
  validTributes: number;
  /** E-mail of an ordinary imported account (password LEGACY_PASSWORD). */
  loginEmail: string;
}

export async function writeLegacyExport(options: ExportOptions): Promise<ExportInfo> {
  fs.mkdirSync(options.dir, { recursive: true });
  const rand = random(options.seed ?? 7);
  const pick = <T>(list: readonly T[]) => list[Math.floor(rand() * list.length)] as T;
  const hash = bcrypt.hashSync(LEGACY_PASSWORD, 12);
  const start = Date.UTC(2023, 0, 1);
  const at = (i: number) => new Date(start + i * 60_000);
  const q = options.quirks;

  const users: Json[] = [];
  const userIds: string[] = [];
  for (let i = 0; i < options.users; i++) {
    const id = objectId(start + i * 1000, i, 0xaa);
    userIds.push(id);
    users.push({
      _id: { oid: id },
      name: `${pick(FIRST)} ${pick(LAST)}`,
      cpf: cpfFrom(i + 1),
      email: `usuario${i}@exemplo.com.br`,
      password: hash,
      phone: i % 7 === 3 ? '(14) 3471-0233' : '14998765432',
      role: i === 0 ? 'admin' : i % 10 === 1 ? 'concessionario' : 'usuario',
      createdAt: { date: at(i) },
      updatedAt: { date: at(i + 1) },
      __v: { int: 0 },
    });
  }
  let validUsers = users.length;
  const Q = QUIRK_IDS;
  if (q) {
    const base = (id: string, n: number, extra: Record<string, Json>) => ({
      _id: { oid: id },
      name: 'Pessoa Antiga',
      cpf: cpfFrom(900_000 + n),
      email: `antigo${n}@exemplo.com.br`,
      password: hash,
      phone: '14998765432',
      role: 'usuario',
      createdAt: { date: at(n) },
      updatedAt: { date: at(n) },
      ...extra,
    });
    const noPhone: Record<string, Json> = base(Q.userNoPhone, 1, {});
    delete noPhone.phone;
    users.push(noPhone);
    users.push(base(Q.userBadCpfDigits, 2, { cpf: '123.456.789-00' }));
    users.push(base(Q.userShortCpf, 3, { cpf: '1234567' }));
    users.push(base(Q.userDuplicateEmail, 4, { email: 'USUARIO1@exemplo.com.br' }));
    users.push(base(Q.userDuplicateCpf, 5, { cpf: cpfFrom(2) }));
    users.push(base(Q.userWithAvatar, 6, { image: 'avatar-antigo.jpg' }));
    // Imported: no phone, bad CPF digits (kept), avatar. Left out: short CPF, duplicate e-mail
    // and duplicate CPF.
    validUsers += 3;
  }

  const records: Json[] = [];
  const recordIds: string[] = [];
  let validTributes = 0;
  let tributeN = 0;
  for (let i = 0; i < options.records; i++) {
    const id = objectId(start + i * 1000, i, 0xbb);
    recordIds.push(id);
    const death = new Date(Date.UTC(1950, 0, 1) + Math.floor(rand() * 70 * 365) * 86_400_000);
    const age = 20 + Math.floor(rand() * 75);
    const birth = new Date(death.getTime() - age * 365.25 * 86_400_000);
    const creator = userIds[i % Math.max(1, userIds.length)] ?? Q.missingUser;
    const comentarios: Json[] = [];
    for (let t = 0; t < options.tributes; t++) {
      tributeN += 1;
      const author = userIds[(i + t) % Math.max(1, userIds.length)] ?? null;
      comentarios.push({
        _id: { oid: objectId(start + i * 1000 + t, tributeN, 0xcc) },
        autor: 'Família',
        texto: pick(TEXTOS),
        user: author ? { oid: author } : null,
        createdAt: { date: new Date(start + i * 60_000 + t * 1000) },
        isDeleted: false,
      });
    }
    validTributes += comentarios.length;
    records.push({
      _id: { oid: id },
      id: crypto
        .createHash('md5')
        .update(id)
        .digest('hex')
        .replace(/^(.{8})(.{4})(.{4})(.{4})(.{12}).*$/, '$1-$2-$3-$4-$5'),
      nome: `${pick(FIRST)} ${pick(LAST)}`,
      cemiterio: i % 5 === 0 ? 'Cemitério da Saudade' : 'Cemitério Municipal',
      chapa: String(1 + (i % 900)).padStart(4, '0'),
      idade: String(age),
      dtFal: br(death),
      dtNasc: br(birth),
      mae: `${pick(FIRST)} ${pick(LAST)}`,
      nacionalidade: 'Brasileira',
      pai: `${pick(FIRST)} ${pick(LAST)}`,
      moderacao: false,
      latitude: { double: -22.2 - rand() / 100 },
      longitude: { double: -49.9 - rand() / 100 },
      quadra: String(1 + (i % 40)),
      tipoSepultura: pick(['Terra', 'Gaveta', 'Jazigo']),
      rua: pick(RUAS),
      epitafio: i % 3 === 0 ? 'Aqui jaz quem muito amou.' : '',
      comentarios,
      available: true,
      images: [],
      user: { _id: { oid: creator }, name: 'Administração', phone: '14998765432' },
      concessionarios: i % 10 === 0 && userIds[1] ? [{ oid: userIds[1] }] : [],
      createdAt: { date: at(i) },
      updatedAt: { date: at(i + 1) },
      __v: { int: 0 },
    });
  }
  let validRecords = records.length;
  if (q) {
    const base = (id: string, extra: Record<string, Json>) => ({
      _id: { oid: id },
      id: id,
      nome: 'Registro Antigo',
      cemiterio: 'Cemitério Municipal',
      chapa: '0999',
      idade: '70',
      dtFal: '10/05/1990',
      dtNasc: '01/02/1920',
      mae: 'Mãe',
      nacionalidade: 'Portuguesa',
      pai: 'Pai',
      quadra: '12',
      rua: 'Rua Velha',
      comentarios: [],
      images: [],
      user: { _id: { oid: userIds[0] ?? Q.missingUser }, name: 'Administração' },
      concessionarios: [],
      createdAt: { date: at(5) },
      updatedAt: { date: at(6) },
      ...extra,
    });
    records.push(base(Q.recordImpossibleDate, { dtFal: '31/02/1990', dtNasc: '01/13/1920' }));
    records.push(base(Q.recordNoQuadra, { quadra: '' }));
    records.push(base(Q.recordNoNome, { nome: '  ' }));
    records.push(
      base(Q.recordDanglingUser, {
        user: { _id: { oid: Q.missingUser }, name: 'Removido' },
        concessionarios: [{ oid: Q.missingUser }],
      }),
    );
    records.push(
      base(Q.recordSingleImage, {
        images: options.images ? 'foto-unica.jpg' : 'sepultura-padrao.png',
      }),
    );
    records.push(
      base(Q.recordPhotos, {
        images: options.images ? ['foto-gps.jpg', 'foto-2.png', 'sepultura-padrao.png'] : [],
      }),
    );
    records.push(
      base(Q.recordBadPhoto, { images: options.images ? ['nao-e-foto.jpg', 'sumiu.jpg'] : [] }),
    );
    records.push(
      base(Q.recordDeletedTribute, {
        comentarios: [
          {
            _id: { oid: Q.tributeDeleted },
            autor: 'Visitante',
            texto: 'Texto removido pela moderação',
            user: { oid: userIds[2] ?? Q.missingUser },
            createdAt: { date: at(7) },
            isDeleted: true,
            deletedAt: { date: at(8) },
            deletedBy: { oid: userIds[0] ?? Q.missingUser },
            deleteReason: 'spam',
          },
          // No account: the name the family typed is what the original showed.
          {
            _id: { oid: Q.tributeAnonymous },
            autor: 'Família Souza',
            texto: 'Sempre em nossos corações.',
            createdAt: { date: at(9) },
          },
        ],
      }),
    );
    records.push(base(Q.recordIdadeText, { idade: '45 anos', tipoSepultura: 'Cova rasa' }));
    validRecords += 8; // all but the one without a name
    validTributes += 2;
  }
  writeCollection(path.join(options.dir, 'users.json'), users, options, []);
  writeCollection(
    path.join(options.dir, 'sepultados.json'),
    records,
    options,
    q ? ['{"_id": {"$oid": "b0000000000000000000000a"}, "nome": "Cort'] : [],
  );

  if (options.images) {
    const dir = path.join(options.dir, 'images');
    fs.mkdirSync(path.join(dir, 'sepultados'), { recursive: true });
    fs.mkdirSync(path.join(dir, 'users'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'sepultados', 'foto-gps.jpg'), await photoWithGps(30));
    fs.writeFileSync(path.join(dir, 'sepultados', 'foto-unica.jpg'), await photoWithGps(200));
    fs.writeFileSync(
      path.join(dir, 'sepultados', 'foto-2.png'),
      await sharp(await photoWithGps(120))
        .png()
        .toBuffer(),
    );
    fs.writeFileSync(path.join(dir, 'sepultados', 'nao-e-foto.jpg'), 'isto não é uma imagem\n');
    fs.writeFileSync(path.join(dir, 'users', 'avatar-antigo.jpg'), await photoWithGps(300));
  }
  return {
    userIds,
    recordIds,
    validUsers,
    validRecords,
    validTributes,
    loginEmail: users.length > 1 ? 'usuario1@exemplo.com.br' : 'usuario0@exemplo.com.br',
  };
}

function flag(name: string): boolean {
  return process.argv.includes(`--${name}`);
}
function num(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? Number(process.argv[i + 1]) : fallback;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const i = process.argv.indexOf('--out');
  const dir = i >= 0 ? process.argv[i + 1] : undefined;
  if (!dir) {
    console.error(
      'Uso: npx tsx scripts/legacy-export.ts --out DIR [--records N] [--users N] [--tributes N] [--canonical] [--array] [--no-quirks] [--images]',
    );
    process.exit(2);
  }
  const info = await writeLegacyExport({
    dir,
    records: num('records', 1000),
    users: num('users', 50),
    tributes: num('tributes', 3),
    format: flag('canonical') ? 'canonical' : 'relaxed',
    layout: flag('array') ? 'array' : 'lines',
    quirks: !flag('no-quirks'),
    images: flag('images'),
  });
  console.log(
    `${info.validRecords} sepultados, ${info.validUsers} usuários, ${info.validTributes} comentários em ${dir}`,
  );
}
