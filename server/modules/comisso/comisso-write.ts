/**
 * Writes of the abandonment cases. Each one is a transaction that locks the case (or, to open
 * one, the grave) first, so steps and the decision of one case are served in order, and a
 * grant of the grave (concessions module) waits for the open case and then sees 'em comisso'.
 * Every step keeps who made it, the device's time (X-Feito-Em, read by the audit scope) and
 * the server's (its created_at).
 */
import { sql } from 'drizzle-orm';
import { formatBrDate } from '../../../src/domain/burial-dates';
import {
  COMISSO_LIMITS,
  COMISSO_MSG,
  type Decision,
  noteValue,
  stepDate,
  waitingEnds,
} from '../../../src/domain/comisso-rules';
import type {
  CaseDecision,
  CaseOpen,
  ComissoCase,
  StepCreate,
} from '../../../src/domain/comisso-types';
import { isProblem, type Problem } from '../../../src/domain/concession-rules';
import { GRAVE_MSG } from '../../../src/domain/grave-rules';
import { newId } from '../../../src/domain/ids';
import { isValidEmail, normalizeEmail } from '../../../src/domain/user-rules';
import type { AppContext } from '../../context';
import { currentAuditScope } from '../../db/audit-scope';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, HttpError, notFound, unprocessable } from '../../lib/http-error';
import { withIdempotencyKey } from '../../lib/idempotency';
import { removeImages, type StoredImage, storeImages } from '../../lib/images';
import { isUniqueViolation } from '../../lib/pg-error';
import type { Tx } from '../burials/public';
import { txRows } from '../graves/public';
import { noticeMail } from './comisso-mail';
import { findCase } from './comisso-read';
import { stepAlreadyMade, stepContent } from './comisso-step-key';

function check<T>(value: T | Problem): T {
  if (isProblem(value)) throw badRequest(value.message, value.field);
  return value;
}

/** The device's time of this request (X-Feito-Em), when plausible. */
const madeAt = () => currentAuditScope()?.madeAt?.toISOString() ?? null;

async function answer(ctx: AppContext, id: string): Promise<ComissoCase> {
  const found = await findCase(ctx, id, true);
  if (!found) throw notFound(COMISSO_MSG.notFound);
  return found;
}

export async function openCase(
  ctx: AppContext,
  user: UserRow,
  graveId: string,
  input: CaseOpen,
): Promise<ComissoCase> {
  const prazo = input.prazoDias ?? COMISSO_LIMITS.defaultDays;
  if (prazo < COMISSO_LIMITS.minDays || prazo > COMISSO_LIMITS.maxDays) {
    throw badRequest(COMISSO_MSG.prazoInvalid, 'prazoDias');
  }
  const nota = check(noteValue(input.nota));
  const id = newId();
  try {
    await ctx.database.db.transaction(async (tx) => {
      const [g] = await txRows<{ situacao: string }>(
        tx,
        sql`SELECT situacao FROM sepulturas WHERE id = ${graveId} FOR UPDATE`,
      );
      if (!g) throw notFound(GRAVE_MSG.notFound);
      if (g.situacao === 'em comisso') throw conflict(COMISSO_MSG.openExists);
      await tx.execute(sql`INSERT INTO comisso_casos (id, sepultura_id, prazo_dias, nota,
        situacao_anterior, aberto_por, feito_em) VALUES (${id}, ${graveId}, ${prazo}, ${nota},
        ${g.situacao}, ${user.id}, ${madeAt()})`);
      await tx.execute(sql`UPDATE sepulturas SET situacao = 'em comisso', version = version + 1,
        updated_at = now() WHERE id = ${graveId}`);
    });
  } catch (err) {
    if (!(err instanceof HttpError) && isUniqueViolation(err))
      throw conflict(COMISSO_MSG.openExists);
    throw err;
  }
  return answer(ctx, id);
}

interface HeldCase {
  id: string;
  sepultura_id: string;
  situacao: string;
  prazo_dias: number;
  situacao_anterior: string;
}

async function holdOpen(tx: Tx, id: string): Promise<HeldCase> {
  const [k] = await txRows<HeldCase>(
    tx,
    sql`SELECT id, sepultura_id, situacao, prazo_dias, situacao_anterior FROM comisso_casos
      WHERE id = ${id} FOR UPDATE`,
  );
  if (!k) throw notFound(COMISSO_MSG.notFound);
  if (k.situacao !== 'aberto') throw conflict(COMISSO_MSG.notOpen);
  return k;
}

/** The e-mail of a notice: the one given, or the active concession's titular's. */
async function noticeTarget(
  tx: Tx,
  graveId: string,
  given: string | null | undefined,
): Promise<{ email: string; titular: string | null }> {
  const [c] = await txRows<{ titular_nome: string; titular_email: string | null }>(
    tx,
    sql`SELECT titular_nome, titular_email FROM concessoes WHERE sepultura_id = ${graveId}
      AND situacao = 'ativa'`,
  );
  const typed = (given ?? '').trim();
  if (typed) {
    if (!isValidEmail(typed)) throw badRequest(COMISSO_MSG.emailInvalid, 'email');
    return { email: normalizeEmail(typed), titular: c?.titular_nome ?? null };
  }
  if (!c?.titular_email) throw unprocessable(COMISSO_MSG.noEmail, 'email');
  return { email: c.titular_email, titular: c.titular_nome };
}

/** A key that another attempt stored meanwhile: this one's transaction is rolled back. */
class KeyTaken extends Error {}

export interface StepAnswer {
  kase: ComissoCase;
  /** The key had made this step already: the case is answered again, nothing written. */
  replayed: boolean;
}

/**
 * One step. Photos only on an inspection (checked and re-encoded before anything is written;
 * removed again if the step is not); a notice by e-mail is sent inside the transaction, so a
 * mail that could not be sent leaves no step saying it was. With an Idempotency-Key (the
 * phone's outbox) it applies once: a re-send finds the step its key made and answers the case
 * (./comisso-step-key.ts); two attempts at once wait for each other here, and across processes
 * the key's unique constraint lets one insert win, the other rolls back and replays.
 */
export async function addStep(
  ctx: AppContext,
  user: UserRow,
  caseId: string,
  input: StepCreate,
  photos: readonly Buffer[],
  key: string | null = null,
): Promise<StepAnswer> {
  const conteudo = stepContent(input, photos);
  const replay = async () =>
    (await stepAlreadyMade(ctx, user.id, key, caseId, conteudo))
      ? { kase: await answer(ctx, caseId), replayed: true }
      : null;
  return withIdempotencyKey(ctx, 'comisso', user.id, key, async () => {
    const earlier = await replay();
    if (earlier) return earlier;
    try {
      return {
        kase: await writeStep(ctx, user, caseId, input, photos, key, conteudo),
        replayed: false,
      };
    } catch (err) {
      const again = err instanceof KeyTaken ? await replay() : null;
      if (again) return again;
      throw err;
    }
  });
}

async function writeStep(
  ctx: AppContext,
  user: UserRow,
  caseId: string,
  input: StepCreate,
  photos: readonly Buffer[],
  key: string | null,
  conteudo: string,
): Promise<ComissoCase> {
  const data = check(stepDate(input.data));
  const nota = check(noteValue(input.nota));
  if (input.tipo === 'notificacao' && !input.meio) {
    throw badRequest(COMISSO_MSG.meioRequired, 'meio');
  }
  if (input.tipo !== 'notificacao' && input.meio) {
    throw badRequest(COMISSO_MSG.meioOnlyNotice, 'meio');
  }
  if (input.tipo !== 'vistoria' && photos.length > 0) {
    throw badRequest(COMISSO_MSG.photosOnlyInspection, 'fotos');
  }
  const stored: StoredImage[] =
    photos.length > 0 ? await storeImages(ctx, 'comisso', [...photos]) : [];
  const stepId = newId();
  try {
    await ctx.database.db.transaction(async (tx) => {
      const k = await holdOpen(tx, caseId);
      if (input.tipo === 'edital') {
        const [n] = await txRows<{ n: number }>(
          tx,
          sql`SELECT count(*)::int AS n FROM comisso_etapas WHERE caso_id = ${caseId}
            AND tipo = 'edital'`,
        );
        if (Number(n?.n ?? 0) >= COMISSO_LIMITS.editais) {
          throw unprocessable(COMISSO_MSG.tooManyEditais, 'tipo');
        }
      }
      const target =
        input.tipo === 'notificacao' && input.meio === 'email'
          ? await noticeTarget(tx, k.sepultura_id, input.email)
          : null;
      const made = await txRows(
        tx,
        sql`INSERT INTO comisso_etapas (id, caso_id, tipo, data, nota, meio, titular_email,
          feito_por, feito_em, idempotency_key, conteudo) VALUES (${stepId}, ${caseId},
          ${input.tipo}, ${data}, ${nota}, ${input.meio ?? null}, ${target?.email ?? null},
          ${user.id}, ${madeAt()}, ${key}, ${key === null ? null : conteudo})
          ON CONFLICT (feito_por, idempotency_key) DO NOTHING RETURNING id`,
      );
      // Another process stored this key first: nothing of this attempt stays (nor is mailed).
      if (made.length === 0) throw new KeyTaken();
      for (const [i, p] of stored.entries()) {
        await tx.execute(sql`INSERT INTO comisso_fotos (id, etapa_id, file, thumb, width, height,
          position) VALUES (${newId()}, ${stepId}, ${p.file}, ${p.thumb}, ${p.width}, ${p.height},
          ${i})`);
      }
      await tx.execute(sql`UPDATE comisso_casos SET version = version + 1, updated_at = now()
        WHERE id = ${caseId}`);
      if (target) {
        const [g] = await txRows<{
          cemiterio: string;
          quadra: string;
          rua: string | null;
          numero: string;
        }>(
          tx,
          sql`SELECT c.nome AS cemiterio, g.quadra, g.rua, g.numero FROM sepulturas g
            JOIN cemiterios c ON c.id = g.cemiterio_id WHERE g.id = ${k.sepultura_id}`,
        );
        if (!g) throw notFound(GRAVE_MSG.notFound);
        try {
          await ctx.mailer.send(
            noticeMail(target.email, target.titular, g, data, Number(k.prazo_dias), nota),
          );
        } catch {
          throw new HttpError(502, COMISSO_MSG.mailFailed);
        }
      }
    });
  } catch (err) {
    await removeImages(
      ctx,
      'comisso',
      stored.map((s) => s.file),
    );
    throw err;
  }
  return answer(ctx, caseId);
}

/**
 * The decision. 'retomada' (the grave taken back) only after the three editais and the end of
 * the waiting period: the active concession is closed and the grave is free of any title.
 * 'encerrado' (the titular re-registered) at any time: the grave goes back to its state.
 */
export async function decideCase(
  ctx: AppContext,
  user: UserRow,
  caseId: string,
  input: CaseDecision,
): Promise<ComissoCase> {
  const data = check(stepDate(input.data));
  const nota = check(noteValue(input.nota));
  const decisao: Decision = input.decisao;
  await ctx.database.db.transaction(async (tx) => {
    const k = await holdOpen(tx, caseId);
    await txRows(tx, sql`SELECT 1 FROM sepulturas WHERE id = ${k.sepultura_id} FOR UPDATE`);
    if (decisao === 'retomada') {
      const steps = await txRows<{ tipo: 'vistoria' | 'notificacao' | 'edital'; data: string }>(
        tx,
        sql`SELECT tipo, to_char(data, 'YYYY-MM-DD') AS data FROM comisso_etapas
          WHERE caso_id = ${caseId}`,
      );
      if (steps.filter((s) => s.tipo === 'edital').length < COMISSO_LIMITS.editais) {
        throw unprocessable(COMISSO_MSG.decisaoNeedsEditais, 'decisao');
      }
      const ends = waitingEnds(steps, Number(k.prazo_dias));
      if (!ends || data < ends) {
        throw unprocessable(COMISSO_MSG.decisaoEarly(formatBrDate(ends)), 'data');
      }
      await tx.execute(sql`UPDATE concessoes SET situacao = 'encerrada',
        encerrada_em = greatest(${data}::date, inicio),
        motivo_encerramento = 'Sepultura retomada em processo de comisso.',
        version = version + 1, updated_at = now()
        WHERE sepultura_id = ${k.sepultura_id} AND situacao = 'ativa'`);
    }
    await tx.execute(sql`UPDATE comisso_casos SET situacao = ${decisao}, decisao_data = ${data},
      decisao_nota = ${nota}, decidido_por = ${user.id}, decidido_em = now(),
      decisao_feita_em = ${madeAt()}, version = version + 1, updated_at = now()
      WHERE id = ${caseId}`);
    // The grave's state after the case: an interdiction the office had set stays; otherwise it
    // follows what the grave now holds (a title, someone, or nothing).
    await tx.execute(sql`UPDATE sepulturas g SET situacao = CASE
        WHEN ${k.situacao_anterior} = 'interditada' THEN 'interditada'
        WHEN EXISTS (SELECT 1 FROM concessoes c WHERE c.sepultura_id = g.id
          AND c.situacao = 'ativa') THEN 'concedida'
        WHEN EXISTS (SELECT 1 FROM sepultados s WHERE s.sepultura_id = g.id
          AND s.deleted_at IS NULL) THEN 'ocupada'
        ELSE 'livre' END,
      version = version + 1, updated_at = now()
      WHERE g.id = ${k.sepultura_id}`);
  });
  return answer(ctx, caseId);
}
