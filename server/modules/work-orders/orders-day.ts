/**
 * The crew's day and the office's calendar:
 *  - "Hoje": the caller's open orders of the municipality's today and the overdue ones, whole
 *    (the phone works them offline), with an ETag of the answer so a no-change request is a 304;
 *  - the calendar: compact entries of a window of at most ORDER_LIMITS.calendarDays (a range scan
 *    of ordens_calendario_idx);
 *  - the iCal feed (RFC 5545) of one person, reached by a secret token kept only as its sha256:
 *    the token opens that feed and nothing else (it is no session: the auth plugin never sees it).
 */
import crypto from 'node:crypto';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ORDER_LIMITS, ORDER_MSG, type OrderState } from '../../../src/domain/work-order-rules';
import type { Today } from '../../../src/domain/work-order-types';
import type { AppContext } from '../../context';
import type { UserRow } from '../../db/schema';
import { pickEncoding, sendJsonBytes } from '../../lib/encoded-json';
import { bodyEtag } from '../../lib/etag';
import { badRequest, notFound } from '../../lib/http-error';
import { COMPRESSED } from '../../plugins/compression';
import { loadOrders, wall } from './orders-read';
import { day, daysBetween, nextDay, todayIn, zoneOffsetMinutes } from './orders-time';

const OPEN = `o.situacao IN ('aberta', 'em andamento')`;

export async function today(
  ctx: AppContext,
  user: UserRow,
): Promise<{ body: Today; etag: string }> {
  const hoje = todayIn(ctx.config.timeZone);
  const ids = await ctx.database.sql.query<{ id: string }>(
    `SELECT o.id FROM ordem_responsaveis r JOIN ordens o ON o.id = r.ordem_id
     WHERE r.user_id = $1 AND ${OPEN} AND o.agendada_para < $2::timestamp
     ORDER BY o.agendada_para, o.id`,
    [user.id, nextDay(hoje)],
  );
  const body: Today = {
    hoje,
    ordens: await loadOrders(
      ctx.database.sql,
      ids.map((r) => r.id),
    ),
  };
  return { body, etag: bodyEtag(body) };
}

function windowOf(de: string, ate: string): { from: string; to: string } {
  const from = day(de);
  if (!from) throw badRequest(ORDER_MSG.dayInvalid, 'de');
  const to = day(ate);
  if (!to) throw badRequest(ORDER_MSG.dayInvalid, 'ate');
  const span = daysBetween(from, to);
  if (span < 0 || span >= ORDER_LIMITS.calendarDays) {
    throw badRequest(ORDER_MSG.calendarRange, 'ate');
  }
  return { from, to };
}

/**
 * The calendar as JSON text made by the database in one value (CalendarSchema's shape). On
 * PGlite the cost of a big window is the rows and columns crossing into JavaScript, not the
 * query: one text value of 3,000 entries costs a fraction of 3,000 rows, and it is sent as it
 * is (no second serialization). The window's orders are read once (w); its people and
 * cemeteries are numbered in name order and the entries carry those numbers.
 */
export async function calendarJson(
  ctx: AppContext,
  q: {
    de: string;
    ate: string;
    cemiterioId?: string | undefined;
    responsavelId?: string | undefined;
  },
): Promise<string> {
  const { from, to } = windowOf(q.de, q.ate);
  const params: unknown[] = [from, nextDay(to)];
  let filter = '';
  if (q.cemiterioId) {
    params.push(q.cemiterioId);
    filter += ` AND o.cemiterio_id = $${params.length}`;
  }
  if (q.responsavelId) {
    params.push(q.responsavelId);
    filter += ` AND EXISTS (SELECT 1 FROM ordem_responsaveis x WHERE x.ordem_id = o.id
      AND x.user_id = $${params.length})`;
  }
  // Ids, kinds (a slug), states and to_char's output need no escaping; names and places do.
  // Compact text: json_build_object would pad every key with spaces (~10% more bytes).
  const [row] = await ctx.database.sql.query<{
    ordens: string | null;
    tipos: string | null;
    cemiterios: string | null;
    pessoas: string | null;
  }>(
    `WITH w AS MATERIALIZED (
       SELECT o.id, o.tipo, o.situacao, o.agendada_para, o.cemiterio_id, o.sepultura_id,
         o.sepultado_id
       FROM ordens o
       WHERE o.agendada_para >= $1::timestamp AND o.agendada_para < $2::timestamp${filter}
     ), r AS MATERIALIZED (
       SELECT x.ordem_id, x.user_id FROM ordem_responsaveis x JOIN w ON w.id = x.ordem_id
     ), p AS MATERIALIZED (
       SELECT u.id, u.name AS nome, row_number() OVER (ORDER BY u.name, u.id) - 1 AS i
       FROM users u WHERE u.id IN (SELECT user_id FROM r)
     ), c AS MATERIALIZED (
       SELECT c.id, c.nome, row_number() OVER (ORDER BY c.nome, c.id) - 1 AS i
       FROM cemiterios c WHERE c.id IN (SELECT cemiterio_id FROM w)
     ), ri AS (
       SELECT r.ordem_id, string_agg(p.i::text, ',' ORDER BY p.i) AS a
       FROM r JOIN p ON p.id = r.user_id GROUP BY r.ordem_id
     )
     SELECT
       (SELECT string_agg('{"id":"' || w.id || '","tipo":"' || w.tipo || '","situacao":"'
          || w.situacao || '","agendadaPara":"' || ${wall('w.agendada_para')}
          || '","cemiterio":' || c.i || ',"rotulo":' || to_json(CASE WHEN g.id IS NULL
            THEN coalesce(s.nome, '')
            ELSE concat_ws(' · ', 'Quadra ' || g.quadra, g.rua, g.numero) END)::text
          || ',"responsaveis":[' || coalesce(ri.a, '') || ']}', ','
          ORDER BY w.agendada_para, w.id)
        FROM w JOIN c ON c.id = w.cemiterio_id LEFT JOIN ri ON ri.ordem_id = w.id
        LEFT JOIN sepulturas g ON g.id = w.sepultura_id
        LEFT JOIN sepultados s ON s.id = w.sepultado_id) AS ordens,
       (SELECT json_object_agg(t.tipo, t.nome)::text FROM ordem_tipos t
        WHERE t.tipo IN (SELECT tipo FROM w)) AS tipos,
       (SELECT json_agg(json_build_object('id', c.id, 'nome', c.nome) ORDER BY c.i)::text
        FROM c) AS cemiterios,
       (SELECT json_agg(json_build_object('id', p.id, 'nome', p.nome) ORDER BY p.i)::text
        FROM p) AS pessoas`,
    params,
  );
  return `{"de":${JSON.stringify(from)},"ate":${JSON.stringify(to)},"tipos":${row?.tipos ?? '{}'},"cemiterios":${row?.cemiterios ?? '[]'},"pessoas":${row?.pessoas ?? '[]'},"ordens":[${row?.ordens ?? ''}]}`;
}

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** Sends JSON text as it is, compressed off the event loop when the client takes it. */
export async function sendJsonText(request: FastifyRequest, reply: FastifyReply, json: string) {
  const encoding =
    Buffer.byteLength(json) >= COMPRESSED.threshold
      ? pickEncoding(request.headers['accept-encoding'])
      : null;
  if (encoding === 'br') {
    const body = await brotli(json, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } });
    return sendJsonBytes(reply, body, 'br');
  }
  if (encoding === 'gzip') return sendJsonBytes(reply, await gzip(json), 'gzip');
  return sendJsonBytes(reply, json, null);
}

// --- iCal feed ---------------------------------------------------------------------------

const hashOf = (token: string) => crypto.createHash('sha256').update(token).digest('hex');

/** A new secret feed address for the user (the old one stops working). */
export async function newIcsToken(ctx: AppContext, user: UserRow): Promise<string> {
  const token = crypto.randomBytes(32).toString('base64url');
  await ctx.database.db.transaction((tx) =>
    tx.execute(sql`INSERT INTO ics_tokens (user_id, hash) VALUES (${user.id}, ${hashOf(token)})
      ON CONFLICT (user_id) DO UPDATE SET hash = EXCLUDED.hash, created_at = now()`),
  );
  return `${ctx.config.publicUrl}/api/ordens/calendario.ics?token=${token}`;
}

export async function revokeIcsToken(ctx: AppContext, user: UserRow): Promise<void> {
  await ctx.database.db.transaction((tx) =>
    tx.execute(sql`DELETE FROM ics_tokens WHERE user_id = ${user.id}`),
  );
}

/** Escapes a TEXT value (RFC 5545 §3.3.11). */
function text(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r?\n/g, '\\n');
}

/** Folds a content line at 75 octets (§3.1), never inside a UTF-8 character. */
function fold(line: string): string {
  const out: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch);
    if (bytes + size > (out.length === 0 ? 75 : 74)) {
      out.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += size;
  }
  out.push(current);
  return out.join('\r\n ');
}

const icsLocal = (w: string) => `${w.replace(/[-:]/g, '')}00`;
const icsUtc = (d: Date) => `${d.toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;

function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const m = Math.abs(minutes);
  return `${sign}${String(Math.floor(m / 60)).padStart(2, '0')}${String(m % 60).padStart(2, '0')}`;
}

/** Orders of the feed: 30 days back to 90 ahead of the municipality's today. */
const FEED_BACK_DAYS = 30;
const FEED_AHEAD_DAYS = 90;
/** An order's event lasts an hour unless its milestones say longer. */
const EVENT_MINUTES = 60;

/** The feed of the token's owner; 404 (icsTokenInvalid) for a wrong or revoked token. */
export async function icsFeed(ctx: AppContext, token: string): Promise<string> {
  const [owner] = await ctx.database.sql.query<{ user_id: string }>(
    'SELECT user_id FROM ics_tokens WHERE hash = $1',
    [hashOf(token)],
  );
  if (!owner) throw notFound(ORDER_MSG.icsTokenInvalid);
  const zone = ctx.config.timeZone;
  const hoje = todayIn(zone);
  const rows = await ctx.database.sql.query<{
    id: string;
    tipo_nome: string;
    situacao: OrderState;
    inicio: string;
    fim: string;
    lugar: string;
    sepultado: string | null;
    descricao: string | null;
    version: number;
    updated_at: Date | string;
  }>(
    `SELECT o.id, t.nome AS tipo_nome, o.situacao, ${wall('o.agendada_para')} AS inicio,
       ${wall(`greatest(o.agendada_para + interval '${EVENT_MINUTES} minutes',
         (SELECT max(m.previsto_para) FROM ordem_marcos m WHERE m.ordem_id = o.id))`)} AS fim,
       CASE WHEN g.id IS NULL THEN c.nome
         ELSE concat_ws(' · ', 'Quadra ' || g.quadra, g.rua, g.numero) || ' — ' || c.nome
       END AS lugar,
       s.nome AS sepultado, o.descricao, o.version, o.updated_at
     FROM ordem_responsaveis r JOIN ordens o ON o.id = r.ordem_id
     JOIN ordem_tipos t ON t.tipo = o.tipo JOIN cemiterios c ON c.id = o.cemiterio_id
     LEFT JOIN sepulturas g ON g.id = o.sepultura_id
     LEFT JOIN sepultados s ON s.id = o.sepultado_id
     WHERE r.user_id = $1 AND o.agendada_para >= $2::timestamp AND o.agendada_para < $3::timestamp
     ORDER BY o.agendada_para, o.id`,
    [owner.user_id, nextDay(hoje, -FEED_BACK_DAYS), nextDay(hoje, FEED_AHEAD_DAYS)],
  );
  const host = new URL(ctx.config.publicUrl).hostname;
  const now = icsUtc(new Date());
  const offset = offsetText(zoneOffsetMinutes(zone));
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Memorial//Ordens de servico//PT-BR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${text('Memorial — ordens de serviço')}`,
    `X-WR-TIMEZONE:${zone}`,
    // The zone's current offset (the municipalities served have had no daylight saving since
    // 2019); a calendar app that knows the TZID uses its own rules anyway.
    'BEGIN:VTIMEZONE',
    `TZID:${zone}`,
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    `TZOFFSETFROM:${offset}`,
    `TZOFFSETTO:${offset}`,
    'END:STANDARD',
    'END:VTIMEZONE',
  ];
  for (const r of rows) {
    const summary = r.sepultado ? `${r.tipo_nome} — ${r.sepultado}` : r.tipo_nome;
    const updated = r.updated_at instanceof Date ? r.updated_at : new Date(r.updated_at);
    lines.push(
      'BEGIN:VEVENT',
      `UID:ordem-${r.id}@${host}`,
      `DTSTAMP:${now}`,
      `LAST-MODIFIED:${icsUtc(updated)}`,
      `SEQUENCE:${Number(r.version)}`,
      `DTSTART;TZID=${zone}:${icsLocal(r.inicio)}`,
      `DTEND;TZID=${zone}:${icsLocal(r.fim)}`,
      `SUMMARY:${text(summary)}`,
      ...(r.lugar ? [`LOCATION:${text(r.lugar)}`] : []),
      ...(r.descricao ? [`DESCRIPTION:${text(r.descricao)}`] : []),
      `STATUS:${r.situacao === 'cancelada' ? 'CANCELLED' : 'CONFIRMED'}`,
      `URL:${ctx.config.publicUrl}/ordens/${r.id}`,
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(fold).join('\r\n')}\r\n`;
}
