/**
 * Field-level merge of an edit that started from an older version (docs/decisions/0017-edit-conflicts.md). Pure:
 * the write service gives it the record as locked in its transaction and the history entries
 * written since the edit's base version (migration 0006), and applies or refuses the result.
 *
 * A three-way merge per field the edit sends, comparing stored values (dates ISO, numbers):
 *  - the edit's value is what the record holds already  → nothing to do, never a conflict;
 *  - nobody changed the field since the base version     → the edit's value is applied;
 *  - someone did, and the edit's value is the base value → the person did not change it (forms
 *    send every field), the other change stays;
 *  - someone did, and net of it the value differs from base and from the edit → conflict.
 * When the kept history does not cover every version since the base (pruned, or older than
 * the history itself), what changed is unknown: every field whose value differs from the
 * record's is a conflict, without a base.
 * Photos are not fields: additions never conflict, and removing one already gone is harmless.
 */
import type { BurialField } from '../../../src/domain/burial-rules';
import type { FieldConflict, FieldValue } from '../../../src/domain/sync-types';

/** One entry of sepultado_versions: field → [before, after]. */
interface HistoryEntry {
  version: number;
  changes: Record<string, [unknown, unknown]>;
}

interface MergeInput {
  /** The version the edit started from. */
  base: number;
  /** The record's version now (locked). */
  version: number;
  /** The record's field values now. */
  current: Record<string, unknown>;
  /** Entries with version > base, ascending. */
  history: HistoryEntry[];
  /** The edit's normalized values of the fields it sent. */
  changes: Partial<Record<BurialField, FieldValue>>;
}

interface MergeResult {
  /** Fields to write (a subset of the edit's). */
  apply: Partial<Record<BurialField, FieldValue>>;
  conflicts: FieldConflict[];
}

function asValue(value: unknown): FieldValue {
  return typeof value === 'string' || typeof value === 'number' ? value : null;
}

export function mergeEdit(input: MergeInput): MergeResult {
  const { base, version, current, history, changes } = input;
  const complete = base <= version && history.length === version - base;
  const apply: MergeResult['apply'] = {};
  const conflicts: FieldConflict[] = [];
  for (const [name, value] of Object.entries(changes)) {
    const field = name as BurialField;
    const mine = asValue(value);
    const theirs = asValue(current[field]);
    if (mine === theirs) continue;
    if (!complete) {
      conflicts.push({ field, mine, theirs });
      continue;
    }
    const first = history.find((entry) => Object.hasOwn(entry.changes, field));
    const before = first?.changes[field]?.[0];
    const baseValue = asValue(before);
    // Untouched since the base, or changed and changed back: the edit simply applies.
    if (!first || baseValue === theirs) {
      apply[field] = mine;
      continue;
    }
    if (mine === baseValue) continue;
    conflicts.push({ field, base: baseValue, mine, theirs });
  }
  return { apply, conflicts };
}
