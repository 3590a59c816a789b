/**
 * A sheet imported twice must not double the register (docs/decisions.md "Spreadsheets"). A row
 * without an id that equals a live record — same cemetery, and the same name, date of death,
 * quadra and placa after folding (src/domain/spreadsheet.ts burialMatchKey) — is marked as
 * already present; a row equal to an earlier row of the same sheet is marked as a repeat.
 * Neither is written. Reads only.
 *
 * The register is asked by the stored `search_name` (search_norm of the name, migration 0004),
 * which two names equal after folding always share, with the date and the cemetery, through the
 * covering index on search_name; the exact comparison is then made here with the domain's folding.
 */

import { foldText } from '../../../src/domain/search-text';
import { burialMatchKey } from '../../../src/domain/spreadsheet';
import type { Database } from '../../db/index';
import { isRefused, type PlannedRow } from './sheet-check';

const BATCH = 2000;

/** Where a blank cemetery goes when there is none yet (migration 0010, cemiterio_for_name). */
const FIRST_CEMETERY = 'Cemitério municipal';

/** Each cemetery name of the sheet → the id of the cemetery it stands for, or null (a new one). */
async function cemeteriesOf(
  database: Database,
  names: string[],
): Promise<{ byName: Map<string, string | null>; blank: string | null }> {
  const rows = await database.sql.query<{ name: string; id: string | null }>(
    `SELECT n AS name, (SELECT c.id FROM cemiterios c WHERE c.nome_chave = cemiterio_chave(n)) AS id
       FROM unnest($1::text[]) AS n`,
    [names],
  );
  const [oldest] = await database.sql.query<{ id: string }>(
    'SELECT id FROM cemiterios ORDER BY created_at, id LIMIT 1',
  );
  return { byName: new Map(rows.map((r) => [r.name, r.id])), blank: oldest?.id ?? null };
}

interface Stored {
  i: number;
  id: string;
  nome: string;
  quadra: string;
  chapa: string;
}

/** Marks `existing` / `repeats` on the rows that would create a record already there. */
export async function markDuplicates(database: Database, rows: PlannedRow[]): Promise<void> {
  const creating = rows.filter((r) => !r.id && !isRefused(r));
  if (creating.length === 0) return;
  const text = (r: PlannedRow) => (r.values.cemiterio ?? '').trim();
  const names = [...new Set(creating.map(text).filter((n) => n !== ''))];
  const { byName, blank } = await cemeteriesOf(database, names);
  const cemeteryOf = (r: PlannedRow): { id: string | null; key: string } => {
    const name = text(r);
    const id = name === '' ? blank : (byName.get(name) ?? null);
    return { id, key: id ?? `novo:${foldText(name || FIRST_CEMETERY)}` };
  };

  const first = new Map<string, PlannedRow>();
  const known: { row: PlannedRow; cemetery: string }[] = [];
  for (const row of creating) {
    const cemetery = cemeteryOf(row);
    const key = `${cemetery.key}\u0001${burialMatchKey(row.values)}`;
    const earlier = first.get(key);
    if (earlier) {
      row.repeats = earlier.linha;
      continue;
    }
    first.set(key, row);
    if (cemetery.id) known.push({ row, cemetery: cemetery.id });
  }

  for (let start = 0; start < known.length; start += BATCH) {
    const batch = known.slice(start, start + BATCH);
    const stored = await database.sql.query<Stored>(
      `SELECT k.i, s.id, s.nome, s.quadra, s.chapa
         FROM unnest($1::int[], $2::text[], $3::date[], $4::text[]) AS k(i, cem, dt, nome)
         JOIN sepultados s ON s.search_name COLLATE "C" = search_norm(k.nome)
          AND s.dt_fal = k.dt AND s.cemiterio_id = k.cem AND s.deleted_at IS NULL
        ORDER BY k.i, s.id`,
      [
        batch.map((_, i) => i),
        batch.map((k) => k.cemetery),
        batch.map((k) => k.row.values.dtFal ?? null),
        batch.map((k) => k.row.values.nome ?? ''),
      ],
    );
    for (const s of stored) {
      const row = batch[s.i]?.row;
      if (!row || row.existing) continue;
      const key = burialMatchKey({ ...row.values, nome: s.nome, quadra: s.quadra, chapa: s.chapa });
      if (key === burialMatchKey(row.values)) row.existing = s.id;
    }
  }

  // A repeat of a row already in the register is that record too.
  const byLine = new Map(creating.map((r) => [r.linha, r]));
  for (const row of creating) {
    if (row.repeats === undefined) continue;
    const earlier = byLine.get(row.repeats);
    if (earlier?.existing) {
      row.existing = earlier.existing;
      row.repeats = undefined;
    }
  }
}
