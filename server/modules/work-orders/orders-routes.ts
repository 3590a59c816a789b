/**
 * /api/ordens…, /api/pedidos…, /api/sepulturas/:id/pedidos, /api/sepultados/:id/custodia: the
 * routes of the contract in src/domain/schemas/work-order.ts (its header lists them). Thin:
 * schema, guard (can() from src/domain/permissions.ts), service. Admins manage every order; a
 * concessionário sees and works only the orders assigned to them (403 notAssigned otherwise).
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { MADE_AT_HEADER } from '../../../src/domain/made-at';
import { MSG } from '../../../src/domain/messages';
import { can } from '../../../src/domain/permissions';
import { IdempotencyHeadersSchema, MessageSchema } from '../../../src/domain/schemas/common';
import { GraveIdSchema } from '../../../src/domain/schemas/grave';
import {
  CalendarQuerySchema,
  CalendarSchema,
  CommentCreateSchema,
  ConcludeSchema,
  CustodySchema,
  IcsQuerySchema,
  IcsTokenSchema,
  MilestoneParamsSchema,
  MilestoneTickSchema,
  OrderConflictSchema,
  OrderCreateSchema,
  OrderEditSchema,
  OrderIdParamsSchema,
  OrderKindCreateSchema,
  OrderKindSchema,
  OrderListQuerySchema,
  OrderListSchema,
  OrderPhotoFormSchema,
  OrderSchema,
  RequestAcceptSchema,
  RequestCreateSchema,
  RequestListQuerySchema,
  RequestListSchema,
  RequestRefuseSchema,
  RequestSchema,
  TodaySchema,
} from '../../../src/domain/schemas/work-order';
import { ORDER_MSG } from '../../../src/domain/work-order-rules';
import type { UserRow } from '../../db/schema';
import { matches } from '../../lib/etag';
import { forbidden, notFound, unauthorized } from '../../lib/http-error';
import { requireCan } from '../../plugins/auth';
import { COMPRESSED } from '../../plugins/compression';
import { formValidatorCompiler, readForm, uploadsOf } from '../../plugins/forms';
import { addKind, custody, listKinds } from './custody';
import {
  calendarJson,
  icsFeed,
  newIcsToken,
  revokeIcsToken,
  sendJsonText,
  today,
} from './orders-day';
import {
  addComment,
  addPhoto,
  concludeOrder,
  type Replayable,
  tickMilestone,
} from './orders-field';
import { getOrder, type OrderHead, orderHead } from './orders-read';
import { createOrder, editOrder, listOrders, OrderConflict } from './orders-write';
import { acceptRequest, createRequest, listRequests, refuseRequest } from './requests';

const SepulturaParams = Type.Object({ id: GraveIdSchema });
const RecordParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{24}$' }) });
const RequestParams = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{24}$' }) });
/** Fields a concessionário assigned to the order may change. */
const FIELD_EDIT = new Set(['observacoes', 'version']);
const WITH_CONFLICT = { 409: OrderConflictSchema };

function userOf(request: { user: UserRow | null }): UserRow {
  if (!request.user) throw unauthorized(MSG.unauthenticated);
  return request.user;
}

/** A 409 of a closed order or a merge conflict: the order now and the fields. */
async function answering<T>(reply: FastifyReply, fn: () => Promise<T>) {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof OrderConflict) {
      return reply.code(409).send({ message: err.message, atual: err.atual, campos: err.campos });
    }
    throw err;
  }
}

/** A POST whose body is all optional may come without one (a tick, a conclusion): read as {}. */
async function emptyBodyIsObject(request: { body: unknown }) {
  if (request.body === undefined || request.body === null) request.body = {};
}

function replayed(reply: FastifyReply, result: Replayable) {
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  return reply.send(result.order);
}

export const workOrderRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const admin = [app.authenticate, requireCan('order:manage', ORDER_MSG.forbidden)];
  const worker = [app.authenticate, requireCan('order:work', ORDER_MSG.notAssigned)];

  /** The order the user may work: 404 when missing, 403 when not theirs. */
  const forWork = async (user: UserRow, id: string): Promise<OrderHead> => {
    const head = await orderHead(app.ctx, id);
    if (!head) throw notFound(ORDER_MSG.notFound);
    if (!can(user, 'order:work', { assigned: head.assigned })) {
      throw forbidden(ORDER_MSG.notAssigned);
    }
    return head;
  };
  const madeAt = (headers: Record<string, unknown>) => headers[MADE_AT_HEADER];

  app.get(
    '/ordens',
    {
      preHandler: worker,
      compress: COMPRESSED,
      schema: { querystring: OrderListQuerySchema, response: { 200: OrderListSchema } },
    },
    async (request) => {
      const user = userOf(request);
      const mine = can(user, 'order:manage') ? null : user.id;
      return listOrders(app.ctx, request.query, mine);
    },
  );

  app.post(
    '/ordens',
    { preHandler: admin, schema: { body: OrderCreateSchema, response: { 201: OrderSchema } } },
    async (request, reply) =>
      reply.code(201).send(await createOrder(app.ctx, userOf(request), request.body)),
  );

  app.get(
    '/ordens/hoje',
    {
      preHandler: worker,
      compress: COMPRESSED,
      schema: { response: { 200: TodaySchema, 304: Type.Null() } },
    },
    async (request, reply) => {
      const { body, etag } = await today(app.ctx, userOf(request));
      reply.header('etag', etag).header('cache-control', 'private, no-cache');
      if (matches(request.headers['if-none-match'], etag)) return reply.code(304).send(null);
      return reply.send(body);
    },
  );

  app.get(
    '/ordens/calendario',
    {
      preHandler: admin,
      schema: { querystring: CalendarQuerySchema, response: { 200: CalendarSchema } },
    },
    // JSON made by the database, sent as it is (orders-day.ts calendarJson).
    async (request, reply) =>
      sendJsonText(request, reply, await calendarJson(app.ctx, request.query)),
  );

  // No session here: the token in the address is the credential, for this feed only.
  app.get(
    '/ordens/calendario.ics',
    { schema: { querystring: IcsQuerySchema } },
    async (request, reply) => {
      const feed = await icsFeed(app.ctx, request.query.token);
      return reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, no-cache')
        .send(feed);
    },
  );

  app.post(
    '/ordens/calendario/token',
    { preHandler: worker, schema: { response: { 201: IcsTokenSchema } } },
    async (request, reply) => {
      const url = await newIcsToken(app.ctx, userOf(request));
      return reply
        .code(201)
        .header('cache-control', 'no-store')
        .send({ url, message: ORDER_MSG.icsTokenCreated });
    },
  );

  app.delete(
    '/ordens/calendario/token',
    { preHandler: worker, schema: { response: { 200: MessageSchema } } },
    async (request) => {
      await revokeIcsToken(app.ctx, userOf(request));
      return { message: ORDER_MSG.icsTokenRevoked };
    },
  );

  app.get(
    '/ordens/tipos',
    { preHandler: worker, schema: { response: { 200: Type.Array(OrderKindSchema) } } },
    async () => listKinds(app.ctx),
  );

  app.post(
    '/ordens/tipos',
    {
      preHandler: admin,
      schema: { body: OrderKindCreateSchema, response: { 201: OrderKindSchema } },
    },
    async (request, reply) => reply.code(201).send(await addKind(app.ctx, request.body.nome)),
  );

  app.get(
    '/ordens/:id',
    { preHandler: worker, schema: { params: OrderIdParamsSchema, response: { 200: OrderSchema } } },
    async (request) => {
      await forWork(userOf(request), request.params.id);
      return getOrder(app.ctx, request.params.id);
    },
  );

  app.patch(
    '/ordens/:id',
    {
      preHandler: worker,
      schema: {
        params: OrderIdParamsSchema,
        body: OrderEditSchema,
        response: { 200: OrderSchema, ...WITH_CONFLICT },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      await forWork(user, request.params.id);
      if (
        !can(user, 'order:manage') &&
        !Object.keys(request.body).every((k) => FIELD_EDIT.has(k))
      ) {
        throw forbidden(ORDER_MSG.editForbidden);
      }
      return answering(reply, () => editOrder(app.ctx, user, request.params.id, request.body));
    },
  );

  app.post(
    '/ordens/:id/marcos/:marcoId',
    {
      preValidation: emptyBodyIsObject,
      preHandler: worker,
      schema: {
        params: MilestoneParamsSchema,
        body: MilestoneTickSchema,
        response: { 200: OrderSchema, ...WITH_CONFLICT },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const head = await forWork(user, request.params.id);
      return answering(reply, () =>
        tickMilestone(
          app.ctx,
          user,
          head,
          request.params.marcoId,
          request.body,
          madeAt(request.headers),
        ),
      );
    },
  );

  app.post(
    '/ordens/:id/comentarios',
    {
      preHandler: worker,
      schema: {
        params: OrderIdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: CommentCreateSchema,
        response: { 200: OrderSchema, ...WITH_CONFLICT },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const head = await forWork(user, request.params.id);
      return answering(reply, async () =>
        replayed(
          reply,
          await addComment(
            app.ctx,
            user,
            head,
            request.body,
            request.headers['idempotency-key'] ?? null,
            madeAt(request.headers),
          ),
        ),
      );
    },
  );

  app.post(
    '/ordens/:id/fotos',
    {
      preHandler: [
        ...worker,
        readForm(OrderPhotoFormSchema, {
          fileFields: ['photo'],
          maxFiles: 1,
          oneFile: { message: ORDER_MSG.photoRequired, field: 'photo' },
          dropEmpty: 'all',
          decode: {
            latitude: (v) => Number(v[0]),
            longitude: (v) => Number(v[0]),
          },
        }),
      ],
      validatorCompiler: formValidatorCompiler(app),
      schema: {
        params: OrderIdParamsSchema,
        headers: IdempotencyHeadersSchema,
        body: OrderPhotoFormSchema,
        response: { 200: OrderSchema, ...WITH_CONFLICT },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const head = await forWork(user, request.params.id);
      const file = uploadsOf(request)[0];
      return answering(reply, async () =>
        replayed(
          reply,
          await addPhoto(
            app.ctx,
            user,
            head,
            { bytes: file?.data ?? null, ...request.body },
            request.headers['idempotency-key'] ?? null,
            madeAt(request.headers),
          ),
        ),
      );
    },
  );

  app.post(
    '/ordens/:id/conclusao',
    {
      preValidation: emptyBodyIsObject,
      preHandler: worker,
      schema: {
        params: OrderIdParamsSchema,
        body: ConcludeSchema,
        response: { 200: OrderSchema, ...WITH_CONFLICT },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      const head = await forWork(user, request.params.id);
      return answering(reply, () =>
        concludeOrder(app.ctx, user, head, request.body, madeAt(request.headers)),
      );
    },
  );

  // --- family requests ---

  app.post(
    '/sepulturas/:id/pedidos',
    {
      preHandler: [app.authenticate, requireCan('request:create')],
      schema: {
        params: SepulturaParams,
        body: RequestCreateSchema,
        response: { 201: RequestSchema },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createRequest(app.ctx, userOf(request), request.params.id, request.body)),
  );

  app.get(
    '/pedidos',
    {
      preHandler: [app.authenticate, requireCan('request:view')],
      schema: { querystring: RequestListQuerySchema, response: { 200: RequestListSchema } },
    },
    async (request) => listRequests(app.ctx, userOf(request), request.query),
  );

  app.post(
    '/pedidos/:id/aceite',
    {
      preHandler: [app.authenticate, requireCan('request:manage', ORDER_MSG.forbidden)],
      schema: {
        params: RequestParams,
        body: RequestAcceptSchema,
        response: { 200: RequestSchema },
      },
    },
    async (request) => acceptRequest(app.ctx, userOf(request), request.params.id, request.body),
  );

  app.post(
    '/pedidos/:id/recusa',
    {
      preHandler: [app.authenticate, requireCan('request:manage', ORDER_MSG.forbidden)],
      schema: {
        params: RequestParams,
        body: RequestRefuseSchema,
        response: { 200: RequestSchema },
      },
    },
    async (request) => refuseRequest(app.ctx, request.params.id, request.body.motivo),
  );

  app.get(
    '/sepultados/:id/custodia',
    {
      preHandler: app.identify,
      schema: { params: RecordParams, response: { 200: CustodySchema } },
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'private, no-cache')
        .send(await custody(app.ctx, request.params.id, request.user)),
  );
};
