/**
 * The app reads the per-cemetery packs now: the old whole-register pack (one row per record in
 * `sepultados`, a full record each) goes, freeing its space (docs/decisions/, record 0036).
 * Run once at app start by the auto-sync runner, in one transaction — not as a Dexie
 * version upgrade, whose code would sit in the chunk every page loads (bundle budgets).
 */
import type { LocalBurial, MemorialDb } from '../db';

/** meta keys of the whole-register pack. */
const OLD_PACK_META = ['sync.cursor', 'sync.updatedAt', 'sync.sweep', 'pack.state'];

/**
 * Drops the rows the whole-register pack brought, when this device had one. Its rows cannot be
 * told from records opened online (both full records), so a row stays only when something on
 * the device points at it: a queued write, a screen's list ("Recentes"), tributes read, a photo
 * viewed, or the person's editable records (sync.mine.*: the groundskeeper's offline day until
 * the next sync brings them whole). Its thumbnails (kind "pack") go too; the visitor downloads
 * the cemetery's new pack.
 */
export async function dropWholeRegisterPack(db: MemorialDb): Promise<boolean> {
  if (!(await db.meta.get('sync.cursor')) && !(await db.meta.get('pack.state'))) return false;
  const tables = [db.meta, db.outbox, db.lists, db.comentarios, db.photos, db.sepultados];
  await db.transaction('rw', tables, async () => {
    const keep = new Set<string>();
    for (const item of await db.outbox.toArray()) keep.add(item.sepultadoId);
    for (const list of await db.lists.toArray()) for (const id of list.ids) keep.add(id);
    await db.comentarios.each((t) => keep.add(t.sepultadoId));
    for (const row of await db.meta.where('key').startsWith('sync.mine.').toArray()) {
      for (const id of (row.value as { ids?: string[] } | null)?.ids ?? []) keep.add(id);
    }
    const viewed = new Set(
      (await db.photos.where('kind').equals('viewed').primaryKeys()).map((p) =>
        String(p).replace(/^sepultados\//, ''),
      ),
    );
    const drop: string[] = [];
    await db.sepultados.each((r: LocalBurial) => {
      if (keep.has(r.id) || (r.images ?? []).some((f) => viewed.has(f))) return;
      drop.push(r.id);
    });
    await db.sepultados.bulkDelete(drop);
    await db.photos.where('kind').equals('pack').delete();
    await db.meta.bulkDelete(OLD_PACK_META);
  });
  return true;
}
