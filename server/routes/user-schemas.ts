/**
 * TypeBox schemas of the account routes: every input is closed (additionalProperties: false),
 * and every 2xx answer has a schema too, so the serializer drops any field not listed here
 * (a second guard, after user-views.ts, against ever sending a hash).
 */
import { Type } from 'typebox';
import { ID_PATTERN } from '../../src/domain/ids';
import { EMAIL_MAX, NAME_MAX, PASSWORD_MAX } from '../../src/domain/user-rules';

const closed = { additionalProperties: false } as const;

export const RoleSchema = Type.Union([
  Type.Literal('usuario'),
  Type.Literal('concessionario'),
  Type.Literal('admin'),
]);

// Loose lengths here; the spec's rules (user-rules.ts) answer 422 with their own texts.
export const fields = {
  name: Type.String({ maxLength: NAME_MAX * 2 }),
  cpf: Type.String({ maxLength: 20 }),
  phone: Type.String({ maxLength: 20 }),
  email: Type.String({ maxLength: EMAIL_MAX }),
  password: Type.String({ maxLength: PASSWORD_MAX }),
  token: Type.String({ maxLength: 200 }),
};

export const IdParams = Type.Object({ id: Type.String({ pattern: ID_PATTERN }) }, closed);

export const VerifyQuery = Type.Object(
  { token: Type.Optional(fields.token), email: Type.Optional(fields.email) },
  closed,
);
export const ResendBody = Type.Object({ email: Type.Optional(fields.email) }, closed);
export const ForgotBody = Type.Object({ email: fields.email }, closed);
export const ResetBody = Type.Object(
  { email: fields.email, token: fields.token, novaSenha: fields.password },
  closed,
);

export const ListQuery = Type.Object(
  {
    q: Type.Optional(Type.String({ maxLength: 100 })),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 20 })),
  },
  closed,
);

export const AdminCreateBody = Type.Object(
  {
    name: fields.name,
    cpf: fields.cpf,
    email: fields.email,
    phone: fields.phone,
    role: Type.Optional(RoleSchema),
    password: fields.password,
    confirmpassword: fields.password,
  },
  closed,
);

export const AdminPatchBody = Type.Object(
  {
    name: Type.Optional(fields.name),
    cpf: Type.Optional(fields.cpf),
    email: Type.Optional(fields.email),
    phone: Type.Optional(fields.phone),
    role: Type.Optional(RoleSchema),
  },
  closed,
);

export const RoleBody = Type.Object({ role: RoleSchema }, closed);

export const EditBody = Type.Object(
  {
    name: Type.Optional(fields.name),
    email: Type.Optional(fields.email),
    phone: Type.Optional(fields.phone),
    password: Type.Optional(fields.password),
    confirmpassword: Type.Optional(fields.password),
  },
  closed,
);

// ---- answers ----

const Nullable = <T extends ReturnType<typeof Type.String>>(t: T) => Type.Union([t, Type.Null()]);

export const PublicUserSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  name: Type.String(),
  image: Nullable(Type.String()),
});

export const AccountUserSchema = Type.Object({
  _id: Type.String(),
  id: Type.String(),
  name: Type.String(),
  email: Type.String(),
  phone: Type.String(),
  cpf: Type.String(),
  role: RoleSchema,
  image: Nullable(Type.String()),
  emailVerified: Type.Boolean(),
  pendingEmail: Nullable(Type.String()),
});

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

export const MessageAnswer = Type.Object({ message: Type.String() });
export const MessageUserAnswer = Type.Object({ message: Type.String(), user: AccountUserSchema });
export const EditAnswer = Type.Object({
  message: Type.String(),
  user: AccountUserSchema,
  token: Type.Optional(Type.String()),
});
