/**
 * A record as screens show it from the device: the full record, or only a card's fields
 * (`full` false). The row the device stores also carries the offline search's index fields;
 * those stay inside src/data.
 */
import type { LocalBurial } from '../db';

export type ShownBurial = Omit<
  LocalBurial,
  'nameTokens' | 'locationKeys' | 'searchName' | 'namePairs' | 'storedAt'
>;

export { cardPhoto } from '../local-rows';
