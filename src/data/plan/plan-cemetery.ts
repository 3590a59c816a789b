/**
 * Which cemetery's plan a record's map draws: a record names its cemetery (`cemiterio`, the
 * name), the plans are kept per cemetery id (plan-offline.ts). The name becomes the id through
 * the packs held, then the cemetery list kept on the device, then — with signal, once — the
 * server's list (which the device then keeps). Compared folded (cemetery-rules.ts, the server's
 * key). Null: the record names no cemetery the device can find, and the map falls back to the
 * first cemetery's plan (/api/mapa/plano, a one-cemetery city's only plan).
 */
import { cemeteryNameKey } from '../../domain/cemetery-rules';
import { fetchCemeteries, readStoredCemeteries } from '../cemeteries/cemetery-calls';
import { db as defaultDb, type MemorialDb } from '../db';

export async function planCemetery(
  nome: string | null | undefined,
  online: boolean,
  database: MemorialDb = defaultDb,
): Promise<string | null> {
  if (!nome) return null;
  const key = cemeteryNameKey(nome);
  const named = (list: readonly { id: string; nome: string | null }[] | null | undefined) =>
    list?.find((c) => c.nome !== null && cemeteryNameKey(c.nome) === key)?.id ?? null;
  const local =
    named(await database.packs.toArray()) ?? named(await readStoredCemeteries(database));
  if (local || !online) return local;
  return named(
    await fetchCemeteries()
      .then((r) => r.list)
      .catch(() => null),
  );
}
