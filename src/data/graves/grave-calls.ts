/**
 * /api/sepulturas, /api/concessoes and /api/prazos for the office's screens (contracts in
 * src/domain/schemas/grave*.ts, concession.ts, deadline.ts). Office work goes straight to the
 * API (docs/engineering.md: admin work): without signal these fail with the ApiFailure's text.
 * A grave's public page is read the same way; without signal, field staff's copy of the
 * graves they inspect stands in for it (./grave-load.ts).
 */
import type { Static } from 'typebox';
import type { Concession, ConcessionCreate } from '../../domain/concession-types';
import { DEADLINE_MSG } from '../../domain/deadline-rules';
import type { GraveBulk, GraveList } from '../../domain/grave-types';
import type { DeadlineAnswerSchema } from '../../domain/schemas/deadline';
import type { GravePageSchema } from '../../domain/schemas/grave-page';
import { api, request, toApiFailure } from '../api';

export type GravePage = Static<typeof GravePageSchema>;
export type GravePhoto = GravePage['fotos'][number];
export type DeadlineAnswer = Static<typeof DeadlineAnswerSchema>;

const clean = (q: Record<string, string | number | undefined>) =>
  Object.fromEntries(Object.entries(q).filter(([, v]) => v !== undefined && v !== '')) as Record<
    string,
    string | number
  >;

export const fetchGraves = (q: Record<string, string | number | undefined>) =>
  request<GraveList>('sepulturas', {
    searchParams: clean(q),
    fallback: 'Não foi possível carregar as sepulturas.',
  });

export const fetchGravePage = (id: string) =>
  request<GravePage>(`sepulturas/${id}`, { fallback: 'Não foi possível carregar a sepultura.' });

export const createGraveRange = (body: GraveBulk) =>
  request<{ message: string; criadas: number; existentes: number }>('sepulturas/lote', {
    method: 'post',
    json: body,
    fallback: 'Não foi possível criar as sepulturas.',
  });

export const grantConcession = (graveId: string, body: ConcessionCreate) =>
  request<Concession>(`sepulturas/${graveId}/concessoes`, {
    method: 'post',
    json: body,
    fallback: 'Não foi possível registrar a concessão.',
  });

export const fetchDeadlines = (q: Record<string, string | number | undefined>) =>
  request<DeadlineAnswer>('prazos', {
    searchParams: clean(q),
    fallback: 'Não foi possível carregar os prazos.',
  });

/** The deadlines list as a file (CSV or XLSX), the page's filters without its paging. */
export async function downloadDeadlines(
  q: Record<string, string | number | undefined>,
): Promise<Blob> {
  try {
    return await api.get('prazos/exportar', { searchParams: clean(q), timeout: false }).blob();
  } catch (err) {
    throw await toApiFailure(err, DEADLINE_MSG.exportError);
  }
}

/** Sends dated condition photos of a grave (multipart `fotos`, `tiradaEm`, `nota`). */
export async function sendGravePhotos(
  graveId: string,
  v: { fotos: File[]; tiradaEm: string; nota: string },
): Promise<GravePhoto[]> {
  const form = new FormData();
  if (v.tiradaEm) form.append('tiradaEm', v.tiradaEm);
  if (v.nota) form.append('nota', v.nota);
  for (const f of v.fotos) form.append('fotos', f, f.name);
  try {
    return await api
      .post(`sepulturas/${graveId}/fotos`, { body: form, timeout: 120_000 })
      .json<GravePhoto[]>();
  } catch (err) {
    throw await toApiFailure(err, 'Não foi possível enviar as fotos.');
  }
}
