/**
 * Documents attached to a concession (migration 0064): what may be sent, the pt-BR messages, the
 * content check of a PDF and the safe name a document is opened under. Shared by the office's
 * form (to warn before sending) and the server (which decides). Images are checked and
 * re-encoded by the server's upload pipeline; a PDF is kept as received once its bytes say it is
 * one, so its size is the only bound on it.
 */
import { foldText } from './search-text';

export const DOCUMENT_LIMITS = {
  titulo: 120,
  maxBytes: 10 * 1024 * 1024,
} as const;

/** What the file input offers (the server sniffs the bytes anyway). */
export const DOCUMENT_ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp';

/** The images accepted, as the sniffer names them. */
export const DOCUMENT_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

/** What a stored document is: the PDF as sent, or our WebP re-encoding of the image. */
export const DOCUMENT_MIMES = ['application/pdf', 'image/webp'] as const;
export type DocumentMime = (typeof DOCUMENT_MIMES)[number];

/** Titles the office uses most (the field is free text; these are offered as suggestions). */
export const DOCUMENT_TITLES = [
  'Título de concessão',
  'Certidão de óbito',
  'Documento do herdeiro',
  'Comprovante de pagamento',
] as const;

export const DOCUMENT_MSG = {
  notDocument: 'O documento deve ser um PDF ou uma imagem (JPEG, PNG ou WebP).',
  tooLarge: `O documento pode ter no máximo ${DOCUMENT_LIMITS.maxBytes / 1024 / 1024} MB.`,
  fileRequired: 'Escolha o arquivo do documento.',
  oneFile: 'Envie um documento por vez.',
  tituloRequired: 'Informe o título do documento.',
  tituloTooLong: `O título do documento pode ter no máximo ${DOCUMENT_LIMITS.titulo} caracteres.`,
  notFound: 'Documento não encontrado.',
  added: 'Documento anexado.',
  removed: 'Documento removido.',
  needsSignal: 'Sem conexão: é preciso estar on-line para anexar ou remover documentos.',
  openFailed: 'Não foi possível abrir o documento.',
  openNeedsSignal: 'Sem conexão: é preciso estar on-line para abrir o documento.',
} as const;

const PDF_MAGIC = [0x25, 0x50, 0x44, 0x46, 0x2d]; // "%PDF-"
const EOF_MARK = [0x25, 0x25, 0x45, 0x4f, 0x46]; // "%%EOF"
/** Readers accept the end marker within the last KiB (trailing whitespace or scanner junk). */
const EOF_WINDOW = 1024;

function startsWith(bytes: Uint8Array, at: number, mark: readonly number[]): boolean {
  return mark.every((b, i) => bytes[at + i] === b);
}

/**
 * Whether the bytes are a whole PDF: "%PDF-" first, "%%EOF" near the end. The extension and the
 * type the browser claims say nothing; a truncated upload misses its end marker.
 */
export function isPdf(bytes: Uint8Array): boolean {
  if (bytes.length < PDF_MAGIC.length + EOF_MARK.length || !startsWith(bytes, 0, PDF_MAGIC)) {
    return false;
  }
  const from = Math.max(PDF_MAGIC.length, bytes.length - EOF_WINDOW);
  for (let i = bytes.length - EOF_MARK.length; i >= from; i--) {
    if (startsWith(bytes, i, EOF_MARK)) return true;
  }
  return false;
}

/** The title checked and trimmed, or the problem under `titulo`. */
export function documentTitle(value: string | undefined): string | { message: string } {
  const titulo = (value ?? '').trim().replace(/\s+/g, ' ');
  if (!titulo) return { message: DOCUMENT_MSG.tituloRequired };
  if (titulo.length > DOCUMENT_LIMITS.titulo) return { message: DOCUMENT_MSG.tituloTooLong };
  return titulo;
}

/**
 * The name a document is opened or saved under: its title folded to plain ASCII letters,
 * digits and dashes (safe in a header and on every file system), and the stored type's
 * extension.
 */
export function documentFileName(titulo: string, mime: DocumentMime): string {
  const base =
    foldText(titulo)
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 80) || 'documento';
  return `${base}.${mime === 'application/pdf' ? 'pdf' : 'webp'}`;
}
