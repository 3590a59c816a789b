/**
 * Concessions of graves (migration 0031): the shapes of the concession routes, written once.
 * Every answer here carries the titular's personal data: the server sends one only to admins
 * and to the account linked to that titular (can(actor, 'concession:view')).
 *
 * Routes (server/modules/concessions):
 *  - GET   /api/sepulturas/:id/concessoes  → ConcessionSchema[] (admin: all, newest first; the
 *    titular's account: its own)
 *  - POST  /api/sepulturas/:id/concessoes  → ConcessionSchema (admin; ConcessionCreateSchema;
 *    409 when one is active; 422 under `inicio` when the period meets an earlier one)
 *  - PATCH /api/concessoes/:id             → ConcessionSchema (admin; titular's contacts, end)
 *  - POST  /api/concessoes/:id/renovacoes  → ConcessionSchema (admin; RenewSchema)
 *  - POST  /api/concessoes/:id/transferencia → ConcessionSchema of the heir (admin)
 *  - POST  /api/concessoes/:id/encerramento → ConcessionSchema (admin; CloseSchema)
 *  - POST  /api/concessoes/:id/taxas       → ConcessionSchema (admin; FeeCreateSchema)
 *  - PATCH /api/taxas/:id                  → ConcessionSchema (admin; FeePaySchema)
 *  - POST  /api/concessoes/:id/documentos  → ConcessionSchema (admin; multipart DocumentFormSchema
 *    + one file `arquivo`, a PDF or a JPEG/PNG/WebP image, at most 10 MB)
 *  - GET   /api/concessoes/:id/documentos/:docId → the file (admins and the titular's account;
 *    404 to anyone else, as for a document that does not exist)
 *  - DELETE /api/concessoes/:id/documentos/:docId → ConcessionSchema (admin)
 * Dates travel ISO in answers and are accepted as DD/MM/AAAA or ISO.
 */
import { Type } from 'typebox';
import { DOCUMENT_LIMITS, DOCUMENT_MIMES, type DocumentMime } from '../concession-documents';
import {
  CONCESSION_LIMITS,
  CONCESSION_STATES,
  type ConcessionState,
  REGIMES,
  type Regime,
} from '../concession-rules';
import { NullableScalar } from './common';

const RegimeSchema = Type.Unsafe<Regime>({ type: 'string', enum: [...REGIMES] });
const StateSchema = Type.Unsafe<ConcessionState>({ type: 'string', enum: [...CONCESSION_STATES] });
const ID = Type.String({ pattern: '^[0-9a-f]{24}$' });
const DateText = Type.String({ maxLength: 20 });
const NullableDateText = Type.Optional(Type.Union([DateText, Type.Null()]));
const NullableText = (maxLength: number) =>
  Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));

export const ConcessionIdParamsSchema = Type.Object({ id: ID });
export const DocumentParamsSchema = Type.Object({ id: ID, docId: ID });

/** An attached document as listed in the concession (the file itself has its own route). */
export const DocumentSchema = Type.Object({
  id: Type.String(),
  titulo: Type.String(),
  mime: Type.Unsafe<DocumentMime>({ type: 'string', enum: [...DOCUMENT_MIMES] }),
  bytes: Type.Integer(),
  createdAt: Type.String(),
});

/** The text part of the attach form (the file comes as the multipart part `arquivo`). */
export const DocumentFormSchema = Type.Object(
  { titulo: Type.Optional(Type.String({ maxLength: DOCUMENT_LIMITS.titulo + 100 })) },
  { additionalProperties: false },
);

export const FeeSchema = Type.Object({
  id: Type.String(),
  ano: Type.Integer(),
  valor: Type.Number(),
  vencimento: Type.String(),
  pagoEm: NullableScalar<string>('string'),
  recibo: NullableScalar<string>('string'),
});

export const RenewalSchema = Type.Object({
  em: Type.String(),
  fimAnterior: Type.String(),
  novoFim: Type.String(),
});

export const ConcessionSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  sepulturaId: Type.String(),
  titularNome: Type.String(),
  titularCpf: Type.String(),
  titularTelefone: NullableScalar<string>('string'),
  titularEmail: NullableScalar<string>('string'),
  titularEndereco: NullableScalar<string>('string'),
  /** The account linked to the titular (same CPF), if any. */
  titularUserId: NullableScalar<string>('string'),
  regime: RegimeSchema,
  anos: NullableScalar<number>('integer'),
  inicio: Type.String(),
  fim: NullableScalar<string>('string'),
  situacao: StateSchema,
  encerradaEm: NullableScalar<string>('string'),
  motivoEncerramento: NullableScalar<string>('string'),
  /** The concession this one came from by transfer. */
  origemId: NullableScalar<string>('string'),
  transferenciaMotivo: NullableScalar<string>('string'),
  transferenciaDocumento: NullableScalar<string>('string'),
  renovacoes: Type.Array(RenewalSchema),
  taxas: Type.Array(FeeSchema),
  /** Attached documents, oldest first. */
  documentos: Type.Array(DocumentSchema),
  version: Type.Integer(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
});

const titular = {
  titularNome: Type.String({ maxLength: 400 }),
  titularCpf: Type.String({ maxLength: 20 }),
  titularTelefone: NullableText(30),
  titularEmail: NullableText(300),
  titularEndereco: NullableText(CONCESSION_LIMITS.endereco + 100),
};

export const ConcessionCreateSchema = Type.Object(
  {
    ...titular,
    regime: RegimeSchema,
    anos: Type.Optional(
      Type.Union([Type.Integer({ minimum: 1, maximum: CONCESSION_LIMITS.maxYears }), Type.Null()]),
    ),
    inicio: DateText,
    fim: NullableDateText,
  },
  { additionalProperties: false },
);

/** The titular's data and the end date; left out = kept. */
export const ConcessionEditSchema = Type.Object(
  {
    titularNome: Type.Optional(titular.titularNome),
    titularCpf: Type.Optional(titular.titularCpf),
    titularTelefone: titular.titularTelefone,
    titularEmail: titular.titularEmail,
    titularEndereco: titular.titularEndereco,
    fim: NullableDateText,
    version: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { additionalProperties: false },
);

/** A renewal agreed on `em`: to `novoFim`, or `anos` more after the current end. */
export const RenewSchema = Type.Object(
  {
    em: DateText,
    novoFim: Type.Optional(DateText),
    anos: Type.Optional(Type.Integer({ minimum: 1, maximum: CONCESSION_LIMITS.maxYears })),
  },
  { additionalProperties: false },
);

/** To an heir on `em`, with the reason and the document it rests on. */
export const TransferSchema = Type.Object(
  {
    ...titular,
    em: DateText,
    motivo: Type.String({ maxLength: CONCESSION_LIMITS.motivo }),
    documento: Type.String({ maxLength: CONCESSION_LIMITS.documento }),
  },
  { additionalProperties: false },
);

export const CloseSchema = Type.Object(
  { em: DateText, motivo: Type.String({ maxLength: CONCESSION_LIMITS.motivo }) },
  { additionalProperties: false },
);

export const FeeCreateSchema = Type.Object(
  {
    ano: Type.Integer({ minimum: 1900, maximum: 2200 }),
    valor: Type.Number({ minimum: 0, maximum: 9_999_999 }),
    vencimento: DateText,
  },
  { additionalProperties: false },
);

/** Paid on `pagoEm` with the external receipt; null reopens it. */
export const FeePaySchema = Type.Object(
  {
    pagoEm: Type.Union([DateText, Type.Null()]),
    recibo: NullableText(CONCESSION_LIMITS.recibo),
  },
  { additionalProperties: false },
);
