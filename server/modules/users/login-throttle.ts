/**
 * Login throttling that protects accounts without handing strangers a lock-out (docs/decisions.md
 * "Login throttling"). Counters, all in ctx.limiter:
 *  - per address: every attempt (caps how fast one machine can try e-mails);
 *  - per account and address: failures from a browser the account has not logged in from; 10
 *    close that address for that account only, so a guesser cannot lock the person out from
 *    everywhere else;
 *  - per account, all addresses: failures from unknown browsers; past a free allowance each
 *    attempt waits a delay that doubles (1 s … 5 min) instead of a hard lock — distributed
 *    guessing slows to a crawl while the person, at worst, waits a few minutes;
 *  - per known device: a signed cookie issued at each successful login (OWASP's "device
 *    cookie") exempts that browser from the two account counters; its own failures are counted
 *    and 10 of them make it an unknown browser again.
 * Counters run for unknown e-mails too, so a 429 says nothing about who has an account.
 */
import crypto from 'node:crypto';
import { MSG } from '../../../src/domain/messages';
import type { AppContext } from '../../context';
import { tooMany } from '../../lib/http-error';
import { recordLoginRefused } from './login-audit';

const MIN = 60_000;

export const LOGIN_LIMITS = {
  perIp: { max: 30, windowMs: 10 * MIN },
  perAccountIp: { max: 10, windowMs: 10 * MIN },
  perDevice: { max: 10, windowMs: 10 * MIN },
  /** Failures from unknown browsers before delays start, and how delays grow. */
  perAccount: { free: 20, windowMs: 15 * MIN, firstDelayMs: 1000, maxDelayMs: 5 * MIN },
};

const DEVICE_COOKIE = 'memorial_device';
const DEVICE_DAYS = 180;
const MAC_PURPOSE = 'login-device';

/** A device cookie names one account; the nonce tells devices apart. */
interface KnownDevice {
  nonce: string;
}

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return null;
}

/** The known device this request proves for `email`, or null (absent, forged, another account). */
export function knownDevice(
  ctx: AppContext,
  cookieHeader: string | undefined,
  email: string,
): KnownDevice | null {
  const value = cookieValue(cookieHeader, DEVICE_COOKIE);
  const [account, nonce, mac] = value?.split('.') ?? [];
  if (!account || !nonce || !mac || !/^[A-Za-z0-9_-]{16,64}$/.test(nonce)) return null;
  const expected = ctx.tokens.mac(MAC_PURPOSE, `${account}.${nonce}`);
  const a = Buffer.from(mac);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !crypto.timingSafeEqual(a, b)) return null;
  if (Buffer.from(account, 'base64url').toString('utf8') !== email) return null;
  return { nonce };
}

/** The Set-Cookie value that marks this browser as a known device of `email`. */
export function deviceCookie(ctx: AppContext, email: string, device: KnownDevice | null): string {
  const account = Buffer.from(email, 'utf8').toString('base64url');
  const nonce = device?.nonce ?? crypto.randomBytes(18).toString('base64url');
  const mac = ctx.tokens.mac(MAC_PURPOSE, `${account}.${nonce}`);
  const secure = ctx.config.publicUrl.startsWith('https://') ? '; Secure' : '';
  return `${DEVICE_COOKIE}=${account}.${nonce}.${mac}; Path=/api/users/login; Max-Age=${
    DEVICE_DAYS * 86_400
  }; HttpOnly; SameSite=Strict${secure}`;
}

const keys = {
  ip: (ip: string) => `login:ip:${ip}`,
  pair: (email: string, ip: string) => `login:pair:${email}|${ip}`,
  account: (email: string) => `login:acct:${email}`,
  device: (nonce: string) => `login:dev:${nonce}`,
};

/** How long an unknown browser must still wait after `failures` account-wide failures. */
export function accountDelayMs(failures: number): number {
  const over = failures - LOGIN_LIMITS.perAccount.free;
  if (over < 0) return 0;
  return Math.min(
    LOGIN_LIMITS.perAccount.firstDelayMs * 2 ** over,
    LOGIN_LIMITS.perAccount.maxDelayMs,
  );
}

/**
 * Refuses the attempt (429), writing an audit entry the first time in a window that this key
 * refuses this account from this address: a flood of refusals is one entry, not a flood of them.
 */
async function refuse(
  ctx: AppContext,
  email: string,
  ip: string,
  reason: string,
  waitMs: number,
): Promise<never> {
  const first = await ctx.limiter.hit(`login:audited:${reason}:${email}|${ip}`, {
    max: 1,
    windowMs: 10 * MIN,
  });
  if (first.allowed) await recordLoginRefused(ctx, email, ip, reason);
  throw tooMany(MSG.tooManyAttempts, Math.max(1, Math.ceil(waitMs / 1000)));
}

/**
 * Counts the attempt and refuses it (429) when a counter says so; answers whether the browser
 * is a known device, which the outcome must be reported with.
 */
export async function admitLogin(
  ctx: AppContext,
  email: string,
  ip: string,
  device: KnownDevice | null,
): Promise<{ device: KnownDevice | null }> {
  const limiter = ctx.limiter;
  const perIp = await limiter.hit(keys.ip(ip), LOGIN_LIMITS.perIp);
  if (!perIp.allowed) await refuse(ctx, email, ip, 'endereco', perIp.retryAfterSeconds * 1000);
  const now = limiter.time();
  if (
    device &&
    (await limiter.peek(keys.device(device.nonce))).count < LOGIN_LIMITS.perDevice.max
  ) {
    return { device };
  }
  const [pair, account] = await Promise.all([
    limiter.peek(keys.pair(email, ip)),
    limiter.peek(keys.account(email)),
  ]);
  if (pair.count >= LOGIN_LIMITS.perAccountIp.max) {
    await refuse(ctx, email, ip, 'conta_e_endereco', pair.resetAt - now);
  }
  const wait = account.lastAt + accountDelayMs(account.count) - now;
  if (wait > 0) await refuse(ctx, email, ip, 'conta', wait);
  return { device: null };
}

/**
 * A login form sent without the app's code (POST /login, the page the server renders): no
 * password is checked there, but each one counts against the address's login attempts, as the
 * API's login does, so the form is no way around that bound. Answers the seconds to wait when
 * refused, else null.
 */
export async function admitLoginForm(ctx: AppContext, ip: string): Promise<number | null> {
  const perIp = await ctx.limiter.hit(keys.ip(ip), LOGIN_LIMITS.perIp);
  return perIp.allowed ? null : Math.max(1, perIp.retryAfterSeconds);
}

/** Records a failed password for the counters that admitted it. */
export async function loginFailed(
  ctx: AppContext,
  email: string,
  ip: string,
  device: KnownDevice | null,
): Promise<void> {
  if (device) {
    await ctx.limiter.hit(keys.device(device.nonce), LOGIN_LIMITS.perDevice);
    return;
  }
  await Promise.all([
    ctx.limiter.hit(keys.pair(email, ip), LOGIN_LIMITS.perAccountIp),
    ctx.limiter.hit(keys.account(email), {
      max: Number.MAX_SAFE_INTEGER,
      windowMs: LOGIN_LIMITS.perAccount.windowMs,
    }),
  ]);
}

/** The person got in: this address and device start over (the account-wide count stays). */
export async function loginSucceeded(
  ctx: AppContext,
  email: string,
  ip: string,
  device: KnownDevice | null,
): Promise<void> {
  await ctx.limiter.reset(keys.pair(email, ip));
  if (device) await ctx.limiter.reset(keys.device(device.nonce));
}
