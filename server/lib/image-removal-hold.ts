/**
 * While a backup copies the images, files the database snapshot may still reference must not
 * disappear: a photo replaced or a record deleted after the snapshot removes its files, and
 * the archive would then hold a record without its photo. Removals asked for during a hold
 * are kept and done when the last hold ends. Per process: the server's own backups hold it
 * (on PGlite the server is the only writer, so that is complete).
 */
import fs from 'node:fs/promises';

let holds = 0;
const deferred = new Set<string>();

/** Removes the files now, or when the current holds end. */
export async function removeFiles(paths: readonly string[]): Promise<void> {
  if (holds > 0) {
    for (const p of paths) deferred.add(p);
    return;
  }
  for (const p of paths) await fs.rm(p, { force: true });
}

/** Holds removals until the answered function is called (once). */
export function holdImageRemovals(): () => Promise<void> {
  holds += 1;
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds > 0) return;
    const paths = [...deferred];
    deferred.clear();
    for (const p of paths) await fs.rm(p, { force: true });
  };
}
