/**
 * The visit packs as the device keeps them (Dexie tables `packs`, `packPages`, `packIndex`,
 * version 7 of db.ts): per pack, its pages as the server sent them (compact columns, one row
 * per page of up to 5000 records, not one row per record) and a token index (key → the
 * records' ordinals, gap-coded), in rows of ~64 kB of neighbouring keys plus a directory.
 * A record's ordinal is its position in the pack's pages (page.first + index in the page); once
 * indexed, the pages hold the records in the ranking's tie order, so ordinal = rank.
 */
import type { PackColumns } from '../../domain/pack-format';
import type { PackAnswer } from '../../domain/sync-types';

export interface PackMeta {
  /** The cemetery's id; '' for the whole register. */
  id: string;
  /** The cemetery's name, said on each hit (null: unknown). */
  nome: string | null;
  /** Where the walk is (server/modules/sync/pack.ts); absent before the first page. */
  cursor?: string;
  /** The next page's first ordinal (= ordinals handed out so far). */
  next: number;
  pages: number;
  /** Bytes received (compressed when the browser says). */
  bytes: number;
  /**
   * Records the pack no longer holds at every ordinal it stored them: id → the newest ordinal
   * (-1: deleted or moved to another cemetery). Only ids sent more than once or removed: small.
   */
  overrides: Record<string, number>;
  /**
   * The cemetery's plan as the last walk's end said it (null: none; absent: not said yet, e.g.
   * the whole register). Its image is kept with the other plans (plan-offline.ts).
   */
  plan?: PackAnswer['plano'];
  /** When a walk last reached the end (the copy is complete as of then). */
  updatedAt?: number;
  /**
   * `next` and `overrides`' size when the index was built: it covers the pages before; `keys`:
   * the version of its keys (pack-keys.ts KEYS_VERSION; absent: 1).
   */
  indexed?: { next: number; overrides: number; keys?: number };
  /** Records the index holds (live ones). */
  records: number;
  /**
   * Generation of the page store: each compaction (pack-index-build.ts) writes the pages anew
   * in rank order under the next one and drops the old. Absent: 0.
   */
  gen?: number;
}

/** The `pack` key of a pack's current pages (PackPageRow.pack). */
export function pageStore(meta: { id: string; gen?: number }): string {
  return `${meta.id}~${meta.gen ?? 0}`;
}

export interface PackPageRow extends PackColumns {
  /** The page store (pageStore: pack id and generation). */
  pack: string;
  first: number;
}

/**
 * An index row: `keys` sorted, key i's gap-coded ordinals in bytes[ends[i-1] ?? 0, ends[i]).
 * Row DIRECTORY instead lists every key of the pack, `ends` then being the row of each key and
 * `counts` how many records it has (so the search reads the rarest word first, unread).
 */
export interface PackIndexRow {
  pack: string;
  row: number;
  keys: string[];
  ends: Uint32Array;
  bytes: Uint8Array;
  counts?: Uint32Array;
}

export const DIRECTORY = -1;
