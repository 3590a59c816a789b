/**
 * Re-registration of titulares (migration 0040): the shapes of its routes, written once.
 * A request carries the person's CPF and phone: the server sends one only to the office
 * (recadastramento:manage) and to the person who sent it (recadastramento:view, ownerId).
 *
 * Routes (server/modules/recadastramento):
 *  - GET  /api/sepulturas/:id/recadastramento → GraveRecadSchema (the open campaign of the
 *    grave's cemetery, if any; signed in: one's own requests for this grave)
 *  - POST /api/sepulturas/:id/recadastramento → RequestSchema (signed in; multipart:
 *    RequestBodySchema + one `documento` image; 409 when one's own request is pending)
 *  - GET  /api/recadastramento/meus            → RequestSchema[] (one's own, newest first)
 *  - GET  /api/recadastramento/campanhas       → CampaignSchema[] (admin; ?cemiterioId)
 *  - POST /api/recadastramento/campanhas       → CampaignSchema (admin; CampaignCreateSchema)
 *  - POST /api/recadastramento/campanhas/:id/encerramento → CampaignSchema (admin)
 *  - GET  /api/recadastramento/campanhas/:id/progresso → ProgressSchema (admin)
 *  - GET  /api/recadastramento/pedidos          → RequestListSchema (admin; RequestListQuery)
 *  - POST /api/recadastramento/pedidos/:id/decisao → RequestSchema (admin; DecisionSchema)
 *  - GET  /api/recadastramento/pedidos/:id/documento → the document photo (webp; the office
 *    and the requester only)
 * Dates travel ISO in answers and are accepted as DD/MM/AAAA or ISO.
 */
import { Type } from 'typebox';
import { RECAD_LIMITS, REQUEST_STATES, type RequestState } from '../recadastramento-rules';
import { NullableScalar } from './common';

const ID = Type.String({ pattern: '^[0-9a-f]{24}$' });
const DateText = Type.String({ maxLength: 20 });
const StateSchema = Type.Unsafe<RequestState>({ type: 'string', enum: [...REQUEST_STATES] });

export const RecadIdParamsSchema = Type.Object({ id: ID });

export const CampaignSchema = Type.Object({
  id: Type.String(),
  cemiterioId: Type.String(),
  cemiterio: Type.String(),
  nome: NullableScalar<string>('string'),
  inicio: Type.String(),
  fim: Type.String(),
  /** When the office closed it (ISO time), or null. */
  encerradaEm: NullableScalar<string>('string'),
  /** Accepting requests today: not closed and today within [inicio, fim]. */
  aberta: Type.Boolean(),
  pendentes: Type.Integer(),
  createdAt: Type.String(),
});

export const CampaignCreateSchema = Type.Object(
  {
    cemiterioId: ID,
    nome: Type.Optional(
      Type.Union([Type.String({ maxLength: RECAD_LIMITS.nome + 50 }), Type.Null()]),
    ),
    inicio: DateText,
    fim: DateText,
  },
  { additionalProperties: false },
);

export const CampaignListQuerySchema = Type.Object(
  { cemiterioId: Type.Optional(ID) },
  { additionalProperties: false },
);

export const QuadraProgressSchema = Type.Object({
  quadra: Type.String(),
  /** Graves that hold someone or a title (the free ones have nobody to answer). */
  sepulturas: Type.Integer(),
  /** With a request accepted in this campaign. */
  confirmadas: Type.Integer(),
  /** With a request waiting for the office, none accepted. */
  pendentes: Type.Integer(),
  /** Nobody asked. */
  semResposta: Type.Integer(),
});

export const ProgressSchema = Type.Object({
  campanha: CampaignSchema,
  totais: Type.Omit(QuadraProgressSchema, ['quadra']),
  quadras: Type.Array(QuadraProgressSchema),
});

export const RequestSchema = Type.Object({
  id: Type.String(),
  campanhaId: Type.String(),
  sepulturaId: Type.String(),
  cemiterio: Type.String(),
  quadra: Type.String(),
  rua: NullableScalar<string>('string'),
  numero: Type.String(),
  /** The account that asked. */
  userId: NullableScalar<string>('string'),
  titularNome: Type.String(),
  titularCpf: Type.String(),
  titularTelefone: Type.String(),
  situacao: StateSchema,
  /** Why the office refused. */
  motivo: NullableScalar<string>('string'),
  /** The document photo's address (guarded: the office and the requester only). */
  documentoUrl: Type.String(),
  /** The concession whose titular the acceptance linked or updated, if the grave had one. */
  concessaoId: NullableScalar<string>('string'),
  criadoEm: Type.String(),
  decididoEm: NullableScalar<string>('string'),
});

/** The text parts of the request form; the photo comes as the `documento` file part. */
export const RequestBodySchema = Type.Object(
  {
    titularNome: Type.String({ maxLength: 400 }),
    titularCpf: Type.String({ maxLength: 20 }),
    titularTelefone: Type.String({ maxLength: 30 }),
  },
  { additionalProperties: false },
);

export const RequestListQuerySchema = Type.Object(
  {
    campanhaId: Type.Optional(ID),
    situacao: Type.Optional(StateSchema),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 1_000_000 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: RECAD_LIMITS.maxPageSize })),
  },
  { additionalProperties: false },
);

export const RequestListSchema = Type.Object({
  itens: Type.Array(RequestSchema),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  pages: Type.Integer(),
});

/** Accept, or refuse with a reason. */
export const DecisionSchema = Type.Object(
  {
    aceitar: Type.Boolean(),
    motivo: Type.Optional(
      Type.Union([Type.String({ maxLength: RECAD_LIMITS.motivo + 100 }), Type.Null()]),
    ),
  },
  { additionalProperties: false },
);

export const GraveRecadSchema = Type.Object({
  campanha: Type.Union([CampaignSchema, Type.Null()]),
  /** The signed-in person's own requests for this grave (none for a visitor). */
  pedidos: Type.Array(RequestSchema),
});
