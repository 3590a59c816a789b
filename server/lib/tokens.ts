/**
 * Session tokens: HS256 JWTs carrying the user id, the user's token_version and a random id of
 * their own (jti: "Sair" refuses that one token, server/lib/revoked-tokens.ts), signed with
 * JWT_SECRET or with a secret generated once into DATA_DIR/jwt-secret (never in the repo).
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { createSigner, createVerifier } from 'fast-jwt';

interface TokenClaims {
  sub: string;
  tv: number;
}

/** What a verified token says: its claims, its own id and when it expires. */
export interface VerifiedClaims extends TokenClaims {
  /** Absent from tokens signed before tokens had one: those end only by expiry or token_version. */
  jti: string | null;
  /** Expiry, ms since the epoch. */
  expiresAt: number;
}

export interface TokenService {
  sign(claims: TokenClaims): string;
  /** The claims, or null for a tampered, expired, foreign-signed or malformed token. */
  verify(token: string): VerifiedClaims | null;
  /** HMAC-SHA256 (base64url) of `data` under a key derived from the secret for `purpose`. */
  mac(purpose: string, data: string): string;
}

const ISSUER = 'memorial';

export function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, 'jwt-secret');
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch {
    // first start: create it below
  }
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(48).toString('base64url');
  fs.writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}

export function createTokenService(secret: string, ttlSeconds: number): TokenService {
  const signer = createSigner({
    key: secret,
    algorithm: 'HS256',
    iss: ISSUER,
    expiresIn: ttlSeconds * 1000,
  });
  // No fast-jwt cache: its key is a SHA-256 of the token, as dear as the HMAC it saves
  // (docs/decisions.md "Authenticated requests"); `verified` below keys on the token itself.
  const verifier = createVerifier({
    key: secret,
    algorithms: ['HS256'],
    allowedIss: ISSUER,
  });
  const verified = new VerifiedTokens();
  const macKeys = new Map<string, Buffer>();
  const macKey = (purpose: string): Buffer => {
    let key = macKeys.get(purpose);
    if (!key) {
      key = crypto.createHmac('sha256', secret).update(`memorial:${purpose}`).digest();
      macKeys.set(purpose, key);
    }
    return key;
  };
  return {
    mac: (purpose, data) =>
      crypto.createHmac('sha256', macKey(purpose)).update(data).digest('base64url'),
    sign: (claims) =>
      signer({ sub: claims.sub, tv: claims.tv, jti: crypto.randomBytes(16).toString('base64url') }),
    verify: (token) => {
      const known = verified.get(token);
      if (known) return known;
      try {
        const payload = verifier(token) as {
          sub?: unknown;
          tv?: unknown;
          exp?: unknown;
          jti?: unknown;
        };
        if (typeof payload.sub !== 'string' || typeof payload.tv !== 'number') return null;
        // The signer always sets exp; a token without one is not ours to keep forever.
        if (typeof payload.exp !== 'number') return null;
        const claims: VerifiedClaims = {
          sub: payload.sub,
          tv: payload.tv,
          jti: typeof payload.jti === 'string' ? payload.jti : null,
          expiresAt: payload.exp * 1000,
        };
        verified.set(token, claims);
        return claims;
      } catch {
        return null;
      }
    },
  };
}

/**
 * Tokens this process verified, keyed by the token string itself (a Map lookup hashes it in
 * V8, a fraction of a microsecond), held until the token's own expiry. Only tokens whose
 * signature checked are stored, so forged ones cannot fill it; at most MAX entries, the oldest
 * out first. What a token may do is still decided per request from the user's row (its
 * token_version: a password change, reset or deletion ends it at once).
 */
class VerifiedTokens {
  private static readonly MAX = 10_000;
  private readonly entries = new Map<string, VerifiedClaims>();

  get(token: string): VerifiedClaims | null {
    const hit = this.entries.get(token);
    if (!hit) return null;
    if (hit.expiresAt > Date.now()) return hit;
    this.entries.delete(token);
    return null;
  }

  set(token: string, claims: VerifiedClaims): void {
    if (this.entries.size >= VerifiedTokens.MAX) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, claims);
  }
}
