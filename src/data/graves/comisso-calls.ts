/**
 * Abandonment-case calls (contract in src/domain/schemas/comisso.ts) for the grave page's
 * "Comisso" section: the office's desk work, online. Inspections, field work, go through the
 * outbox instead (./use-inspections.ts).
 */

import type { NoticeMeans, StepKind } from '../../domain/comisso-rules';
import type { CaseDecision, CaseOpen, ComissoCase } from '../../domain/comisso-types';
import { MADE_AT_HEADER } from '../../domain/made-at';
import { api, request, toApiFailure } from '../api';

export const fetchCases = (graveId: string) =>
  request<ComissoCase[]>(`sepulturas/${graveId}/comisso`, {
    fallback: 'Não foi possível carregar os processos de comisso.',
  });

export const openCase = (graveId: string, body: CaseOpen) =>
  request<ComissoCase>(`sepulturas/${graveId}/comisso`, {
    method: 'post',
    json: body,
    headers: { [MADE_AT_HEADER]: new Date().toISOString() },
    fallback: 'Não foi possível abrir o processo.',
  });

export interface StepForm {
  tipo: StepKind;
  data: string;
  nota: string;
  meio: NoticeMeans | '';
  email: string;
  fotos: File[];
}

export async function addCaseStep(caseId: string, v: StepForm): Promise<ComissoCase> {
  const form = new FormData();
  form.append('tipo', v.tipo);
  form.append('data', v.data);
  if (v.nota) form.append('nota', v.nota);
  if (v.tipo === 'notificacao' && v.meio) form.append('meio', v.meio);
  if (v.tipo === 'notificacao' && v.meio === 'email' && v.email) form.append('email', v.email);
  if (v.tipo === 'vistoria') for (const f of v.fotos) form.append('fotos', f, f.name);
  try {
    return await api
      .post(`comisso/${caseId}/etapas`, {
        body: form,
        timeout: 120_000,
        headers: { [MADE_AT_HEADER]: new Date().toISOString() },
      })
      .json<ComissoCase>();
  } catch (err) {
    throw await toApiFailure(err, 'Não foi possível registrar a etapa.');
  }
}

export const decideCase = (caseId: string, body: CaseDecision) =>
  request<ComissoCase>(`comisso/${caseId}/decisao`, {
    method: 'post',
    json: body,
    headers: { [MADE_AT_HEADER]: new Date().toISOString() },
    fallback: 'Não foi possível registrar a decisão.',
  });
