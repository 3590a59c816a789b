/**
 * One-use e-mailed links: 32 random bytes, sent base64url-encoded, stored only as their SHA-256.
 * A link works only with the address it was sent to, once, before it expires; consuming it is a
 * single conditional UPDATE, so two clicks racing each other cannot both succeed.
 */
import crypto from 'node:crypto';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import { newId } from '../../../src/domain/ids';
import type { Db } from '../../db/index';
import { type AccountTokenPurpose, accountTokens } from '../../db/schema';

export const TOKEN_TTL_SECONDS: Record<AccountTokenPurpose, number> = {
  verify_email: 48 * 3600,
  reset_password: 30 * 60,
};

type AccountTokenRow = typeof accountTokens.$inferSelect;

/** 32 bytes in base64url are exactly 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** The stored hash of a link's token, or null when the text cannot be one of ours. */
export function tokenHash(token: string): string | null {
  if (!TOKEN_SHAPE.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== 32) return null;
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

export async function issueToken(
  db: Db,
  userId: string,
  purpose: AccountTokenPurpose,
  email: string,
): Promise<string> {
  const bytes = crypto.randomBytes(32);
  await db.insert(accountTokens).values({
    id: newId(),
    userId,
    purpose,
    tokenHash: crypto.createHash('sha256').update(bytes).digest('hex'),
    email,
    // The database clock decides both ends of the lifetime (issue and check).
    expiresAt: sql`now() + make_interval(secs => ${TOKEN_TTL_SECONDS[purpose]})`,
  });
  return bytes.toString('base64url');
}

function liveTokenWhere(purpose: AccountTokenPurpose, hash: string, email: string) {
  return and(
    eq(accountTokens.tokenHash, hash),
    eq(accountTokens.purpose, purpose),
    eq(accountTokens.email, email),
    isNull(accountTokens.usedAt),
    gt(accountTokens.expiresAt, sql`now()`),
  );
}

/** Looks without using it up (to refuse before doing expensive work). */
export async function findLiveToken(
  db: Db,
  purpose: AccountTokenPurpose,
  hash: string,
  email: string,
): Promise<AccountTokenRow | null> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(liveTokenWhere(purpose, hash, email))
    .limit(1);
  return row ?? null;
}

/** A token ever issued for this purpose and address, used or expired alike; null when none. */
export async function findIssuedToken(
  db: Db,
  purpose: AccountTokenPurpose,
  hash: string,
  email: string,
): Promise<AccountTokenRow | null> {
  const [row] = await db
    .select()
    .from(accountTokens)
    .where(
      and(
        eq(accountTokens.tokenHash, hash),
        eq(accountTokens.purpose, purpose),
        eq(accountTokens.email, email),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Marks the token used and answers it; null when it is unknown, used, expired or not for email. */
export async function consumeToken(
  db: Db,
  purpose: AccountTokenPurpose,
  hash: string,
  email: string,
): Promise<AccountTokenRow | null> {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(liveTokenWhere(purpose, hash, email))
    .returning();
  return row ?? null;
}

/** Uses up every outstanding token of one purpose (e.g. all reset links after a reset). */
export async function retireTokens(
  db: Db,
  userId: string,
  purpose: AccountTokenPurpose,
  exceptId?: string,
): Promise<void> {
  await db
    .update(accountTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(accountTokens.userId, userId),
        eq(accountTokens.purpose, purpose),
        isNull(accountTokens.usedAt),
        exceptId ? ne(accountTokens.id, exceptId) : undefined,
      ),
    );
}
