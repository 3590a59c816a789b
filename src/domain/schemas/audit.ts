/**
 * The audit trail's API shapes (migration 0021), written once here.
 *
 * Routes (server/modules/audit):
 *  - GET /api/auditoria?recurso&pessoa&acao&de&ate&cemiterio&pagina&limite → AuditPageSchema (admin)
 *  - GET /api/auditoria/csv?(same filters)           → text/csv, at most AUDIT_CSV_MAX rows (admin)
 *  - GET /api/sepultados/:id/historico                → AuditHistorySchema (admin, assigned concessionário)
 *  - GET /api/users/:id/historico                     → AuditHistorySchema (admin)
 *  - GET /api/users/:id/dados                         → PersonalDataSchema (the person, admin)
 *  - DELETE /api/users/:id/conta                      → MessageSchema (the person, admin)
 */
import { Type } from 'typebox';
import { ID_PATTERN } from '../ids';
import { Nullable, NullableScalar } from './common';

export const AUDIT_PAGE_MAX = 100;
export const AUDIT_CSV_MAX = 50_000;

const IsoDay = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const AuditQuerySchema = Type.Object(
  {
    recurso: Type.Optional(Type.String({ pattern: '^[a-z_]{1,40}$' })),
    pessoa: Type.Optional(Type.String({ pattern: ID_PATTERN })),
    acao: Type.Optional(Type.String({ pattern: '^[a-z_]{1,40}$' })),
    /** First and last day (inclusive), in the server's calendar (UTC). */
    de: Type.Optional(IsoDay),
    ate: Type.Optional(IsoDay),
    cemiterio: Type.Optional(Type.String({ pattern: ID_PATTERN })),
    pagina: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
    limite: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX })),
  },
  { additionalProperties: false },
);

export const AuditActorSchema = Type.Object({
  id: Type.String(),
  /** The author's name when they wrote it (else the account's now); null when unknown. */
  name: NullableScalar<string>('string'),
  role: NullableScalar<string>('string'),
});

export const AuditChangeSchema = Type.Object({
  field: Type.String(),
  before: Type.Unknown(),
  after: Type.Unknown(),
});

export const AuditEntrySchema = Type.Object({
  id: Type.String(),
  /** When the server received the write (ISO). */
  receivedAt: Type.String(),
  /** When the device made it (an offline write sent later), or null. */
  madeAt: NullableScalar<string>('string'),
  /** Null: a system task (start-up, command-line import). */
  actor: Nullable(AuditActorSchema),
  resource: Type.String(),
  resourceId: Type.String(),
  subjectId: Type.String(),
  cemeteryId: NullableScalar<string>('string'),
  action: Type.String(),
  changes: Type.Array(AuditChangeSchema),
  requestId: NullableScalar<string>('string'),
});

export const AuditPageSchema = Type.Object({
  items: Type.Array(AuditEntrySchema),
  page: Type.Integer(),
  limit: Type.Integer(),
  /** Whether a next page exists (no total: counting millions of entries is not worth a wait). */
  hasMore: Type.Boolean(),
});

export const AuditHistorySchema = Type.Object({
  items: Type.Array(AuditEntrySchema),
  hasMore: Type.Boolean(),
});

export const SubjectParamsSchema = Type.Object({ id: Type.String() });

export const HistoryQuerySchema = Type.Object(
  {
    pagina: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000 })),
  },
  { additionalProperties: false },
);

/** What Memorial holds about a person (LGPD): their account, tributes and audit entries. */
export const PersonalDataSchema = Type.Object({
  generatedAt: Type.String(),
  account: Type.Object({
    id: Type.String(),
    name: Type.String(),
    email: Type.String(),
    pendingEmail: NullableScalar<string>('string'),
    cpf: Type.String(),
    phone: Type.String(),
    role: Type.String(),
    image: NullableScalar<string>('string'),
    emailVerified: Type.Boolean(),
    acceptedTermsAt: NullableScalar<string>('string'),
    acceptedTermsVersion: NullableScalar<string>('string'),
    createdAt: Type.String(),
    updatedAt: Type.String(),
  }),
  tributes: Type.Array(
    Type.Object({
      id: Type.String(),
      sepultadoId: Type.String(),
      texto: Type.String(),
      emojis: Type.Array(Type.String()),
      imagem: NullableScalar<string>('string'),
      createdAt: Type.String(),
      deletedAt: NullableScalar<string>('string'),
    }),
  ),
  /** Records this person is assigned to as concessionário. */
  assignments: Type.Array(Type.String()),
  /** Requests this person made from graves' pages (their own text included). */
  requests: Type.Optional(
    Type.Array(
      Type.Object({
        id: Type.String(),
        tipo: Type.String(),
        situacao: Type.String(),
        sepulturaId: Type.String(),
        sepultadoId: NullableScalar<string>('string'),
        texto: NullableScalar<string>('string'),
        motivoRecusa: NullableScalar<string>('string'),
        createdAt: Type.String(),
      }),
    ),
  ),
  auditEntries: Type.Array(AuditEntrySchema),
});
