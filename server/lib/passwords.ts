/**
 * Argon2id with OWASP's setting (m=19456 KiB, t=2, p=1), docs/engineering.md#chosen-packages-and-why.
 *
 * Accounts imported from the original app (npm run import:legacy) keep its bcrypt hashes so
 * people log in with their old password; such a hash is checked with bcryptjs (pure JavaScript,
 * no native build) and replaced by an Argon2id one at the first successful login
 * (needsRehash, used by modules/users/users.ts).
 */
import { type Algorithm, hash, verify } from '@node-rs/argon2';
import bcrypt from 'bcryptjs';

// Algorithm is an ambient const enum (not importable as a value here); 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

/** $2a$ / $2b$ / $2y$, a two-digit cost, then 53 characters of salt and hash. */
const BCRYPT_HASH = /^\$2[aby]\$\d{2}\$[./A-Za-z0-9]{53}$/;

export function isBcryptHash(passwordHash: string): boolean {
  return BCRYPT_HASH.test(passwordHash);
}

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    if (isBcryptHash(passwordHash)) return await bcrypt.compare(password, passwordHash);
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** True for a hash that is not ours (an imported bcrypt one): rehash it once the password is known. */
export function needsRehash(passwordHash: string): boolean {
  return !passwordHash.startsWith('$argon2id$');
}

let dummyHash: Promise<string> | null = null;

/**
 * Burns the same time as a real check when the e-mail is unknown, so the answer's timing does
 * not tell a stranger who is registered.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword('dummy-password-for-timing-Aa1!');
  await verifyPassword(await dummyHash, password);
  return false;
}
