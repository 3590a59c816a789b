/**
 * User shapes of the account API (requests and answers), shared by the client and the server.
 * Types only, derived from schemas/user.ts.
 */
import type { Static } from 'typebox';
import type {
  AccountUserSchema,
  AdminCreateBodySchema,
  AdminPatchBodySchema,
  LoginBodySchema,
  MessageUserAnswerSchema,
  ProfileAnswerSchema,
  ProfileBodySchema,
  PublicUserSchema,
  RegisterBodySchema,
  ResetBodySchema,
  UserListItemSchema,
  UserListPageSchema,
} from './schemas/user';

/** The person's own view and an admin's single-user view: full CPF, e-mail, phone. */
export type AccountUser = Static<typeof AccountUserSchema>;

/** What anyone may see of a user (tribute author): GET /api/users/:id for strangers. */
export type PublicUser = Static<typeof PublicUserSchema>;

/** One row of GET /api/users: CPF masked (***.456.789-**), no phone. */
export type UserListItem = Static<typeof UserListItemSchema>;

/** GET /api/users: one page, in the original app's shape. */
export type UserListPage = Static<typeof UserListPageSchema>;

/** POST /users/admin-create, PATCH /users/:id and /users/:id/role: the user as stored. */
export type MessageUserAnswer = Static<typeof MessageUserAnswerSchema>;

/** PATCH /users/edit/:id; `token` only when the person changed their own password. */
export type ProfileAnswer = Static<typeof ProfileAnswerSchema>;

/** POST /users/register */
export type RegisterRequest = Static<typeof RegisterBodySchema>;

/** POST /users/login */
export type LoginRequest = Static<typeof LoginBodySchema>;

/** POST /users/reset-password */
export type ResetPasswordRequest = Static<typeof ResetBodySchema>;

/** POST /users/admin-create (JSON, or the same fields as multipart text parts). */
export type AdminCreateRequest = Static<typeof AdminCreateBodySchema>;

/** PATCH /users/:id (admin; JSON, or the same fields as multipart text parts). */
export type AdminPatchRequest = Static<typeof AdminPatchBodySchema>;

/** PATCH /users/edit/:id (JSON, or the same fields as multipart text parts). */
export type ProfileRequest = Static<typeof ProfileBodySchema>;
