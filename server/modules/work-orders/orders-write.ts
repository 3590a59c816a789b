/**
 * The office's writes of work orders: create (milestones from the kind's template), list, and
 * edit with a field-level merge from the version the edit started from (the same three-way rule
 * as record edits, docs/decisions/0017-edit-conflicts.md): a field only the other side changed
 * stays theirs, a field only this side changed applies, the same field changed on both sides is
 * a 409 with the order as it is now. A cancelled or concluded order refuses field work (409).
 */
import { sql } from 'drizzle-orm';
import type { Static } from 'typebox';
import { newId } from '../../../src/domain/ids';
import { invalidFieldMessage } from '../../../src/domain/messages';
import type { OrderListQuerySchema } from '../../../src/domain/schemas/work-order';
import {
  BUILTIN_ORDER_KINDS,
  type BuiltinOrderKind,
  DEFAULT_MILESTONES,
  needsDestination,
  ORDER_LIMITS,
  ORDER_MSG,
  type OrderState,
} from '../../../src/domain/work-order-rules';
import type {
  Order,
  OrderCreate,
  OrderEdit,
  OrderList,
} from '../../../src/domain/work-order-types';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, HttpError, notFound, unprocessable } from '../../lib/http-error';
import type { Tx } from '../burials/public';
import { txRows } from '../graves/public';
import { getOrder, loadOrders, wall } from './orders-read';
import { addMinutes, day, nextDay, wallTimeOr400 } from './orders-time';

/** A list of ids as one text[] parameter (drizzle's tag would spread an array into several). */
const idArray = (ids: string[]) => sql`string_to_array(${ids.join(',')}, ',')`;

const tidy = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null || !v.trim() ? null : v.trim();

/** The 409 of an edit or field work the order refuses: its words, the order now, the fields. */
export class OrderConflict extends HttpError {
  constructor(
    message: string,
    readonly atual: Order,
    readonly campos: string[],
  ) {
    super(409, message);
  }
}

export async function conflictWith(
  ctx: AppContext,
  id: string,
  message: string,
  campos: string[] = [],
): Promise<never> {
  throw new OrderConflict(message, await getOrder(ctx, id), campos);
}

/** Field work on a closed order: 409 with the words the phone shows and the order now. */
export async function refuseIfClosed(
  ctx: AppContext,
  order: { id: string; situacao: OrderState },
): Promise<void> {
  if (order.situacao === 'cancelada') await conflictWith(ctx, order.id, ORDER_MSG.cancelled);
  if (order.situacao === 'concluida') await conflictWith(ctx, order.id, ORDER_MSG.closed);
}

async function assertAssignable(tx: Tx, ids: string[]): Promise<string[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const rows = await txRows<{ id: string }>(
    tx,
    sql`SELECT id FROM users WHERE id = ANY(${idArray(unique)}) AND role = 'concessionario'`,
  );
  if (rows.length !== unique.length) {
    throw unprocessable(ORDER_MSG.responsavelInvalid, 'responsaveis');
  }
  return unique.sort();
}

interface Placed {
  cemiterioId: string;
  sepulturaId: string | null;
  sepultadoId: string | null;
}

/** The grave and/or record of a new order, and its cemetery (the grave's, else the record's). */
async function placeOf(tx: Tx, input: OrderCreate): Promise<Placed> {
  const sepulturaId = input.sepulturaId ?? null;
  const sepultadoId = input.sepultadoId ?? null;
  if (!sepulturaId && !sepultadoId) throw badRequest(ORDER_MSG.placeRequired, 'sepulturaId');
  let record: { sepultura_id: string | null; cemiterio_id: string } | undefined;
  if (sepultadoId) {
    [record] = await txRows(
      tx,
      sql`SELECT sepultura_id, cemiterio_id FROM sepultados
        WHERE id = ${sepultadoId} AND deleted_at IS NULL`,
    );
    if (!record) throw unprocessable(invalidFieldMessage('sepultadoId'), 'sepultadoId');
  }
  const graveId = sepulturaId ?? record?.sepultura_id ?? null;
  if (graveId) {
    const [g] = await txRows<{ cemiterio_id: string }>(
      tx,
      sql`SELECT cemiterio_id FROM sepulturas WHERE id = ${graveId}`,
    );
    if (!g) throw unprocessable(invalidFieldMessage('sepulturaId'), 'sepulturaId');
    return { cemiterioId: g.cemiterio_id, sepulturaId: graveId, sepultadoId };
  }
  return { cemiterioId: record?.cemiterio_id ?? '', sepulturaId: null, sepultadoId };
}

function milestonesFor(tipo: string, at: string, input: OrderCreate['marcos']) {
  if (input) {
    return input.map((m) => ({
      nome: m.nome.trim(),
      previsto: m.previstoPara
        ? wallTimeOr400(m.previstoPara, 'marcos', ORDER_MSG.dateInvalid)
        : null,
    }));
  }
  if (!(BUILTIN_ORDER_KINDS as readonly string[]).includes(tipo)) return [];
  return DEFAULT_MILESTONES[tipo as BuiltinOrderKind].map((m) => ({
    nome: m.nome,
    previsto: addMinutes(at, m.minutos),
  }));
}

/** Creates an order inside `tx` (the request's acceptance shares it); answers its id. */
export async function insertOrder(
  tx: Tx,
  author: UserRow,
  input: OrderCreate,
  pedidoId: string | null = null,
): Promise<string> {
  const tipo = input.tipo.trim();
  if (!tipo) throw badRequest(ORDER_MSG.tipoRequired, 'tipo');
  const at = wallTimeOr400(input.agendadaPara, 'agendadaPara', ORDER_MSG.dateInvalid);
  const [kind] = await txRows(tx, sql`SELECT 1 FROM ordem_tipos WHERE tipo = ${tipo}`);
  if (!kind) throw unprocessable(ORDER_MSG.tipoUnknown, 'tipo');
  if (needsDestination(tipo) && !input.sepultadoId) {
    throw unprocessable(ORDER_MSG.remainsNeedRecord, 'sepultadoId');
  }
  const place = await placeOf(tx, input);
  const people = await assertAssignable(tx, input.responsaveis ?? []);
  const marcos = milestonesFor(tipo, at, input.marcos);
  if (marcos.some((m) => !m.nome)) throw badRequest(invalidFieldMessage('marcos'), 'marcos');
  const id = newId();
  await tx.execute(sql`INSERT INTO ordens (id, tipo, cemiterio_id, sepultura_id, sepultado_id,
      agendada_para, descricao, pedido_id, created_by)
    VALUES (${id}, ${tipo}, ${place.cemiterioId}, ${place.sepulturaId}, ${place.sepultadoId},
      ${at}::timestamp, ${tidy(input.descricao) ?? null}, ${pedidoId}, ${author.id})`);
  if (people.length > 0) {
    await tx.execute(sql`INSERT INTO ordem_responsaveis (ordem_id, user_id)
      SELECT ${id}, unnest(${idArray(people)})`);
  }
  if (marcos.length > 0) {
    const rows = JSON.stringify(
      marcos.map((m, i) => ({ i: newId(), p: i, n: m.nome, t: m.previsto })),
    );
    await tx.execute(sql`INSERT INTO ordem_marcos (id, ordem_id, posicao, nome, previsto_para)
      SELECT r.i, ${id}, r.p, r.n, r.t::timestamp
      FROM jsonb_to_recordset(${rows}::jsonb) AS r(i text, p int, n text, t text)`);
  }
  return id;
}

export async function createOrder(
  ctx: AppContext,
  author: UserRow,
  input: OrderCreate,
): Promise<Order> {
  const id = await ctx.database.db.transaction((tx) => insertOrder(tx, author, input));
  return getOrder(ctx, id);
}

/** Admin: every order; a concessionário: theirs (the route passes their id as `mine`). */
export async function listOrders(
  ctx: AppContext,
  q: Static<typeof OrderListQuerySchema>,
  mine: string | null,
): Promise<OrderList> {
  const limit = q.limit ?? ORDER_LIMITS.pageSize;
  const page = q.page ?? 1;
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (clause: (n: string) => string, value: unknown) => {
    params.push(value);
    where.push(clause(`$${params.length}`));
  };
  if (mine) {
    add(
      (p) =>
        `EXISTS (SELECT 1 FROM ordem_responsaveis r WHERE r.ordem_id = o.id AND r.user_id = ${p})`,
      mine,
    );
  }
  if (q.responsavelId) {
    add(
      (p) =>
        `EXISTS (SELECT 1 FROM ordem_responsaveis r WHERE r.ordem_id = o.id AND r.user_id = ${p})`,
      q.responsavelId,
    );
  }
  if (q.cemiterioId) add((p) => `o.cemiterio_id = ${p}`, q.cemiterioId);
  if (q.situacao) add((p) => `o.situacao = ${p}`, q.situacao);
  if (q.tipo) add((p) => `o.tipo = ${p}`, q.tipo);
  for (const [name, value] of [
    ['de', q.de],
    ['ate', q.ate],
  ] as const) {
    if (value === undefined) continue;
    const d = day(value);
    if (!d) throw badRequest(ORDER_MSG.dayInvalid, name);
    if (name === 'de') add((p) => `o.agendada_para >= ${p}::timestamp`, d);
    else add((p) => `o.agendada_para < ${p}::timestamp`, nextDay(d));
  }
  const clause = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const [count] = await ctx.database.sql.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM ordens o ${clause}`,
    params,
  );
  const ids = await ctx.database.sql.query<{ id: string }>(
    `SELECT o.id FROM ordens o ${clause} ORDER BY o.agendada_para, o.id
     LIMIT ${limit} OFFSET ${(page - 1) * limit}`,
    params,
  );
  const total = Number(count?.n ?? 0);
  return {
    ordens: await loadOrders(
      ctx.database.sql,
      ids.map((r) => r.id),
    ),
    page,
    limit,
    total,
    pages: Math.ceil(total / limit),
  };
}

/** The order's editable fields as the merge compares them (responsáveis: sorted ids). */
type Fields = Record<string, string | null>;
const EDIT_FIELDS = [
  'agendadaPara',
  'responsaveis',
  'descricao',
  'observacoes',
  'situacao',
  'motivoCancelamento',
] as const;

interface Locked {
  situacao: OrderState;
  version: number;
  agendada_para: string;
  descricao: string | null;
  observacoes: string | null;
  motivo_cancelamento: string | null;
  responsaveis: string | null;
}

function currentFields(r: Locked): Fields {
  return {
    agendadaPara: r.agendada_para,
    responsaveis: r.responsaveis ?? '',
    descricao: r.descricao,
    observacoes: r.observacoes,
    situacao: r.situacao,
    motivoCancelamento: r.motivo_cancelamento,
  };
}

/** Three-way merge of the fields sent (see the header); history: entries after the base. */
function merge(
  base: number | undefined,
  version: number,
  current: Fields,
  history: { version: number; changes: Record<string, [unknown, unknown]> }[],
  mine: Fields,
): { apply: Fields; conflicts: string[] } {
  const apply: Fields = {};
  const conflicts: string[] = [];
  const complete = base !== undefined && base <= version && history.length === version - base;
  for (const [field, value] of Object.entries(mine)) {
    const theirs = current[field] ?? null;
    if (value === theirs) continue;
    if (base === undefined) {
      apply[field] = value;
      continue;
    }
    if (!complete) {
      conflicts.push(field);
      continue;
    }
    const first = history.find((h) => Object.hasOwn(h.changes, field));
    const before = (first?.changes[field]?.[0] ?? null) as string | null;
    if (!first || before === theirs) {
      apply[field] = value;
      continue;
    }
    if (value === before) continue;
    conflicts.push(field);
  }
  return { apply, conflicts };
}

/** The edit's values, normalized as currentFields (only the fields it sent). */
function editFields(edit: OrderEdit, people: string[] | undefined): Fields {
  const out: Fields = {};
  if (edit.agendadaPara !== undefined) {
    out.agendadaPara = wallTimeOr400(edit.agendadaPara, 'agendadaPara', ORDER_MSG.dateInvalid);
  }
  if (people !== undefined) out.responsaveis = people.join(',');
  if (edit.descricao !== undefined) out.descricao = tidy(edit.descricao) ?? null;
  if (edit.observacoes !== undefined) out.observacoes = tidy(edit.observacoes) ?? null;
  if (edit.situacao !== undefined) out.situacao = edit.situacao;
  if (edit.motivoCancelamento !== undefined) {
    out.motivoCancelamento = tidy(edit.motivoCancelamento) ?? null;
  }
  return out;
}

/**
 * PATCH /api/ordens/:id. The route has checked who may send which fields. A closed order takes
 * no edit, except an admin reopening a cancelled one (situacao back to aberta).
 */
export async function editOrder(
  ctx: AppContext,
  user: UserRow,
  id: string,
  edit: OrderEdit,
): Promise<Order> {
  if (edit.situacao === 'concluida') throw badRequest(ORDER_MSG.concludeViaRoute, 'situacao');
  const outcome = await ctx.database.db.transaction(async (tx) => {
    const [row] = await txRows<Locked>(
      tx,
      sql`SELECT o.situacao, o.version, ${sql.raw(wall('o.agendada_para'))} AS agendada_para,
          o.descricao, o.observacoes, o.motivo_cancelamento,
          (SELECT string_agg(r.user_id, ',' ORDER BY r.user_id) FROM ordem_responsaveis r
            WHERE r.ordem_id = o.id) AS responsaveis
        FROM ordens o WHERE o.id = ${id} FOR UPDATE OF o`,
    );
    if (!row) throw notFound(ORDER_MSG.notFound);
    const version = Number(row.version);
    const reopening =
      row.situacao === 'cancelada' &&
      edit.situacao !== undefined &&
      edit.situacao !== 'cancelada' &&
      user.role === 'admin';
    if (row.situacao === 'cancelada' && !reopening) {
      return { refused: ORDER_MSG.cancelled } as const;
    }
    if (row.situacao === 'concluida') return { refused: ORDER_MSG.closed } as const;
    const people =
      edit.responsaveis === undefined ? undefined : await assertAssignable(tx, edit.responsaveis);
    const mine = editFields(edit, people);
    const history =
      edit.version === undefined
        ? []
        : (
            await txRows<{ version: number; changes: Record<string, [unknown, unknown]> }>(
              tx,
              sql`SELECT version, changes FROM ordem_versoes
                WHERE ordem_id = ${id} AND version > ${edit.version} ORDER BY version`,
            )
          ).map((h) => ({ version: Number(h.version), changes: h.changes }));
    const current = currentFields(row);
    const { apply, conflicts } = merge(edit.version, version, current, history, mine);
    if (conflicts.length > 0) return { conflicts } as const;
    // The state after the merge: a cancellation needs its reason; a reopening drops it.
    const situacao = (apply.situacao ?? row.situacao) as OrderState;
    if (situacao === 'cancelada') {
      const motivo = apply.motivoCancelamento ?? current.motivoCancelamento;
      if (!motivo) throw badRequest(ORDER_MSG.cancelMotivoRequired, 'motivoCancelamento');
      apply.motivoCancelamento = motivo;
    } else if (current.motivoCancelamento !== null || apply.motivoCancelamento) {
      apply.motivoCancelamento = null;
    }
    const changes: Record<string, [string | null, string | null]> = {};
    for (const [field, value] of Object.entries(apply)) {
      const before = current[field] ?? null;
      if (before !== value) changes[field] = [before, value];
    }
    if (Object.keys(changes).length === 0) return { ok: true } as const;
    await writeChanges(tx, id, row, changes, version);
    return { ok: true } as const;
  });
  if ('refused' in outcome && outcome.refused) await conflictWith(ctx, id, outcome.refused);
  if ('conflicts' in outcome && outcome.conflicts) {
    await conflictWith(ctx, id, ORDER_MSG.versionConflict, outcome.conflicts);
  }
  return getOrder(ctx, id);
}

/** Writes merged changes, the milestones' shift when rescheduled, and the version's entry. */
async function writeChanges(
  tx: Tx,
  id: string,
  row: Locked,
  changes: Record<string, [string | null, string | null]>,
  version: number,
): Promise<void> {
  const set = (field: string, column: string, cast = '') =>
    field in changes
      ? sql`, ${sql.identifier(column)} = ${changes[field]?.[1] ?? null}${sql.raw(cast)}`
      : sql``;
  await tx.execute(sql`UPDATE ordens SET version = version + 1, updated_at = now()
    ${set('agendadaPara', 'agendada_para', '::timestamp')}${set('descricao', 'descricao')}
    ${set('observacoes', 'observacoes')}${set('situacao', 'situacao')}
    ${set('motivoCancelamento', 'motivo_cancelamento')}
    WHERE id = ${id}`);
  const moved = changes.agendadaPara;
  if (moved?.[1]) {
    // The milestones still to do move with the order (preparing the grave stays 5h30 before).
    await tx.execute(sql`UPDATE ordem_marcos
      SET previsto_para = previsto_para + (${moved[1]}::timestamp - ${row.agendada_para}::timestamp)
      WHERE ordem_id = ${id} AND feito_em IS NULL AND previsto_para IS NOT NULL`);
  }
  const people = changes.responsaveis;
  if (people) {
    const ids = people[1] ? people[1].split(',') : [];
    await tx.execute(sql`DELETE FROM ordem_responsaveis
      WHERE ordem_id = ${id} AND NOT (user_id = ANY(${idArray(ids)}))`);
    if (ids.length > 0) {
      await tx.execute(sql`INSERT INTO ordem_responsaveis (ordem_id, user_id)
        SELECT ${id}, unnest(${idArray(ids)}) ON CONFLICT DO NOTHING`);
    }
  }
  await tx.execute(sql`INSERT INTO ordem_versoes (ordem_id, version, changes)
    VALUES (${id}, ${version + 1}, ${JSON.stringify(changes)}::jsonb)`);
}

/** Records a change the server makes itself (a first tick opens the work), as a new version. */
export async function bumpState(
  tx: Tx,
  id: string,
  from: OrderState,
  to: OrderState,
): Promise<void> {
  const [row] = await txRows<{ version: number }>(
    tx,
    sql`UPDATE ordens SET situacao = ${to}, version = version + 1, updated_at = now()
      WHERE id = ${id} AND situacao = ${from} RETURNING version`,
  );
  if (!row) return;
  await tx.execute(sql`INSERT INTO ordem_versoes (ordem_id, version, changes)
    VALUES (${id}, ${Number(row.version)}, ${JSON.stringify({ situacao: [from, to] })}::jsonb)`);
}

/** Fields of OrderEditSchema, for the route's check of what a concessionário may send. */
export const ORDER_EDIT_FIELDS: readonly string[] = EDIT_FIELDS;
