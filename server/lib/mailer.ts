/**
 * Outgoing e-mail (docs/engineering.md#chosen-packages-and-why). Without SMTP_URL each message is written as an .eml file under
 * DATA_DIR/mail/ and its link is logged, so a fresh clone works offline and a developer can click
 * it; with SMTP_URL it goes out by SMTP. The transport is built from config, so tests point it
 * at a real smtp-server on a loopback port just by setting SMTP_URL. nodemailer is loaded with
 * the first message, not at start: most hours of a server send none
 * (docs/decisions/0180-idle-memory.md).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type nodemailer from 'nodemailer';
import type { Config } from '../config';
import { onFirstUse } from './on-first-use';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The action link, logged by the file transport only (never with real SMTP: it is a secret). */
  link?: string;
}

export interface Mailer {
  readonly kind: 'file' | 'smtp';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

type MailerConfig = Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>;

function envelope(config: MailerConfig, mail: OutgoingMail) {
  return {
    from: config.mailFrom,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    // Deterministic, readable encoding (and links that survive copy and paste from the raw file).
    textEncoding: 'quoted-printable' as const,
  };
}

/** A transport made with the first message; close() ends it only if one was made. */
function lazyTransport<T extends { close(): void }>(make: (loaded: typeof nodemailer) => T) {
  const transport = onFirstUse(() =>
    import('nodemailer').then(({ default: loaded }) => make(loaded)),
  );
  return {
    get: transport.get,
    close: () => {
      void transport.made()?.then((made) => made.close());
    },
  };
}

export function createMailer(config: MailerConfig, log: FastifyBaseLogger): Mailer {
  if (config.smtpUrl) {
    const url = config.smtpUrl;
    const transport = lazyTransport((loaded) =>
      loaded.createTransport({
        url,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      }),
    );
    return {
      kind: 'smtp',
      send: async (mail) => {
        const info = await (await transport.get()).sendMail(envelope(config, mail));
        log.info({ messageId: info.messageId, subject: mail.subject }, 'e-mail sent by SMTP');
      },
      close: transport.close,
    };
  }

  const dir = path.join(config.dataDir, 'mail');
  const transport = lazyTransport((loaded) =>
    loaded.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
  );
  return {
    kind: 'file',
    send: async (mail) => {
      const info = await (await transport.get()).sendMail(envelope(config, mail));
      if (!Buffer.isBuffer(info.message)) throw new Error('stream transport gave no buffer');
      await fs.mkdir(dir, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
      const file = path.join(dir, name);
      await fs.writeFile(file, info.message, { mode: 0o600 });
      log.info(
        { to: mail.to, subject: mail.subject, file, link: mail.link },
        'e-mail written to file (SMTP_URL not set)',
      );
    },
    close: transport.close,
  };
}
