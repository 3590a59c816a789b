/**
 * The read model's merge rules, pure so they are tested on their own: how a server answer
 * becomes a Dexie row. A card (home, dashboard) never downgrades a full row (a detail page the
 * visitor opened): it only refreshes the card's own fields. Who is assigned to a record is
 * not kept on the device: the stored copy is shared by whoever uses the device next.
 */

import type { BurialCard, BurialRecord } from '../domain/burial-types';
import { locationKeys, namePairs, nameTokens, searchNameOf } from '../domain/search-text';
import type { LocalBurial } from './db';

export type { LocalBurial };

export function rowFromRecord(record: BurialRecord, now: number = Date.now()): LocalBurial {
  const { concessionarios: _c, concessionariosInfo: _ci, ...rest } = record;
  return {
    ...rest,
    full: true,
    ...searchFields(record),
    storedAt: now,
  };
}

/** A card as stored: a search card also carries the date of death (SearchCard's dtFal). */
export type StoredCard = BurialCard & { dtFal?: string | null };

function cardFields(card: StoredCard) {
  return {
    _id: card._id,
    id: card.id,
    nome: card.nome,
    rua: card.rua,
    quadra: card.quadra,
    chapa: card.chapa,
    // The cemetery's name, when the card carries it (cards on several-cemetery screens).
    ...(card.cemiterio !== undefined ? { cemiterio: card.cemiterio } : {}),
    // The date of death, when the card carries it (search results): the ranking's tie-break,
    // newest death first, so the search without signal orders these rows as the server did.
    ...(card.dtFal !== undefined ? { dtFal: card.dtFal } : {}),
    ...searchFields(card),
  };
}

/**
 * The derived fields the offline search indexes (search domain rules), from the fields a
 * card and a full record share. Every row written to the device gets them here.
 */
export function searchFields(record: Pick<BurialCard, 'nome' | 'rua' | 'quadra' | 'chapa'>) {
  const tokens = nameTokens(record.nome);
  return {
    nameTokens: tokens,
    locationKeys: locationKeys(record),
    searchName: searchNameOf(record.nome),
    namePairs: namePairs(tokens),
  };
}

/**
 * A card merged over what the device holds. Over a full row the text fields change, and the
 * photos only when the card's first photo is not among the row's (the photo list changed on
 * the server; the next detail visit brings the rest).
 */
export function mergeCard(
  existing: LocalBurial | undefined,
  card: StoredCard,
  now: number = Date.now(),
): LocalBurial {
  const thumbs = card.thumb ? [card.thumb] : [];
  if (existing?.full) {
    const first = card.images[0];
    const photosKnown = first === undefined || (existing.images ?? []).includes(first);
    return {
      ...existing,
      ...cardFields(card),
      ...(photosKnown ? {} : { images: card.images, thumbs }),
      full: true,
      storedAt: now,
    };
  }
  // A list card without the date of death keeps the one a search card stored before.
  const death = existing?.dtFal !== undefined ? { dtFal: existing.dtFal } : {};
  return { ...death, ...cardFields(card), images: card.images, thumbs, full: false, storedAt: now };
}

/** The card photo of a row: the thumbnail when there is one, else the display image. */
export function cardPhoto(row: Pick<LocalBurial, 'images' | 'thumbs'>): {
  thumb: string | null;
  full: string | null;
} {
  const full = row.images?.[0] ?? null;
  return { thumb: row.thumbs?.[0] ?? full, full };
}

/** Answers spec §7 allows: a bare array, or an object holding it under one of these keys. */
export function readCardList(answer: unknown, keys: string[]): BurialCard[] {
  if (Array.isArray(answer)) return answer as BurialCard[];
  if (answer && typeof answer === 'object') {
    for (const key of keys) {
      const value = (answer as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value as BurialCard[];
    }
  }
  return [];
}
