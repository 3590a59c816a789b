/** The cemetery plan and label-sheet calls of the admin screens. */

import type { Bounds } from '../../domain/geo';
import type { LabelSheet } from '../../domain/label-types';
import { MAP_MSG } from '../../domain/map-messages';
import { api, request, toApiFailure } from '../api';
import { ApiFailure } from '../failure';
import type { PlanMeta } from './plan-offline';

/** Where a plan lives: one cemetery's, or the first cemetery's (the older route). */
const planPath = (cemiterio: string | null) =>
  cemiterio ? `cemiterios/${encodeURIComponent(cemiterio)}/plano` : 'mapa/plano';

/** The server's plan, or null when none was uploaded yet. */
export async function fetchPlan(cemiterio: string | null = null): Promise<PlanMeta | null> {
  try {
    return await request<PlanMeta>(planPath(cemiterio), { fallback: MAP_MSG.planLoadError });
  } catch (err) {
    if (err instanceof ApiFailure && err.status === 404) return null;
    throw err;
  }
}

export async function savePlan(
  image: File | null,
  bounds: Bounds,
  cemiterio: string | null = null,
): Promise<PlanMeta> {
  const form = new FormData();
  for (const [k, v] of Object.entries(bounds)) form.append(k, String(v));
  if (image) form.append('imagem', image, image.name);
  try {
    return await api.put(planPath(cemiterio), { body: form, timeout: 120_000 }).json<PlanMeta>();
  } catch (err) {
    throw await toApiFailure(err, MAP_MSG.planSaveError);
  }
}

export function fetchLabels(query: URLSearchParams): Promise<LabelSheet> {
  return request(`mapa/etiquetas?${query}`, { fallback: MAP_MSG.labelsLoadError });
}
