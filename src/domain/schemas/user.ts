/**
 * User shapes of the account API, requests and answers: the server's schemas, the client's
 * types (user-types.ts, types.ts; derived).
 */
import { Type } from 'typebox';
import { ID_PATTERN } from '../ids';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX } from '../user-rules';
import { Nullable } from './common';

export const RoleSchema = Type.Union([
  Type.Literal('usuario'),
  Type.Literal('concessionario'),
  Type.Literal('admin'),
]);

/** What GET /api/users/checkuser answers for the logged-in person (never a hash or token). */
export const CurrentUserSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  cpf: Type.String(),
  role: RoleSchema,
  image: Nullable(Type.String()),
  emailVerified: Type.Boolean(),
});

/** The person's own view and an admin's single-user view: full CPF, e-mail, phone. */
export const AccountUserSchema = Type.Object({
  ...CurrentUserSchema.properties,
  /** A new e-mail waiting for verification; `email` stays the login until then. */
  pendingEmail: Nullable(Type.String()),
});

/** What anyone may see of a user (tribute author): GET /api/users/:id for strangers. */
export const PublicUserSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  name: Type.String(),
  image: Nullable(Type.String()),
});

/** One row of GET /api/users: CPF masked (***.456.789-**), no phone. */
export const UserListItemSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  role: RoleSchema,
  image: Nullable(Type.String()),
  cpf: Type.String(),
  emailVerified: Type.Boolean(),
});

/**
 * GET /api/users: one page of the list, in the original app's shape (its screens read
 * `data.users`; docs/compatibility.md): `pages` is how many pages of `limit` there are in all.
 */
export const UserListPageSchema = Type.Object({
  users: Type.Array(UserListItemSchema),
  page: Type.Integer(),
  limit: Type.Integer(),
  total: Type.Integer(),
  pages: Type.Integer(),
});

/** POST /api/users/login */
export const LoginAnswerSchema = Type.Object({
  token: Type.String(),
  message: Type.String(),
  user: CurrentUserSchema,
});

/** POST /users/admin-create, PATCH /users/:id, PATCH /users/:id/role: the user as stored. */
export const MessageUserAnswerSchema = Type.Object({
  message: Type.String(),
  user: AccountUserSchema,
});

/** PATCH /users/edit/:id; `token` only when the person changed their own password. */
export const ProfileAnswerSchema = Type.Object({
  message: Type.String(),
  user: AccountUserSchema,
  token: Type.Optional(Type.String()),
});

// ---- requests ----
// Every input is closed (additionalProperties: false). Loose lengths here; the spec's rules
// (user-rules.ts) answer 422 with their own texts.

const closed = { additionalProperties: false } as const;

const fields = {
  name: Type.String({ maxLength: NAME_MAX * 2 }),
  cpf: Type.String({ maxLength: 20 }),
  phone: Type.String({ maxLength: 20 }),
  email: Type.String({ maxLength: EMAIL_MAX }),
  password: Type.String({ maxLength: PASSWORD_MAX }),
  token: Type.String({ maxLength: 200 }),
};

export const UserIdParamsSchema = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) }, closed);

/** POST /users/register */
export const RegisterBodySchema = Type.Object(
  {
    name: fields.name,
    cpf: fields.cpf,
    phone: fields.phone,
    email: fields.email,
    password: fields.password,
    confirmpassword: fields.password,
    // Optional here so a missing one gets the spec's words (validateRegistration), not the
    // schema's "O campo … é obrigatório".
    agreeTerms: Type.Optional(Type.Boolean()),
    acceptedTermsAt: Type.Optional(Type.String({ maxLength: 40 })),
    acceptedTermsVersion: Type.Optional(Type.String({ maxLength: 20 })),
    acceptedTermsUrl: Type.Optional(Type.String({ maxLength: 300 })),
  },
  closed,
);

/** POST /users/login */
export const LoginBodySchema = Type.Object(
  { email: fields.email, password: fields.password },
  closed,
);

/** GET /users/verify-email */
export const VerifyQuerySchema = Type.Object(
  { token: Type.Optional(fields.token), email: Type.Optional(fields.email) },
  closed,
);
/** POST /users/resend-verification */
export const ResendBodySchema = Type.Object({ email: Type.Optional(fields.email) }, closed);
/** POST /users/forgot-password */
export const ForgotBodySchema = Type.Object({ email: fields.email }, closed);
/** POST /users/reset-password */
export const ResetBodySchema = Type.Object(
  { email: fields.email, token: fields.token, novaSenha: fields.password },
  closed,
);

/** GET /users (admin) */
export const UserListQuerySchema = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 100 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
  },
  closed,
);

/**
 * `image` in a JSON body is never a photo (a photo comes as a multipart file): the original
 * app's screens echo the stored name or "null", and its create screen puts the chosen File in
 * JSON, which JSON.stringify makes `{}` (the original server ignored it, so does this one).
 * A text naming another photo is refused (users-update.ts, ACCOUNT_MSG.imageAsFile).
 */
const imageInJson = Type.Optional(
  Type.Union([
    Nullable(Type.String({ maxLength: 300 })),
    Type.Object({}, { additionalProperties: false }),
  ]),
);

/** POST /users/admin-create: JSON, or multipart with one `image` part. */
export const AdminCreateBodySchema = Type.Object(
  {
    name: fields.name,
    cpf: fields.cpf,
    email: fields.email,
    phone: fields.phone,
    role: Type.Optional(RoleSchema),
    password: fields.password,
    confirmpassword: fields.password,
    image: imageInJson,
  },
  closed,
);

/**
 * Read-only fields a client sends back from a GET answer (the original app's profile screen
 * submits every field it received; docs/compatibility.md): accepted and dropped by the server. Multipart
 * sends them as text, hence the strings. `image` as text may only name the current photo.
 */
const echoed = {
  _id: Type.Optional(Type.String({ maxLength: 24 })),
  id: Type.Optional(Type.String({ maxLength: 24 })),
  createdAt: Type.Optional(Type.String({ maxLength: 40 })),
  updatedAt: Type.Optional(Type.String({ maxLength: 40 })),
  emailVerified: Type.Optional(Type.Union([Type.Boolean(), Type.String({ maxLength: 5 })])),
  pendingEmail: Type.Optional(Nullable(Type.String({ maxLength: EMAIL_MAX }))),
  image: imageInJson,
};
export const ECHOED_USER_FIELDS = Object.keys(echoed) as (keyof typeof echoed)[];

/** PATCH /users/:id (admin): JSON, or multipart with one `image` part. */
export const AdminPatchBodySchema = Type.Object(
  {
    name: Type.Optional(fields.name),
    cpf: Type.Optional(fields.cpf),
    email: Type.Optional(fields.email),
    phone: Type.Optional(fields.phone),
    role: Type.Optional(RoleSchema),
    ...echoed,
  },
  closed,
);

/** PATCH /users/:id/role (admin) */
export const RoleBodySchema = Type.Object({ role: RoleSchema }, closed);

/** PATCH /users/edit/:id (self or admin): JSON, or multipart with one `image` part. */
export const ProfileBodySchema = Type.Object(
  {
    name: Type.Optional(fields.name),
    email: Type.Optional(fields.email),
    phone: Type.Optional(fields.phone),
    password: Type.Optional(fields.password),
    confirmpassword: Type.Optional(fields.password),
    /** Only the role the person already has (echoed); a change here is the admin's (403). */
    role: Type.Optional(RoleSchema),
    /** Only the CPF the account already has (echoed); the profile cannot change it (400). */
    cpf: Type.Optional(fields.cpf),
    ...echoed,
  },
  closed,
);
