/**
 * Session tokens (server/lib/tokens.ts): verified once, then known until their own expiry; each
 * with an id of its own, which "Sair" ends (server/lib/revoked-tokens.ts).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createTokenService } from '../../server/lib/tokens';

const SECRET = 'a-test-secret-of-at-least-thirty-two-chars';

describe('token verification', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('answers the claims of a good token, again from memory', () => {
    const tokens = createTokenService(SECRET, 3600);
    const token = tokens.sign({ sub: 'u1', tv: 3 });
    const claims = tokens.verify(token);
    expect(claims).toEqual({
      sub: 'u1',
      tv: 3,
      jti: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      expiresAt: expect.any(Number),
    });
    expect(tokens.verify(token)).toEqual(claims);
  });

  it('gives each token an id of its own, even for the same person and moment', () => {
    const tokens = createTokenService(SECRET, 3600);
    const one = tokens.verify(tokens.sign({ sub: 'u1', tv: 0 }));
    const two = tokens.verify(tokens.sign({ sub: 'u1', tv: 0 }));
    expect(one?.jti).toBeTruthy();
    expect(one?.jti).not.toBe(two?.jti);
  });

  it('refuses a tampered or foreign token even after the good one was verified', () => {
    const tokens = createTokenService(SECRET, 3600);
    const token = tokens.sign({ sub: 'u1', tv: 0 });
    expect(tokens.verify(token)).not.toBeNull();
    const [head, , sig] = token.split('.');
    const forged = `${head}.${Buffer.from(JSON.stringify({ sub: 'admin', tv: 0, iss: 'memorial' })).toString('base64url')}.${sig}`;
    expect(tokens.verify(forged)).toBeNull();
    expect(tokens.verify(`${token}x`)).toBeNull();
    const other = createTokenService('another-secret-of-at-least-thirty-two-chars', 3600);
    expect(other.verify(token)).toBeNull();
  });

  it('stops answering a remembered token at its expiry', () => {
    vi.useFakeTimers();
    vi.setSystemTime(new Date('2026-11-02T08:00:00Z'));
    const tokens = createTokenService(SECRET, 60);
    const token = tokens.sign({ sub: 'u1', tv: 0 });
    const expiresAt = Date.parse('2026-11-02T08:01:00Z');
    expect(tokens.verify(token)).toMatchObject({ sub: 'u1', tv: 0, expiresAt });
    vi.setSystemTime(new Date('2026-11-02T08:00:59Z'));
    expect(tokens.verify(token)).toMatchObject({ sub: 'u1', tv: 0, expiresAt });
    vi.setSystemTime(new Date('2026-11-02T08:01:01Z'));
    expect(tokens.verify(token)).toBeNull();
  });
});
