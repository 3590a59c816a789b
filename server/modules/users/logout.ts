/**
 * "Sair" on the server: the token that asked is written to revoked_tokens until its expiry and
 * refused from then on by every instance (server/lib/revoked-tokens.ts). The person's other
 * sessions (another phone, the office's desk) go on. A token signed before tokens carried an id
 * cannot be told apart from the person's others: it ends at its expiry, as before.
 */
import type { AppContext } from '../../context';
import type { VerifiedClaims } from '../../lib/tokens';

/** `claims`: the token the request was authenticated with (request.tokenClaims). */
export async function endSession(ctx: AppContext, claims: VerifiedClaims | null) {
  if (!claims?.jti) return;
  await ctx.database.sql.transaction(async (tx) => {
    // The ended tokens that expired since are refused by their expiry alone.
    await tx.query('DELETE FROM revoked_tokens WHERE expires_at <= now()');
    await tx.query(
      'INSERT INTO revoked_tokens (jti, expires_at) VALUES ($1, $2) ON CONFLICT (jti) DO NOTHING',
      [claims.jti, new Date(claims.expiresAt)],
    );
  });
  // Delivered to this process too (the bus always does), so every instance learns it one way.
  await ctx.invalidation.publish('session', claims.jti);
}
