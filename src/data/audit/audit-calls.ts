/**
 * The audit trail and personal data calls (src/domain/schemas/audit.ts): admin pages and CSV,
 * a record's or a user's history, a person's data download and account deletion. All need a
 * connection: nothing here is kept on the device.
 */
import type { AuditHistory, AuditPage, AuditQuery } from '../../domain/audit-types';
import { useLoad } from '../../lib/use-load';
import { api, request, toApiFailure } from '../api';

export const AUDIT_CALL_MSG = {
  loadError: 'Não foi possível carregar a auditoria. Tente novamente.',
  historyError: 'Não foi possível carregar o histórico. Tente novamente.',
  exportError: 'Não foi possível exportar a auditoria. Tente novamente.',
  dataError: 'Não foi possível baixar seus dados. Tente novamente.',
  deleteError: 'Não foi possível excluir a conta. Tente novamente.',
} as const;

function params(query: AuditQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') out[key] = value;
  }
  return out;
}

export function fetchAuditPage(query: AuditQuery): Promise<AuditPage> {
  return request<AuditPage>('auditoria', {
    method: 'get',
    searchParams: params(query),
    fallback: AUDIT_CALL_MSG.loadError,
  });
}

export function useAuditPage(query: AuditQuery) {
  return useLoad(() => fetchAuditPage(query), [query]);
}

export async function downloadAuditCsv(query: AuditQuery): Promise<Blob> {
  try {
    const { pagina: _p, limite: _l, ...filters } = query;
    return await api.get('auditoria/csv', { searchParams: params(filters), timeout: false }).blob();
  } catch (err) {
    throw await toApiFailure(err, AUDIT_CALL_MSG.exportError);
  }
}

export type HistoryKind = 'sepultados' | 'users';

function fetchHistory(kind: HistoryKind, id: string, page: number): Promise<AuditHistory> {
  return request<AuditHistory>(`${kind}/${encodeURIComponent(id)}/historico`, {
    method: 'get',
    searchParams: { pagina: page },
    fallback: AUDIT_CALL_MSG.historyError,
  });
}

/** A history page; `load` false: nothing asked (the section is closed, or not allowed). */
export function useHistory(kind: HistoryKind, id: string, page: number, load: boolean) {
  return useLoad(load ? () => fetchHistory(kind, id, page) : null, [kind, id, page]);
}

/** What Memorial holds about a person, as the JSON file the server makes. */
export async function downloadPersonalData(userId: string): Promise<Blob> {
  try {
    return await api.get(`users/${encodeURIComponent(userId)}/dados`).blob();
  } catch (err) {
    throw await toApiFailure(err, AUDIT_CALL_MSG.dataError);
  }
}

export function deleteAccount(userId: string): Promise<{ message: string }> {
  return request<{ message: string }>(`users/${encodeURIComponent(userId)}/conta`, {
    method: 'delete',
    json: { confirmar: true },
    fallback: AUDIT_CALL_MSG.deleteError,
  });
}
