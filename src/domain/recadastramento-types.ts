/** Types of the re-registration shapes (src/domain/schemas/recadastramento.ts), type-only. */
import type { Static } from 'typebox';
import type {
  CampaignCreateSchema,
  CampaignSchema,
  DecisionSchema,
  GraveRecadSchema,
  ProgressSchema,
  QuadraProgressSchema,
  RequestBodySchema,
  RequestListQuerySchema,
  RequestListSchema,
  RequestSchema,
} from './schemas/recadastramento';

export type Campaign = Static<typeof CampaignSchema>;
export type CampaignCreate = Static<typeof CampaignCreateSchema>;
export type QuadraProgress = Static<typeof QuadraProgressSchema>;
export type Progress = Static<typeof ProgressSchema>;
export type ReregRequest = Static<typeof RequestSchema>;
export type ReregRequestBody = Static<typeof RequestBodySchema>;
export type ReregListQuery = Static<typeof RequestListQuerySchema>;
export type ReregList = Static<typeof RequestListSchema>;
export type ReregDecision = Static<typeof DecisionSchema>;
export type GraveRecad = Static<typeof GraveRecadSchema>;
