/**
 * The office's calls of the work-order API (online only: the office works at a desk), and the
 * family's requests. Shapes: src/domain/schemas/work-order.ts; errors as ApiFailure with the
 * server's pt-BR message.
 */
import type {
  Calendar,
  Custody,
  FamilyRequest,
  Order,
  OrderCreate,
  OrderEdit,
  OrderKind,
  OrderList,
  RequestCreate,
  RequestList,
} from '../../domain/work-order-types';
import { request } from '../api';

const q = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== '') search.set(k, String(v));
  return search.toString();
};

export interface OrderFilters {
  cemiterioId?: string;
  responsavelId?: string;
  situacao?: string;
  tipo?: string;
  de?: string;
  ate?: string;
  page?: number;
}

export function listOrders(filters: OrderFilters): Promise<OrderList> {
  return request<OrderList>(`ordens?${q({ ...filters })}`, {
    method: 'get',
    fallback: 'Não foi possível carregar as ordens de serviço.',
  });
}

export function getOrder(id: string): Promise<Order> {
  return request<Order>(`ordens/${encodeURIComponent(id)}`, {
    method: 'get',
    fallback: 'Não foi possível abrir a ordem de serviço.',
  });
}

export function createOrder(body: OrderCreate): Promise<Order> {
  return request<Order>('ordens', {
    method: 'post',
    json: body,
    fallback: 'Não foi possível criar a ordem de serviço.',
  });
}

export function editOrder(id: string, body: OrderEdit): Promise<Order> {
  return request<Order>(`ordens/${encodeURIComponent(id)}`, {
    method: 'patch',
    json: body,
    fallback: 'Não foi possível salvar a ordem de serviço.',
  });
}

export function listKinds(): Promise<OrderKind[]> {
  return request<OrderKind[]>('ordens/tipos', {
    method: 'get',
    fallback: 'Não foi possível carregar os tipos de serviço.',
  });
}

export function createKind(nome: string): Promise<OrderKind> {
  return request<OrderKind>('ordens/tipos', {
    method: 'post',
    json: { nome },
    fallback: 'Não foi possível criar o tipo de serviço.',
  });
}

export function fetchCalendar(params: {
  de: string;
  ate: string;
  cemiterioId?: string;
  responsavelId?: string;
}): Promise<Calendar> {
  return request<Calendar>(`ordens/calendario?${q(params)}`, {
    method: 'get',
    fallback: 'Não foi possível carregar o calendário.',
  });
}

export function createIcsToken(): Promise<{ url: string; message: string }> {
  return request('ordens/calendario/token', {
    method: 'post',
    fallback: 'Não foi possível criar o link de calendário.',
  });
}

export function revokeIcsToken(): Promise<{ message: string }> {
  return request('ordens/calendario/token', {
    method: 'delete',
    fallback: 'Não foi possível revogar o link de calendário.',
  });
}

export function listRequests(params: { situacao?: string; page?: number }): Promise<RequestList> {
  return request<RequestList>(`pedidos?${q(params)}`, {
    method: 'get',
    fallback: 'Não foi possível carregar os pedidos.',
  });
}

export function acceptRequest(
  id: string,
  body: { agendadaPara: string; responsaveis?: string[] },
): Promise<FamilyRequest> {
  return request<FamilyRequest>(`pedidos/${encodeURIComponent(id)}/aceite`, {
    method: 'post',
    json: body,
    fallback: 'Não foi possível aceitar o pedido.',
  });
}

export function refuseRequest(id: string, motivo: string): Promise<FamilyRequest> {
  return request<FamilyRequest>(`pedidos/${encodeURIComponent(id)}/recusa`, {
    method: 'post',
    json: { motivo },
    fallback: 'Não foi possível recusar o pedido.',
  });
}

/** A family's request from a grave's page; 409 (same request pending) and 429 say why. */
export function createRequest(sepulturaId: string, body: RequestCreate): Promise<FamilyRequest> {
  return request<FamilyRequest>(`sepulturas/${encodeURIComponent(sepulturaId)}/pedidos`, {
    method: 'post',
    json: body,
    fallback: 'Não foi possível enviar o pedido.',
  });
}

export function fetchCustody(sepultadoId: string): Promise<Custody> {
  return request<Custody>(`sepultados/${encodeURIComponent(sepultadoId)}/custodia`, {
    method: 'get',
    fallback: 'Não foi possível saber onde estão os restos mortais.',
  });
}
