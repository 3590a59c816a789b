/**
 * A burial photo: the domain's resolver turns the stored name into a URL (placeholder when
 * missing), and a photo that cannot load — no signal and not in the browser cache — falls
 * back to the placeholder instead of a broken image. `sizes` turns on the responsive set the
 * server keeps for burial photos (320 / 800 / 1600 px: thumbnail, -m copy, display file), so a
 * phone downloads the 800 px copy instead of the 1600 px file.
 */
import { type ImgHTMLAttributes, useState } from 'react';
import { resolveImage } from '../domain/burial-display';
import { photoSrcSet } from '../domain/photo-srcset';
import { API_BASE } from '../lib/api-base';

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  file: string | null | undefined;
  placeholder: string;
  alt: string;
}

export function imageUrl(file: string | null | undefined, placeholder: string): string {
  return resolveImage(file, placeholder, 'sepultados', API_BASE);
}

export function BurialImage({ file, placeholder, alt, sizes, ...rest }: Props) {
  const src = imageUrl(file, placeholder);
  const [failed, setFailed] = useState<string | null>(null);
  const srcSet = sizes && failed !== src ? photoSrcSet(file, API_BASE) : undefined;
  return (
    <img
      loading="lazy"
      decoding="async"
      {...rest}
      sizes={srcSet ? sizes : undefined}
      srcSet={srcSet}
      alt={alt}
      src={failed === src ? placeholder : src}
      onError={() => setFailed(src)}
    />
  );
}
