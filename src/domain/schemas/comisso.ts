/**
 * Abandonment (comisso) cases (migration 0041): the shapes of their routes, written once.
 *
 * Routes (server/modules/comisso):
 *  - GET  /api/sepulturas/:id/comisso → CaseSchema[] (newest first; admins, and concessionários
 *    assigned to a record in the grave, who never see the notice's e-mail address)
 *  - POST /api/sepulturas/:id/comisso → CaseSchema (admin; CaseOpenSchema; 409 when one is open)
 *  - POST /api/comisso/:id/etapas     → CaseSchema (StepCreateSchema, JSON or multipart with
 *    `fotos` files for an inspection; an inspection: admin or assigned concessionário; a notice
 *    or an edital: admin; an Idempotency-Key applies it once, as the outbox sends inspections)
 *  - POST /api/comisso/:id/decisao    → CaseSchema (admin; DecisionSchema)
 *  - GET  /api/comisso/:id/fotos/:file → an inspection photo (webp; who may read the case)
 * Each step keeps who made it and when: the device's time (X-Feito-Em, as the audit trail) and
 * the server's.
 */
import { Type } from 'typebox';
import {
  CASE_STATES,
  type CaseState,
  COMISSO_LIMITS,
  DECISIONS,
  type Decision,
  NOTICE_MEANS,
  type NoticeMeans,
  STEP_KINDS,
  type StepKind,
} from '../comisso-rules';
import { REQUEST_STATES, type RequestState } from '../recadastramento-rules';
import { NullableScalar } from './common';

const ID = Type.String({ pattern: '^[0-9a-f]{24}$' });
const DateText = Type.String({ maxLength: 20 });
const Note = Type.Optional(
  Type.Union([Type.String({ maxLength: COMISSO_LIMITS.nota + 100 }), Type.Null()]),
);
const CaseStateSchema = Type.Unsafe<CaseState>({ type: 'string', enum: [...CASE_STATES] });
const StepKindSchema = Type.Unsafe<StepKind>({ type: 'string', enum: [...STEP_KINDS] });
const MeansSchema = Type.Unsafe<NoticeMeans>({ type: 'string', enum: [...NOTICE_MEANS] });
const DecisionKindSchema = Type.Unsafe<Decision>({ type: 'string', enum: [...DECISIONS] });

export const ComissoIdParamsSchema = Type.Object({ id: ID });
export const ComissoPhotoParamsSchema = Type.Object({ id: ID, file: Type.String() });

export const CasePhotoSchema = Type.Object({
  /** Guarded addresses of the photo and its thumbnail. */
  url: Type.String(),
  thumbUrl: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});

export const StepSchema = Type.Object({
  id: Type.String(),
  tipo: StepKindSchema,
  /** When it happened (ISO date): the inspection, the letter or e-mail, the edital. */
  data: Type.String(),
  nota: NullableScalar<string>('string'),
  meio: NullableScalar<NoticeMeans>('string'),
  /** The address an e-mail notice went to: admins only (null for anyone else). */
  email: NullableScalar<string>('string'),
  fotos: Type.Array(CasePhotoSchema),
  feitoPor: NullableScalar<string>('string'),
  /** The device's time of the step (X-Feito-Em), when it sent one. */
  feitoEm: NullableScalar<string>('string'),
  /** The server's time. */
  registradoEm: Type.String(),
});

/** A re-registration request for the grave made while the case is open (no personal data). */
export const CaseReregistrationSchema = Type.Object({
  id: Type.String(),
  titularNome: Type.String(),
  situacao: Type.Unsafe<RequestState>({ type: 'string', enum: [...REQUEST_STATES] }),
  criadoEm: Type.String(),
});

export const CaseSchema = Type.Object({
  id: Type.String(),
  sepulturaId: Type.String(),
  situacao: CaseStateSchema,
  prazoDias: Type.Integer(),
  nota: NullableScalar<string>('string'),
  abertoPor: NullableScalar<string>('string'),
  abertoEm: Type.String(),
  feitoEm: NullableScalar<string>('string'),
  /** The last day of the waiting period (ISO), once a notice was given. */
  prazoFim: NullableScalar<string>('string'),
  editais: Type.Integer(),
  etapas: Type.Array(StepSchema),
  recadastramentos: Type.Array(CaseReregistrationSchema),
  decisaoData: NullableScalar<string>('string'),
  decisaoNota: NullableScalar<string>('string'),
  decididoPor: NullableScalar<string>('string'),
  decididoEm: NullableScalar<string>('string'),
  decisaoFeitaEm: NullableScalar<string>('string'),
  version: Type.Integer(),
});

export const CaseOpenSchema = Type.Object(
  {
    prazoDias: Type.Optional(Type.Integer()),
    nota: Note,
  },
  { additionalProperties: false },
);

export const StepCreateSchema = Type.Object(
  {
    tipo: StepKindSchema,
    data: DateText,
    nota: Note,
    meio: Type.Optional(MeansSchema),
    /** An e-mail notice to this address instead of the titular's (the concession's). */
    email: Type.Optional(Type.Union([Type.String({ maxLength: 300 }), Type.Null()])),
  },
  { additionalProperties: false },
);

export const CaseDecisionSchema = Type.Object(
  { decisao: DecisionKindSchema, data: DateText, nota: Note },
  { additionalProperties: false },
);
