/**
 * Helpers shared by the API's TypeBox schemas. The schemas are also the server's answer
 * serializer (fast-json-stringify): nothing outside them can leak into an answer.
 */
import { type TSchema, Type } from 'typebox';
import { IDEMPOTENCY_KEY_PATTERN } from '../tribute-rules';

/**
 * A nullable scalar as `type: [x, 'null']` rather than anyOf: the serializer handles it without
 * a runtime check (the hot reads use it).
 */
export const NullableScalar = <T>(type: 'string' | 'number' | 'integer') =>
  Type.Unsafe<T | null>({ type: [type, 'null'] });

/** A nullable value of any schema (anyOf [schema, null]). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** `{ message }`: the answer of a write that returns nothing else, and of every error. */
export const MessageSchema = Type.Object({ message: Type.String() });

/** The outbox's key of a queued write (a tribute, an edit): the same form for both. */
export const IdempotencyHeadersSchema = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ pattern: IDEMPOTENCY_KEY_PATTERN })),
});
