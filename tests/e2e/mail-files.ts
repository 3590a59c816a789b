/**
 * Reads the e-mails the server's default transport writes as .eml files under DATA_DIR/mail/
 * (docs/engineering.md#chosen-packages-and-why) the way a mail client would: MIME parts split by boundary, each body decoded by its
 * Content-Transfer-Encoding (quoted-printable or base64), then the link taken from the text.
 */
import fs from 'node:fs';
import path from 'node:path';

export interface MailFile {
  file: string;
  to: string;
  text: string;
  html: string;
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalized = raw.replace(/\r\n/g, '\n');
  const cut = normalized.indexOf('\n\n');
  const head = cut === -1 ? normalized : normalized.slice(0, cut);
  const body = cut === -1 ? '' : normalized.slice(cut + 2);
  const headers = new Map<string, string>();
  // Folded header lines continue with leading whitespace.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function param(header: string | undefined, name: string): string | undefined {
  const match = new RegExp(`${name}="?([^";]+)"?`, 'i').exec(header ?? '');
  return match?.[1];
}

export function decodeQuotedPrintable(body: string): Buffer {
  const joined = body.replace(/=\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const charset = (param(part.headers.get('content-type'), 'charset') ?? 'utf-8').toLowerCase();
  const bytes =
    encoding === 'base64'
      ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(part.body)
        : Buffer.from(part.body, 'utf8');
  return new TextDecoder(charset).decode(bytes);
}

/** Every leaf part, depth first (multipart/alternative and multipart/mixed alike). */
function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  if (!/^multipart\//i.test(type)) return [part];
  const boundary = param(type, 'boundary');
  if (!boundary) return [];
  const chunks = part.body.split(`--${boundary}`).slice(1);
  const out: Part[] = [];
  for (const chunk of chunks) {
    if (chunk.startsWith('--')) break; // closing delimiter
    out.push(...leaves(splitPart(chunk.replace(/^\n/, ''))));
  }
  return out;
}

export function parseEml(file: string): MailFile {
  const root = splitPart(fs.readFileSync(file, 'utf8'));
  const parts = leaves(root);
  const textOf = (type: string) =>
    parts
      .filter((p) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase().startsWith(type))
      .map(decodeBody)
      .join('\n');
  return {
    file,
    to: root.headers.get('to') ?? '',
    text: textOf('text/plain'),
    html: textOf('text/html'),
  };
}

/** The app link of one page in a message's plain-text part. */
export function linkIn(mail: MailFile, page: 'verify-email' | 'reset-password'): URL {
  const match = new RegExp(`https?://\\S+/auth/${page}\\?\\S+`).exec(mail.text);
  if (!match) throw new Error(`sem link ${page} em ${mail.file}:\n${mail.text}`);
  return new URL(match[0]);
}

/**
 * Waits for a message to `to` holding a link to `page`, skipping files already `seen` (which it
 * then adds to), so a second mail of the same kind is told apart from the first.
 */
export async function waitForMail(
  dataDir: string,
  to: string,
  page: 'verify-email' | 'reset-password',
  seen: Set<string>,
  timeoutMs = 15_000,
): Promise<MailFile> {
  const dir = path.join(dataDir, 'mail');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
    for (const name of files.sort()) {
      const file = path.join(dir, name);
      if (seen.has(file)) continue;
      const mail = parseEml(file);
      if (
        mail.to.toLowerCase().includes(to.toLowerCase()) &&
        mail.text.includes(`/auth/${page}?`)
      ) {
        seen.add(file);
        return mail;
      }
    }
    if (Date.now() > deadline) throw new Error(`nenhum e-mail (${page}) para ${to} em ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
