/**
 * Graves as places (migration 0030): their kinds, states, limits, pt-BR messages and the checks
 * the API and the screens both apply. A grave is one spot of a cemetery — quadra, rua and a
 * number (placa/lote) — and holds several burials over the years.
 */
import { TIPOS_SEPULTURA } from './burial-fields';

/** The record form's kinds (spec) plus the ossuary's numbered niche. */
export const GRAVE_KINDS = [...TIPOS_SEPULTURA, 'Nicho de ossuário'] as const;
export type GraveKind = (typeof GRAVE_KINDS)[number];

/**
 * livre: nobody there and no title; ocupada: someone rests there; concedida: an active
 * concession holds it; em comisso: an abandonment case is open; interditada: closed by the office.
 */
export const GRAVE_STATUSES = [
  'livre',
  'ocupada',
  'concedida',
  'em comisso',
  'interditada',
] as const;
export type GraveStatus = (typeof GRAVE_STATUSES)[number];

export const GRAVE_STATUS_LABEL: Record<GraveStatus, string> = {
  livre: 'Livre',
  ocupada: 'Ocupada',
  concedida: 'Concedida',
  'em comisso': 'Em comisso',
  interditada: 'Interditada',
};

export const GRAVE_LIMITS = {
  rua: 120,
  quadra: 30,
  numero: 30,
  observacoes: 2000,
  capacidade: 200,
  /** Graves one bulk creation may make (quadra 12, lotes 1–200 is 200). */
  bulk: 1000,
  pageSize: 50,
  maxPageSize: 200,
  /** Condition photos sent at once, and the note each batch may carry. */
  photos: 6,
  fotoNota: 300,
} as const;

export const GRAVE_MSG = {
  notFound: 'Sepultura não encontrada.',
  photosRequired: 'Escolha ao menos uma foto da sepultura.',
  photoNotFound: 'Foto não encontrada.',
  photoDateInvalid: 'Data da foto inválida: use DD/MM/AAAA, até hoje.',
  photoNoteTooLong: `A nota pode ter no máximo ${GRAVE_LIMITS.fotoNota} caracteres.`,
  photosSent: 'Fotos do estado da sepultura registradas.',
  forbidden: 'Somente administradores podem gerenciar as sepulturas.',
  noteForbidden: 'Você só pode anotar o estado de sepulturas de registros atribuídos a você.',
  quadraRequired: 'Informe a quadra.',
  quadraTooLong: `A quadra pode ter no máximo ${GRAVE_LIMITS.quadra} caracteres.`,
  numeroRequired: 'Informe o número (placa ou lote).',
  numeroTooLong: `O número pode ter no máximo ${GRAVE_LIMITS.numero} caracteres.`,
  ruaTooLong: `A rua pode ter no máximo ${GRAVE_LIMITS.rua} caracteres.`,
  coordinatesPair: 'Informe a latitude e a longitude, ou nenhuma das duas.',
  cemeteryNotFound: 'Cemitério não encontrado.',
  rangeOrder: 'O número final deve ser maior ou igual ao inicial.',
  rangeTooLarge: `Crie no máximo ${GRAVE_LIMITS.bulk} sepulturas de uma vez.`,
  mergeSelf: 'Escolha outra sepultura: não é possível mesclar uma sepultura com ela mesma.',
  mergeTargetNotFound: 'A sepultura de destino não existe mais. Atualize a lista e tente de novo.',
  mergeOtherCemetery: 'Só é possível mesclar sepulturas do mesmo cemitério.',
  mergeTwoConcessions:
    'As duas sepulturas têm concessão ativa: encerre uma delas antes de mesclar.',
  mergeTwoCases:
    'As duas sepulturas têm processo de comisso aberto: encerre um deles antes de mesclar.',
  mergeTwoRequests:
    'A mesma pessoa tem pedidos de recadastramento pendentes nas duas sepulturas: responda um deles antes de mesclar.',
  capacityBelow: (present: number) =>
    `A sepultura tem ${present} ${present === 1 ? 'sepultado' : 'sepultados'}: a capacidade não pode ser menor.`,
  stale: 'Esta sepultura foi alterada por outra pessoa. Recarregue e tente de novo.',
  statusByCase:
    'A situação "em comisso" só muda pelo processo de comisso: abra o processo ou registre a decisão.',
} as const;

/** 409: the place is taken (same cemetery, quadra, rua and number after folding). */
export function duplicateGraveMessage(quadra: string, numero: string): string {
  return `Já existe a sepultura da quadra ${quadra}, número ${numero}, neste cemitério.`;
}

/** 409 of a burial into a grave whose gavetas are all taken. */
export function graveFullMessage(quadra: string, numero: string, capacity: number): string {
  const gavetas = capacity === 1 ? '1 gaveta' : `${capacity} gavetas`;
  return `A sepultura da quadra ${quadra}, número ${numero}, está com a capacidade completa (${gavetas}). Escolha outra sepultura ou aumente a capacidade.`;
}

/**
 * "Quadra 12 · Rua das Flores · nº 458": how a grave is named on every screen (the rua as the
 * cemetery writes it: its text already says "Rua", "Alameda"…).
 */
export function graveLabel(g: { quadra: string; rua: string | null; numero: string }): string {
  return [`Quadra ${g.quadra}`, g.rua, `nº ${g.numero}`].filter(Boolean).join(' · ');
}

export interface GraveFields {
  rua?: string | null;
  quadra?: string;
  numero?: string;
  latitude?: number | null;
  longitude?: number | null;
}

/** The first problem of a grave's place fields, or null (left out = not being changed). */
export function graveProblem(v: GraveFields): { field: string; message: string } | null {
  if (v.quadra !== undefined) {
    const q = v.quadra.trim();
    if (!q) return { field: 'quadra', message: GRAVE_MSG.quadraRequired };
    if (q.length > GRAVE_LIMITS.quadra)
      return { field: 'quadra', message: GRAVE_MSG.quadraTooLong };
  }
  if (v.numero !== undefined) {
    const n = v.numero.trim();
    if (!n) return { field: 'numero', message: GRAVE_MSG.numeroRequired };
    if (n.length > GRAVE_LIMITS.numero)
      return { field: 'numero', message: GRAVE_MSG.numeroTooLong };
  }
  if (v.rua && v.rua.trim().length > GRAVE_LIMITS.rua) {
    return { field: 'rua', message: GRAVE_MSG.ruaTooLong };
  }
  if (v.latitude !== undefined || v.longitude !== undefined) {
    if (((v.latitude ?? null) === null) !== ((v.longitude ?? null) === null)) {
      return { field: 'latitude', message: GRAVE_MSG.coordinatesPair };
    }
  }
  return null;
}

/** The numbers of a bulk creation (inclusive), or the problem with the range. */
export function bulkNumbers(
  first: number,
  last: number,
): { numbers: string[] } | { field: string; message: string } {
  if (last < first) return { field: 'numeroFinal', message: GRAVE_MSG.rangeOrder };
  if (last - first + 1 > GRAVE_LIMITS.bulk) {
    return { field: 'numeroFinal', message: GRAVE_MSG.rangeTooLarge };
  }
  const numbers: string[] = [];
  for (let n = first; n <= last; n++) numbers.push(String(n));
  return { numbers };
}
