/**
 * The e2e mail reader (tests/e2e/mail-files.ts) decodes what nodemailer writes in either body
 * encoding, so the link the browser follows is the one the person would click.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { afterAll, describe, expect, it } from 'vitest';
import { linkIn, parseEml } from '../e2e/mail-files';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mail-files-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const LINK =
  'http://127.0.0.1:3000/auth/verify-email?token=Ab_9-xYz0123456789abcdefghijklmnopqrstuvwxyzABCD&email=jos%C3%A9.da.concei%C3%A7%C3%A3o%40exemplo.com.br';

async function write(encoding: 'quoted-printable' | 'base64'): Promise<string> {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  const info = await transport.sendMail({
    from: 'Memorial <nao-responda@memorial.local>',
    to: 'josé.da.conceição@exemplo.com.br',
    subject: 'Confirme seu e-mail — Memorial',
    text: `Olá, José da Conceição!\n\nConfirmar e-mail: ${LINK}\n`,
    html: `<p>Olá, José da Conceição!</p><p><a href="${LINK.replace(/&/g, '&amp;')}">Confirmar</a></p>`,
    textEncoding: encoding,
  });
  const file = path.join(dir, `${encoding}.eml`);
  fs.writeFileSync(file, info.message as Buffer);
  return file;
}

describe.each(['quoted-printable', 'base64'] as const)('parseEml (%s)', (encoding) => {
  it('decodes the text part and finds the whole link', async () => {
    const file = await write(encoding);
    const raw = fs.readFileSync(file, 'utf8');
    expect(raw).toContain(`Content-Transfer-Encoding: ${encoding}`);
    // Encoded on disk: the raw file does not hold the link as typed.
    expect(raw).not.toContain(LINK);
    const mail = parseEml(file);
    expect(mail.text).toContain('Olá, José da Conceição!');
    expect(mail.html).toContain('<p>Olá, José da Conceição!</p>');
    expect(linkIn(mail, 'verify-email').href).toBe(LINK);
  });
});
