/** Types of the concession shapes (src/domain/schemas/concession.ts), type-only. */
import type { Static } from 'typebox';
import type {
  CloseSchema,
  ConcessionCreateSchema,
  ConcessionEditSchema,
  ConcessionSchema,
  DocumentFormSchema,
  DocumentSchema,
  FeeCreateSchema,
  FeePaySchema,
  RenewSchema,
  TransferSchema,
} from './schemas/concession';

export type Concession = Static<typeof ConcessionSchema>;
export type ConcessionCreate = Static<typeof ConcessionCreateSchema>;
export type ConcessionEdit = Static<typeof ConcessionEditSchema>;
export type Renew = Static<typeof RenewSchema>;
export type Transfer = Static<typeof TransferSchema>;
export type Close = Static<typeof CloseSchema>;
export type FeeCreate = Static<typeof FeeCreateSchema>;
export type FeePay = Static<typeof FeePaySchema>;
export type ConcessionDocument = Static<typeof DocumentSchema>;
export type DocumentForm = Static<typeof DocumentFormSchema>;
