/**
 * GET /api/sepultados/:id/custodia: where a record's remains are now and every move that got
 * them there. The places are public; who moved them (porNome) only for the office and the
 * record's assignees. And the order kinds (built-in and admin-added).
 */

import { SEP_MSG } from '../../../src/domain/burial-messages';
import { newId } from '../../../src/domain/ids';
import type { DestinationKind } from '../../../src/domain/work-order-rules';
import { ORDER_MSG, orderKindKey } from '../../../src/domain/work-order-rules';
import type { Custody, OrderKind } from '../../../src/domain/work-order-types';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../lib/http-error';
import { isUniqueViolation } from '../../lib/pg-error';
import { isAssigned } from '../burials/public';
import { iso, PLACE_COLUMNS, PLACE_FROM, type PlaceRow, placeLabel } from './orders-read';

export async function custody(
  ctx: AppContext,
  id: string,
  viewer: UserRow | null,
): Promise<Custody> {
  const [record] = await ctx.database.sql.query<Partial<PlaceRow> & { grave_id: string | null }>(
    `SELECT s.sepultura_id AS grave_id, ${PLACE_COLUMNS} FROM sepultados s
     LEFT JOIN ${PLACE_FROM} ON g.id = s.sepultura_id
     WHERE s.id = $1 AND s.deleted_at IS NULL`,
    [id],
  );
  if (!record) throw notFound(SEP_MSG.notFound);
  const seesWho =
    viewer !== null && (viewer.role === 'admin' || (await isAssigned(ctx, id, viewer.id)));
  const [now] = await ctx.database.sql.query<{ sepultura_id: string | null; descricao: string }>(
    'SELECT sepultura_id, descricao FROM sepultado_restos WHERE sepultado_id = $1',
    [id],
  );
  const steps = await ctx.database.sql.query<{
    em: string;
    de_descricao: string;
    para_descricao: string;
    destino_tipo: DestinationKind;
    destino_sepultura_id: string | null;
    destino_descricao: string | null;
    ordem_id: string | null;
    por_nome: string | null;
  }>(
    `SELECT ${iso('p.em')} AS em, p.de_descricao, p.para_descricao, p.destino_tipo,
       p.destino_sepultura_id, p.destino_descricao, p.ordem_id, p.por_nome
     FROM custodia_passos p WHERE p.sepultado_id = $1 ORDER BY p.em, p.id`,
    [id],
  );
  const graveText = record.quadra ? placeLabel(record as PlaceRow) : '—';
  return {
    atual: now ? now.descricao : graveText,
    sepulturaId: now ? now.sepultura_id : record.grave_id,
    passos: steps.map((p) => ({
      em: p.em,
      de: p.de_descricao,
      para: p.para_descricao,
      destino: {
        tipo: p.destino_tipo,
        sepulturaId: p.destino_sepultura_id,
        descricao: p.destino_descricao,
      },
      ordemId: seesWho ? p.ordem_id : null,
      porNome: seesWho ? p.por_nome : null,
    })),
  };
}

export async function listKinds(ctx: AppContext): Promise<OrderKind[]> {
  const rows = await ctx.database.sql.query<{ tipo: string; nome: string; builtin: boolean }>(
    'SELECT tipo, nome, builtin FROM ordem_tipos ORDER BY builtin DESC, nome, tipo',
  );
  return rows.map((r) => ({ tipo: r.tipo, nome: r.nome, builtin: Boolean(r.builtin) }));
}

export async function addKind(ctx: AppContext, nome: string): Promise<OrderKind> {
  const name = nome.trim().replace(/\s+/g, ' ');
  const tipo = orderKindKey(name);
  if (!tipo) throw badRequest(ORDER_MSG.tipoRequired, 'nome');
  try {
    await ctx.database.sql.transaction((tx) =>
      tx.query('INSERT INTO ordem_tipos (id, tipo, nome) VALUES ($1, $2, $3)', [
        newId(),
        tipo,
        name,
      ]),
    );
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(ORDER_MSG.tipoExists, 'nome');
    throw err;
  }
  return { tipo, nome: name, builtin: false };
}
