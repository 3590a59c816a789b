/**
 * A person's data on request (LGPD): what Memorial holds about them, and the deletion of their
 * account, by themselves from their profile or by an admin at the desk. Both are audited: the
 * export by an explicit entry, the deletion by the users table's trigger (docs/decisions.md
 * "Personal data on request": tributes stay, shown as by "Usuário removido").
 */
import { eq, sql } from 'drizzle-orm';
import { AUDIT_MSG } from '../../../src/domain/audit-rules';
import type { PersonalData } from '../../../src/domain/audit-types';
import { isId } from '../../../src/domain/ids';
import { can } from '../../../src/domain/permissions';
import type { AppContext } from '../../context';
import { comentarios, sepultadoConcessionarios, type UserRow, users } from '../../db/schema';
import { forbidden, notFound } from '../../lib/http-error';
import { removeAccount } from '../users/public';
import { type AuditRow, toEntry } from './audit-read';

/** Most audit entries an export carries (the newest). */
const EXPORT_ENTRIES_MAX = 10_000;

const iso = (value: Date | string | null) =>
  value === null ? null : new Date(value).toISOString();

/** The account `id` when `requester` may act on it: the person, or an admin. */
async function ownedAccount(ctx: AppContext, requester: UserRow, id: string): Promise<UserRow> {
  if (!can(requester, 'account:personal-data', { ownerId: id })) {
    throw forbidden(AUDIT_MSG.forbiddenPersonalData);
  }
  const [row] = isId(id) ? await ctx.database.db.select().from(users).where(eq(users.id, id)) : [];
  if (!row) throw notFound(AUDIT_MSG.userNotFound);
  return row;
}

export async function exportPersonalData(
  ctx: AppContext,
  requester: UserRow,
  id: string,
): Promise<PersonalData> {
  const user = await ownedAccount(ctx, requester, id);
  const [tributes, assigned, requests, entries] = await Promise.all([
    ctx.database.db.select().from(comentarios).where(eq(comentarios.userId, id)),
    ctx.database.db
      .select({ id: sepultadoConcessionarios.sepultadoId })
      .from(sepultadoConcessionarios)
      .where(eq(sepultadoConcessionarios.userId, id)),
    ctx.database.sql.query<{
      id: string;
      tipo: string;
      situacao: string;
      sepultura_id: string;
      sepultado_id: string | null;
      texto: string | null;
      motivo_recusa: string | null;
      created_at: Date | string;
    }>(
      `SELECT id, tipo, situacao, sepultura_id, sepultado_id, texto, motivo_recusa, created_at
       FROM pedidos WHERE user_id = $1 ORDER BY created_at, id`,
      [id],
    ),
    ctx.database.sql.query<AuditRow>(
      `SELECT a.id::text AS id, a.received_at, a.made_at, a.actor_id, a.actor_role,
         coalesce(a.actor_name, u.name) AS actor_name, a.resource, a.resource_id, a.subject_id, a.cemiterio_id, a.action,
         a.changes, a.request_id
       FROM audit_log a LEFT JOIN users u ON u.id = a.actor_id
       WHERE a.subject_id = $1 ORDER BY a.received_at DESC, a.id DESC LIMIT ${EXPORT_ENTRIES_MAX}`,
      [id],
    ),
  ]);
  // The export itself is an entry (after the read: the file lists what was there before it).
  await ctx.database.db.transaction((tx) =>
    tx.execute(sql`SELECT audit_event('usuario', ${id}, 'exportar_dados', '{}'::jsonb)`),
  );
  return {
    generatedAt: new Date().toISOString(),
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      pendingEmail: user.pendingEmail,
      cpf: user.cpf,
      phone: user.phone,
      role: user.role,
      image: user.image,
      emailVerified: user.emailVerified,
      acceptedTermsAt: iso(user.acceptedTermsAt),
      acceptedTermsVersion: user.acceptedTermsVersion,
      createdAt: new Date(user.createdAt).toISOString(),
      updatedAt: new Date(user.updatedAt).toISOString(),
    },
    tributes: tributes.map((t) => ({
      id: t.id,
      sepultadoId: t.sepultadoId,
      texto: t.texto,
      emojis: t.emojis,
      imagem: t.imagem,
      createdAt: new Date(t.createdAt).toISOString(),
      deletedAt: iso(t.deletedAt),
    })),
    assignments: assigned.map((a) => a.id),
    requests: requests.map((r) => ({
      id: r.id,
      tipo: r.tipo,
      situacao: r.situacao,
      sepulturaId: r.sepultura_id,
      sepultadoId: r.sepultado_id,
      texto: r.texto,
      motivoRecusa: r.motivo_recusa,
      createdAt: new Date(r.created_at).toISOString(),
    })),
    // The person's own data: shown in full to them (and to the admin serving them).
    auditEntries: entries.map((row) => toEntry(row, true)),
  };
}

/** Deletes the account (the last admin is refused, as in the admin's own deletion). */
export async function deleteOwnAccount(
  ctx: AppContext,
  requester: UserRow,
  id: string,
): Promise<void> {
  await ownedAccount(ctx, requester, id);
  await removeAccount(ctx, id);
}
