/**
 * Re-registration (recadastramento) of titulares (migration 0040): a campaign per cemetery with
 * its start and end; during it a signed-in person asks to be registered as a grave's titular,
 * with a document photo, and the office accepts or refuses with a reason. pt-BR messages and the
 * checks the API and the form both apply. The titular's name, CPF and phone follow the
 * concessions' rule (concession-rules titularValues); here the phone is required too.
 */
import { dateField, isProblem, type Problem, titularValues } from './concession-rules';

export const REQUEST_STATES = ['pendente', 'aceito', 'recusado'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
export const REQUEST_STATE_LABEL: Record<RequestState, string> = {
  pendente: 'Pendente',
  aceito: 'Aceito',
  recusado: 'Recusado',
};

export const RECAD_LIMITS = {
  nome: 120,
  motivo: 500,
  pageSize: 50,
  maxPageSize: 200,
  /** The longest campaign, in days (a campaign is a campaign, not a standing register). */
  maxDays: 3660,
} as const;

export const RECAD_MSG = {
  forbidden: 'Somente administradores podem gerenciar o recadastramento.',
  loginRequired: 'Entre na sua conta para pedir o recadastramento.',
  campaignNotFound: 'Campanha de recadastramento não encontrada.',
  campaignClosed: 'Esta campanha já foi encerrada.',
  campaignOpenExists:
    'Já existe uma campanha de recadastramento aberta neste cemitério. Encerre-a antes de abrir outra.',
  noOpenCampaign: 'Não há campanha de recadastramento aberta para o cemitério desta sepultura.',
  cemeteryNotFound: 'Cemitério não encontrado.',
  inicioRequired: 'Informe a data de início.',
  fimRequired: 'Informe a data de término.',
  endBeforeStart: 'A data de término deve ser igual ou posterior à de início.',
  tooLong: `Uma campanha pode durar no máximo ${RECAD_LIMITS.maxDays} dias.`,
  nomeTooLong: `O nome da campanha pode ter no máximo ${RECAD_LIMITS.nome} caracteres.`,
  phoneRequired: 'Informe um telefone com DDD para contato.',
  documentRequired: 'Envie uma foto de um documento com foto (RG, CNH).',
  oneDocument: 'Envie uma única foto do documento.',
  duplicate:
    'Você já tem um pedido de recadastramento pendente para esta sepultura. Aguarde a resposta da administração.',
  requestNotFound: 'Pedido de recadastramento não encontrado.',
  notPending: 'Este pedido já foi respondido.',
  motivoRequired: 'Informe o motivo da recusa.',
  motivoTooLong: `O motivo pode ter no máximo ${RECAD_LIMITS.motivo} caracteres.`,
  tooMany: 'Muitos pedidos em pouco tempo. Aguarde um pouco e tente de novo.',
  sent: 'Pedido enviado. A administração do cemitério vai conferir seus dados.',
  accepted: 'Pedido aceito.',
  refused: 'Pedido recusado.',
  created: 'Campanha aberta.',
  closed: 'Campanha encerrada.',
  button: 'Sou responsável por este jazigo',
  title: 'Recadastramento',
} as const;

export interface CampaignInput {
  nome?: string | null;
  inicio?: string;
  fim?: string;
}

const DAY_MS = 86_400_000;

/** A campaign's dates (DD/MM/AAAA or ISO) as ISO, or the first problem under its field. */
export function campaignValues(
  input: CampaignInput,
): { nome: string | null; inicio: string; fim: string } | Problem {
  const nome = (input.nome ?? '').trim().replace(/\s+/g, ' ') || null;
  if (nome && nome.length > RECAD_LIMITS.nome)
    return { field: 'nome', message: RECAD_MSG.nomeTooLong };
  const inicio = dateField(input.inicio, 'inicio');
  if (isProblem(inicio)) return inicio;
  if (!inicio) return { field: 'inicio', message: RECAD_MSG.inicioRequired };
  const fim = dateField(input.fim, 'fim');
  if (isProblem(fim)) return fim;
  if (!fim) return { field: 'fim', message: RECAD_MSG.fimRequired };
  if (fim < inicio) return { field: 'fim', message: RECAD_MSG.endBeforeStart };
  if ((Date.parse(fim) - Date.parse(inicio)) / DAY_MS > RECAD_LIMITS.maxDays) {
    return { field: 'fim', message: RECAD_MSG.tooLong };
  }
  return { nome, inicio, fim };
}

export interface RequestInput {
  titularNome?: string;
  titularCpf?: string;
  titularTelefone?: string | null;
}

/** The person's name, CPF (check digits) and phone, tidied, or the first problem. */
export function requestValues(
  input: RequestInput,
): { titularNome: string; titularCpf: string; titularTelefone: string } | Problem {
  const v = titularValues(
    {
      titularNome: input.titularNome ?? '',
      titularCpf: input.titularCpf ?? '',
      titularTelefone: input.titularTelefone ?? null,
    },
    true,
  );
  if (isProblem(v)) return v;
  if (!v.titularTelefone) return { field: 'titularTelefone', message: RECAD_MSG.phoneRequired };
  return {
    titularNome: v.titularNome ?? '',
    titularCpf: v.titularCpf ?? '',
    titularTelefone: v.titularTelefone,
  };
}

/** A refusal's reason, tidied, or the problem. */
export function refusalReason(motivo: string | null | undefined): string | Problem {
  const text = (motivo ?? '').trim();
  if (!text) return { field: 'motivo', message: RECAD_MSG.motivoRequired };
  if (text.length > RECAD_LIMITS.motivo)
    return { field: 'motivo', message: RECAD_MSG.motivoTooLong };
  return text;
}
