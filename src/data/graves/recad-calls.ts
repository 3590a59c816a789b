/**
 * Re-registration calls (contract in src/domain/schemas/recadastramento.ts): the grave page's
 * request (multipart with the document photo), the person's own requests, and the office's
 * campaigns, requests and progress. Straight to the API, like the rest of the office's work.
 */
import type {
  Campaign,
  CampaignCreate,
  GraveRecad,
  Progress,
  ReregDecision,
  ReregList,
  ReregRequest,
} from '../../domain/recadastramento-types';
import { api, request, toApiFailure } from '../api';

export const fetchGraveRecad = (graveId: string) =>
  request<GraveRecad>(`sepulturas/${graveId}/recadastramento`, {
    fallback: 'Não foi possível carregar o recadastramento.',
  });

export interface ReregForm {
  titularNome: string;
  titularCpf: string;
  titularTelefone: string;
  documento: File | null;
}

export async function sendReregRequest(graveId: string, v: ReregForm): Promise<ReregRequest> {
  const form = new FormData();
  form.append('titularNome', v.titularNome);
  form.append('titularCpf', v.titularCpf);
  form.append('titularTelefone', v.titularTelefone);
  if (v.documento) form.append('documento', v.documento, v.documento.name);
  try {
    return await api
      .post(`sepulturas/${graveId}/recadastramento`, { body: form, timeout: 120_000 })
      .json<ReregRequest>();
  } catch (err) {
    throw await toApiFailure(err, 'Não foi possível enviar o pedido.');
  }
}

export const fetchMyRereg = () =>
  request<ReregRequest[]>('recadastramento/meus', {
    fallback: 'Não foi possível carregar seus pedidos de recadastramento.',
  });

export const fetchCampaigns = (cemiterioId: string) =>
  request<Campaign[]>('recadastramento/campanhas', {
    searchParams: { cemiterioId },
    fallback: 'Não foi possível carregar as campanhas.',
  });

export const createCampaign = (body: CampaignCreate) =>
  request<Campaign>('recadastramento/campanhas', {
    method: 'post',
    json: body,
    fallback: 'Não foi possível abrir a campanha.',
  });

export const closeCampaign = (id: string) =>
  request<Campaign>(`recadastramento/campanhas/${id}/encerramento`, {
    method: 'post',
    fallback: 'Não foi possível encerrar a campanha.',
  });

export const fetchProgress = (id: string) =>
  request<Progress>(`recadastramento/campanhas/${id}/progresso`, {
    fallback: 'Não foi possível carregar o andamento.',
  });

export const fetchRereg = (q: { campanhaId: string; situacao?: string; page: number }) =>
  request<ReregList>('recadastramento/pedidos', {
    searchParams: Object.fromEntries(
      Object.entries(q).filter(([, v]) => v !== undefined && v !== ''),
    ) as Record<string, string | number>,
    fallback: 'Não foi possível carregar os pedidos.',
  });

export const decideRereg = (id: string, body: ReregDecision) =>
  request<ReregRequest>(`recadastramento/pedidos/${id}/decisao`, {
    method: 'post',
    json: body,
    fallback: 'Não foi possível registrar a decisão.',
  });

/**
 * A guarded image (a request's document, an inspection photo) as an object URL: an <img> cannot
 * send the sign-in, so the bytes come through the client. The caller revokes it.
 */
export async function guardedImageUrl(apiPath: string): Promise<string> {
  try {
    const blob = await api.get(apiPath.replace(/^\/api\//, '')).blob();
    return URL.createObjectURL(blob);
  } catch (err) {
    throw await toApiFailure(err, 'Não foi possível carregar a imagem.');
  }
}
