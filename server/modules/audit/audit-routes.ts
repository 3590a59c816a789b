/**
 * The audit trail's reads (src/domain/schemas/audit.ts). Thin: schema, guard, query. No route
 * writes the trail: only the database's triggers do, and nothing may change an entry.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AUDIT_MSG } from '../../../src/domain/audit-rules';
import { isId } from '../../../src/domain/ids';
import { MSG } from '../../../src/domain/messages';
import { can } from '../../../src/domain/permissions';
import {
  AUDIT_CSV_MAX,
  AUDIT_PAGE_MAX,
  AuditHistorySchema,
  AuditPageSchema,
  AuditQuerySchema,
  HistoryQuerySchema,
  SubjectParamsSchema,
} from '../../../src/domain/schemas/audit';
import type { UserRow } from '../../db/schema';
import { forbidden, notFound, unauthorized } from '../../lib/http-error';
import { requireCan } from '../../plugins/auth';
import { isAssigned } from '../burials/public';
import { auditCsv } from './audit-csv';
import { auditPage, auditRows, recordKnown, subjectHistory } from './audit-read';

function userOf(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized(MSG.unauthenticated);
  return request.user;
}

const PAGE_DEFAULT = 50;

export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const adminOnly = [app.authenticate, requireCan('audit:read', AUDIT_MSG.forbidden)];

  app.get(
    '/auditoria',
    {
      preHandler: adminOnly,
      schema: { querystring: AuditQuerySchema, response: { 200: AuditPageSchema } },
    },
    async (request, reply) => {
      const page = request.query.pagina ?? 1;
      const limit = Math.min(request.query.limite ?? PAGE_DEFAULT, AUDIT_PAGE_MAX);
      reply.header('cache-control', 'no-store');
      return { ...(await auditPage(app.ctx, request.query, page, limit)), page, limit };
    },
  );

  app.get(
    '/auditoria/csv',
    { preHandler: adminOnly, schema: { querystring: AuditQuerySchema } },
    async (request, reply) => {
      const entries = await auditRows(app.ctx, request.query, AUDIT_CSV_MAX);
      const stamp = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="auditoria-${stamp}.csv"`)
        .send(auditCsv(entries));
    },
  );

  app.get(
    '/sepultados/:id/historico',
    {
      preHandler: [app.authenticate],
      schema: {
        params: SubjectParamsSchema,
        querystring: HistoryQuerySchema,
        response: { 200: AuditHistorySchema },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const { id } = request.params;
      // Refused before looking, so the answer does not say which ids exist.
      if (user.role !== 'admin' && user.role !== 'concessionario') {
        throw forbidden(AUDIT_MSG.forbiddenHistory);
      }
      if (!isId(id) || !(await recordKnown(app.ctx, id))) throw notFound(AUDIT_MSG.recordNotFound);
      const assigned =
        user.role === 'admin' ? [] : (await isAssigned(app.ctx, id, user.id)) ? [user.id] : [];
      if (!can(user, 'burial:history', { assigned })) throw forbidden(AUDIT_MSG.forbiddenHistory);
      reply.header('cache-control', 'no-store');
      return subjectHistory(app.ctx, id, request.query.pagina ?? 1, user.role === 'admin');
    },
  );

  app.get(
    '/users/:id/historico',
    {
      preHandler: [app.authenticate, requireCan('user:manage', AUDIT_MSG.forbidden)],
      schema: {
        params: SubjectParamsSchema,
        querystring: HistoryQuerySchema,
        response: { 200: AuditHistorySchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return subjectHistory(app.ctx, request.params.id, request.query.pagina ?? 1, true);
    },
  );
};
