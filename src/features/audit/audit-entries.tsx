/**
 * A list of audit entries as the office reads them: who (name and role, or "Sistema"), when
 * the server received it and, for an offline write, when the device made it, the action, and
 * each changed field with its value before and after.
 */
import {
  AUDIT_ACTIONS,
  AUDIT_RESOURCES,
  AUDIT_ROLE_LABELS,
  AUDIT_SYSTEM,
  auditFieldLabel,
} from '../../domain/audit-rules';
import type { AuditEntry } from '../../domain/audit-types';

const DATE_TIME = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'medium' });

export const when = (iso: string) => DATE_TIME.format(new Date(iso));

function labelOf(labels: Record<string, string>, key: string): string {
  return Object.hasOwn(labels, key) ? (labels[key] ?? key) : key;
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (Array.isArray(value)) return value.length === 0 ? '—' : value.join(' ');
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function who(entry: AuditEntry): string {
  if (!entry.actor) return AUDIT_SYSTEM;
  const name = entry.actor.name ?? 'Conta excluída';
  const role = entry.actor.role ? labelOf(AUDIT_ROLE_LABELS, entry.actor.role) : '';
  return role ? `${name} (${role})` : name;
}

export function AuditEntries({
  entries,
  showResource = true,
}: {
  entries: AuditEntry[];
  showResource?: boolean;
}) {
  return (
    <ol className="audit-entries">
      {entries.map((e) => (
        <li key={e.id} className="audit-entry">
          <p className="audit-entry-head">
            <strong>{labelOf(AUDIT_ACTIONS, e.action)}</strong>
            {showResource && (
              <>
                {' · '}
                {labelOf(AUDIT_RESOURCES, e.resource)} <code>{e.resourceId}</code>
              </>
            )}
          </p>
          <p className="muted">
            Por {who(e)} · recebido em {when(e.receivedAt)}
            {e.madeAt && <> · feito no aparelho em {when(e.madeAt)}</>}
          </p>
          {e.changes.length > 0 && (
            <table className="audit-changes">
              <thead>
                <tr>
                  <th scope="col">Campo</th>
                  <th scope="col">Antes</th>
                  <th scope="col">Depois</th>
                </tr>
              </thead>
              <tbody>
                {e.changes.map((c) => (
                  <tr key={c.field}>
                    <th scope="row">{auditFieldLabel(c.field)}</th>
                    <td>{shown(c.before)}</td>
                    <td>{shown(c.after)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </li>
      ))}
    </ol>
  );
}
