/**
 * The spreadsheet work the API and the CLI share: read an upload, settle the mapping (the one
 * sent, or the suggestion from the headers), check every row, and import.
 */
import { Compile } from 'typebox/compile';
import { SheetMappingSchema } from '../../../src/domain/schemas/spreadsheet';
import {
  duplicateField,
  SHEET_HEADERS,
  type SheetMapping,
  suggestMapping,
} from '../../../src/domain/spreadsheet';
import { SHEET_MSG } from '../../../src/domain/spreadsheet-messages';
import type { SheetPreview } from '../../../src/domain/spreadsheet-types';
import type { Database } from '../../db/index';
import { badRequest } from '../../lib/http-error';
import { planSheet, previewOf, type SheetPlan } from './sheet-check';
import { markDuplicates } from './sheet-duplicates';
import { type ImportOutcome, importPlan } from './sheet-import';
import { readSheet, type Sheet } from './sheet-read';

const mappingCheck = Compile(SheetMappingSchema);

/** The mapping sent as JSON text (multipart part `mapeamento`), or the headers' suggestion. */
export function mappingFor(sheet: Sheet, sent: string | undefined): SheetMapping {
  let mapping: SheetMapping;
  if (sent === undefined || sent.trim() === '') mapping = suggestMapping(sheet.headers);
  else {
    let parsed: unknown;
    try {
      parsed = JSON.parse(sent);
    } catch {
      throw badRequest(SHEET_MSG.badMapping, 'mapeamento');
    }
    if (!mappingCheck.Check(parsed)) throw badRequest(SHEET_MSG.badMapping, 'mapeamento');
    if (parsed.length !== sheet.headers.length)
      throw badRequest(SHEET_MSG.badMapping, 'mapeamento');
    mapping = parsed;
  }
  const twice = duplicateField(mapping);
  if (twice) throw badRequest(SHEET_MSG.duplicateMapping(SHEET_HEADERS[twice]), 'mapeamento');
  return mapping;
}

export interface CheckedSheet {
  sheet: Sheet;
  mapping: SheetMapping;
  plan: SheetPlan;
  seconds: number;
}

export async function checkUpload(
  database: Database,
  data: Buffer,
  mapping: string | undefined,
): Promise<CheckedSheet> {
  const started = performance.now();
  const sheet = await readSheet(data);
  const settled = mappingFor(sheet, mapping);
  const plan = await planSheet(database, sheet, settled);
  await markDuplicates(database, plan.rows);
  return { sheet, mapping: settled, plan, seconds: (performance.now() - started) / 1000 };
}

export function previewOfChecked(checked: CheckedSheet): SheetPreview {
  return previewOf(checked.sheet, checked.mapping, checked.plan, checked.seconds);
}

export async function importChecked(
  database: Database,
  checked: CheckedSheet,
  options: { userId: string | null; onProgress?: (done: number, total: number) => void },
): Promise<ImportOutcome> {
  return importPlan(database, checked.plan, options);
}
