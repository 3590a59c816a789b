/**
 * A concession's documents (contract in src/domain/schemas/concession.ts): admins attach and
 * remove them; admins and the account linked to the titular open them. The file is personal
 * data: anyone else asking gets the same 404 as for a document that does not exist, and no
 * answer may be kept by a shared cache. The file goes with the API's own headers (security.ts:
 * nosniff, a CSP that loads and runs nothing), so a PDF's scripts never run as our origin.
 * Thin: schema, guard, service.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DOCUMENT_LIMITS,
  DOCUMENT_MSG,
  documentFileName,
} from '../../../src/domain/concession-documents';
import { CONC_MSG } from '../../../src/domain/concession-rules';
import { MSG } from '../../../src/domain/messages';
import { can } from '../../../src/domain/permissions';
import {
  ConcessionIdParamsSchema,
  ConcessionSchema,
  DocumentFormSchema,
  DocumentParamsSchema,
} from '../../../src/domain/schemas/concession';
import { notFound, unauthorized } from '../../lib/http-error';
import { requireCan } from '../../plugins/auth';
import { formValidatorCompiler, readForm, uploadsOf } from '../../plugins/forms';
import { attachDocument, findDocument, removeDocument } from './concession-documents';
import { readDocument } from './concession-files';

const PRIVATE = 'private, no-store';

export const concessionDocumentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = [app.authenticate, requireCan('concession:manage', CONC_MSG.forbidden)];
  // The form route last: formValidatorCompiler borrows Fastify's default compiler, which exists
  // only once a route of this plugin has compiled its schema.

  app.get(
    '/concessoes/:id/documentos/:docId',
    { preHandler: app.authenticate, schema: { params: DocumentParamsSchema } },
    async (request, reply) => {
      if (!request.user) throw unauthorized(MSG.unauthenticated);
      const doc = await findDocument(app.ctx, request.params.id, request.params.docId);
      // Someone else's document answers as one that does not exist.
      if (!doc || !can(request.user, 'concession:view', { titularUserId: doc.titularUserId })) {
        throw notFound(DOCUMENT_MSG.notFound);
      }
      const bytes = await readDocument(app.ctx, doc.file);
      if (!bytes) throw notFound(DOCUMENT_MSG.notFound);
      return reply
        .header('cache-control', PRIVATE)
        .header(
          'content-disposition',
          `inline; filename="${documentFileName(doc.titulo, doc.mime)}"`,
        )
        .type(doc.mime)
        .send(bytes);
    },
  );

  app.delete(
    '/concessoes/:id/documentos/:docId',
    {
      preHandler: admin,
      schema: { params: DocumentParamsSchema, response: { 200: ConcessionSchema } },
    },
    async (request, reply) => {
      const left = await removeDocument(app.ctx, request.params.id, request.params.docId);
      return reply.header('cache-control', PRIVATE).send(left);
    },
  );

  app.post(
    '/concessoes/:id/documentos',
    {
      preHandler: [
        ...admin,
        readForm(DocumentFormSchema, {
          fileFields: ['arquivo'],
          maxFiles: 2,
          maxFileBytes: DOCUMENT_LIMITS.maxBytes,
          fileTooLarge: { message: DOCUMENT_MSG.tooLarge, field: 'arquivo' },
          oneFile: { message: DOCUMENT_MSG.oneFile, field: 'arquivo' },
          dropEmpty: ['arquivo'],
          notObject: MSG.unsupportedMedia,
        }),
      ],
      validatorCompiler: formValidatorCompiler(app),
      schema: {
        params: ConcessionIdParamsSchema,
        body: DocumentFormSchema,
        response: { 201: ConcessionSchema },
      },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorized(MSG.unauthenticated);
      const files = uploadsOf(request).map((f) => f.data);
      const made = await attachDocument(
        app.ctx,
        request.user,
        request.params.id,
        request.body,
        files,
      );
      return reply.code(201).header('cache-control', PRIVATE).send(made);
    },
  );
};
