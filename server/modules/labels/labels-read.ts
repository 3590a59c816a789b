/**
 * The records of a QR label sheet: every record of one quadra, or the records an admin
 * picked, in the order a person walks them (rua, quadra, then placa with shorter numbers first so
 * "9" comes before "10"). Capped at LABELS_MAX: a sheet holds 21 labels, so 300 is ~15 pages.
 */
import type { LabelItem, LabelSheet } from '../../../src/domain/label-types';
import type { AppContext } from '../../context';

export const LABELS_MAX = 300;

// One cemetery's labels together (the sheet is grouped by cemetery), then the walking order.
const ORDER =
  'ORDER BY s.cemiterio NULLS FIRST, s.rua NULLS FIRST, s.quadra, length(s.chapa), s.chapa, s.id';

export async function listLabels(
  ctx: AppContext,
  filter: ({ quadra: string } | { ids: string[] }) & { cemiterio: string | null },
): Promise<LabelSheet> {
  const where =
    'quadra' in filter ? 'lower(btrim(s.quadra)) = lower(btrim($2))' : 's.id = ANY($2::text[])';
  const param = 'quadra' in filter ? filter.quadra : filter.ids;
  const inCemetery = filter.cemiterio === null ? '' : 'AND s.cemiterio_id = $3';
  const rows = await ctx.database.sql.query<LabelItem>(
    `SELECT s.id, s.nome, s.rua, s.quadra, s.chapa, s.cemiterio FROM sepultados s
     WHERE s.deleted_at IS NULL AND ${where} ${inCemetery} ${ORDER} LIMIT $1`,
    filter.cemiterio === null ? [LABELS_MAX + 1, param] : [LABELS_MAX + 1, param, filter.cemiterio],
  );
  return { items: rows.slice(0, LABELS_MAX), truncated: rows.length > LABELS_MAX };
}
