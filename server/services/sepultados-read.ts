/**
 * Reads of the burial register: the public record, the home list and the dashboard list. Hot
 * paths, so each is one parameterized SQL statement (record and its photos together) shaped for
 * the wire in the database: dates as ISO text, timestamps as ISO UTC text, whatever the engine.
 * The two public reads are named prepared statements (parsed and planned once per connection:
 * measured 2× the queries/s of unnamed ones on PostgreSQL). Tombstones never leave here.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isId } from '../../src/domain/ids';
import { SEP_MSG } from '../../src/domain/sepultado-messages';
import type { TipoSepultura } from '../../src/domain/sepultado-rules';
import type {
  ConcessionarioRef,
  SepultadoCard,
  SepultadoRecord,
} from '../../src/domain/sepultado-types';
import type { AppContext } from '../context';
import type { Db } from '../db/index';
import { sepultados, type UserRow } from '../db/schema';
import { notFound } from '../http-error';
import { ReadCache } from './sepultado-cache';

const ISO_TS = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

const isoDate = (column: AnyPgColumn) => sql<string | null>`to_char(${column}, 'YYYY-MM-DD')`;
const isoTimestamp = (column: AnyPgColumn) =>
  sql<string>`to_char(${column} AT TIME ZONE 'UTC', ${sql.raw(ISO_TS)})`;
// Spelled out: Drizzle leaves single-table columns unqualified, and a bare "id" inside the
// subquery would mean sepultado_fotos.id.
const OUTER_ID = sql.raw('"sepultados"."id"');
const firstPhoto = (column: 'file' | 'thumb') =>
  sql<string | null>`(SELECT f.${sql.raw(column)} FROM sepultado_fotos f
    WHERE f.sepultado_id = ${OUTER_ID} ORDER BY f.position LIMIT 1)`;

function prepareDetail(db: Db) {
  // One lateral pass over the photos gives both lists (two scalar subqueries read them twice).
  const photos = db
    .select({
      images: sql<string[] | null>`array_agg(f.file ORDER BY f.position)`.as('images'),
      thumbs: sql<string[] | null>`array_agg(f.thumb ORDER BY f.position)`.as('thumbs'),
    })
    .from(sql`sepultado_fotos f`)
    .where(sql`f.sepultado_id = ${OUTER_ID}`)
    .as('p');
  return db
    .select({
      id: sepultados.id,
      nome: sepultados.nome,
      idade: sepultados.idade,
      dt_nasc: isoDate(sepultados.dtNasc),
      dt_fal: isoDate(sepultados.dtFal),
      nacionalidade: sepultados.nacionalidade,
      mae: sepultados.mae,
      pai: sepultados.pai,
      cemiterio: sepultados.cemiterio,
      rua: sepultados.rua,
      quadra: sepultados.quadra,
      chapa: sepultados.chapa,
      epitafio: sepultados.epitafio,
      tipo_sepultura: sepultados.tipoSepultura,
      latitude: sepultados.latitude,
      longitude: sepultados.longitude,
      version: sepultados.version,
      created_at: isoTimestamp(sepultados.createdAt),
      updated_at: isoTimestamp(sepultados.updatedAt),
      images: photos.images,
      thumbs: photos.thumbs,
    })
    .from(sepultados)
    .leftJoinLateral(photos, sql`true`)
    .where(and(eq(sepultados.id, sql.placeholder('id')), isNull(sepultados.deletedAt)))
    .limit(1)
    .prepare('sepultado_detail');
}

const CARD_FIELDS = {
  id: sepultados.id,
  nome: sepultados.nome,
  rua: sepultados.rua,
  quadra: sepultados.quadra,
  chapa: sepultados.chapa,
  file: firstPhoto('file'),
  thumb: firstPhoto('thumb'),
};

function prepareRecent(db: Db) {
  return db
    .select(CARD_FIELDS)
    .from(sepultados)
    .where(isNull(sepultados.deletedAt))
    .orderBy(desc(sepultados.createdAt), desc(sepultados.id))
    .limit(sql.placeholder('limit'))
    .prepare('sepultados_recent');
}

function prepareRecentBefore(db: Db) {
  return db
    .select(CARD_FIELDS)
    .from(sepultados)
    .where(
      and(
        isNull(sepultados.deletedAt),
        sql`(${sepultados.createdAt}, ${sepultados.id}) <
          (SELECT c.created_at, c.id FROM sepultados c WHERE c.id = ${sql.placeholder('before')})`,
      ),
    )
    .orderBy(desc(sepultados.createdAt), desc(sepultados.id))
    .limit(sql.placeholder('limit'))
    .prepare('sepultados_recent_before');
}

interface Prepared {
  detail: ReturnType<typeof prepareDetail>;
  recent: ReturnType<typeof prepareRecent>;
  recentBefore: ReturnType<typeof prepareRecentBefore>;
}
const preparedByDb = new WeakMap<Db, Prepared>();

function prepared(ctx: AppContext): Prepared {
  const db = ctx.database.db;
  let p = preparedByDb.get(db);
  if (!p) {
    p = {
      detail: prepareDetail(db),
      recent: prepareRecent(db),
      recentBefore: prepareRecentBefore(db),
    };
    preparedByDb.set(db, p);
  }
  return p;
}

const ASSIGNED_SQL = `
SELECT u.id, u.name FROM sepultado_concessionarios c JOIN users u ON u.id = c.user_id
WHERE c.sepultado_id = $1 ORDER BY u.name, u.id`;

export interface RecordRow {
  id: string;
  nome: string;
  idade: number | null;
  dt_nasc: string | null;
  dt_fal: string | null;
  nacionalidade: string | null;
  mae: string | null;
  pai: string | null;
  cemiterio: string | null;
  rua: string | null;
  quadra: string;
  chapa: string;
  epitafio: string | null;
  tipo_sepultura: TipoSepultura | null;
  latitude: number | null;
  longitude: number | null;
  version: number;
  created_at: string;
  updated_at: string;
  images: string[] | null;
  thumbs: string[] | null;
}

export function toRecord(row: RecordRow): SepultadoRecord {
  return {
    _id: row.id,
    id: row.id,
    nome: row.nome,
    idade: row.idade,
    dtNasc: row.dt_nasc,
    dtFal: row.dt_fal,
    nacionalidade: row.nacionalidade,
    mae: row.mae,
    pai: row.pai,
    cemiterio: row.cemiterio,
    rua: row.rua,
    quadra: row.quadra,
    chapa: row.chapa,
    epitafio: row.epitafio,
    tipoSepultura: row.tipo_sepultura,
    latitude: row.latitude === null ? null : Number(row.latitude),
    longitude: row.longitude === null ? null : Number(row.longitude),
    images: row.images ?? [],
    thumbs: row.thumbs ?? [],
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export async function assignedConcessionarios(
  ctx: AppContext,
  sepultadoId: string,
): Promise<ConcessionarioRef[]> {
  const rows = await ctx.database.sql.query<{ id: string; name: string }>(ASSIGNED_SQL, [
    sepultadoId,
  ]);
  return rows.map((r) => ({ _id: r.id, id: r.id, name: r.name }));
}

/** The live record or null (unknown, malformed or deleted id). */
export async function findSepultado(ctx: AppContext, id: string): Promise<SepultadoRecord | null> {
  if (!isId(id)) return null;
  const [row] = await prepared(ctx).detail.execute({ id });
  return row ? toRecord(row) : null;
}

interface Caches {
  records: ReadCache<SepultadoRecord>;
  /** The home list's first pages, by limit (a handful of keys). */
  home: ReadCache<SepultadoCard[]>;
}
const cachesByDb = new WeakMap<Db, Caches>();

/** This app's caches of public reads (see sepultado-cache.ts for what they promise). */
function caches(ctx: AppContext): Caches {
  let c = cachesByDb.get(ctx.database.db);
  if (!c) {
    c = { records: new ReadCache(), home: new ReadCache() };
    cachesByDb.set(ctx.database.db, c);
  }
  return c;
}

/** After a write of record `id`: its cached copy and the cached home pages go. */
export function forgetCached(ctx: AppContext, id: string): void {
  const c = caches(ctx);
  c.records.invalidate(id);
  c.home.clear();
}

/**
 * The public record (through the cache); the assigned concessionários are added only for an admin or one of
 * them (spec §6: they are who may see who else manages the grave).
 */
export async function getSepultado(
  ctx: AppContext,
  id: string,
  viewer: UserRow | null,
): Promise<SepultadoRecord> {
  if (!isId(id)) throw notFound(SEP_MSG.notFound);
  const cached = await caches(ctx).records.get(id, () => findSepultado(ctx, id));
  if (!cached) throw notFound(SEP_MSG.notFound);
  const record: SepultadoRecord = { ...cached };
  if (viewer?.role === 'admin' || viewer?.role === 'concessionario') {
    const assigned = await assignedConcessionarios(ctx, record.id);
    if (viewer.role === 'admin' || assigned.some((c) => c.id === viewer.id)) {
      record.concessionarios = assigned.map((c) => c.id);
      record.concessionariosInfo = assigned;
    }
  }
  return record;
}

export interface CardRow {
  id: string;
  nome: string;
  rua: string | null;
  quadra: string;
  chapa: string;
  file: string | null;
  thumb: string | null;
}

export function toCard(row: CardRow): SepultadoCard {
  return {
    _id: row.id,
    id: row.id,
    nome: row.nome,
    rua: row.rua,
    quadra: row.quadra,
    chapa: row.chapa,
    images: row.file ? [row.file] : [],
    thumb: row.thumb,
  };
}

export const HOME_LIMIT = { default: 24, max: 100 };

/**
 * Newest first. Keyset paging: `before` is the id of the last card already shown; an unknown
 * id yields an empty page rather than a restart from the top.
 */
export async function listRecent(
  ctx: AppContext,
  options: { limit: number; before?: string | undefined },
): Promise<SepultadoCard[]> {
  const { limit, before } = options;
  if (before === undefined) {
    const page = await caches(ctx).home.get(String(limit), async () =>
      (await prepared(ctx).recent.execute({ limit })).map(toCard),
    );
    return page ?? [];
  }
  if (!isId(before)) return [];
  return (await prepared(ctx).recentBefore.execute({ limit, before })).map(toCard);
}
