/**
 * GET /api/prazos/exportar: the deadlines list of one cemetery as CSV or XLSX, the same items in
 * the same order as the page (deadlines()), one line each, columns DEADLINE_COLUMNS.
 */
import type { Static } from 'typebox';
import { formatBrDate } from '../../../src/domain/burial-dates';
import { REGIME_LABEL, type Regime } from '../../../src/domain/concession-rules';
import {
  DEADLINE_COLUMNS,
  DEADLINE_LABEL,
  DEADLINE_LIMITS,
  DEADLINE_MSG,
  type DeadlineFormat,
} from '../../../src/domain/deadline-rules';
import type {
  DeadlineExportQuerySchema,
  DeadlineItemSchema,
} from '../../../src/domain/schemas/deadline';
import type { AppContext } from '../../context';
import { unprocessable } from '../../lib/http-error';
import { CONTENT_TYPE, csvText, xlsxBuffer } from '../spreadsheets/public';
import { deadlines } from './deadlines';

type Item = Static<typeof DeadlineItemSchema>;

function cells(item: Item): (string | number | null)[] {
  return [
    DEADLINE_LABEL[item.tipo],
    formatBrDate(item.data),
    item.quadra,
    item.rua,
    item.numero,
    item.titularNome,
    item.regime ? (REGIME_LABEL[item.regime as Regime] ?? item.regime) : null,
    item.ano,
    item.valor,
    item.sepultadoNome,
    item.sepulturaId,
  ];
}

export interface DeadlineFile {
  body: string | Buffer;
  contentType: string;
  fileName: string;
}

export async function deadlinesFile(
  ctx: AppContext,
  q: Static<typeof DeadlineExportQuerySchema>,
): Promise<DeadlineFile> {
  const format: DeadlineFormat = q.formato ?? 'csv';
  const answer = await deadlines(ctx, {
    cemiterioId: q.cemiterioId,
    ...(q.tipo ? { tipo: q.tipo } : {}),
    ...(q.dias ? { dias: q.dias } : {}),
    limit: DEADLINE_LIMITS.exportRows,
  });
  if (answer.total > DEADLINE_LIMITS.exportRows) {
    throw unprocessable(DEADLINE_MSG.exportTooLarge, 'dias');
  }
  const rows = answer.itens.map(cells);
  const fileName = `prazos-${answer.hoje}.${format}`;
  if (format === 'xlsx') {
    return {
      body: await xlsxBuffer('Prazos', DEADLINE_COLUMNS, rows),
      contentType: CONTENT_TYPE.xlsx,
      fileName,
    };
  }
  const text = rows.map((r) =>
    r.map((v) => (v === null ? '' : typeof v === 'number' ? String(v).replace('.', ',') : v)),
  );
  return {
    body: csvText([[...DEADLINE_COLUMNS], ...text]),
    contentType: CONTENT_TYPE.csv,
    fileName,
  };
}
