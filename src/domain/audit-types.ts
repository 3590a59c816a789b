/** Audit trail shapes (types only, derived from schemas/audit.ts). */
import type { Static } from 'typebox';
import type {
  AuditEntrySchema,
  AuditHistorySchema,
  AuditPageSchema,
  AuditQuerySchema,
  PersonalDataSchema,
} from './schemas/audit';

export type AuditEntry = Static<typeof AuditEntrySchema>;
export type AuditPage = Static<typeof AuditPageSchema>;
export type AuditHistory = Static<typeof AuditHistorySchema>;
export type AuditQuery = Static<typeof AuditQuerySchema>;
export type PersonalData = Static<typeof PersonalDataSchema>;
