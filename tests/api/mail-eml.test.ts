/**
 * The default mail transport (no SMTP_URL): each message is an .eml file under DATA_DIR/mail
 * holding a working link, so a fresh clone can verify an account without any mail server.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_MSG } from '../../src/domain/account-messages';
import { engines, type Harness, registration, startApp } from './helpers';
import { decodeQuotedPrintable, linkFrom } from './mail-server';

describe.each(engines)('.eml mail transport ($name)', (engine) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startApp(engine, { PUBLIC_URL: 'https://memorial.exemplo.gov.br' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('writes the verification message with a link that verifies the account', async () => {
    const body = registration({ name: 'José <b>Ninguém</b> & Cia' });
    const res = await h.app.inject({ method: 'POST', url: '/api/users/register', payload: body });
    expect(res.statusCode).toBe(201);
    await h.app.ctx.background.drain();

    const dir = path.join(h.dataDir, 'mail');
    const files = fs.readdirSync(dir).filter((f) => f.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const raw = fs.readFileSync(path.join(dir, files[0] ?? ''), 'utf8');
    expect(raw).toMatch(new RegExp(`^To: ${body.email}$`, 'm'));
    expect(raw).toMatch(/Content-Type: text\/plain; charset=utf-8/);
    expect(raw).toMatch(/Content-Type: text\/html; charset=utf-8/);
    const decoded = decodeQuotedPrintable(raw);
    const [textPart, htmlPart] = decoded.split('Content-Type: text/html');
    expect(textPart).toContain('Olá, José <b>Ninguém</b> & Cia!');
    // In the HTML part the name is text, never markup.
    expect(htmlPart).toContain('Olá, José &lt;b&gt;Ninguém&lt;/b&gt; &amp; Cia!');
    expect(htmlPart).not.toContain('<b>Ninguém');

    const link = linkFrom({ decoded }, 'verify-email');
    expect(link.origin).toBe('https://memorial.exemplo.gov.br');
    expect(link.searchParams.get('email')).toBe(body.email);
    const verify = await h.app.inject({
      method: 'GET',
      url: `/api/users/verify-email?${link.searchParams}`,
    });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ message: ACCOUNT_MSG.emailVerified });
    const [row] = await h.app.ctx.database.sql.query<{ email_verified: boolean }>(
      'select email_verified from users where email = $1',
      [body.email],
    );
    expect(row?.email_verified).toBe(true);
  });
});
