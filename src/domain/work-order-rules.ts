/**
 * Work orders (ordens de serviço): the crew's day. Kinds, states, milestone templates, limits,
 * pt-BR messages and the checks the API, the office screens and the phone (offline) all apply.
 *
 * An order is work on a grave and/or a record at a date and time, assigned to field staff
 * (concessionários), with a checklist of milestones that have planned times. Remains leave a
 * grave only by an exhumation or a transfer, and such an order is concluded only with a
 * destination: the conclusion writes the remains' custody step in the same transaction.
 */

/** The built-in kinds; an admin may add others (their keys are made from their names). */
export const BUILTIN_ORDER_KINDS = [
  'sepultamento',
  'exumacao',
  'translado',
  'limpeza',
  'vistoria',
  'foto',
] as const;
export type BuiltinOrderKind = (typeof BUILTIN_ORDER_KINDS)[number];

export const ORDER_KIND_LABEL: Record<BuiltinOrderKind, string> = {
  sepultamento: 'Sepultamento',
  exumacao: 'Exumação',
  translado: 'Translado',
  limpeza: 'Limpeza/reforma',
  vistoria: 'Vistoria',
  foto: 'Foto solicitada',
};

/** Kinds that move remains out of a grave: concluded only with a destination. */
export const REMAINS_LEAVING_KINDS: readonly string[] = ['exumacao', 'translado'];

/**
 * The milestones an order of each built-in kind starts with, as offsets in minutes from the
 * scheduled time (negative = before it). A burial at 15:30: the grave is prepared at 10:00,
 * the procession arrives at 14:00, the burial at 15:30, the grave is closed at 16:30.
 */
export const DEFAULT_MILESTONES: Record<BuiltinOrderKind, { nome: string; minutos: number }[]> = {
  sepultamento: [
    { nome: 'Preparar a cova', minutos: -330 },
    { nome: 'Chegada do cortejo', minutos: -90 },
    { nome: 'Sepultamento', minutos: 0 },
    { nome: 'Fechamento', minutos: 60 },
  ],
  exumacao: [
    { nome: 'Abertura da sepultura', minutos: 0 },
    { nome: 'Retirada dos restos', minutos: 60 },
    { nome: 'Entrega no destino', minutos: 120 },
    { nome: 'Fechamento', minutos: 150 },
  ],
  translado: [
    { nome: 'Documentos conferidos', minutos: -60 },
    { nome: 'Retirada dos restos', minutos: 0 },
    { nome: 'Saída para o destino', minutos: 60 },
  ],
  limpeza: [
    { nome: 'Foto antes', minutos: 0 },
    { nome: 'Limpeza', minutos: 30 },
    { nome: 'Foto depois', minutos: 90 },
  ],
  vistoria: [
    { nome: 'Vistoria no local', minutos: 0 },
    { nome: 'Fotos do estado', minutos: 15 },
  ],
  foto: [{ nome: 'Foto da sepultura', minutos: 0 }],
};

/** aberta → em andamento (first milestone or a field change) → concluída; or cancelada. */
export const ORDER_STATES = ['aberta', 'em andamento', 'concluida', 'cancelada'] as const;
export type OrderState = (typeof ORDER_STATES)[number];
export const ORDER_STATE_LABEL: Record<OrderState, string> = {
  aberta: 'Aberta',
  'em andamento': 'Em andamento',
  concluida: 'Concluída',
  cancelada: 'Cancelada',
};
/** States in which the order is still work to do (the "Hoje" list and overdue). */
export const OPEN_ORDER_STATES: readonly OrderState[] = ['aberta', 'em andamento'];

/** Where remains go when they leave a grave. */
export const DESTINATION_KINDS = ['ossuario', 'sepultura', 'cremacao', 'outro-cemiterio'] as const;
export type DestinationKind = (typeof DESTINATION_KINDS)[number];
export const DESTINATION_LABEL: Record<DestinationKind, string> = {
  ossuario: 'Nicho de ossuário',
  sepultura: 'Outra sepultura deste município',
  cremacao: 'Cremação',
  'outro-cemiterio': 'Outro cemitério',
};

/** What a family may ask for from a grave's page. */
export const REQUEST_KINDS = ['foto', 'limpeza', 'correcao'] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const REQUEST_KIND_LABEL: Record<RequestKind, string> = {
  foto: 'Foto da sepultura',
  limpeza: 'Limpeza da sepultura',
  correcao: 'Correção do registro',
};
/** The order kind an accepted request becomes (a correction is a vistoria of the record). */
export const REQUEST_ORDER_KIND: Record<RequestKind, BuiltinOrderKind> = {
  foto: 'foto',
  limpeza: 'limpeza',
  correcao: 'vistoria',
};

export const REQUEST_STATES = ['pendente', 'aceito', 'recusado', 'concluido'] as const;
export type RequestState = (typeof REQUEST_STATES)[number];
export const REQUEST_STATE_LABEL: Record<RequestState, string> = {
  pendente: 'Aguardando o escritório',
  aceito: 'Aceito: em execução',
  recusado: 'Recusado',
  concluido: 'Concluído',
};

export const ORDER_LIMITS = {
  tipoNome: 60,
  descricao: 2000,
  marcoNome: 120,
  marcos: 20,
  responsaveis: 10,
  comentario: 2000,
  destinoDescricao: 300,
  motivo: 500,
  pedidoTexto: 2000,
  fotos: 20,
  pageSize: 50,
  maxPageSize: 200,
  /** The calendar's widest window (a month view with its edge weeks). */
  calendarDays: 45,
  /** Requests one person may make in a day. */
  requestsPerDay: 5,
} as const;

export const ORDER_MSG = {
  notFound: 'Ordem de serviço não encontrada.',
  forbidden: 'Somente administradores podem gerenciar ordens de serviço.',
  notAssigned: 'Esta ordem de serviço não está atribuída a você.',
  tipoRequired: 'Informe o tipo de serviço.',
  tipoUnknown: 'Tipo de serviço desconhecido.',
  tipoExists: 'Já existe um tipo de serviço com este nome.',
  placeRequired: 'Informe a sepultura ou o sepultado.',
  dateInvalid: 'Data ou hora inválida: use DD/MM/AAAA HH:MM.',
  responsavelInvalid: 'Só concessionários podem ser responsáveis por uma ordem de serviço.',
  marcoNotFound: 'Etapa não encontrada nesta ordem de serviço.',
  cancelled:
    'O escritório cancelou esta ordem de serviço. O que você fez continua guardado neste aparelho.',
  closed: 'Esta ordem de serviço já foi concluída.',
  cancelMotivoRequired: 'Informe o motivo do cancelamento.',
  destinationRequired: 'Informe o destino dos restos mortais antes de concluir.',
  destinationNotOssuary: 'Escolha um nicho de ossuário como destino.',
  destinationGraveNotFound: 'Sepultura de destino não encontrada.',
  destinationNameRequired: 'Informe o cemitério de destino.',
  remainsNeedRecord: 'Informe o sepultado cujos restos serão retirados.',
  rescheduled: 'O escritório remarcou esta ordem de serviço para',
  /** The grave has no position (the record page's "Este registro ainda não tem a localização"). */
  noPosition: 'O mapa não tem a posição desta sepultura: siga o caminho acima.',
  versionConflict: 'A ordem de serviço foi alterada por outra pessoa. Revise antes de salvar.',
  comentarioRequired: 'Escreva o comentário.',
  icsTokenInvalid: 'Link de calendário inválido ou revogado.',
  requestTextRequired: 'Descreva o que está errado no registro.',
  requestDuplicate: 'Você já tem um pedido igual aguardando o escritório para esta sepultura.',
  requestLimit: 'Você atingiu o limite de pedidos por hoje. Tente novamente amanhã.',
  requestNotFound: 'Pedido não encontrado.',
  requestNotPending: 'Este pedido já foi respondido.',
  requestRefuseReasonRequired: 'Informe o motivo da recusa.',
  created: 'Ordem de serviço criada.',
  saved: 'Ordem de serviço salva.',
  concluded: 'Ordem de serviço concluída.',
  requestSent: 'Pedido enviado. Acompanhe em seu perfil.',
  keyReused: 'Esta chave de idempotência já foi usada em outro envio.',
  photoRequired: 'Envie a foto.',
  photosLimit: `Uma ordem de serviço pode ter no máximo ${ORDER_LIMITS.fotos} fotos.`,
  calendarRange: `Escolha um período de até ${ORDER_LIMITS.calendarDays} dias (de ≤ até).`,
  dayInvalid: 'Data inválida: use AAAA-MM-DD.',
  untickForbidden: 'Somente o escritório pode desmarcar uma etapa.',
  editForbidden: 'Você pode alterar somente as observações desta ordem de serviço.',
  concludeViaRoute: 'Use "Concluir" para concluir a ordem de serviço.',
  icsTokenCreated: 'Novo link de calendário criado. O anterior deixou de funcionar.',
  icsTokenRevoked: 'Link de calendário revogado.',
  requestRecordNotInGrave: 'Este sepultado não está nesta sepultura.',
  /** The order made from a request whose text holds personal data: the crew never reads it. */
  requestPrivateText: 'Pedido da família: o texto contém dados pessoais e fica no escritório.',
} as const;

/** Free text that looks like it holds a CPF or a phone number: shown only to the office. */
export function mentionsPersonalData(text: string): boolean {
  return /\d{3}\.?\d{3}\.?\d{3}-?\d{2}/.test(text) || /\(?\d{2}\)?\s?9?\d{4}-?\d{4}/.test(text);
}

/** The key of an admin-added kind: its name folded to lowercase ASCII words joined by '-'. */
export function orderKindKey(nome: string): string {
  return nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** Whether an order of this kind must name where the remains go before it is concluded. */
export function needsDestination(tipo: string): boolean {
  return REMAINS_LEAVING_KINDS.includes(tipo);
}

/** An order still to do whose time has passed (before the start of `today`, a YYYY-MM-DD). */
export function isOverdue(order: { situacao: OrderState; agendadaPara: string }, today: string) {
  return OPEN_ORDER_STATES.includes(order.situacao) && order.agendadaPara.slice(0, 10) < today;
}
