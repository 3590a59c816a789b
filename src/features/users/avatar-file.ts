/**
 * A first look at a chosen photo before it is sent, with the shared limits and texts of
 * src/domain/upload-rules.ts (the server still sniffs and re-encodes every byte).
 */
import { UPLOAD_LIMITS, UPLOAD_MSG } from '../../domain/upload-rules';

export function checkAvatarFile(file: { size: number; type: string }): string | null {
  if (file.type && !file.type.startsWith('image/')) return UPLOAD_MSG.notImage;
  if (/^image\/hei[cf]/i.test(file.type)) return UPLOAD_MSG.heicUnsupported;
  if (file.size > UPLOAD_LIMITS.maxFileBytes) return UPLOAD_MSG.fileTooLarge;
  return null;
}
