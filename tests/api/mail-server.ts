/**
 * A real SMTP server on a loopback port for API tests (docs/engineering.md#chosen-packages-and-why): the app sends through
 * nodemailer's SMTP transport (SMTP_URL), this receives the raw message, and the test reads the
 * link from it the way a person would, then follows it.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  /** The raw message with quoted-printable undone (soft breaks joined, =XX decoded). */
  decoded: string;
}

export interface MailServer {
  url: string;
  received: ReceivedMail[];
  /** The next (or an already received, not yet taken) message to `to` that matches. */
  next(to: string, match?: RegExp, timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export function decodeQuotedPrintable(raw: string): string {
  const joined = raw.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** The link to one of the app's pages in a message's plain-text part. */
export function linkFrom(mail: { decoded: string }, page: 'verify-email' | 'reset-password') {
  const match = new RegExp(
    `https?://[^\\s"<>]+/auth/${page}\\?token=[A-Za-z0-9_-]+&email=[^\\s"<>&]+`,
  ).exec(mail.decoded);
  if (!match) throw new Error(`no ${page} link in:\n${mail.decoded}`);
  return new URL(match[0]);
}

export async function startMailServer(): Promise<MailServer> {
  const received: ReceivedMail[] = [];
  const taken = new Set<ReceivedMail>();
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          decoded: decodeQuotedPrintable(raw),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  const find = (to: string, match?: RegExp) =>
    received.find(
      (m) => !taken.has(m) && m.to.includes(to.toLowerCase()) && (!match || match.test(m.decoded)),
    );

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    next: async (to, match, timeoutMs = 5000) => {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const mail = find(to, match);
        if (mail) {
          taken.add(mail);
          return mail;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
