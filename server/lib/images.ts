/**
 * The image pipeline shared by burial photos, avatars and tribute photos. Uploaded bytes are
 * never stored nor served as they came: the real type is sniffed from the bytes (file-type),
 * the image is decoded by sharp with a pixel cap, and what is kept is our own re-encoding
 * (auto-rotated by EXIF, metadata such as GPS dropped) at display size and thumbnail size,
 * under random names in DATA_DIR/images/{kind}/. Anything else answers 415, too many pixels 413.
 *
 * sharp runs in libuv's thread pool, so the event loop only waits for I/O; a semaphore keeps
 * at most two decodes in flight so a burst of uploads cannot multiply peak memory.
 * sharp (with libvips) and file-type are loaded on the first image, not at start: a server
 * that receives no upload keeps neither in memory (docs/decisions/0180-idle-memory.md).
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type sharp from 'sharp';
import {
  displayNameOf,
  IMAGE_FILE_REGEX,
  IMAGE_KINDS,
  mediumNameOf,
  STORED_IMAGE_KINDS,
  thumbNameOf,
  UPLOAD_LIMITS,
  UPLOAD_MSG,
} from '../../src/domain/upload-rules';
import type { Config } from '../config';
import { HttpError } from './http-error';
import { removeFiles } from './image-removal-hold';
import { onFirstUse } from './on-first-use';
import { Semaphore } from './semaphore';

// The names and kinds are shared with the service worker's photo store (src/domain).
export { IMAGE_FILE_REGEX, IMAGE_KINDS, mediumNameOf, thumbNameOf };

type ImageKind = (typeof STORED_IMAGE_KINDS)[number];

/** All the pipeline needs of the app: where DATA_DIR is (the legacy import has no app). */
export type ImageContext = { config: Pick<Config, 'uploadDir'> };

function isImageKind(value: unknown): value is ImageKind {
  return typeof value === 'string' && (STORED_IMAGE_KINDS as readonly string[]).includes(value);
}

function isImageFileName(value: unknown): value is string {
  return typeof value === 'string' && IMAGE_FILE_REGEX.test(value);
}

interface PreparedImage {
  display: Buffer;
  /** ≤ 800 px (the srcset's middle size; the display bytes when already that small), if asked. */
  medium: Buffer | null;
  thumb: Buffer;
  width: number;
  height: number;
}

export interface StoredImage {
  /** Display-size file (≤ 1600 px on the longer side). */
  file: string;
  /** Thumbnail (≤ 320 px on the longer side). */
  thumb: string;
  /** ≤ 800 px copy (burial photos: the detail photo's srcset). */
  medium: string | null;
  width: number;
  height: number;
}

/** sharp, loaded and set up once, for every image the server draws or re-encodes. */
export const loadSharp = onFirstUse(() =>
  import('sharp').then(({ default: loaded }) => {
    // Uploads never repeat, so libvips' operation cache would only hold memory.
    loaded.cache(false);
    loaded.concurrency(Math.max(1, Math.min(2, os.availableParallelism())));
    return loaded;
  }),
).get;

/** What the bytes are by their content (file-type), whatever name or type came with them. */
export async function sniffType(bytes: Buffer) {
  const { fileTypeFromBuffer } = await import('file-type');
  return fileTypeFromBuffer(bytes);
}

const decodes = new Semaphore(2);

/** Sniffed type → the formats sharp must agree on (HEIC only if this sharp build decodes it). */
const ALLOWED: Record<string, readonly string[]> = {
  'image/jpeg': ['jpeg'],
  'image/png': ['png'],
  'image/webp': ['webp'],
  'image/gif': ['gif'],
  'image/avif': ['heif'],
  'image/heic': ['heif'],
  'image/heif': ['heif'],
};

/**
 * Markup or script hidden in an image (a polyglot). Re-encoding already throws such bytes
 * away; refusing them too is defence in depth and tells the sender something is wrong.
 * Markers are "<" plus ≥ 4 letters, so random compressed data practically never matches.
 */
const MARKERS = [
  '?php',
  'script',
  'html',
  'svg ',
  'svg>',
  'svg/',
  '!doctype',
  'iframe',
  'body',
].map((m) => Buffer.from(m, 'latin1'));
const LT = 0x3c;

/**
 * One pass from "<" to "<" with a case-insensitive compare: ~3× faster than a regex over a
 * latin1 copy or one Buffer.includes per marker and case (it runs on the event loop).
 */
export function hasScriptMarkers(bytes: Buffer): boolean {
  for (let i = bytes.indexOf(LT); i !== -1; i = bytes.indexOf(LT, i + 1)) {
    for (const marker of MARKERS) {
      let k = 0;
      for (; k < marker.length; k++) {
        const c = bytes[i + 1 + k];
        if (c === undefined) break;
        const lower = c >= 0x41 && c <= 0x5a ? c | 0x20 : c;
        if (lower !== marker[k]) break;
      }
      if (k === marker.length) return true;
    }
  }
  return false;
}

const unsupported = (message: string = UPLOAD_MSG.notImage) => new HttpError(415, message);

/** A plan's paths and plate numbers must stay legible when zoomed in on a phone. */
export const PLAN_MAX_SIDE = 4096;

interface PrepareOptions {
  /** Longer side of the display image (default UPLOAD_LIMITS.displayMaxSide). */
  maxSide?: number;
  /** Also an 800 px copy (burial photos: the detail page's srcset). */
  medium?: boolean;
}

/** Sniffs, checks and re-encodes one upload in memory; writes nothing. */
async function prepareImage(bytes: Buffer, options: PrepareOptions = {}): Promise<PreparedImage> {
  const maxSide = options.maxSide ?? UPLOAD_LIMITS.displayMaxSide;
  if (bytes.length > UPLOAD_LIMITS.maxFileBytes) throw new HttpError(413, UPLOAD_MSG.fileTooLarge);
  const sniffed = bytes.length > 0 ? await sniffType(bytes) : undefined;
  const formats = sniffed ? ALLOWED[sniffed.mime] : undefined;
  if (!sniffed || !formats || hasScriptMarkers(bytes)) throw unsupported();
  const isHeic = sniffed.mime === 'image/heic' || sniffed.mime === 'image/heif';
  const sharp = await loadSharp();

  return decodes.run(async () => {
    let meta: sharp.Metadata;
    try {
      // Header only: the pixel count is checked before anything is decoded.
      meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    } catch {
      throw unsupported(isHeic ? UPLOAD_MSG.heicUnsupported : UPLOAD_MSG.corrupt);
    }
    if (!formats.includes(meta.format ?? '') || !meta.width || !meta.height) {
      throw unsupported(isHeic ? UPLOAD_MSG.heicUnsupported : UPLOAD_MSG.notImage);
    }
    if (meta.width * meta.height > UPLOAD_LIMITS.maxInputPixels) {
      throw new HttpError(413, UPLOAD_MSG.tooManyPixels);
    }
    try {
      // failOn 'warning' (the default, spelled out): a truncated file is refused, not padded grey.
      const display = await sharp(bytes, {
        limitInputPixels: UPLOAD_LIMITS.maxInputPixels,
        sequentialRead: true,
        failOn: 'warning',
      })
        .rotate()
        .resize({
          width: maxSide,
          height: maxSide,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: UPLOAD_LIMITS.displayWebpQuality })
        .toBuffer({ resolveWithObject: true });
      // The smaller sizes come from the display image, not a second decode of the original.
      const medium = !options.medium
        ? null
        : Math.max(display.info.width, display.info.height) > UPLOAD_LIMITS.mediumMaxSide
          ? await sharp(display.data)
              .resize({
                width: UPLOAD_LIMITS.mediumMaxSide,
                height: UPLOAD_LIMITS.mediumMaxSide,
                fit: 'inside',
                withoutEnlargement: true,
              })
              .webp({ quality: 78 })
              .toBuffer()
          : display.data;
      const thumb = await sharp(display.data)
        .resize({
          width: UPLOAD_LIMITS.thumbMaxSide,
          height: UPLOAD_LIMITS.thumbMaxSide,
          fit: 'inside',
          withoutEnlargement: true,
        })
        .webp({ quality: 72 })
        .toBuffer();
      return {
        display: display.data,
        medium,
        thumb,
        width: display.info.width,
        height: display.info.height,
      };
    } catch (err) {
      if (err instanceof Error && /pixel limit/i.test(err.message)) {
        throw new HttpError(413, UPLOAD_MSG.tooManyPixels);
      }
      throw unsupported(isHeic ? UPLOAD_MSG.heicUnsupported : UPLOAD_MSG.corrupt);
    }
  });
}

/**
 * Checks and re-encodes like storeImage, then throws the result away: the legacy import's
 * --dry-run tells which photos would be refused without writing anything.
 */
export async function checkImage(bytes: Buffer): Promise<void> {
  await prepareImage(bytes);
}

function imageDir(ctx: ImageContext, kind: ImageKind): string {
  return path.join(ctx.config.uploadDir, kind);
}

/** Absolute path of a stored image, or null when the kind or the name is not one of ours. */
export function imagePath(ctx: ImageContext, kind: string, file: string): string | null {
  if (!isImageKind(kind) || !isImageFileName(file)) return null;
  return path.join(imageDir(ctx, kind), file);
}

/** Writes a prepared image under fresh random names ('wx': never overwrites anything). */
async function writePreparedImage(
  ctx: ImageContext,
  kind: ImageKind,
  prepared: PreparedImage,
): Promise<StoredImage> {
  const dir = imageDir(ctx, kind);
  await fs.mkdir(dir, { recursive: true });
  const base = crypto.randomBytes(16).toString('hex');
  const file = `${base}.webp`;
  const thumb = `${base}-t.webp`;
  const medium = prepared.medium ? `${base}-m.webp` : null;
  await fs.writeFile(path.join(dir, file), prepared.display, { flag: 'wx', mode: 0o644 });
  try {
    await fs.writeFile(path.join(dir, thumb), prepared.thumb, { flag: 'wx', mode: 0o644 });
    if (medium && prepared.medium) {
      await fs.writeFile(path.join(dir, medium), prepared.medium, { flag: 'wx', mode: 0o644 });
    }
  } catch (err) {
    for (const name of [file, thumb]) await fs.rm(path.join(dir, name), { force: true });
    throw err;
  }
  return { file, thumb, medium, width: prepared.width, height: prepared.height };
}

/** One upload → stored display image and thumbnail (415/413 HttpError when refused). */
export async function storeImage(
  ctx: ImageContext,
  kind: ImageKind,
  bytes: Buffer,
  options: PrepareOptions = {},
): Promise<StoredImage> {
  const withMedium = { medium: kind === 'sepultados', ...options };
  return writePreparedImage(ctx, kind, await prepareImage(bytes, withMedium));
}

/**
 * Several uploads, all or nothing: every one is checked and re-encoded before the first is
 * written, so a bad third photo leaves no trace of the first two.
 */
export async function storeImages(
  ctx: ImageContext,
  kind: ImageKind,
  uploads: Buffer[],
): Promise<StoredImage[]> {
  const prepared: PreparedImage[] = [];
  for (const bytes of uploads) {
    prepared.push(await prepareImage(bytes, { medium: kind === 'sepultados' }));
  }
  const stored: StoredImage[] = [];
  try {
    for (const p of prepared) stored.push(await writePreparedImage(ctx, kind, p));
  } catch (err) {
    await removeImages(
      ctx,
      kind,
      stored.map((s) => s.file),
    );
    throw err;
  }
  return stored;
}

/** Removes a stored image and its smaller sizes; unknown names and missing files are ignored. */
export async function removeImage(ctx: ImageContext, kind: ImageKind, file: string): Promise<void> {
  const display = imagePath(ctx, kind, file);
  const thumb = imagePath(ctx, kind, thumbNameOf(file));
  const medium = imagePath(ctx, kind, mediumNameOf(file));
  // A backup in progress may still need them (lib/image-removal-hold.ts).
  await removeFiles([display, thumb, medium].filter((p): p is string => p !== null));
}

export async function removeImages(
  ctx: ImageContext,
  kind: ImageKind,
  files: readonly string[],
): Promise<void> {
  for (const file of files) await removeImage(ctx, kind, file);
}

/**
 * The stored bytes, or null when the name is not ours or the file does not exist. A photo
 * stored before the 800 px copy existed answers its "-m" name with the display file, so a
 * srcset never shows a broken image.
 */
export async function readImage(
  ctx: ImageContext,
  kind: string,
  file: string,
): Promise<Buffer | null> {
  const p = imagePath(ctx, kind, file);
  if (!p) return null;
  try {
    return await fs.readFile(p);
  } catch {
    if (!file.endsWith('-m.webp')) return null;
    return readImage(ctx, kind, displayNameOf(file));
  }
}
