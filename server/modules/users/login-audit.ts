/**
 * A login refused for abuse (login-throttle.ts) as an audit entry: about the account when the
 * e-mail is one (it then shows in that user's history), with the address and the reason.
 */
import { eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';

export async function recordLoginRefused(
  ctx: AppContext,
  email: string,
  ip: string,
  reason: string,
): Promise<void> {
  await ctx.database.db.transaction(async (tx) => {
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, email));
    const changes = { email: [null, email], ip: [null, ip], motivo: [null, reason] };
    await tx.execute(
      sql`SELECT audit_event('usuario', ${account?.id ?? 'desconhecido'}, 'login_recusado',
        ${JSON.stringify(changes)}::jsonb)`,
    );
  });
}
