/**
 * Where a stored image is served and the responsive set of a burial photo (320 / 800 / 1600 px:
 * thumbnail, -m copy, display file) with the detail carousel's `sizes`: the <img>'s
 * (src/ui/burial-image.tsx), which React's preload of the QR landing's first photo, in the page
 * the server renders, repeats exactly.
 */
import { IMAGE_FILE_REGEX, mediumNameOf, thumbNameOf } from './upload-rules';

/** A bare stored file name under /api/images/{folder}/ (encoded: a name cannot climb folders). */
export function storedImageUrl(name: string, folder: string, apiBase: string): string {
  return `${apiBase.replace(/\/+$/, '')}/images/${folder}/${encodeURIComponent(name)}`;
}

/** The detail carousel's photo slot: 600 px wide from 640 px screens, the screen's width below. */
export const DETAIL_PHOTO_SIZES = '(min-width: 640px) 600px, 100vw';

/** "thumb 320w, -m 800w, display 1600w" for a stored burial photo's name; else undefined. */
export function photoSrcSet(file: string | null | undefined, apiBase: string): string | undefined {
  if (!file || !IMAGE_FILE_REGEX.test(file)) return undefined;
  const url = (name: string) => storedImageUrl(name, 'sepultados', apiBase);
  return `${url(thumbNameOf(file))} 320w, ${url(mediumNameOf(file))} 800w, ${url(file)} 1600w`;
}
