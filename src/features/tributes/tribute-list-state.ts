/**
 * The loaded list of one record's tributes as pure functions: pages merged without duplicates
 * (a tribute posted here and then met again on a later page, or a page loaded twice, shows
 * once), always in the server's order — newest first, id breaking ties within a millisecond.
 */

import { resolveImage } from '../../domain/burial-display';
import { can } from '../../domain/permissions';
import { tributeAuthorId } from '../../domain/tribute-rules';
import type { TributeItem } from '../../domain/tribute-types';
import { readRole } from '../../domain/user-rules';

/** Newest first: createdAt descending, then _id descending (the server's total order). */
export function compareTributes(a: TributeItem, b: TributeItem): number {
  if (a.createdAt !== b.createdAt) return a.createdAt < b.createdAt ? 1 : -1;
  if (a._id === b._id) return 0;
  return a._id < b._id ? 1 : -1;
}

/** The union of both lists by _id (the incoming copy wins: it is the fresher), sorted. */
export function mergeTributes(
  current: readonly TributeItem[],
  incoming: readonly TributeItem[],
): TributeItem[] {
  const byId = new Map<string, TributeItem>();
  for (const item of current) byId.set(item._id, item);
  for (const item of incoming) byId.set(item._id, item);
  return [...byId.values()].sort(compareTributes);
}

export function withoutTribute(list: readonly TributeItem[], id: string): TributeItem[] {
  return list.filter((item) => item._id !== id);
}

/** A tribute photo as the image modal shows it. */
export interface TributePhoto {
  id: string;
  src: string;
  autor: string;
}

/** The photos of the loaded tributes, in list order, for the modal's carousel. */
export function tributePhotos(list: readonly TributeItem[], apiBase = '/api'): TributePhoto[] {
  const photos: TributePhoto[] = [];
  for (const item of list) {
    if (!item.imagem) continue;
    photos.push({
      id: item._id,
      src: resolveImage(item.imagem, '', 'comentarios', apiBase),
      autor: item.autor,
    });
  }
  return photos;
}

/** Who may delete a tribute (spec §6): its author, or an admin. */
export function canDeleteTribute(
  item: TributeItem,
  viewer: { userId: string | null | undefined; role: string },
): boolean {
  // The shared rule (src/domain/permissions.ts), as the server applies it.
  const actor = viewer.userId ? { id: viewer.userId, role: readRole({ role: viewer.role }) } : null;
  return can(actor, 'tribute:delete', { authorId: tributeAuthorId(item.user) });
}
