/**
 * The import's writes: one multi-row upsert per table and batch (INSERT … SELECT FROM unnest,
 * as the seed CLI does: a fixed number of parameters whatever the batch size). An upsert
 * changes a row only when some imported value differs (IS DISTINCT FROM), so running the import
 * again on the same export writes nothing, takes no new versions and moves nothing in the sync
 * stream. RETURNING (xmax = 0) tells a new row from an updated one on both engines.
 */
import { BURIAL_DATA_COLUMNS } from '../../db/burial-columns';
import type { SqlRunner } from '../../db/index';
import type { LegacyBurial, LegacyTribute } from './legacy-burials-map';
import { type LegacyUser, NO_PASSWORD } from './legacy-map';

export interface Written {
  created: number;
  updated: number;
}

function tally(rows: { inserted: boolean }[]): Written {
  const created = rows.filter((r) => r.inserted).length;
  return { created, updated: rows.length - created };
}

// Imported accounts count as verified (docs/decisions.md "Importing the original app's data"):
// the people used these addresses in the original app, whose client cannot ask for a link.
const USER_SQL = `INSERT INTO users (id, name, email, cpf, phone, role, password_hash, created_at,
  updated_at, email_verified)
SELECT *, true FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[],
  $7::text[], $8::timestamptz[], $9::timestamptz[])
ON CONFLICT (id) DO UPDATE SET
  name = EXCLUDED.name, email = EXCLUDED.email, cpf = EXCLUDED.cpf, phone = EXCLUDED.phone,
  role = EXCLUDED.role, email_verified = true,
  -- Only a hash the import wrote is replaced: one made in Memorial (the Argon2id rehash at the
  -- first login, a reset) is never undone by importing again.
  password_hash = CASE WHEN users.password_hash ~ '^[$]2' OR users.password_hash = '${NO_PASSWORD}'
    THEN EXCLUDED.password_hash ELSE users.password_hash END,
  -- A role change ends the sessions, as an admin's change does.
  token_version = users.token_version + (users.role <> EXCLUDED.role)::int,
  updated_at = now()
WHERE (users.name, users.email, users.cpf, users.phone, users.role)
    IS DISTINCT FROM (EXCLUDED.name, EXCLUDED.email, EXCLUDED.cpf, EXCLUDED.phone, EXCLUDED.role)
  -- An account imported before imports counted as verified is marked on the next run.
  OR NOT users.email_verified
  OR ((users.password_hash ~ '^[$]2' OR users.password_hash = '${NO_PASSWORD}')
    AND users.password_hash <> EXCLUDED.password_hash)
RETURNING (xmax = 0) AS inserted`;

export async function upsertUsers(conn: SqlRunner, rows: LegacyUser[]): Promise<Written> {
  if (rows.length === 0) return { created: 0, updated: 0 };
  const result = await conn.query<{ inserted: boolean }>(USER_SQL, [
    rows.map((u) => u.id),
    rows.map((u) => u.name),
    rows.map((u) => u.email),
    rows.map((u) => u.cpf),
    rows.map((u) => u.phone),
    rows.map((u) => u.role),
    rows.map((u) => u.passwordHash),
    rows.map((u) => u.createdAt.toISOString()),
    rows.map((u) => u.updatedAt.toISOString()),
  ]);
  return tally(result);
}

const BURIAL_COLUMNS = [
  ...BURIAL_DATA_COLUMNS,
  ['created_by', 'text'],
  ['created_at', 'timestamptz'],
] as const;

// The columns compared and copied on a re-run (cemiterio apart: the trigger of 0010 rewrites it
// to the cemetery's own spelling, so it is compared by its folded key).
const DATA = BURIAL_COLUMNS.map(([c]) => c).filter(
  (c) => c !== 'id' && c !== 'cemiterio' && c !== 'created_at',
);
const BLANK_CEMETERY = `cemiterio_chave(coalesce(e.cemiterio, '')) = ''`;

// updated_at is inserted but never copied on a re-run: the stamp trigger sets it on a change.
const INSERTED = [...BURIAL_COLUMNS, ['updated_at', 'timestamptz']] as const;
const UNNEST = `unnest(${INSERTED.map(([, t], i) => `$${i + 1}::${t}[]`).join(', ')})`;

// New ids: a plain insert (ON CONFLICT only for an id a concurrent writer just made).
const BURIAL_INSERT = `INSERT INTO sepultados (${INSERTED.map(([c]) => c).join(', ')})
SELECT * FROM ${UNNEST} ON CONFLICT (id) DO NOTHING`;

// Known ids: an UPDATE whose WHERE leaves unchanged rows alone before anything is computed (an
// ON CONFLICT DO UPDATE would first compute the search columns — 0004, kept by 0014's trigger —
// of every proposed row, which made a re-run of an unchanged export cost as much as the first
// import).
const BURIAL_UPDATE = `UPDATE sepultados s SET
  ${DATA.map((c) => `${c} = e.${c}`).join(', ')},
  -- A blank name keeps the record where it is (the trigger would move it to the oldest cemetery).
  cemiterio = CASE WHEN ${BLANK_CEMETERY} THEN s.cemiterio ELSE e.cemiterio END
FROM ${UNNEST} AS e(${INSERTED.map(([c]) => c).join(', ')})
-- A record deleted in Memorial stays deleted; an unchanged one is not touched.
WHERE s.id = e.id AND s.deleted_at IS NULL AND (
  (${DATA.map((c) => `s.${c}`).join(', ')})
    IS DISTINCT FROM (${DATA.map((c) => `e.${c}`).join(', ')})
  OR (NOT (${BLANK_CEMETERY})
    AND cemiterio_chave(e.cemiterio) IS DISTINCT FROM cemiterio_chave(coalesce(s.cemiterio, ''))))
RETURNING s.id`;

function burialParams(rows: LegacyBurial[]): unknown[] {
  return [
    rows.map((r) => r.id),
    rows.map((r) => r.nome),
    rows.map((r) => r.idade),
    rows.map((r) => r.dtNasc),
    rows.map((r) => r.dtFal),
    rows.map((r) => r.nacionalidade),
    rows.map((r) => r.mae),
    rows.map((r) => r.pai),
    rows.map((r) => r.cemiterio),
    rows.map((r) => r.rua),
    rows.map((r) => r.quadra),
    rows.map((r) => r.chapa),
    rows.map((r) => r.epitafio),
    rows.map((r) => r.tipoSepultura),
    rows.map((r) => r.latitude),
    rows.map((r) => r.longitude),
    rows.map((r) => r.createdBy),
    rows.map((r) => r.createdAt.toISOString()),
    rows.map((r) => r.updatedAt.toISOString()),
  ];
}

/** Also answers the ids of the records this call created (syncAssignments needs them). */
export async function upsertBurials(
  conn: SqlRunner,
  rows: LegacyBurial[],
): Promise<Written & { createdIds: Set<string> }> {
  if (rows.length === 0) return { created: 0, updated: 0, createdIds: new Set() };
  const known = await existingIds(
    conn,
    'sepultados',
    rows.map((r) => r.id),
  );
  const fresh = rows.filter((r) => !known.has(r.id));
  const old = rows.filter((r) => known.has(r.id));
  const inserted =
    fresh.length > 0
      ? await conn.query<{ id: string }>(`${BURIAL_INSERT} RETURNING id`, burialParams(fresh))
      : [];
  const updated =
    old.length > 0 ? await conn.query<{ id: string }>(BURIAL_UPDATE, burialParams(old)) : [];
  return {
    created: inserted.length,
    updated: updated.length,
    createdIds: new Set(inserted.map((r) => r.id)),
  };
}

const ASSIGN_SQL = `INSERT INTO sepultado_concessionarios (sepultado_id, user_id)
  SELECT * FROM unnest($1::text[], $2::text[]) ON CONFLICT DO NOTHING RETURNING 1`;

function pairs(rows: LegacyBurial[]): [string[], string[]] {
  const sep: string[] = [];
  const usr: string[] = [];
  for (const r of rows) {
    for (const u of r.concessionarios) {
      sep.push(r.id);
      usr.push(u);
    }
  }
  return [sep, usr];
}

/**
 * The export's concessionários of these records: missing assignments added, others of these
 * records removed (the export says who is assigned). Answers how many were added and removed.
 *
 * For records created in this same transaction the touch trigger of 0002 is off while their
 * assignments go in: such a record took its sync position from its own insert, in this
 * transaction, so the touch would only rewrite the row once more (new tuple, generated search
 * columns and every index again: as dear as the insert itself). DISABLE TRIGGER is
 * transactional, so a failed batch leaves it on; records that existed before get the touch.
 */
export async function syncAssignments(
  conn: SqlRunner,
  rows: LegacyBurial[],
  createdIds: Set<string>,
): Promise<{ linked: number; unlinked: number }> {
  if (rows.length === 0) return { linked: 0, unlinked: 0 };
  const [sep, usr] = pairs(rows);
  const removed = await conn.query(
    `DELETE FROM sepultado_concessionarios sc
     WHERE sc.sepultado_id = ANY($1::text[])
       AND NOT EXISTS (SELECT 1 FROM unnest($2::text[], $3::text[]) AS k(s, u)
                       WHERE k.s = sc.sepultado_id AND k.u = sc.user_id)
     RETURNING 1`,
    [rows.map((r) => r.id), sep, usr],
  );
  const [newSep, newUsr] = pairs(rows.filter((r) => createdIds.has(r.id)));
  const [oldSep, oldUsr] = pairs(rows.filter((r) => !createdIds.has(r.id)));
  let linked = 0;
  if (newSep.length > 0) {
    await conn.exec(
      'ALTER TABLE sepultado_concessionarios DISABLE TRIGGER sepultado_concessionarios_touch',
    );
    linked += (await conn.query(ASSIGN_SQL, [newSep, newUsr])).length;
    await conn.exec(
      'ALTER TABLE sepultado_concessionarios ENABLE TRIGGER sepultado_concessionarios_touch',
    );
  }
  if (oldSep.length > 0) linked += (await conn.query(ASSIGN_SQL, [oldSep, oldUsr])).length;
  return { linked, unlinked: removed.length };
}

const TRIBUTE_UPSERT = `INSERT INTO comentarios
  (id, sepultado_id, user_id, autor_nome, texto, created_at, deleted_at)
SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[],
  $6::timestamptz[], $7::timestamptz[])
ON CONFLICT (id) DO UPDATE SET
  user_id = EXCLUDED.user_id, autor_nome = EXCLUDED.autor_nome, texto = EXCLUDED.texto,
  created_at = EXCLUDED.created_at, deleted_at = EXCLUDED.deleted_at
-- Never another record's tribute; one removed in Memorial stays removed.
WHERE comentarios.sepultado_id = EXCLUDED.sepultado_id AND comentarios.deleted_at IS NULL
  AND (comentarios.user_id, comentarios.autor_nome, comentarios.texto, comentarios.created_at,
       comentarios.deleted_at)
    IS DISTINCT FROM (EXCLUDED.user_id, EXCLUDED.autor_nome, EXCLUDED.texto, EXCLUDED.created_at,
       EXCLUDED.deleted_at)
RETURNING (xmax = 0) AS inserted`;

export async function upsertTributes(conn: SqlRunner, rows: LegacyTribute[]): Promise<Written> {
  if (rows.length === 0) return { created: 0, updated: 0 };
  const result = await conn.query<{ inserted: boolean }>(TRIBUTE_UPSERT, [
    rows.map((t) => t.id),
    rows.map((t) => t.sepultadoId),
    rows.map((t) => t.userId),
    rows.map((t) => t.autorNome),
    rows.map((t) => t.texto),
    rows.map((t) => t.createdAt.toISOString()),
    rows.map((t) => t.deletedAt?.toISOString() ?? null),
  ]);
  return tally(result);
}

/** Of these ids, the ones the table already holds (--dry-run's "já existentes"). */
export async function existingIds(
  conn: SqlRunner,
  table: 'users' | 'sepultados' | 'comentarios',
  ids: string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await conn.query<{ id: string }>(
    `SELECT id FROM ${table} WHERE id = ANY($1::text[])`,
    [ids],
  );
  return new Set(rows.map((r) => r.id));
}

/** The search's GIN indexes, made with fastupdate off by migration 0004. */
const SEARCH_GIN = ['sepultados_search_gin', 'sepultados_search_name_trgm'];

/**
 * Bulk mode for the search's GIN indexes while the records go in: with fastupdate on, each
 * insert appends its keys to the index's pending list and the list is merged into the tree in
 * bulk (measured: half the time of the import). Off again at the end, the pending list merged
 * there and then (gin_clean_pending_list): 0004 keeps it off because PGlite has no autovacuum
 * to merge a list every search would otherwise read. An import killed midway leaves it on;
 * the next import (not a --dry-run) sets it back.
 */
export async function searchIndexesBulk(conn: SqlRunner, bulk: boolean): Promise<void> {
  for (const index of SEARCH_GIN) {
    await conn.exec(`ALTER INDEX ${index} SET (fastupdate = ${bulk ? 'on' : 'off'})`);
    if (!bulk) await conn.query('SELECT gin_clean_pending_list($1::regclass)', [index]);
  }
}
