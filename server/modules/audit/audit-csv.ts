/** The audit page's CSV export: one line per entry, the changes in one readable cell. */
import {
  AUDIT_ACTIONS,
  AUDIT_RESOURCES,
  AUDIT_ROLE_LABELS,
  AUDIT_SYSTEM,
  auditFieldLabel,
} from '../../../src/domain/audit-rules';
import type { AuditEntry } from '../../../src/domain/audit-types';
import { csvText } from '../spreadsheets/public';

const HEADER = [
  'Identificador',
  'Recebido em',
  'Feito no aparelho em',
  'Autor',
  'Identificador do autor',
  'Perfil do autor',
  'Recurso',
  'Identificador do recurso',
  'Ação',
  'Alterações',
  'Requisição',
];

const show = (value: unknown) =>
  value === null || value === undefined
    ? '—'
    : typeof value === 'string'
      ? value
      : JSON.stringify(value);

function label<T extends Record<string, string>>(labels: T, key: string): string {
  return Object.hasOwn(labels, key) ? (labels[key as keyof T] as string) : key;
}

export function auditCsv(entries: AuditEntry[]): string {
  const lines = entries.map((e) => [
    e.id,
    e.receivedAt,
    e.madeAt ?? '',
    e.actor ? (e.actor.name ?? '(conta excluída)') : AUDIT_SYSTEM,
    e.actor?.id ?? '',
    e.actor?.role ? (AUDIT_ROLE_LABELS[e.actor.role] ?? e.actor.role) : '',
    label(AUDIT_RESOURCES, e.resource),
    e.resourceId,
    label(AUDIT_ACTIONS, e.action),
    e.changes
      .map((c) => `${auditFieldLabel(c.field)}: ${show(c.before)} → ${show(c.after)}`)
      .join('; '),
    e.requestId ?? '',
  ]);
  return csvText([HEADER, ...lines]);
}
