import { describe, expect, it } from 'vitest';
import {
  DOCUMENT_MSG,
  documentFileName,
  documentTitle,
  isPdf,
} from '../../src/domain/concession-documents';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('concession documents', () => {
  it('knows a whole PDF by its bytes, not by its name', () => {
    expect(isPdf(bytes('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n'))).toBe(true);
    // Scanner junk after the end marker is tolerated within the last KiB.
    expect(isPdf(bytes(`%PDF-1.4\nx\n%%EOF${'\0'.repeat(500)}`))).toBe(true);
    expect(isPdf(bytes(`%PDF-1.4\nx\n%%EOF${' '.repeat(2000)}`))).toBe(false);
    // Cut off before its end, a text that merely mentions it, or a PDF header later on.
    expect(isPdf(bytes('%PDF-1.4\n1 0 obj <<>> endobj\n'))).toBe(false);
    expect(isPdf(bytes('isto não é um PDF %%EOF'))).toBe(false);
    expect(isPdf(bytes(' %PDF-1.4\n%%EOF'))).toBe(false);
    expect(isPdf(bytes('%PDF-'))).toBe(false);
    expect(isPdf(new Uint8Array())).toBe(false);
  });

  it('checks the title and names the file safely', () => {
    expect(documentTitle('  Certidão   de óbito ')).toBe('Certidão de óbito');
    expect(documentTitle('   ')).toEqual({ message: DOCUMENT_MSG.tituloRequired });
    expect(documentTitle(undefined)).toEqual({ message: DOCUMENT_MSG.tituloRequired });
    expect(documentTitle('x'.repeat(121))).toEqual({ message: DOCUMENT_MSG.tituloTooLong });
    expect(documentTitle('x'.repeat(120))).toBe('x'.repeat(120));
    expect(documentFileName('Título de concessão', 'application/pdf')).toBe(
      'titulo-de-concessao.pdf',
    );
    expect(documentFileName('"; rm -rf /\r\nX: y', 'image/webp')).toBe('rm-rf-x-y.webp');
    expect(documentFileName('???', 'application/pdf')).toBe('documento.pdf');
  });
});
