/**
 * Writes of the concessions (admin): grant, edit, renew, transfer to an heir, close, and the
 * annual fees. Each request is one transaction that locks the grave (grant) or the concession
 * first, so two offices working on the same grave are served one after the other; the partial
 * unique index of migration 0031 still refuses a second active concession whatever got past.
 */
import { type SQL, sql } from 'drizzle-orm';
import { COMISSO_MSG } from '../../../src/domain/comisso-rules';
import {
  addYears,
  CONC_MSG,
  dateField,
  isProblem,
  overlapMessage,
  type Problem,
  periodsOverlap,
  termValues,
  titularValues,
} from '../../../src/domain/concession-rules';
import type {
  Close,
  Concession,
  ConcessionCreate,
  ConcessionEdit,
  FeeCreate,
  FeePay,
  Renew,
  Transfer,
} from '../../../src/domain/concession-types';
import { GRAVE_MSG } from '../../../src/domain/grave-rules';
import { newId } from '../../../src/domain/ids';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound, unprocessable } from '../../lib/http-error';
import { isUniqueViolation } from '../../lib/pg-error';
import type { Tx } from '../burials/public';
import { txRows } from '../graves/public';
import { findConcession } from './concessions-read';

function check<T>(value: T | Problem): T {
  if (isProblem(value)) throw badRequest(value.message, value.field);
  return value;
}

/** A date that must be given, as ISO (400 under its field otherwise). */
function requiredDate(value: string | undefined, field: string): string {
  const iso = check(dateField(value, field));
  if (!iso) throw badRequest(CONC_MSG.dateInvalid, field);
  return iso;
}

function requiredText(value: string, field: string, message: string): string {
  const text = value.trim();
  if (!text) throw badRequest(message, field);
  return text;
}

async function answer(ctx: AppContext, id: string): Promise<Concession> {
  const found = await findConcession(ctx.database.sql, id);
  if (!found) throw notFound(CONC_MSG.notFound);
  return found;
}

const linkedUser = (cpf: string) => sql`(SELECT id FROM users WHERE cpf = ${cpf})`;

interface Held {
  id: string;
  sepultura_id: string;
  regime: string;
  inicio: string;
  fim: string | null;
  situacao: string;
  version: number;
}

/** The concession locked for this transaction; 404, or 422 when it must be active and is not. */
async function hold(tx: Tx, id: string, active: boolean): Promise<Held> {
  const [c] = await txRows<Held>(
    tx,
    sql`SELECT id, sepultura_id, regime, to_char(inicio, 'YYYY-MM-DD') AS inicio,
      to_char(fim, 'YYYY-MM-DD') AS fim, situacao, version
      FROM concessoes WHERE id = ${id} FOR UPDATE`,
  );
  if (!c) throw notFound(CONC_MSG.notFound);
  if (active && c.situacao !== 'ativa') throw unprocessable(CONC_MSG.notActive, 'situacao');
  return c;
}

const bump = sql`version = version + 1, updated_at = now()`;

async function run<T>(ctx: AppContext, work: (tx: Tx) => Promise<T>): Promise<T> {
  try {
    return await ctx.database.db.transaction(work);
  } catch (err) {
    if (!(err instanceof HttpError) && isUniqueViolation(err)) {
      throw conflict(CONC_MSG.activeExists);
    }
    throw err;
  }
}

export async function grantConcession(
  ctx: AppContext,
  user: UserRow,
  graveId: string,
  input: ConcessionCreate,
): Promise<Concession> {
  const titular = check(titularValues(input, true));
  const id = newId();
  await run(ctx, async (tx) => {
    const [grave] = await txRows<{ anos: number; situacao: string }>(
      tx,
      sql`SELECT c.exumacao_anos AS anos, g.situacao FROM sepulturas g
        JOIN cemiterios c ON c.id = g.cemiterio_id WHERE g.id = ${graveId} FOR UPDATE OF g`,
    );
    if (!grave) throw notFound(GRAVE_MSG.notFound);
    // An open abandonment case holds the grave (opening one locks and marks this same row).
    if (grave.situacao === 'em comisso') throw conflict(COMISSO_MSG.grantBlocked);
    const term = check(termValues(input, Number(grave.anos)));
    const others = await txRows<{ situacao: string; inicio: string; fim: string | null }>(
      tx,
      sql`SELECT situacao, to_char(inicio, 'YYYY-MM-DD') AS inicio,
        to_char(coalesce(encerrada_em, fim), 'YYYY-MM-DD') AS fim
        FROM concessoes WHERE sepultura_id = ${graveId}`,
    );
    if (others.some((o) => o.situacao === 'ativa')) throw conflict(CONC_MSG.activeExists);
    const met = others.find((o) => periodsOverlap(term.inicio, term.fim, o.inicio, o.fim));
    if (met) throw unprocessable(overlapMessage(met.inicio, met.fim), 'inicio');
    await tx.execute(sql`INSERT INTO concessoes (id, sepultura_id, titular_nome, titular_cpf,
      titular_telefone, titular_email, titular_endereco, titular_user_id, regime, anos, inicio,
      fim, created_by) VALUES (${id}, ${graveId}, ${titular.titularNome}, ${titular.titularCpf},
      ${titular.titularTelefone ?? null}, ${titular.titularEmail ?? null},
      ${titular.titularEndereco ?? null}, ${linkedUser(titular.titularCpf ?? '')},
      ${input.regime}, ${term.anos}, ${term.inicio}, ${term.fim}, ${user.id})`);
  });
  return answer(ctx, id);
}

export async function editConcession(
  ctx: AppContext,
  id: string,
  edit: ConcessionEdit,
): Promise<Concession> {
  const titular = check(titularValues(edit, false));
  await run(ctx, async (tx) => {
    const c = await hold(tx, id, false);
    if (edit.version !== undefined && edit.version !== Number(c.version)) {
      throw conflict(GRAVE_MSG.stale.replace('sepultura', 'concessão'), 'version');
    }
    const sets: SQL[] = [bump];
    const col = (name: string, value: unknown) => {
      if (value !== undefined) sets.push(sql`${sql.identifier(name)} = ${value}`);
    };
    col('titular_nome', titular.titularNome);
    col('titular_telefone', titular.titularTelefone);
    col('titular_email', titular.titularEmail);
    col('titular_endereco', titular.titularEndereco);
    if (titular.titularCpf !== undefined) {
      col('titular_cpf', titular.titularCpf);
      sets.push(sql`titular_user_id = ${linkedUser(titular.titularCpf)}`);
    }
    if (edit.fim !== undefined) {
      const fim = check(dateField(edit.fim, 'fim'));
      if (c.regime === 'perpetua' && fim) throw badRequest(CONC_MSG.fimPerpetual, 'fim');
      if (c.regime !== 'perpetua' && !fim) throw badRequest(CONC_MSG.dateInvalid, 'fim');
      if (fim && fim <= c.inicio) throw unprocessable(CONC_MSG.endBeforeStart, 'fim');
      col('fim', fim);
    }
    await tx.execute(sql`UPDATE concessoes SET ${sql.join(sets, sql`, `)} WHERE id = ${id}`);
  });
  return answer(ctx, id);
}

export async function renewConcession(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: Renew,
): Promise<Concession> {
  const em = requiredDate(input.em, 'em');
  await run(ctx, async (tx) => {
    const c = await hold(tx, id, true);
    if (c.regime === 'perpetua' || !c.fim) throw unprocessable(CONC_MSG.renewPerpetual, 'regime');
    if (em < c.inicio) throw unprocessable(CONC_MSG.renewBeforeStart, 'em');
    let novoFim: string;
    if (input.novoFim !== undefined) novoFim = requiredDate(input.novoFim, 'novoFim');
    else if (input.anos !== undefined) novoFim = addYears(c.fim, input.anos);
    else throw badRequest(CONC_MSG.renewNeedsTerm, 'novoFim');
    if (novoFim <= c.fim) throw unprocessable(CONC_MSG.renewNotLater, 'novoFim');
    await tx.execute(sql`INSERT INTO concessao_renovacoes (id, concessao_id, em, fim_anterior,
      novo_fim, created_by) VALUES (${newId()}, ${id}, ${em}, ${c.fim}, ${novoFim}, ${user.id})`);
    await tx.execute(sql`UPDATE concessoes SET ${bump}, fim = ${novoFim} WHERE id = ${id}`);
  });
  return answer(ctx, id);
}

/** The heir's concession: the same grave, regime and end, from the day of the transfer. */
export async function transferConcession(
  ctx: AppContext,
  user: UserRow,
  id: string,
  input: Transfer,
): Promise<Concession> {
  const titular = check(titularValues(input, true));
  const em = requiredDate(input.em, 'em');
  const motivo = requiredText(input.motivo, 'motivo', CONC_MSG.motivoRequired);
  const documento = requiredText(input.documento, 'documento', CONC_MSG.documentoRequired);
  const heir = newId();
  await run(ctx, async (tx) => {
    const c = await hold(tx, id, true);
    if (em < c.inicio) throw unprocessable(CONC_MSG.transferBeforeStart, 'em');
    if (c.fim && em >= c.fim) throw unprocessable(CONC_MSG.transferAfterEnd, 'em');
    await tx.execute(sql`UPDATE concessoes SET ${bump}, situacao = 'transferida',
      encerrada_em = ${em}, motivo_encerramento = ${motivo} WHERE id = ${id}`);
    await tx.execute(sql`INSERT INTO concessoes (id, sepultura_id, titular_nome, titular_cpf,
      titular_telefone, titular_email, titular_endereco, titular_user_id, regime, anos, inicio,
      fim, origem_id, transferencia_motivo, transferencia_documento, created_by)
      SELECT ${heir}, sepultura_id, ${titular.titularNome}, ${titular.titularCpf},
        ${titular.titularTelefone ?? null}, ${titular.titularEmail ?? null},
        ${titular.titularEndereco ?? null}, ${linkedUser(titular.titularCpf ?? '')}, regime, anos,
        ${em}, fim, id, ${motivo}, ${documento}, ${user.id}
      FROM concessoes WHERE id = ${id}`);
  });
  return answer(ctx, heir);
}

export async function closeConcession(
  ctx: AppContext,
  id: string,
  input: Close,
): Promise<Concession> {
  const em = requiredDate(input.em, 'em');
  const motivo = requiredText(input.motivo, 'motivo', CONC_MSG.motivoRequired);
  await run(ctx, async (tx) => {
    const c = await hold(tx, id, true);
    if (em < c.inicio) throw unprocessable(CONC_MSG.closeBeforeStart, 'em');
    await tx.execute(sql`UPDATE concessoes SET ${bump}, situacao = 'encerrada',
      encerrada_em = ${em}, motivo_encerramento = ${motivo} WHERE id = ${id}`);
  });
  return answer(ctx, id);
}

export async function addFee(ctx: AppContext, id: string, input: FeeCreate): Promise<Concession> {
  const vencimento = requiredDate(input.vencimento, 'vencimento');
  try {
    await ctx.database.db.transaction(async (tx) => {
      await hold(tx, id, false);
      await tx.execute(sql`INSERT INTO concessao_taxas (id, concessao_id, ano, valor, vencimento)
        VALUES (${newId()}, ${id}, ${input.ano}, ${input.valor}, ${vencimento})`);
    });
  } catch (err) {
    if (!(err instanceof HttpError) && isUniqueViolation(err)) {
      throw conflict(CONC_MSG.feeExists, 'ano');
    }
    throw err;
  }
  return answer(ctx, id);
}

export async function payFee(ctx: AppContext, feeId: string, input: FeePay): Promise<Concession> {
  const pagoEm = check(dateField(input.pagoEm, 'pagoEm'));
  const recibo = input.recibo?.trim() || null;
  const [row] = await ctx.database.sql.query<{ concessao_id: string }>(
    `UPDATE concessao_taxas SET pago_em = $2, recibo = $3, updated_at = now()
     WHERE id = $1 RETURNING concessao_id`,
    [feeId, pagoEm, pagoEm ? recibo : null],
  );
  if (!row) throw notFound(CONC_MSG.feeNotFound);
  return answer(ctx, row.concessao_id);
}
