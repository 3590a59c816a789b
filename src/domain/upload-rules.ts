/**
 * Photo upload limits and their pt-BR messages, shared by the forms (to warn before sending)
 * and the server (which enforces them). The spec gives no sizes; these are ours: a phone photo
 * is 2–8 MB, so 10 MB each and 10 per request fit real use with room, and 40 megapixels covers
 * every phone and most cameras while keeping one decode under ~160 MB of memory.
 */
export const UPLOAD_LIMITS = {
  maxFiles: 10,
  maxFileBytes: 10 * 1024 * 1024,
  /** Whole multipart request: all files plus the text fields and multipart overhead. */
  maxRequestBytes: 60 * 1024 * 1024,
  maxFields: 40,
  maxFieldBytes: 16 * 1024,
  maxInputPixels: 40_000_000,
  displayMaxSide: 1600,
  thumbMaxSide: 320,
  /** The middle size of a photo's srcset (a phone's screen width at 2×). */
  mediumMaxSide: 800,
  /**
   * WebP quality (0–100) of the display image the server keeps. A phone that encodes WebP sends
   * its photo at this quality too: more would be thrown away by the server's re-encoding.
   */
  displayWebpQuality: 80,
  /** Photos one burial record may hold in all. */
  maxPhotosPerRecord: 20,
} as const;

/** What the photo input offers (the server sniffs the bytes anyway). */
export const ACCEPTED_IMAGE_TYPES = 'image/jpeg,image/png,image/webp,image/gif,image/avif';

export const UPLOAD_MSG = {
  notImage:
    'O arquivo enviado não é uma imagem válida. Envie uma foto em JPEG, PNG, WebP, GIF ou AVIF.',
  corrupt: 'A imagem está corrompida ou incompleta. Envie outro arquivo.',
  heicUnsupported: 'Fotos HEIC/HEIF não são aceitas. Envie a foto em JPEG ou PNG.',
  tooManyPixels: `Imagem grande demais: o limite é de ${UPLOAD_LIMITS.maxInputPixels / 1_000_000} megapixels.`,
  fileTooLarge: `Cada foto pode ter no máximo ${UPLOAD_LIMITS.maxFileBytes / 1024 / 1024} MB.`,
  tooManyFiles: `Envie no máximo ${UPLOAD_LIMITS.maxFiles} fotos por vez.`,
  requestTooLarge: `O envio é grande demais (máximo de ${UPLOAD_LIMITS.maxRequestBytes / 1024 / 1024} MB por vez).`,
  tooManyFields: 'O formulário enviado tem campos demais.',
  fieldTooLarge: 'Um dos campos do formulário é grande demais.',
  malformed: 'O formulário enviado está malformado.',
  imageNotFound: 'Imagem não encontrada.',
  unexpectedFile: (field: string) => `O campo "${field}" não aceita arquivos.`,
} as const;

/** Where stored images live under /api/images/ (server folders, and the device's photo keys). */
// "plano": the cemetery plan of the map, kept larger than a photo (PLAN_MAX_SIDE); "ordens": a
// work order's evidence photos; "sepulturas": a grave's condition photos.
export const IMAGE_KINDS = [
  'sepultados',
  'users',
  'comentarios',
  'plano',
  'ordens',
  'sepulturas',
] as const;

/**
 * Images kept by the same pipeline but never served by the public /api/images route: the
 * document photo of a re-registration request (personal data), the inspection photos of an
 * abandonment case and a concession's documents (PDFs beside the images). Their own routes
 * check who asks first.
 */
export const PRIVATE_IMAGE_KINDS = ['recadastramento', 'comisso', 'concessoes'] as const;
export const STORED_IMAGE_KINDS = [...IMAGE_KINDS, ...PRIVATE_IMAGE_KINDS] as const;

/** The only names the server writes (32 hex, "-t" thumbnail, "-m" 800 px copy, .webp). */
export const IMAGE_FILE_REGEX = /^[0-9a-f]{32}(?:-[tm])?\.webp$/;

/** The thumbnail's name for a display file name (they are written together). */
export function thumbNameOf(file: string): string {
  return file.replace(/(?:-[tm])?\.webp$/, '-t.webp');
}

/**
 * The 800 px copy's name (written with the display file since the srcset; older photos have
 * none and the server answers that name with the display file).
 */
export function mediumNameOf(file: string): string {
  return file.replace(/(?:-[tm])?\.webp$/, '-m.webp');
}

/** The display file's name for any of its sizes. */
export function displayNameOf(file: string): string {
  return file.replace(/-[tm]\.webp$/, '.webp');
}
