/**
 * The named prepared statements of the two public reads (the record, the home list) and their
 * caches: an app's own, built once by buildApp (AppContext.burialReads). Apart from the reads
 * (burials-read.ts) so the app context can name their type without importing the reads, which
 * take the context.
 */
import { sql } from 'drizzle-orm';
import type { BurialCard, BurialRecord } from '../../../src/domain/burial-types';
import type { Db } from '../../db/index';
import { ReadCache } from '../../lib/read-cache';
import { cardPhoto, cardSelection, RECORD_FROM, recordSelection } from './burials-projection';

function prepareDetail(db: Db) {
  return db
    .select(recordSelection())
    .from(sql.raw(RECORD_FROM))
    .where(sql`s.id = ${sql.placeholder('id')} AND s.deleted_at IS NULL`)
    .limit(1)
    .prepare('sepultado_detail');
}

const CARD_FROM = sql.raw(`sepultados s ${cardPhoto('s')}`);
const NEWEST = sql.raw('s.created_at DESC, s.id DESC');

function prepareRecent(db: Db) {
  return db
    .select(cardSelection())
    .from(CARD_FROM)
    .where(sql`s.deleted_at IS NULL`)
    .orderBy(NEWEST)
    .limit(sql.placeholder('limit'))
    .prepare('sepultados_recent');
}

function prepareRecentBefore(db: Db) {
  return db
    .select(cardSelection())
    .from(CARD_FROM)
    .where(
      sql`s.deleted_at IS NULL AND (s.created_at, s.id) <
        (SELECT c.created_at, c.id FROM sepultados c WHERE c.id = ${sql.placeholder('before')})`,
    )
    .orderBy(NEWEST)
    .limit(sql.placeholder('limit'))
    .prepare('sepultados_recent_before');
}

/**
 * An app's prepared public reads and their caches (see lib/read-cache.ts for what the caches
 * promise): built once by buildApp (AppContext.burialReads).
 */
export interface BurialReads {
  detail: ReturnType<typeof prepareDetail>;
  recent: ReturnType<typeof prepareRecent>;
  recentBefore: ReturnType<typeof prepareRecentBefore>;
  records: ReadCache<BurialRecord>;
  /** The home list's first pages, by limit (a handful of keys). */
  home: ReadCache<BurialCard[]>;
}

export function createBurialReads(db: Db): BurialReads {
  return {
    detail: prepareDetail(db),
    recent: prepareRecent(db),
    recentBefore: prepareRecentBefore(db),
    records: new ReadCache(),
    home: new ReadCache(),
  };
}
