/**
 * A burial photo: the domain's resolver turns the stored name into a URL (placeholder when
 * missing), and a photo that cannot load — no signal and not in the browser cache — falls
 * back to the placeholder instead of a broken image.
 */
import { type ImgHTMLAttributes, useState } from 'react';
import { API_BASE } from '../../data/api';
import { resolveImage } from '../../domain/sepultado-display';

interface Props extends Omit<ImgHTMLAttributes<HTMLImageElement>, 'src'> {
  file: string | null | undefined;
  placeholder: string;
  alt: string;
}

export function imageUrl(file: string | null | undefined, placeholder: string): string {
  return resolveImage(file, placeholder, 'sepultados', API_BASE);
}

export function SepultadoImage({ file, placeholder, alt, ...rest }: Props) {
  const src = imageUrl(file, placeholder);
  const [failed, setFailed] = useState<string | null>(null);
  return (
    <img
      loading="lazy"
      decoding="async"
      {...rest}
      alt={alt}
      src={failed === src ? placeholder : src}
      onError={() => setFailed(src)}
    />
  );
}
