/**
 * The management dashboard's list (GET /api/sepultados/meussepultados): every record for an
 * admin, the assigned ones for a concessionário, optionally filtered by "name contains".
 */

import { SEP_MSG } from '../../../src/domain/burial-messages';
import type { BurialCard, ConcessionarioRef, MineCard } from '../../../src/domain/burial-types';
import { canEver } from '../../../src/domain/permissions';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { forbidden } from '../../lib/http-error';
import { CARD_SELECT, type CardRow, cardPhoto, toCard } from './burials-projection';

/** Its conditions vary with the role and the term, so it is built per call (from constants). */
const CARDS = `SELECT ${CARD_SELECT} FROM sepultados s ${cardPhoto('s')}`;
const NEWEST = 'ORDER BY s.created_at DESC, s.id DESC';

/** LIKE pattern for "contains", with the user's %, _ and \ taken literally. */
function containsPattern(q: string): string {
  return `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export const MINE_LIMIT = { default: 20, max: 100 };

/**
 * The dashboard list: every record for an admin, the assigned ones for a concessionário;
 * with `q`, records whose name contains it, ignoring accents and case (trigram index on
 * fold_text(nome)). The term only ever travels as a parameter.
 */
export async function listMine(
  ctx: AppContext,
  user: UserRow,
  options: { q: string; limit: number },
): Promise<BurialCard[]> {
  if (!canEver(user, 'burial:list-mine')) throw forbidden(SEP_MSG.forbiddenList);
  const conditions = ['s.deleted_at IS NULL'];
  const params: unknown[] = [options.limit];
  if (user.role !== 'admin') {
    params.push(user.id);
    conditions.push(
      `EXISTS (SELECT 1 FROM sepultado_concessionarios c
        WHERE c.sepultado_id = s.id AND c.user_id = $${params.length})`,
    );
  }
  const q = options.q.trim();
  if (q) {
    params.push(containsPattern(q));
    conditions.push(`fold_text(s.nome) LIKE fold_text($${params.length}) ESCAPE '\\'`);
  }
  const rows = await ctx.database.sql.query<CardRow>(
    `${CARDS} WHERE ${conditions.join(' AND ')} ${NEWEST} LIMIT $1`,
    params,
  );
  const cards: MineCard[] = rows.map(toCard);
  if (user.role === 'admin') await attachAssigned(ctx, cards);
  // A concessionário's list holds only records assigned to them: their own id is all they see.
  else for (const card of cards) card.concessionarios = [user.id];
  return cards;
}

/** Who is assigned to each card (admin's dashboard), in one query for the page. */
async function attachAssigned(ctx: AppContext, cards: MineCard[]): Promise<void> {
  if (cards.length === 0) return;
  const rows = await ctx.database.sql.query<{ sepultado_id: string; id: string; name: string }>(
    `SELECT c.sepultado_id, u.id, u.name FROM sepultado_concessionarios c
     JOIN users u ON u.id = c.user_id
     WHERE c.sepultado_id = ANY($1::text[]) ORDER BY u.name, u.id`,
    [cards.map((c) => c.id)],
  );
  const byRecord = new Map<string, ConcessionarioRef[]>();
  for (const r of rows) {
    const list = byRecord.get(r.sepultado_id) ?? [];
    list.push({ _id: r.id, id: r.id, name: r.name });
    byRecord.set(r.sepultado_id, list);
  }
  for (const card of cards) {
    card.concessionariosInfo = byRecord.get(card.id) ?? [];
    card.concessionarios = card.concessionariosInfo.map((c) => c.id);
  }
}
