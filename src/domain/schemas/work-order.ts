/**
 * Work orders, family requests and the custody of remains: the shapes of their routes,
 * written once here (rules and texts in ../work-order-rules.ts).
 *
 * Times: `agendadaPara` and milestone times are the cemetery's wall clock, "YYYY-MM-DDTHH:MM"
 * without a zone (the municipality's time zone; an order at 15:30 is at 15:30 there whatever
 * the phone's zone). Moments something was done (`feitoEm`, `recebidoEm`) are ISO instants:
 * `feitoEm` is the device's clock (header X-Feito-Em or the body), `recebidoEm` the server's.
 *
 * Routes (server/modules/work-orders):
 *  - GET   /api/ordens?cemiterioId&responsavelId&situacao&tipo&de&ate&page&limit
 *                                  → OrderListSchema (admin: all; concessionário: theirs)
 *  - POST  /api/ordens             → OrderSchema (admin; OrderCreateSchema; milestones from the
 *                                    kind's template unless `marcos` is given)
 *  - GET   /api/ordens/:id         → OrderSchema (admin; an assigned concessionário)
 *  - PATCH /api/ordens/:id         → OrderSchema (admin: every field of OrderEditSchema;
 *    assigned concessionário: `observacoes` only. `version` = the version the change started
 *    from: fields the other side did not change since merge; the same field changed on both
 *    sides is a 409 with OrderConflictSchema. A cancelled or concluded order refuses field work
 *    with 409 and its current state, so the phone says so and keeps what it had)
 *  - POST  /api/ordens/:id/marcos/:marcoId → OrderSchema (admin; assigned; MilestoneTickSchema;
 *    idempotent: a milestone already done keeps its first time and author, so two phones agree)
 *  - POST  /api/ordens/:id/comentarios → OrderSchema (Idempotency-Key; CommentCreateSchema)
 *  - POST  /api/ordens/:id/fotos   → OrderSchema (multipart: `photo`, `tiradaEm`, `latitude`,
 *    `longitude`; Idempotency-Key; re-encoded by sharp like record photos)
 *  - POST  /api/ordens/:id/conclusao → OrderSchema (ConcludeSchema; exumação/translado need
 *    `destino`, and their conclusion writes the record's custody step in the same transaction)
 *  - GET   /api/ordens/hoje        → TodaySchema (the caller's open orders of today and overdue,
 *    with their graves' way there; ETag — If-None-Match answers 304 when nothing changed)
 *  - GET   /api/ordens/calendario?de&ate&cemiterioId&responsavelId → CalendarSchema (admin)
 *  - GET   /api/ordens/calendario.ics?token=… → text/calendar (the token's owner's orders; no
 *    session: the token is the credential, for that feed only)
 *  - POST  /api/ordens/calendario/token → IcsTokenSchema (a new secret URL; the old one stops)
 *  - DELETE /api/ordens/calendario/token → MessageSchema (revoked)
 *  - GET|POST /api/ordens/tipos    → OrderKindSchema[] / OrderKindSchema (POST admin)
 *  - POST  /api/sepulturas/:id/pedidos → RequestSchema (logged-in; RequestCreateSchema; 429
 *    past ORDER_LIMITS.requestsPerDay; 409 when the same request is pending)
 *  - GET   /api/pedidos?situacao&page → RequestListSchema (admin: all; others: their own)
 *  - POST  /api/pedidos/:id/aceite → RequestSchema (admin; RequestAcceptSchema: the order made)
 *  - POST  /api/pedidos/:id/recusa → RequestSchema (admin; RequestRefuseSchema)
 *  - GET   /api/sepultados/:id/custodia → CustodySchema (public: places only; admin and the
 *    record's assignees also see who moved the remains)
 */
import { Type } from 'typebox';
import {
  DESTINATION_KINDS,
  type DestinationKind,
  ORDER_LIMITS,
  ORDER_STATES,
  type OrderState,
  REQUEST_KINDS,
  REQUEST_STATES,
  type RequestKind,
  type RequestState,
} from '../work-order-rules';
import { Nullable, NullableScalar } from './common';

const ID = Type.String({ pattern: '^[0-9a-f]{24}$' });
/** "YYYY-MM-DDTHH:MM" (or DD/MM/AAAA HH:MM from a form); checked by the rules, not here. */
const WallTime = Type.String({ maxLength: 20 });
const Instant = Type.String({ maxLength: 40 });
const StateSchema = Type.Unsafe<OrderState>({ type: 'string', enum: [...ORDER_STATES] });
const DestinationKindSchema = Type.Unsafe<DestinationKind>({
  type: 'string',
  enum: [...DESTINATION_KINDS],
});
const RequestKindSchema = Type.Unsafe<RequestKind>({ type: 'string', enum: [...REQUEST_KINDS] });
const RequestStateSchema = Type.Unsafe<RequestState>({
  type: 'string',
  enum: [...REQUEST_STATES],
});

export const OrderIdParamsSchema = Type.Object({ id: ID });
export const MilestoneParamsSchema = Type.Object({ id: ID, marcoId: ID });

export const OrderKindSchema = Type.Object({
  /** 'sepultamento', … or the key of an admin-added kind. */
  tipo: Type.String(),
  nome: Type.String(),
  builtin: Type.Boolean(),
});
export const OrderKindCreateSchema = Type.Object(
  { nome: Type.String({ maxLength: ORDER_LIMITS.tipoNome }) },
  { additionalProperties: false },
);

export const MilestoneSchema = Type.Object({
  id: Type.String(),
  nome: Type.String(),
  /** Planned, the cemetery's wall clock. */
  previstoPara: NullableScalar<string>('string'),
  /** When it was done, the device's clock; null = not yet. */
  feitoEm: NullableScalar<string>('string'),
  feitoPorNome: NullableScalar<string>('string'),
});

export const OrderCommentSchema = Type.Object({
  id: Type.String(),
  autorNome: Type.String(),
  texto: Type.String(),
  feitoEm: Type.String(),
  recebidoEm: Type.String(),
});

export const OrderPhotoSchema = Type.Object({
  id: Type.String(),
  /** Image URLs as record photos have them (srcset widths from the same rule). */
  url: Type.String(),
  thumb: Type.String(),
  autorNome: Type.String(),
  /** When and where the photo was taken on the device (shown on the order). */
  tiradaEm: Type.String(),
  latitude: NullableScalar<number>('number'),
  longitude: NullableScalar<number>('number'),
  recebidoEm: Type.String(),
});

export const DestinationSchema = Type.Object({
  tipo: DestinationKindSchema,
  /** ossuario / sepultura: the receiving grave. */
  sepulturaId: Type.Optional(Nullable(ID)),
  /** outro-cemiterio: its name and city; cremacao: the crematory. */
  descricao: Type.Optional(Nullable(Type.String({ maxLength: ORDER_LIMITS.destinoDescricao }))),
});

/** The grave an order is on, with the way there (no personal data). */
export const OrderPlaceSchema = Type.Object({
  sepulturaId: NullableScalar<string>('string'),
  cemiterioId: Type.String(),
  cemiterio: Type.String(),
  rua: NullableScalar<string>('string'),
  quadra: NullableScalar<string>('string'),
  numero: NullableScalar<string>('string'),
  latitude: NullableScalar<number>('number'),
  longitude: NullableScalar<number>('number'),
});

/** A person or a cemetery as the screens name it. */
const NamedSchema = Type.Object({ id: Type.String(), nome: Type.String() });

export const OrderSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  tipo: Type.String(),
  tipoNome: Type.String(),
  situacao: StateSchema,
  agendadaPara: Type.String(),
  lugar: OrderPlaceSchema,
  sepultadoId: NullableScalar<string>('string'),
  /** The record's name: the crew needs it at the grave. */
  sepultadoNome: NullableScalar<string>('string'),
  descricao: NullableScalar<string>('string'),
  observacoes: NullableScalar<string>('string'),
  responsaveis: Type.Array(NamedSchema),
  marcos: Type.Array(MilestoneSchema),
  comentarios: Type.Array(OrderCommentSchema),
  fotos: Type.Array(OrderPhotoSchema),
  destino: Type.Union([DestinationSchema, Type.Null()]),
  motivoCancelamento: NullableScalar<string>('string'),
  concluidaEm: NullableScalar<string>('string'),
  /** The family request it came from, if any. */
  pedidoId: NullableScalar<string>('string'),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

export const OrderListSchema = Type.Object({
  ordens: Type.Array(OrderSchema),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  pages: Type.Integer(),
});

export const OrderListQuerySchema = Type.Object(
  {
    cemiterioId: Type.Optional(ID),
    responsavelId: Type.Optional(ID),
    situacao: Type.Optional(StateSchema),
    tipo: Type.Optional(Type.String({ maxLength: ORDER_LIMITS.tipoNome })),
    /** YYYY-MM-DD, inclusive. */
    de: Type.Optional(Type.String({ maxLength: 10 })),
    ate: Type.Optional(Type.String({ maxLength: 10 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: ORDER_LIMITS.maxPageSize })),
  },
  { additionalProperties: false },
);

const MilestoneInput = Type.Object(
  {
    nome: Type.String({ maxLength: ORDER_LIMITS.marcoNome }),
    previstoPara: Type.Optional(Nullable(WallTime)),
  },
  { additionalProperties: false },
);

export const OrderCreateSchema = Type.Object(
  {
    tipo: Type.String({ maxLength: ORDER_LIMITS.tipoNome }),
    agendadaPara: WallTime,
    sepulturaId: Type.Optional(Nullable(ID)),
    sepultadoId: Type.Optional(Nullable(ID)),
    responsaveis: Type.Optional(Type.Array(ID, { maxItems: ORDER_LIMITS.responsaveis })),
    descricao: Type.Optional(Nullable(Type.String({ maxLength: ORDER_LIMITS.descricao }))),
    marcos: Type.Optional(Type.Array(MilestoneInput, { maxItems: ORDER_LIMITS.marcos })),
  },
  { additionalProperties: false },
);

/** Left out = kept. `situacao: 'cancelada'` needs `motivoCancelamento`. */
export const OrderEditSchema = Type.Object(
  {
    agendadaPara: Type.Optional(WallTime),
    responsaveis: Type.Optional(Type.Array(ID, { maxItems: ORDER_LIMITS.responsaveis })),
    descricao: Type.Optional(Nullable(Type.String({ maxLength: ORDER_LIMITS.descricao }))),
    observacoes: Type.Optional(Nullable(Type.String({ maxLength: ORDER_LIMITS.descricao }))),
    situacao: Type.Optional(StateSchema),
    motivoCancelamento: Type.Optional(Nullable(Type.String({ maxLength: ORDER_LIMITS.motivo }))),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

/** A 409 on an edit: the order as the server has it and the fields both sides changed. */
export const OrderConflictSchema = Type.Object({
  message: Type.String(),
  atual: OrderSchema,
  campos: Type.Array(Type.String()),
});

export const MilestoneTickSchema = Type.Object(
  {
    /** false un-ticks (admin only: a tick done by mistake). */
    feito: Type.Optional(Type.Boolean()),
    feitoEm: Type.Optional(Instant),
  },
  { additionalProperties: false },
);

export const CommentCreateSchema = Type.Object(
  {
    texto: Type.String({ maxLength: ORDER_LIMITS.comentario }),
    feitoEm: Type.Optional(Instant),
  },
  { additionalProperties: false },
);

/** POST /api/ordens/:id/fotos: the text parts of the multipart form (the file is `photo`). */
export const OrderPhotoFormSchema = Type.Object(
  {
    /** When the photo was taken, the device's clock (ISO); default: when it arrives. */
    tiradaEm: Type.Optional(Instant),
    latitude: Type.Optional(Type.Number({ minimum: -90, maximum: 90 })),
    longitude: Type.Optional(Type.Number({ minimum: -180, maximum: 180 })),
  },
  { additionalProperties: false },
);

export const ConcludeSchema = Type.Object(
  {
    destino: Type.Optional(Nullable(DestinationSchema)),
    observacoes: Type.Optional(Nullable(Type.String({ maxLength: ORDER_LIMITS.descricao }))),
    feitoEm: Type.Optional(Instant),
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

export const TodaySchema = Type.Object({
  /** The cemetery's today, YYYY-MM-DD. */
  hoje: Type.String(),
  /** Open orders of today and open orders whose day has passed, earliest first. */
  ordens: Type.Array(OrderSchema),
});

/**
 * A compact entry of the office's week/month calendar. The kind's name, the cemetery and the
 * people are said once per answer (CalendarSchema's tipos, cemiterios, pessoas) and the entries
 * point to them: a month of a busy cemetery is 3,000 entries, and a person's 24-character id
 * written twice in each was a third of the answer.
 */
export const CalendarEntrySchema = Type.Object({
  id: Type.String(),
  tipo: Type.String(),
  situacao: StateSchema,
  agendadaPara: Type.String(),
  /** Index into CalendarSchema.cemiterios. */
  cemiterio: Type.Integer({ minimum: 0 }),
  /** "Quadra 12 · Rua 3 · 458" or the record's name when there is no grave. */
  rotulo: Type.String(),
  /** Indexes into CalendarSchema.pessoas. */
  responsaveis: Type.Array(Type.Integer({ minimum: 0 })),
});

export const CalendarQuerySchema = Type.Object(
  {
    de: Type.String({ maxLength: 10 }),
    ate: Type.String({ maxLength: 10 }),
    cemiterioId: Type.Optional(ID),
    responsavelId: Type.Optional(ID),
  },
  { additionalProperties: false },
);

export const CalendarSchema = Type.Object({
  de: Type.String(),
  ate: Type.String(),
  /** The name of each kind that occurs in the window, by its tipo. */
  tipos: Type.Record(Type.String(), Type.String()),
  /** The window's cemeteries and people (field staff), in name order. */
  cemiterios: Type.Array(NamedSchema),
  pessoas: Type.Array(NamedSchema),
  ordens: Type.Array(CalendarEntrySchema),
});

export const IcsQuerySchema = Type.Object({ token: Type.String({ maxLength: 100 }) });
export const IcsTokenSchema = Type.Object({
  /** The secret feed address; shown once, kept only as a hash on the server. */
  url: Type.String(),
  message: Type.String(),
});

export const RequestSchema = Type.Object({
  id: Type.String(),
  tipo: RequestKindSchema,
  situacao: RequestStateSchema,
  sepulturaId: Type.String(),
  /** "Quadra 12 · 458 — Cemitério X". */
  sepulturaRotulo: Type.String(),
  sepultadoId: NullableScalar<string>('string'),
  /** Shown to the person who wrote it and to the office only. */
  texto: NullableScalar<string>('string'),
  /** The office sees who asked; the person sees their own name. */
  autorNome: Type.String(),
  motivoRecusa: NullableScalar<string>('string'),
  ordemId: NullableScalar<string>('string'),
  /** The photo that fulfilled a photo request, once done. */
  foto: Type.Union([OrderPhotoSchema, Type.Null()]),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

export const RequestListSchema = Type.Object({
  pedidos: Type.Array(RequestSchema),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  pages: Type.Integer(),
});

export const RequestCreateSchema = Type.Object(
  {
    tipo: RequestKindSchema,
    sepultadoId: Type.Optional(Nullable(ID)),
    texto: Type.Optional(Nullable(Type.String({ maxLength: ORDER_LIMITS.pedidoTexto }))),
  },
  { additionalProperties: false },
);

export const RequestAcceptSchema = Type.Object(
  {
    agendadaPara: WallTime,
    responsaveis: Type.Optional(Type.Array(ID, { maxItems: ORDER_LIMITS.responsaveis })),
  },
  { additionalProperties: false },
);

export const RequestRefuseSchema = Type.Object(
  { motivo: Type.String({ maxLength: ORDER_LIMITS.motivo }) },
  { additionalProperties: false },
);

export const RequestListQuerySchema = Type.Object(
  {
    situacao: Type.Optional(RequestStateSchema),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
  },
  { additionalProperties: false },
);

/** One move of remains: from where to where, when, and (office/assignees only) by whom. */
export const CustodyStepSchema = Type.Object({
  em: Type.String(),
  de: Type.String(),
  para: Type.String(),
  destino: DestinationSchema,
  ordemId: NullableScalar<string>('string'),
  /** null for the public. */
  porNome: NullableScalar<string>('string'),
});

export const CustodySchema = Type.Object({
  /** Where the remains are now, as a place ("Ossuário · Nicho 214 — Cemitério X"). */
  atual: Type.String(),
  /** The grave they are in now, when it is one of the municipality's. */
  sepulturaId: NullableScalar<string>('string'),
  passos: Type.Array(CustodyStepSchema),
});
