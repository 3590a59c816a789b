/**
 * A record's first page of tributes, or without signal the device's copy: which of the two is
 * this door's decision, not the screen's. The answered page is written into the device's store
 * first (the list on screen is a live query over it); `current` says whether the screen still
 * wants this answer (the record changed, or a reload overtook it), and a superseded answer is
 * neither stored nor returned (null). Any other failure is thrown as it came.
 */
import type { TributeItem, TributeList } from '../../domain/tribute-types';
import { ApiFailure } from '../failure';
import { getTributes } from './tribute-calls';
import { storedTributes, storeTributePage } from './tribute-store';

export type FirstTributes =
  /** The server's page 1; `stored` false when the device refused to keep it. */
  | { from: 'server'; page: TributeList; stored: boolean }
  /** No signal: the stored ones, newest first; `seen` false when this device never loaded them. */
  | { from: 'device'; items: TributeItem[]; seen: boolean };

export async function firstTributes(
  sepultadoId: string,
  current: () => boolean,
): Promise<FirstTributes | null> {
  try {
    const page = await getTributes(sepultadoId);
    if (!current()) return null;
    const stored = await storeTributePage(sepultadoId, { ...page, before: null });
    return { from: 'server', page, stored };
  } catch (err) {
    if (!current()) return null;
    if (!(err instanceof ApiFailure && err.offline)) throw err;
    const { items, seen } = await storedTributes(sepultadoId);
    return { from: 'device', items, seen };
  }
}
