/**
 * Avatars go through the shared image pipeline (lib/images.ts): sniffed, re-encoded,
 * EXIF/GPS stripped, stored under a random name, served at /api/images/users/{file} (with a
 * thumbnail at {name}-t.webp). users.image holds the display file's name.
 */
import type { AppContext } from '../../context';
import { removeImage, storeImage } from '../../lib/images';

export async function storeAvatar(ctx: AppContext, bytes: Buffer): Promise<string> {
  return (await storeImage(ctx, 'users', bytes)).file;
}

export async function removeAvatar(ctx: AppContext, file: string): Promise<void> {
  await removeImage(ctx, 'users', file);
}
