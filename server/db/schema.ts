/**
 * The one Drizzle schema, mirroring the SQL migrations in ./migrations (which are the source of
 * truth for the database: constraints and indexes live there).
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import type { TipoSepultura } from '../../src/domain/burial-rules';
import type { Role } from '../../src/domain/user-rules';

/** PostgreSQL's 64-bit transaction id, as decimal text (it can pass 2^53). */
const xid8 = customType<{ data: string; driverData: string }>({ dataType: () => 'xid8' });

export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull(),
  cpf: text('cpf').notNull(),
  phone: text('phone').notNull(),
  role: text('role').$type<Role>().notNull().default('usuario'),
  image: text('image'),
  passwordHash: text('password_hash').notNull(),
  emailVerified: boolean('email_verified').notNull().default(false),
  tokenVersion: integer('token_version').notNull().default(0),
  acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }),
  acceptedTermsVersion: text('accepted_terms_version'),
  acceptedTermsUrl: text('accepted_terms_url'),
  /** A new address waiting for verification (migration 0003); the old one works meanwhile. */
  pendingEmail: text('pending_email'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type UserRow = typeof users.$inferSelect;
export type AccountTokenPurpose = 'verify_email' | 'reset_password';

/** One-use e-mailed links (migration 0003): only the SHA-256 of the token is stored. */
export const accountTokens = pgTable('account_tokens', {
  id: text('id').primaryKey(),
  userId: text('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose').$type<AccountTokenPurpose>().notNull(),
  tokenHash: text('token_hash').notNull(),
  email: text('email').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Cemeteries (migration 0010): every record belongs to one. `nomeChave` is the folded name
 * (cemiterio_chave in SQL): the same folded name is the same cemetery.
 */
export const cemiterios = pgTable('cemiterios', {
  id: text('id').primaryKey(),
  nome: text('nome').notNull(),
  nomeChave: text('nome_chave').notNull().unique(),
  endereco: text('endereco'),
  horario: text('horario'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  south: doublePrecision('south'),
  west: doublePrecision('west'),
  north: doublePrecision('north'),
  east: doublePrecision('east'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  /** The rotating graves' exhumation rule (migration 0031): years, a child's years, its age. */
  exumacaoAnos: smallint('exumacao_anos').notNull().default(3),
  exumacaoAnosCrianca: smallint('exumacao_anos_crianca').notNull().default(2),
  idadeCrianca: smallint('idade_crianca').notNull().default(6),
});

/** Burial records (migration 0002); version, updated_at and change_seq are stamped by a trigger. */
export const sepultados = pgTable('sepultados', {
  id: text('id').primaryKey(),
  nome: text('nome').notNull(),
  idade: smallint('idade'),
  dtNasc: date('dt_nasc', { mode: 'string' }),
  dtFal: date('dt_fal', { mode: 'string' }),
  nacionalidade: text('nacionalidade'),
  mae: text('mae'),
  pai: text('pai'),
  /** The cemetery's name, kept equal to cemiterios.nome by a trigger (migration 0010). */
  cemiterio: text('cemiterio'),
  /**
   * The truth of where the record is. Raw SQL writers may leave it out (the trigger fills it from
   * the name); Drizzle writers say it, e.g. sql`cemiterio_for_name(${name})`.
   */
  cemiterioId: text('cemiterio_id')
    .notNull()
    .references(() => cemiterios.id),
  rua: text('rua'),
  quadra: text('quadra').notNull(),
  chapa: text('chapa').notNull(),
  epitafio: text('epitafio'),
  tipoSepultura: text('tipo_sepultura').$type<TipoSepultura>(),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  /**
   * The grave the record lies in (migration 0030): kept by a trigger from the cemetery, rua,
   * quadra and chapa, so writers leave it out. No Drizzle reference: sepulturas is raw SQL.
   */
  sepulturaId: text('sepultura_id'),
  createdBy: text('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  version: integer('version').notNull().default(1),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
  // The trigger sets it on every write; the default only tells Drizzle an insert may omit it.
  changeSeq: bigint('change_seq', { mode: 'number' })
    .notNull()
    .default(sql`nextval('sepultados_change_seq')`),
  /** The writing transaction (migration 0006, set by the trigger): the sync orders by it. */
  changeXid: xid8('change_xid').notNull().default(sql`'2'`),
});

/** A record's photos in display order (file ≤ 1600 px, thumb ≤ 320 px, both re-encoded). */
export const sepultadoFotos = pgTable('sepultado_fotos', {
  id: text('id').primaryKey(),
  sepultadoId: text('sepultado_id')
    .notNull()
    .references(() => sepultados.id, { onDelete: 'cascade' }),
  position: integer('position').notNull(),
  file: text('file').notNull(),
  thumb: text('thumb').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Concessionários assigned to a record (they may edit it). */
export const sepultadoConcessionarios = pgTable(
  'sepultado_concessionarios',
  {
    sepultadoId: text('sepultado_id')
      .notNull()
      .references(() => sepultados.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sepultadoId, t.userId] })],
);

/**
 * Tributes (migration 0005). Soft-deleted: a tombstone keeps its idempotency key with the
 * content scrubbed. user_id goes null when the account is deleted, and user_deleted says so.
 */
export const comentarios = pgTable('comentarios', {
  id: text('id').primaryKey(),
  sepultadoId: text('sepultado_id')
    .notNull()
    .references(() => sepultados.id, { onDelete: 'cascade' }),
  userId: text('user_id').references(() => users.id, { onDelete: 'set null' }),
  userDeleted: boolean('user_deleted').notNull().default(false),
  texto: text('texto').notNull().default(''),
  imagem: text('imagem'),
  imagemThumb: text('imagem_thumb'),
  emojis: text('emojis').array().notNull().default(sql`'{}'::text[]`),
  idempotencyKey: text('idempotency_key'),
  /** The author's name as the original app stored it (migration 0012); null for our own. */
  autorNome: text('autor_nome'),
  createdAt: timestamp('created_at', { withTimezone: true, precision: 3 }).notNull().defaultNow(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

/** Per data write, the fields it changed: field → [before, after] (migration 0006, trigger). */
export const sepultadoVersions = pgTable(
  'sepultado_versions',
  {
    sepultadoId: text('sepultado_id')
      .notNull()
      .references(() => sepultados.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull(),
    changedBy: text('changed_by'),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.sepultadoId, t.version] })],
);

/** Answers of PATCH /api/sepultados/:id per (user, Idempotency-Key), kept 7 days (0006). */
export const editIdempotency = pgTable(
  'edit_idempotency',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    sepultadoId: text('sepultado_id')
      .notNull()
      .references(() => sepultados.id, { onDelete: 'cascade' }),
    fingerprint: text('fingerprint').notNull(),
    status: smallint('status').notNull(),
    body: jsonb('body').$type<unknown>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

export const schema = {
  users,
  cemiterios,
  accountTokens,
  sepultados,
  sepultadoFotos,
  sepultadoConcessionarios,
  comentarios,
  sepultadoVersions,
  editIdempotency,
};
