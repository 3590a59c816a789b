/**
 * A grave's page (GET /api/sepulturas/:id): the public part for everyone, the office's part
 * only for whom can() lets see it.
 */
import type { Static } from 'typebox';
import { can } from '../../../src/domain/permissions';
import type { GravePageSchema } from '../../../src/domain/schemas/grave-page';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { graveConcessions } from '../concessions/public';
import { gravePhotos } from './graves-photos';
import { findGrave, graveCemetery, graveOccupants } from './graves-read';

export async function gravePage(
  ctx: AppContext,
  id: string,
  user: UserRow | null,
): Promise<Static<typeof GravePageSchema> | null> {
  const sepultura = await findGrave(ctx, id);
  if (!sepultura) return null;
  const [cemiterio, sepultados, fotos] = await Promise.all([
    graveCemetery(ctx, sepultura.cemiterioId),
    graveOccupants(ctx, id),
    gravePhotos(ctx, id),
  ]);
  const page = { sepultura, cemiterio, sepultados, fotos };
  if (!user) return page;
  // The office's part: every concession for an admin; the titular's own account sees its own.
  if (can(user, 'concession:manage')) {
    const concessoes = await graveConcessions(ctx, id);
    return {
      ...page,
      concessao: concessoes.find((c) => c.situacao === 'ativa') ?? null,
      concessoes,
    };
  }
  const own = await graveConcessions(ctx, id, user.id);
  const active = own.find((c) => c.situacao === 'ativa');
  return active && can(user, 'concession:view', { titularUserId: active.titularUserId })
    ? { ...page, concessao: active }
    : page;
}
