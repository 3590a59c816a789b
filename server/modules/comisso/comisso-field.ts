/**
 * The comisso cases a concessionário's device keeps (contract: src/domain/schemas/
 * comisso-field.ts): the graves of records assigned to them with an open case, each with its
 * public part and open cases, read as the grave page and GET /api/sepulturas/:id/comisso read
 * them for this person. Whoever may manage cases (the office) or never inspects gets none.
 */
import { can, canEver } from '../../../src/domain/permissions';
import type { FieldGrave, FieldGraves } from '../../../src/domain/schemas/comisso-field';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { bodyEtag } from '../../lib/etag';
import { findGrave, graveAssignees, graveCemetery, graveOccupants } from '../graves/public';
import { graveCases } from './comisso-read';

// Graves with an open case where a live record assigned to $1 lies (comisso:inspect's rule).
const OPEN_CASE_GRAVES = `
SELECT DISTINCT k.sepultura_id AS id FROM comisso_casos k
JOIN sepultados s ON s.sepultura_id = k.sepultura_id AND s.deleted_at IS NULL
JOIN sepultado_concessionarios a ON a.sepultado_id = s.id
WHERE a.user_id = $1 AND k.situacao = 'aberto'
ORDER BY k.sepultura_id`;

async function fieldGrave(ctx: AppContext, user: UserRow, id: string): Promise<FieldGrave | null> {
  if (!can(user, 'comisso:inspect', { assigned: await graveAssignees(ctx, id) })) return null;
  const sepultura = await findGrave(ctx, id);
  if (!sepultura) return null;
  const [cemiterio, sepultados, cases] = await Promise.all([
    graveCemetery(ctx, sepultura.cemiterioId),
    graveOccupants(ctx, id),
    graveCases(ctx, id, false),
  ]);
  const casos = cases.filter((k) => k.situacao === 'aberto');
  return casos.length > 0 ? { sepultura, cemiterio, sepultados, casos } : null;
}

export async function fieldGraves(
  ctx: AppContext,
  user: UserRow,
): Promise<{ body: FieldGraves; etag: string }> {
  const sepulturas: FieldGrave[] = [];
  if (canEver(user, 'comisso:inspect') && !can(user, 'comisso:manage')) {
    const ids = await ctx.database.sql.query<{ id: string }>(OPEN_CASE_GRAVES, [user.id]);
    for (const { id } of ids) {
      const grave = await fieldGrave(ctx, user, id);
      if (grave) sepulturas.push(grave);
    }
  }
  const body: FieldGraves = { userId: user.id, sepulturas };
  return { body, etag: bodyEtag(body) };
}
