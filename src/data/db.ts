/**
 * The browser's database (Dexie over IndexedDB). Screens read from here; the sync engine and
 * the API client write here (docs/engineering.md#data-flow: server → sync → Dexie → useLiveQuery → UI). The service
 * worker opens the same database by name to find the session and the outbox, so table names
 * and keys are a contract: extend the schema with new versions, never edit an old one.
 */
import Dexie, { type EntityTable } from 'dexie';
import type { BurialCard, BurialRecord } from '../domain/burial-types';
import type { OutboxItem } from '../domain/outbox-item';
import type { PackColumns } from '../domain/pack-format';
import type { FieldGrave } from '../domain/schemas/comisso-field';
import { locationKeys, namePairs, nameTokens, searchNameOf } from '../domain/search-text';
import type { PackAnswer } from '../domain/sync-types';
import type { TributeItem } from '../domain/tribute-types';
import type { Role } from '../domain/user-rules';
import type { Order } from '../domain/work-order-types';
import { DB_NAME } from './db-name';

export { DB_NAME };

export interface SessionRecord {
  key: 'current';
  token: string;
  userId: string;
  role: Role;
  name: string;
  email: string;
}

/**
 * A burial as the device keeps it: the public record (full when its page was opened, or the
 * card fields from a list), plus local fields for the read model and the offline search.
 */
export interface LocalBurial
  extends Omit<Partial<BurialRecord>, 'nome' | 'quadra' | 'chapa' | 'rua'> {
  id: string;
  nome: BurialCard['nome'];
  quadra: BurialCard['quadra'];
  chapa: BurialCard['chapa'];
  /** True once the full record (detail answer) is stored, not only card fields. */
  full: boolean;
  /** Folded, variant-normalised name tokens (search domain module) for the multi-entry index. */
  nameTokens: string[];
  /**
   * Grave location keys (search domain `locationKeys`: `q=12`, `p~45`…) for the offline
   * search's multi-entry index (version 4). Optional: rows written before it get them on upgrade.
   */
  locationKeys?: string[];
  /**
   * The name's search words padded with spaces (search domain `searchNameOf`) for the offline
   * suggestions' whole-name lookup (version 6). Optional: rows written before get it on upgrade.
   */
  searchName?: string;
  /** Every two distinct name tokens, "a b" (search domain `namePairs`; version 6). */
  namePairs?: string[];
  rua: string | null;
  /**
   * Its tributes as a visit pack counted them (a row read from a pack, never stored): what the
   * record page says when its tributes were never loaded here.
   */
  homenagens?: number;
  /** When this device last stored it (ms). */
  storedAt: number;
}

/** Ordered id lists of screens (e.g. the home page's "Recentes") so they show offline. */
interface ListRecord {
  key: string;
  ids: string[];
  storedAt: number;
}

/**
 * A tribute as the device keeps it for reading without signal: the listed item plus
 * its paging cursor "createdAt_id", which sorts in list order within one record.
 */
export interface LocalTribute extends TributeItem {
  cursor: string;
  storedAt: number;
}

/**
 * A photo kept on the device: thumbnails of the visit pack, photos of records a
 * visitor opened, the cemetery plan. Keyed by its path under /api/images/ (e.g.
 * "sepultados/ab12….webp"), so the service worker answers those URLs from here without signal
 * and the screens keep plain <img src>. Upload names are random and never reused, so a stored
 * copy is never stale.
 */
export interface LocalPhoto {
  path: string;
  blob: Blob;
  /** Why it is here: "pack" (visit pack), "viewed" (trimmed oldest first), "plan" (map). */
  kind: 'pack' | 'viewed' | 'plan';
  bytes: number;
  storedAt: number;
}

/**
 * A write waiting for the server: tributes and record edits are queued here first,
 * with a client-made id that is also their idempotency key, and drained by the page and by the
 * service worker, one drain at a time (src/data/outbox).
 */
type OutboxRecord = OutboxItem;

/**
 * A work order kept on the device for the crew's day without signal ("Hoje"): the server's
 * copy as last answered (GET /api/ordens/hoje, or an accepted write). Unsent field work is
 * not written into it but laid over it when shown (src/domain/order-overlay.ts).
 */
export interface LocalOrder extends Order {
  /** Whose day it came with (a shared phone keeps each person's own). */
  userId: string;
  storedAt: number;
}

/**
 * A grave a concessionário inspects, kept on their device with its open comisso case(s)
 * (GET /api/sync/comisso, src/data/graves/field-graves.ts): the grave page's copy without signal.
 */
export interface LocalFieldGrave extends FieldGrave {
  /** Whose sync brought it (a shared phone keeps each person's own). */
  userId: string;
  /** The grave's id. */
  id: string;
  storedAt: number;
}

/** Small key/value state: sync cursor, visit-pack progress, last update time. */
interface MetaRecord {
  key: string;
  value: unknown;
}

/** A visit pack as the device keeps it (pack-store/pack-rows.ts says how the three tables work). */
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

export class MemorialDb extends Dexie {
  session!: EntityTable<SessionRecord, 'key'>;
  sepultados!: EntityTable<LocalBurial, 'id'>;
  lists!: EntityTable<ListRecord, 'key'>;
  meta!: EntityTable<MetaRecord, 'key'>;
  comentarios!: EntityTable<LocalTribute, 'id'>;
  photos!: EntityTable<LocalPhoto, 'path'>;
  outbox!: EntityTable<OutboxRecord, 'id'>;
  packs!: EntityTable<PackMeta, 'id'>;
  packPages!: Dexie.Table<PackPageRow, [string, number]>;
  packIndex!: Dexie.Table<PackIndexRow, [string, number]>;
  ordens!: EntityTable<LocalOrder, 'id'>;
  fieldGraves!: Dexie.Table<LocalFieldGrave, [string, string]>;

  constructor(name: string = DB_NAME) {
    super(name);
    this.version(1).stores({ session: 'key' });
    this.version(2).stores({
      session: 'key',
      sepultados: 'id, *nameTokens, [rua+quadra+chapa], quadra, chapa, storedAt',
      lists: 'key',
      meta: 'key',
    });
    // Tributes read offline: one record's list in order via [sepultadoId+cursor].
    this.version(3).stores({ comentarios: 'id, [sepultadoId+cursor]' });
    // Offline search: plate/block/street numbers through a multi-entry index.
    this.version(4)
      .stores({
        sepultados:
          'id, *nameTokens, *locationKeys, rua, [rua+quadra+chapa], quadra, chapa, storedAt',
      })
      .upgrade((tx) =>
        tx
          .table<LocalBurial, string>('sepultados')
          .toCollection()
          .modify((row) => {
            row.locationKeys = locationKeys(row);
          }),
      );
    // Offline at the graveside: photos on the device and the outbox of writes.
    this.version(5).stores({
      photos: 'path, kind, storedAt',
      outbox: 'id, state, sepultadoId, createdAt',
    });
    // Offline search speed: records in death-date order (dtFal) and the whole name
    // (searchName), so a broad prefix's best 8 suggestions are found without reading its
    // thousands; two query words as one lookup of their token pair (namePairs).
    this.version(6)
      .stores({
        sepultados:
          'id, *nameTokens, *locationKeys, rua, [rua+quadra+chapa], quadra, chapa, storedAt, dtFal, searchName, *namePairs',
      })
      .upgrade((tx) =>
        tx
          .table<LocalBurial, string>('sepultados')
          .toCollection()
          .modify((row) => {
            row.searchName = searchNameOf(row.nome);
            row.namePairs = namePairs(nameTokens(row.nome));
          }),
      );
    // Visit packs per cemetery in compact pages and a token index (src/data/pack-store).
    this.version(7).stores({
      packs: 'id',
      packPages: '[pack+first]',
      packIndex: '[pack+row]',
    });
    // The crew's day offline: work orders, and the outbox's field work found by its order.
    this.version(8).stores({
      ordens: 'id, userId',
      outbox: 'id, state, sepultadoId, createdAt, ordemId',
    });
    // The graves a concessionário inspects, with their open comisso cases, per person.
    this.version(9).stores({ fieldGraves: '[userId+id], userId' });
  }
}

export const db = new MemorialDb();
