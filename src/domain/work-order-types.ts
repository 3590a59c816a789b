/** Types of the work-order shapes (src/domain/schemas/work-order.ts), type-only. */
import type { Static } from 'typebox';
import type {
  CalendarEntrySchema,
  CalendarSchema,
  CommentCreateSchema,
  ConcludeSchema,
  CustodySchema,
  CustodyStepSchema,
  DestinationSchema,
  MilestoneSchema,
  MilestoneTickSchema,
  OrderConflictSchema,
  OrderCreateSchema,
  OrderEditSchema,
  OrderKindSchema,
  OrderListSchema,
  OrderPhotoSchema,
  OrderSchema,
  RequestCreateSchema,
  RequestListSchema,
  RequestSchema,
  TodaySchema,
} from './schemas/work-order';

export type Order = Static<typeof OrderSchema>;
export type OrderList = Static<typeof OrderListSchema>;
export type OrderCreate = Static<typeof OrderCreateSchema>;
export type OrderEdit = Static<typeof OrderEditSchema>;
export type OrderConflict = Static<typeof OrderConflictSchema>;
export type OrderKind = Static<typeof OrderKindSchema>;
export type Milestone = Static<typeof MilestoneSchema>;
export type MilestoneTick = Static<typeof MilestoneTickSchema>;
export type OrderPhoto = Static<typeof OrderPhotoSchema>;
export type CommentCreate = Static<typeof CommentCreateSchema>;
export type Destination = Static<typeof DestinationSchema>;
export type Conclude = Static<typeof ConcludeSchema>;
export type Today = Static<typeof TodaySchema>;
export type CalendarEntry = Static<typeof CalendarEntrySchema>;
export type Calendar = Static<typeof CalendarSchema>;
export type FamilyRequest = Static<typeof RequestSchema>;
export type RequestList = Static<typeof RequestListSchema>;
export type RequestCreate = Static<typeof RequestCreateSchema>;
export type Custody = Static<typeof CustodySchema>;
export type CustodyStep = Static<typeof CustodyStepSchema>;
