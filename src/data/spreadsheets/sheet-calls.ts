/**
 * The admin's spreadsheet calls (docs/decisions.md "Spreadsheets"): download the register,
 * preview an upload (nothing written), import it with the confirmed mapping, reading the
 * server's NDJSON progress lines as they come. Parsing happens on the server: no spreadsheet
 * library reaches the browser.
 */
import type { SheetMapping } from '../../domain/spreadsheet';
import type {
  SheetFormat,
  SheetImportLine,
  SheetImportResult,
  SheetPreview,
} from '../../domain/spreadsheet-types';
import { api, toApiFailure } from '../api';
import { ApiFailure } from '../failure';

export const SHEET_CALL_MSG = {
  exportError: 'Não foi possível exportar a planilha. Tente novamente.',
  previewError: 'Não foi possível ler a planilha. Tente novamente.',
  importError: 'Não foi possível importar a planilha. Tente novamente.',
} as const;

function formOf(file: File, mapping: SheetMapping | null): FormData {
  const form = new FormData();
  if (mapping) form.append('mapeamento', JSON.stringify(mapping));
  form.append('arquivo', file, file.name);
  return form;
}

/** The whole register as a file (the download is started by the screen). */
export async function downloadRegister(format: SheetFormat): Promise<Blob> {
  try {
    return await api
      .get('sepultados/planilha', { searchParams: { formato: format }, timeout: false })
      .blob();
  } catch (err) {
    throw await toApiFailure(err, SHEET_CALL_MSG.exportError);
  }
}

export async function previewSheet(
  file: File,
  mapping: SheetMapping | null,
): Promise<SheetPreview> {
  try {
    return await api
      .post('sepultados/planilha/previa', { body: formOf(file, mapping), timeout: 120_000 })
      .json<SheetPreview>();
  } catch (err) {
    throw await toApiFailure(err, SHEET_CALL_MSG.previewError);
  }
}

/** Imports the valid rows; `onProgress(done, total)` while the batches are written. */
export async function importSheet(
  file: File,
  mapping: SheetMapping,
  onProgress: (done: number, total: number) => void,
): Promise<SheetImportResult> {
  let response: Response;
  try {
    response = await api.post('sepultados/planilha/importar', {
      body: formOf(file, mapping),
      timeout: false,
    });
  } catch (err) {
    throw await toApiFailure(err, SHEET_CALL_MSG.importError);
  }
  const reader = response.body?.pipeThrough(new TextDecoderStream()).getReader();
  if (!reader) throw new ApiFailure(0, SHEET_CALL_MSG.importError);
  let buffered = '';
  let result: SheetImportResult | null = null;
  const handle = (text: string) => {
    if (!text.trim()) return;
    const line = JSON.parse(text) as SheetImportLine;
    if (line.tipo === 'progresso') onProgress(line.feitas, line.total);
    else if (line.tipo === 'resultado') result = line;
    else throw new ApiFailure(500, line.message);
  };
  try {
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      buffered += value;
      const lines = buffered.split('\n');
      buffered = lines.pop() ?? '';
      for (const line of lines) handle(line);
    }
    handle(buffered);
  } catch (err) {
    throw await toApiFailure(err, SHEET_CALL_MSG.importError);
  }
  if (!result) throw new ApiFailure(0, SHEET_CALL_MSG.importError);
  return result;
}
