/**
 * /api/sepultados/:id/comentarios — tributes (issue 5). Thin: schema, guard, service.
 *  GET    public list, newest first (page/limit, optional anchor or before cursor);
 *  POST   logged in and verified; JSON or multipart; 201 with the tribute, also on a replay
 *         of the same Idempotency-Key / clientId (then with "Idempotent-Replayed: true");
 *  DELETE the author or an admin.
 * Paging, idempotency and limits are explained in server/services/comentarios-*.ts.
 */
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { type TSchema, Type } from 'typebox';
import { MSG } from '../../src/domain/messages';
import { IDEMPOTENCY_KEY_PATTERN, TRIBUTE_MSG } from '../../src/domain/tribute-rules';
import { unauthorized } from '../http-error';
import { requireVerified } from '../plugins/auth';
import { readTributeRequest } from '../services/comentarios-input';
import { listTributes } from '../services/comentarios-read';
import { postTribute, removeTribute } from '../services/comentarios-write';

// No pattern on ids: a malformed id names no record and answers 404 like an unknown one.
const RecordParams = Type.Object(
  { id: Type.String({ maxLength: 64 }) },
  { additionalProperties: false },
);
const CommentParams = Type.Object(
  { id: Type.String({ maxLength: 64 }), commentId: Type.String({ maxLength: 64 }) },
  { additionalProperties: false },
);

const ListQuery = Type.Object(
  {
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    // Above the maximum is served at the maximum rather than refused.
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    before: Type.Optional(Type.String({ maxLength: 64 })),
    anchor: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);

const PostHeaders = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ pattern: IDEMPOTENCY_KEY_PATTERN })),
});

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

const Author = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  name: Type.String(),
  image: Nullable(Type.String()),
});

// Response schemas filter the output: nothing but these fields can leave.
const Item = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  sepultadoId: Type.String(),
  user: Nullable(Author),
  autor: Type.String(),
  autorImage: Nullable(Type.String()),
  texto: Type.String(),
  imagem: Nullable(Type.String()),
  imagemThumb: Nullable(Type.String()),
  emojis: Type.Array(Type.String()),
  createdAt: Type.String(),
});

const List = Type.Object({
  items: Type.Array(Item),
  hasMore: Type.Boolean(),
  total: Type.Integer(),
  nextCursor: Nullable(Type.String()),
  anchor: Nullable(Type.String()),
});

const Message = Type.Object({ message: Type.String() });

export const comentarioRoutes: FastifyPluginAsyncTypebox = async (app) => {
  /** The shared guard, with spec §5's words for a visitor who tries to post. */
  const authenticateToComment = async (request: FastifyRequest) => {
    if (!request.headers.authorization) throw unauthorized(TRIBUTE_MSG.loginRequired);
    await app.authenticate(request);
  };

  app.get(
    '/sepultados/:id/comentarios',
    { schema: { params: RecordParams, querystring: ListQuery, response: { 200: List } } },
    async (request) => listTributes(app.ctx, request.params.id, request.query),
  );

  app.post(
    '/sepultados/:id/comentarios',
    {
      schema: { params: RecordParams, headers: PostHeaders, response: { 201: Item } },
      preHandler: [authenticateToComment, requireVerified],
    },
    async (request, reply) => {
      // The guards guarantee the user; the check keeps TypeScript honest without a cast.
      if (!request.user) throw unauthorized(MSG.unauthenticated);
      const input = await readTributeRequest(request, request.headers['idempotency-key']);
      const result = await postTribute(app.ctx, request.user, request.params.id, input, request.ip);
      if (result.replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(201).send(result.item);
    },
  );

  app.delete(
    '/sepultados/:id/comentarios/:commentId',
    {
      schema: { params: CommentParams, response: { 200: Message } },
      preHandler: app.authenticate,
    },
    async (request) => {
      if (!request.user) throw unauthorized(MSG.unauthenticated);
      await removeTribute(app.ctx, request.user, request.params.id, request.params.commentId);
      return { message: TRIBUTE_MSG.removed };
    },
  );
};
