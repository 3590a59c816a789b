/**
 * A login refused for abuse (login-throttle.ts) as an audit entry: about the account when the
 * e-mail is one (it then shows in that user's history), with the address and the reason.
 */
import type { AppContext } from '../../context';

export async function recordLoginRefused(
  ctx: AppContext,
  email: string,
  ip: string,
  reason: string,
): Promise<void> {
  await ctx.database.sql.transaction(async (tx) => {
    const [account] = await tx.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [
      email,
    ]);
    const changes = { email: [null, email], ip: [null, ip], motivo: [null, reason] };
    await tx.query(`SELECT audit_event('usuario', $1, 'login_recusado', $2::jsonb)`, [
      account?.id ?? 'desconhecido',
      JSON.stringify(changes),
    ]);
  });
}
