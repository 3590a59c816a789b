/** Types of the spreadsheet API (derived from src/domain/schemas/spreadsheet.ts). */
import type { Static } from 'typebox';
import type {
  SheetColumnSchema,
  SheetFormatSchema,
  SheetImportFailureSchema,
  SheetImportResultSchema,
  SheetPreviewSchema,
  SheetProgressSchema,
  SheetRowSchema,
} from './schemas/spreadsheet';

export type SheetFormat = Static<typeof SheetFormatSchema>;
export type SheetColumn = Static<typeof SheetColumnSchema>;
export type SheetPreviewRow = Static<typeof SheetRowSchema>;
export type SheetPreview = Static<typeof SheetPreviewSchema>;
export type SheetProgress = Static<typeof SheetProgressSchema>;
export type SheetImportResult = Static<typeof SheetImportResultSchema>;
export type SheetImportFailure = Static<typeof SheetImportFailureSchema>;
export type SheetImportLine = SheetProgress | SheetImportResult | SheetImportFailure;
