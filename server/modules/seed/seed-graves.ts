/**
 * The graves of a planned bulk load (seed-bulk.ts), made before its records so that each record
 * goes in with its sepultura_id. Linking afterwards (sepulturas_link_all, migration 0030) is
 * right for a register that already exists, but on a fresh load it rewrote every one of the
 * 2,000,000 rows just copied, and the audit trigger wrote an entry for each grave it made
 * (the records themselves come in with the triggers off).
 *
 * A first pass runs the same generator and planner the load will run (same seed, same order)
 * and keeps only each grave: what sepulturas_link_all would have made from its records — the
 * place, the kind, the position of its located records (a grave's records share it), 'ocupada',
 * and its first burial's time. The graves are then copied with their audit triggers off (the
 * chave trigger stays: it is the one place the folded key is computed).
 */
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { newId } from '../../../src/domain/ids';
import { cemeteryOf } from './seed-cemeteries';
import { generateBurial, seededRandom } from './seed-generator';
import { GravePlanner, type Place } from './seed-places';

/** A grave's key in the planner's terms (its cemetery's index, quadra, lote): unique. */
export const graveKey = (c: number, place: Place) => `${c}\t${place.quadra}\t${place.chapa}`;

interface PlannedGrave {
  c: number;
  place: Place;
  created: number;
}

/** The graves the first `count` records of `seed` lie in, by graveKey. */
function planGraves(count: number, seed: number): Map<string, PlannedGrave> {
  const rand = seededRandom(seed);
  const planner = new GravePlanner(count, seed);
  const graves = new Map<string, PlannedGrave>();
  for (let n = 0; n < count; n++) {
    const c = cemeteryOf(n);
    const burial = generateBurial(rand);
    const place = planner.place(c, burial);
    const key = graveKey(c, place);
    const created = burial.createdAt.getTime();
    const grave = graves.get(key);
    if (!grave) graves.set(key, { c, place, created });
    else {
      if (created < grave.created) grave.created = created;
      if (grave.place.latitude === null && place.latitude !== null) grave.place = place;
    }
  }
  return graves;
}

const cell = (v: string | number | null) => (v === null ? '\\N' : String(v));

/**
 * Copies the graves of the load into sepulturas (committed: the records' COPY connections
 * check their foreign key against them) and answers each grave's id by graveKey. The planner's
 * texts (quadra numbers, "R1", a street from seed-names, a zero-padded lote) need no escaping.
 */
export async function copyPlannedGraves(
  client: pg.Client,
  count: number,
  seed: number,
  cemeteryIds: string[],
): Promise<Map<string, string>> {
  const graves = planGraves(count, seed);
  const ids = new Map<string, string>();
  await client.query('BEGIN');
  try {
    await client.query('ALTER TABLE sepulturas DISABLE TRIGGER audit');
    await client.query('ALTER TABLE sepulturas DISABLE TRIGGER audit_change');
    const copy = client.query(
      copyFrom(`COPY sepulturas (id, cemiterio_id, rua, quadra, numero, tipo, latitude,
        longitude, situacao, created_at, updated_at) FROM STDIN`),
    );
    const done = finished(copy);
    done.catch(() => undefined); // awaited below; a failure while writing must not go unhandled
    let text = '';
    for (const [key, g] of graves) {
      const id = newId(g.created);
      ids.set(key, id);
      const created = new Date(g.created).toISOString();
      const p = g.place;
      text += `${[
        id,
        cemeteryIds[g.c] ?? null,
        p.rua.trim() || null,
        p.quadra.trim(),
        p.chapa.trim(),
        p.tipoSepultura,
        p.latitude,
        p.longitude,
        'ocupada',
        created,
        created,
      ]
        .map(cell)
        .join('\t')}\n`;
      if (text.length > 1 << 20) {
        if (!copy.write(text)) await Promise.race([once(copy, 'drain'), done]);
        text = '';
      }
    }
    copy.end(text);
    await done;
    await client.query('ALTER TABLE sepulturas ENABLE TRIGGER audit');
    await client.query('ALTER TABLE sepulturas ENABLE TRIGGER audit_change');
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  }
  return ids;
}
