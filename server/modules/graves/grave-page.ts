/**
 * A grave's page (GET /api/sepulturas/:id): the public part for everyone, the office's part
 * only for whom can() lets see it.
 */
import type { Static } from 'typebox';
import type { GravePageSchema } from '../../../src/domain/schemas/grave-page';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { findGrave, graveCemetery, graveOccupants } from './graves-read';

export async function gravePage(
  ctx: AppContext,
  id: string,
  _user: UserRow | null,
): Promise<Static<typeof GravePageSchema> | null> {
  const sepultura = await findGrave(ctx, id);
  if (!sepultura) return null;
  const [cemiterio, sepultados] = await Promise.all([
    graveCemetery(ctx, sepultura.cemiterioId),
    graveOccupants(ctx, id),
  ]);
  return { sepultura, cemiterio, sepultados };
}
