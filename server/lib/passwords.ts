/** Argon2id with OWASP's setting (m=19456 KiB, t=2, p=1), docs/engineering.md#chosen-packages-and-why. */
import { type Algorithm, hash, verify } from '@node-rs/argon2';

// Algorithm is an ambient const enum (not importable as a value here); 2 is Argon2id.
const ARGON2ID = 2 as Algorithm;
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
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
