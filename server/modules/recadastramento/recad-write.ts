/**
 * Writes of the re-registration (admin: campaigns and decisions; anyone signed in: a request).
 * A request is limited per person (it carries an image through the pipeline), refused while
 * the same person's request for the grave waits (409; the partial unique index of 0040 holds
 * it against two tabs at once), and its document photo is sniffed and re-encoded like every
 * upload before anything is written.
 */
import { sql } from 'drizzle-orm';
import { isProblem, type Problem } from '../../../src/domain/concession-rules';
import { GRAVE_MSG } from '../../../src/domain/grave-rules';
import { newId } from '../../../src/domain/ids';
import {
  campaignValues,
  RECAD_MSG,
  refusalReason,
  requestValues,
} from '../../../src/domain/recadastramento-rules';
import type {
  Campaign,
  CampaignCreate,
  ReregDecision,
  ReregRequest,
  ReregRequestBody,
} from '../../../src/domain/recadastramento-types';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { badRequest, conflict, notFound, tooMany, unprocessable } from '../../lib/http-error';
import { removeImage, storeImage } from '../../lib/images';
import { isUniqueViolation } from '../../lib/pg-error';
import type { Limit } from '../../lib/rate-limiter';
import { findGrave, txRows } from '../graves/public';
import { findCampaign, findRequest, openCampaignOfGrave } from './recad-read';

const MIN = 60_000;

/** A person re-registers the few graves of a family, not a stream of them. */
export const RECAD_RATE_LIMITS = {
  userPerHour: { max: 10, windowMs: 60 * MIN },
  userPerDay: { max: 30, windowMs: 24 * 60 * MIN },
} satisfies Record<string, Limit>;

function check<T>(value: T | Problem): T {
  if (isProblem(value)) throw badRequest(value.message, value.field);
  return value;
}

export async function createCampaign(
  ctx: AppContext,
  user: UserRow,
  input: CampaignCreate,
): Promise<Campaign> {
  const v = check(campaignValues(input));
  const [cem] = await ctx.database.sql.query('SELECT 1 FROM cemiterios WHERE id = $1', [
    input.cemiterioId,
  ]);
  if (!cem) throw unprocessable(RECAD_MSG.cemeteryNotFound, 'cemiterioId');
  const id = newId();
  try {
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO recadastramento_campanhas (id, cemiterio_id, nome, inicio,
        fim, created_by) VALUES (${id}, ${input.cemiterioId}, ${v.nome}, ${v.inicio}, ${v.fim},
        ${user.id})`);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(RECAD_MSG.campaignOpenExists, 'cemiterioId');
    throw err;
  }
  const made = await findCampaign(ctx, id);
  if (!made) throw notFound(RECAD_MSG.campaignNotFound);
  return made;
}

export async function closeCampaign(ctx: AppContext, id: string): Promise<Campaign> {
  const closed = await ctx.database.db.transaction(async (tx) =>
    txRows<{ id: string }>(
      tx,
      sql`UPDATE recadastramento_campanhas SET encerrada_em = now(), updated_at = now()
        WHERE id = ${id} AND encerrada_em IS NULL RETURNING id`,
    ),
  );
  const found = await findCampaign(ctx, id);
  if (!found) throw notFound(RECAD_MSG.campaignNotFound);
  if (closed.length === 0) throw conflict(RECAD_MSG.campaignClosed);
  return found;
}

async function enforceLimits(ctx: AppContext, userId: string): Promise<void> {
  const hits: [string, Limit][] = [
    [`recad:user:${userId}:h`, RECAD_RATE_LIMITS.userPerHour],
    [`recad:user:${userId}:d`, RECAD_RATE_LIMITS.userPerDay],
  ];
  for (const [key, limit] of hits) {
    const result = await ctx.limiter.hit(key, limit);
    if (!result.allowed) throw tooMany(RECAD_MSG.tooMany, result.retryAfterSeconds);
  }
}

const pendingOf = (ctx: AppContext, graveId: string, userId: string) =>
  ctx.database.sql.query(
    `SELECT 1 FROM recadastramentos WHERE sepultura_id = $1 AND user_id = $2
       AND situacao = 'pendente'`,
    [graveId, userId],
  );

export async function submitRequest(
  ctx: AppContext,
  user: UserRow,
  graveId: string,
  body: ReregRequestBody,
  documents: readonly Buffer[],
): Promise<ReregRequest> {
  if (!(await findGrave(ctx, graveId))) throw notFound(GRAVE_MSG.notFound);
  await enforceLimits(ctx, user.id);
  const v = check(requestValues(body));
  const document = documents[0];
  if (!document) throw badRequest(RECAD_MSG.documentRequired, 'documento');
  const campanha = await openCampaignOfGrave(ctx, graveId);
  if (!campanha) throw unprocessable(RECAD_MSG.noOpenCampaign);
  if ((await pendingOf(ctx, graveId, user.id)).length > 0) throw conflict(RECAD_MSG.duplicate);
  const stored = await storeImage(ctx, 'recadastramento', document);
  const id = newId();
  try {
    await ctx.database.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO recadastramentos (id, campanha_id, sepultura_id, user_id,
        titular_nome, titular_cpf, titular_telefone, documento) VALUES (${id}, ${campanha.id},
        ${graveId}, ${user.id}, ${v.titularNome}, ${v.titularCpf}, ${v.titularTelefone},
        ${stored.file})`);
    });
  } catch (err) {
    await removeImage(ctx, 'recadastramento', stored.file);
    if (isUniqueViolation(err)) throw conflict(RECAD_MSG.duplicate);
    throw err;
  }
  const made = await findRequest(ctx, id);
  if (!made) throw notFound(RECAD_MSG.requestNotFound);
  return made;
}

interface Held {
  id: string;
  sepultura_id: string;
  user_id: string;
  titular_nome: string;
  titular_cpf: string;
  titular_telefone: string;
  situacao: string;
}

/**
 * Accept: the grave's active concession (if any) gets the person as its titular — the account
 * linked, the name, CPF and phone from the request, which the office checked against the
 * document — or, without one, the confirmation is recorded for the campaign. Refuse: with a
 * reason the person reads on their profile.
 */
export async function decideRequest(
  ctx: AppContext,
  admin: UserRow,
  id: string,
  input: ReregDecision,
): Promise<ReregRequest> {
  const motivo = input.aceitar ? null : check(refusalReason(input.motivo));
  await ctx.database.db.transaction(async (tx) => {
    const [r] = await txRows<Held>(
      tx,
      sql`SELECT id, sepultura_id, user_id, titular_nome, titular_cpf, titular_telefone,
          situacao FROM recadastramentos WHERE id = ${id} FOR UPDATE`,
    );
    if (!r) throw notFound(RECAD_MSG.requestNotFound);
    if (r.situacao !== 'pendente') throw conflict(RECAD_MSG.notPending);
    if (!input.aceitar) {
      await tx.execute(sql`UPDATE recadastramentos SET situacao = 'recusado', motivo = ${motivo},
          decidido_por = ${admin.id}, decidido_em = now(), updated_at = now() WHERE id = ${id}`);
      return;
    }
    const [active] = await txRows<{ id: string }>(
      tx,
      sql`SELECT id FROM concessoes WHERE sepultura_id = ${r.sepultura_id}
          AND situacao = 'ativa' FOR UPDATE`,
    );
    if (active) {
      await tx.execute(sql`UPDATE concessoes SET titular_nome = ${r.titular_nome},
          titular_cpf = ${r.titular_cpf}, titular_telefone = ${r.titular_telefone},
          titular_user_id = ${r.user_id}, version = version + 1, updated_at = now()
          WHERE id = ${active.id}`);
    }
    await tx.execute(sql`UPDATE recadastramentos SET situacao = 'aceito',
        concessao_id = ${active?.id ?? null}, decidido_por = ${admin.id}, decidido_em = now(),
        updated_at = now() WHERE id = ${id}`);
  });
  const done = await findRequest(ctx, id);
  if (!done) throw notFound(RECAD_MSG.requestNotFound);
  return done;
}
