/**
 * The Drizzle schema (server/db/schema.ts) against the database the SQL migrations build: the
 * migrations are the source of truth, and the Drizzle tables must say the same thing — every
 * table and column, its type, nullability, whether it has a default, and the primary key. A
 * migration that adds, drops or changes a column without the Drizzle schema following (or the
 * reverse) fails here. Tables that only raw SQL reads are listed by name, so a new one is a
 * decision, not an accident.
 */
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schema } from '../../server/db/schema';
import { engines, type Harness, startApp } from './helpers';

/** Tables the server reaches only through raw SQL (and the migration runner's own). */
const RAW_SQL_TABLES = [
  'audit_log',
  'cemiterio_planos',
  'comisso_casos',
  'comisso_etapas',
  'comisso_fotos',
  'concessao_documentos',
  'concessao_renovacoes',
  'concessao_taxas',
  'concessoes',
  'custodia_passos',
  'ics_tokens',
  'legacy_imagens',
  'ordem_comentarios',
  'ordem_fotos',
  'ordem_marcos',
  'ordem_responsaveis',
  'ordem_tipos',
  'ordem_versoes',
  'ordens',
  'pedidos',
  'recadastramento_campanhas',
  'recadastramentos',
  'revoked_tokens',
  'schema_migrations',
  'search_vocab',
  'sepultado_restos',
  'sepultura_fotos',
  'sepulturas',
  'sync_state',
];

/**
 * Columns only the search SQL reads (migrations 0004, 0015), kept by a trigger since 0014 (generated
 * before; the bulk seed writes them itself): left out of Drizzle so a whole row read never
 * carries them. Checked to exist, with these types, and the trigger to keep them.
 */
const RAW_SQL_COLUMNS: Record<string, Record<string, Column>> = {
  sepultados: {
    search_name: { type: 'text', nullable: true, hasDefault: false },
    search_rua: { type: 'text', nullable: true, hasDefault: false },
    search_doc: { type: 'text', nullable: true, hasDefault: false },
    search_keys: { type: 'text[]', nullable: true, hasDefault: false },
    search_words: { type: 'text[]', nullable: true, hasDefault: false },
  },
};

interface Column {
  type: string;
  nullable: boolean;
  hasDefault: boolean;
}
type Tables = Record<string, Record<string, Column>>;

/** "timestamp (3) with time zone" and "timestamp(3) with time zone" are the same type. */
const normalType = (type: string) => type.replace(/\s+\(/g, '(').toLowerCase();

function drizzleTables(): { tables: Tables; keys: Record<string, string[]> } {
  const tables: Tables = {};
  const keys: Record<string, string[]> = {};
  for (const table of Object.values(schema) as PgTable[]) {
    const config = getTableConfig(table);
    const columns: Record<string, Column> = {};
    for (const column of config.columns) {
      columns[column.name] = {
        type: normalType(column.getSQLType()),
        nullable: !column.notNull,
        hasDefault: column.hasDefault,
      };
    }
    tables[config.name] = columns;
    const single = config.columns.filter((c) => c.primary).map((c) => c.name);
    const composite = config.primaryKeys.flatMap((pk) => pk.columns.map((c) => c.name));
    keys[config.name] = [...single, ...composite].sort();
  }
  return { tables, keys };
}

for (const engine of engines) {
  describe(`Drizzle schema matches the migrations (${engine.name})`, () => {
    let h: Harness;
    beforeAll(async () => {
      h = await startApp(engine);
    });
    afterAll(() => h.close());

    async function databaseTables(): Promise<{ tables: Tables; keys: Record<string, string[]> }> {
      const rows = await h.app.ctx.database.sql.query<{
        table_name: string;
        column_name: string;
        is_nullable: string;
        column_default: string | null;
        type: string;
      }>(
        `SELECT c.table_name, c.column_name, c.is_nullable, c.column_default,
                format_type(a.atttypid, a.atttypmod) AS type
           FROM information_schema.columns c
           JOIN pg_attribute a
             ON a.attrelid = (quote_ident(c.table_schema) || '.' || quote_ident(c.table_name))::regclass
            AND a.attname = c.column_name
          WHERE c.table_schema = current_schema()`,
      );
      const tables: Tables = {};
      for (const row of rows) {
        tables[row.table_name] ??= {};
        const table = tables[row.table_name] as Record<string, Column>;
        table[row.column_name] = {
          type: normalType(row.type),
          nullable: row.is_nullable === 'YES',
          hasDefault: row.column_default !== null,
        };
      }
      const keyRows = await h.app.ctx.database.sql.query<{
        table_name: string;
        column_name: string;
      }>(
        `SELECT k.table_name, k.column_name
           FROM information_schema.table_constraints t
           JOIN information_schema.key_column_usage k
             ON k.constraint_name = t.constraint_name AND k.table_schema = t.table_schema
          WHERE t.constraint_type = 'PRIMARY KEY' AND t.table_schema = current_schema()`,
      );
      const keys: Record<string, string[]> = {};
      for (const row of keyRows) {
        keys[row.table_name] = [...(keys[row.table_name] ?? []), row.column_name];
      }
      for (const list of Object.values(keys)) list.sort();
      return { tables, keys };
    }

    it('has every table of the migrations in Drizzle, or named as raw-SQL only', async () => {
      const db = await databaseTables();
      const drizzle = drizzleTables();
      const expected = [...Object.keys(drizzle.tables), ...RAW_SQL_TABLES].sort();
      expect(Object.keys(db.tables).sort()).toEqual(expected);
    });

    it('has the same columns, types, nullability and defaults', async () => {
      const db = await databaseTables();
      const drizzle = drizzleTables();
      for (const [name, columns] of Object.entries(drizzle.tables)) {
        const expected = { ...columns, ...RAW_SQL_COLUMNS[name] };
        expect({ table: name, columns: db.tables[name] }).toEqual({
          table: name,
          columns: expected,
        });
      }
      const kept = await h.app.ctx.database.sql.query<{ tgname: string }>(
        `SELECT tgname FROM pg_trigger
          WHERE tgrelid = 'sepultados'::regclass AND tgname = 'sepultados_search_columns'`,
      );
      expect(kept.map((r) => r.tgname)).toEqual(['sepultados_search_columns']);
    });

    it('has the same primary keys', async () => {
      const db = await databaseTables();
      const drizzle = drizzleTables();
      for (const name of Object.keys(drizzle.tables)) {
        expect({ table: name, key: db.keys[name] }).toEqual({
          table: name,
          key: drizzle.keys[name],
        });
      }
    });
  });
}
