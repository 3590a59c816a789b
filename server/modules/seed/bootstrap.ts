/**
 * Start-up duties: make sure an admin exists (ADMIN_EMAIL/ADMIN_PASSWORD, or a generated one
 * printed once on the first start of an empty database) and seed the demo cemetery.
 */
import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { normalizeEmail } from '../../../src/domain/user-rules';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { HttpError } from '../../lib/http-error';
import { insertUser } from '../users/public';

/** A valid CPF for generated accounts (check digits computed, not all-equal). */
export function makeCpf(random: () => number = Math.random): string {
  for (;;) {
    const base = Array.from({ length: 9 }, () => Math.floor(random() * 10));
    const d1 = ((base.reduce((s, n, i) => s + n * (10 - i), 0) * 10) % 11) % 10;
    const d2 = (([...base, d1].reduce((s, n, i) => s + n * (11 - i), 0) * 10) % 11) % 10;
    const cpf = [...base, d1, d2].join('');
    if (!/^(\d)\1{10}$/.test(cpf)) return cpf;
  }
}

export function generatePassword(): string {
  // Random, then guaranteed to hold every class the password rule asks for.
  return `${crypto.randomBytes(12).toString('base64url')}Aa1!`;
}

/**
 * Makes the admin account; false when another instance made it meanwhile (several starting
 * together on an empty database race for it: the loser's insert answers 409, the e-mail being
 * unique, and the winner made — and printed — it).
 */
async function makeAdmin(ctx: AppContext, email: string, password: string): Promise<boolean> {
  try {
    await insertUser(ctx, {
      name: 'Administrador',
      email,
      cpf: makeCpf(),
      phone: '',
      password,
      role: 'admin',
      emailVerified: true,
    });
    return true;
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 409) return false;
    throw err;
  }
}

export async function ensureAdmin(ctx: AppContext, log: FastifyBaseLogger): Promise<void> {
  const db = ctx.database.db;
  const { adminEmail, adminPassword } = ctx.config;
  if (adminEmail && adminPassword) {
    const email = normalizeEmail(adminEmail);
    const [existing] = await db.select().from(users).where(eq(users.email, email)).limit(1);
    if (existing) {
      if (existing.role !== 'admin') {
        await db
          .update(users)
          .set({ role: 'admin', tokenVersion: existing.tokenVersion + 1, updatedAt: new Date() })
          .where(eq(users.id, existing.id));
        await ctx.invalidation.publish('user', existing.id);
        log.info({ email }, 'ADMIN_EMAIL promoted to admin');
      }
      return;
    }
    if (await makeAdmin(ctx, email, adminPassword))
      log.info({ email }, 'admin account created from ADMIN_EMAIL');
    return;
  }
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return;
  const password = generatePassword();
  const email = 'admin@memorial.local';
  if (!(await makeAdmin(ctx, email, password))) return;
  // Printed once, on purpose, on stdout: this is the only time the password exists in clear.
  process.stdout.write(
    `\n  Primeiro administrador criado (anote, não será mostrado de novo):\n    e-mail: ${email}\n    senha:  ${password}\n\n`,
  );
}
