/** Shapes that cross the wire, shared by the client and the server (types only). */
import type { Static } from 'typebox';
import type { CurrentUserSchema, LoginAnswerSchema } from './schemas/user';

/** What GET /api/users/checkuser answers for the logged-in person (never a hash or token). */
export type CurrentUser = Static<typeof CurrentUserSchema>;

export type LoginAnswer = Static<typeof LoginAnswerSchema>;

export interface ApiError {
  message: string;
  field?: string;
}
