/** A user's photo (/api/images/users/{file}) or the placeholder of spec §7. */

import { PLACEHOLDERS, resolveImage } from '../../domain/burial-display';
import { API_BASE } from '../../lib/api-base';

export function avatarUrl(image: string | null | undefined): string {
  return resolveImage(image, PLACEHOLDERS.usuario, 'users', API_BASE);
}

export function UserAvatar({
  image,
  size = 48,
  className,
}: {
  image: string | null | undefined;
  size?: number;
  className?: string;
}) {
  return (
    <img
      className={`user-avatar${className ? ` ${className}` : ''}`}
      src={avatarUrl(image)}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      decoding="async"
    />
  );
}
