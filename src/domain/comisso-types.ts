/** Types of the abandonment-case shapes (src/domain/schemas/comisso.ts), type-only. */
import type { Static } from 'typebox';
import type {
  CaseDecisionSchema,
  CaseOpenSchema,
  CaseSchema,
  StepCreateSchema,
  StepSchema,
} from './schemas/comisso';

export type ComissoCase = Static<typeof CaseSchema>;
export type ComissoStep = Static<typeof StepSchema>;
export type CaseOpen = Static<typeof CaseOpenSchema>;
export type StepCreate = Static<typeof StepCreateSchema>;
export type CaseDecision = Static<typeof CaseDecisionSchema>;
