/**
 * The archive's container: a plain POSIX ustar file, written member by member from files whose
 * size is known, and read back by offsets (every member's header and bytes where the format
 * says they are). Plain tar so any machine can list it (`tar tf`); its members are already
 * compressed (pg_dump's custom format, the gzipped PGlite dump, the re-encoded images).
 * Every member's sha256 is computed while it is written or read, never in a second pass.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';

const BLOCK = 512;

export class TarFormatError extends Error {}

function octal(value: number, width: number): string {
  return `${value.toString(8).padStart(width - 1, '0')}\0`;
}

function header(name: string, size: number, mtime: Date): Buffer {
  const h = Buffer.alloc(BLOCK, 0);
  let base = name;
  let prefix = '';
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) {
      throw new TarFormatError(`nome longo demais para o arquivo: ${name}`);
    }
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  h.write(base, 0, 100, 'utf8');
  h.write(octal(0o644, 8), 100, 'ascii');
  h.write(octal(0, 8), 108, 'ascii');
  h.write(octal(0, 8), 116, 'ascii');
  h.write(octal(size, 12), 124, 'ascii');
  h.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  h.write('        ', 148, 'ascii');
  h.write('0', 156, 'ascii');
  h.write('ustar\0', 257, 'ascii');
  h.write('00', 263, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const byte of h) sum += byte;
  h.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'ascii');
  return h;
}

/** Writes members into an open file, in order; `finish()` writes the end-of-archive blocks. */
export class TarWriter {
  private position = 0;
  bytes = 0;

  constructor(private readonly file: FileHandle) {}

  private async write(buf: Buffer): Promise<void> {
    let done = 0;
    while (done < buf.length) {
      const { bytesWritten } = await this.file.write(buf, done, buf.length - done, this.position);
      done += bytesWritten;
      this.position += bytesWritten;
    }
  }

  /** Adds a member from a buffer; answers its sha256 (hex). */
  async addBuffer(name: string, data: Buffer, mtime = new Date()): Promise<string> {
    await this.write(header(name, data.length, mtime));
    await this.write(data);
    await this.pad(data.length);
    return crypto.createHash('sha256').update(data).digest('hex');
  }

  /**
   * Adds a member from a file on disk; answers its sha256 and size, or null when the file is
   * gone (an image removed since it was listed: the caller decides).
   */
  async addFile(name: string, source: string): Promise<{ sha256: string; size: number } | null> {
    let handle: FileHandle;
    try {
      handle = await fs.promises.open(source, 'r');
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw err;
    }
    try {
      const stat = await handle.stat();
      const size = stat.size;
      await this.write(header(name, size, stat.mtime));
      const hash = crypto.createHash('sha256');
      const chunk = Buffer.allocUnsafe(1 << 20);
      let read = 0;
      while (read < size) {
        const { bytesRead } = await handle.read(
          chunk,
          0,
          Math.min(chunk.length, size - read),
          read,
        );
        if (bytesRead === 0) throw new Error(`o arquivo ${source} encolheu durante a cópia`);
        const part = chunk.subarray(0, bytesRead);
        hash.update(part);
        await this.write(part);
        read += bytesRead;
      }
      await this.pad(size);
      return { sha256: hash.digest('hex'), size };
    } finally {
      await handle.close();
    }
  }

  private async pad(size: number): Promise<void> {
    const rest = size % BLOCK;
    if (rest) await this.write(Buffer.alloc(BLOCK - rest, 0));
  }

  async finish(): Promise<void> {
    await this.write(Buffer.alloc(BLOCK * 2, 0));
    this.bytes = this.position;
  }
}

export interface TarMember {
  name: string;
  size: number;
  /** Where the member's bytes start in the archive. */
  offset: number;
}

function parseOctal(buf: Buffer): number {
  const text = buf.toString('ascii').replace(/\0.*$/s, '').trim();
  if (!/^[0-7]*$/.test(text)) throw new TarFormatError('cabeçalho inválido');
  return text === '' ? 0 : Number.parseInt(text, 8);
}

/**
 * Lists the archive's members by reading each header. A cut archive (a header or a member
 * past the end of the file) or a damaged header (its checksum) throws TarFormatError.
 */
export async function listTar(file: string): Promise<TarMember[]> {
  const handle = await fs.promises.open(file, 'r');
  try {
    const { size: total } = await handle.stat();
    const members: TarMember[] = [];
    const h = Buffer.alloc(BLOCK);
    let position = 0;
    for (;;) {
      const { bytesRead } = await handle.read(h, 0, BLOCK, position);
      if (bytesRead < BLOCK) throw new TarFormatError('o arquivo termina no meio de um cabeçalho');
      if (h.every((b) => b === 0)) return members;
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : (h[i] ?? 0);
      if (sum !== parseOctal(h.subarray(148, 156))) {
        throw new TarFormatError('cabeçalho danificado');
      }
      const base = h.toString('utf8', 0, 100).replace(/\0.*$/s, '');
      const prefix = h.toString('utf8', 345, 500).replace(/\0.*$/s, '');
      const size = parseOctal(h.subarray(124, 136));
      const offset = position + BLOCK;
      if (offset + size > total) throw new TarFormatError('o arquivo termina no meio de um membro');
      members.push({ name: prefix ? `${prefix}/${base}` : base, size, offset });
      position = offset + Math.ceil(size / BLOCK) * BLOCK;
    }
  } finally {
    await handle.close();
  }
}

/** Copies one member out to `dest` (or nowhere when null) and answers its sha256. */
export async function extractMember(
  archive: string,
  member: TarMember,
  dest: string | null,
): Promise<string> {
  const hash = crypto.createHash('sha256');
  if (member.size === 0) {
    if (dest) await fs.promises.writeFile(dest, '');
    return hash.digest('hex');
  }
  const source = fs.createReadStream(archive, {
    start: member.offset,
    end: member.offset + member.size - 1,
  });
  source.on('data', (chunk) => hash.update(chunk));
  if (dest) await pipeline(source, fs.createWriteStream(dest));
  else for await (const _ of source);
  return hash.digest('hex');
}

/** Reads one (small) member into memory. */
export async function readMember(archive: string, member: TarMember): Promise<Buffer> {
  const handle = await fs.promises.open(archive, 'r');
  try {
    const buf = Buffer.alloc(member.size);
    await handle.read(buf, 0, member.size, member.offset);
    return buf;
  } finally {
    await handle.close();
  }
}
