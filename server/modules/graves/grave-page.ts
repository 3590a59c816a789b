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
  // The office's part in the same round: every concession for an admin; the titular's own
  // account sees its own.
  const manage = user !== null && can(user, 'concession:manage');
  const [cemiterio, sepultados, fotos, concessoes] = await Promise.all([
    graveCemetery(ctx, sepultura.cemiterioId),
    graveOccupants(ctx, id),
    gravePhotos(ctx, id),
    user ? graveConcessions(ctx, id, manage ? null : user.id) : Promise.resolve([]),
  ]);
  const page = { sepultura, cemiterio, sepultados, fotos };
  if (!user) return page;
  if (manage) {
    return {
      ...page,
      concessao: concessoes.find((c) => c.situacao === 'ativa') ?? null,
      concessoes,
    };
  }
  const active = concessoes.find((c) => c.situacao === 'ativa');
  return active && can(user, 'concession:view', { titularUserId: active.titularUserId })
    ? { ...page, concessao: active }
    : page;
}
