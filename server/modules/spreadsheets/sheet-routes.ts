/**
 * /api/sepultados/planilha…: the register as a spreadsheet (admin). Thin: guard, schema,
 * service (docs/decisions.md "Spreadsheets").
 *  - GET  /sepultados/planilha?formato=csv|xlsx — the whole register, streamed.
 *  - POST /sepultados/planilha/previa — multipart `arquivo` (+ `mapeamento`): nothing written.
 *  - POST /sepultados/planilha/importar — the same file and the confirmed `mapeamento`; the
 *    valid rows are written; the answer is NDJSON: progress lines, then the result.
 */
import { PassThrough } from 'node:stream';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  SheetExportQuerySchema,
  SheetPreviewSchema,
} from '../../../src/domain/schemas/spreadsheet';
import { SHEET_LIMITS } from '../../../src/domain/spreadsheet';
import { SHEET_MSG } from '../../../src/domain/spreadsheet-messages';
import type { SheetImportLine } from '../../../src/domain/spreadsheet-types';
import { badRequest, HttpError } from '../../lib/http-error';
import { EVERY_KEY } from '../../lib/invalidation';
import { requireCan } from '../../plugins/auth';
import { readMultipart } from '../../plugins/uploads';
import { forgetCached } from '../burials/public';
import { refusedReport } from './sheet-import';
import { checkUpload, importChecked, previewOfChecked } from './sheet-service';
import { CONTENT_TYPE, exportStream } from './sheet-write';

const MB = 1024 * 1024;
/** Updated records told one by one up to this many; past it, every cached record goes. */
const FORGET_ONE_BY_ONE = 200;

/** The uploaded sheet and the mapping part, or a pt-BR 4xx. */
async function readUpload(request: FastifyRequest): Promise<{ data: Buffer; mapping?: string }> {
  if (!request.isMultipart()) throw new HttpError(415, SHEET_MSG.noFile);
  let form: Awaited<ReturnType<typeof readMultipart>>;
  try {
    form = await readMultipart(request, {
      fileFields: ['arquivo'],
      maxFiles: 1,
      maxFileBytes: SHEET_LIMITS.maxFileBytes,
      maxRequestBytes: SHEET_LIMITS.maxFileBytes + MB,
      maxFields: 4,
      maxFieldBytes: 64 * 1024,
    });
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 413) {
      throw new HttpError(413, SHEET_MSG.tooLarge(SHEET_LIMITS.maxFileBytes / MB));
    }
    throw err;
  }
  const file = form.files[0];
  if (!file) throw badRequest(SHEET_MSG.noFile, 'arquivo');
  const mapping = form.fields.mapeamento;
  if (mapping && mapping.length > 1) throw badRequest(SHEET_MSG.badMapping, 'mapeamento');
  return { data: file.data, ...(mapping?.[0] !== undefined ? { mapping: mapping[0] } : {}) };
}

function fileStamp(): string {
  return new Date().toISOString().slice(0, 10);
}

export const sheetRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const guard = [app.authenticate, requireCan('burial:spreadsheet', SHEET_MSG.forbidden)];

  app.get(
    '/sepultados/planilha',
    { preHandler: guard, schema: { querystring: SheetExportQuerySchema } },
    async (request, reply) => {
      const format = request.query.formato ?? 'csv';
      return reply
        .type(CONTENT_TYPE[format])
        .header('cache-control', 'no-store')
        .header('content-disposition', `attachment; filename="sepultados-${fileStamp()}.${format}"`)
        .send(exportStream(app.ctx.database.sql, format));
    },
  );

  app.post(
    '/sepultados/planilha/previa',
    { preHandler: guard, schema: { response: { 200: SheetPreviewSchema } } },
    async (request) => {
      const upload = await readUpload(request);
      return previewOfChecked(await checkUpload(app.ctx.database, upload.data, upload.mapping));
    },
  );

  app.post('/sepultados/planilha/importar', { preHandler: guard }, async (request, reply) => {
    const upload = await readUpload(request);
    // Read and checked before the answer starts: a bad file is still a plain 4xx.
    const checked = await checkUpload(app.ctx.database, upload.data, upload.mapping);
    const out = new PassThrough();
    // The admin may close the page mid-import: the batches go on (each commits on its own);
    // only the lines to a gone client are dropped.
    const send = (line: SheetImportLine) => {
      if (!out.destroyed && !out.writableEnded) out.write(`${JSON.stringify(line)}\n`);
    };
    out.on('error', () => {});
    const user = request.user;
    void (async () => {
      try {
        const outcome = await importChecked(app.ctx.database, checked, {
          userId: user?.id ?? null,
          onProgress: (feitas, total) => send({ tipo: 'progresso', feitas, total }),
        });
        // One message per record up to a point; a big import drops every cached record (one
        // message instead of thousands, each awaited by every instance).
        const updated = outcome.updatedIds;
        if (updated.length > FORGET_ONE_BY_ONE) await forgetCached(app.ctx, EVERY_KEY);
        else await Promise.all(updated.map((id) => forgetCached(app.ctx, id)));
        // New records: the cached home pages go (no record is cached under the empty id).
        if (outcome.criados > 0) await forgetCached(app.ctx, '');
        send({
          tipo: 'resultado',
          total: outcome.total,
          criados: outcome.criados,
          atualizados: outcome.atualizados,
          iguais: outcome.iguais,
          existentes: outcome.existentes,
          repetidas: outcome.repetidas,
          recusados: outcome.recusados,
          relatorio: refusedReport(checked.sheet.headers, outcome.refused),
        });
      } catch (err) {
        request.log.error({ err }, 'spreadsheet import failed');
        send({ tipo: 'erro', message: SHEET_MSG.importFailed });
      } finally {
        out.end();
      }
    })();
    return reply
      .type('application/x-ndjson; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(out);
  });
};
