/** User shapes of the account API (issue 4), shared by the client and the server. */
import type { CurrentUser } from './types';
import type { Role } from './user-rules';

/** The person's own view and an admin's single-user view: full CPF, e-mail, phone. */
export interface AccountUser extends CurrentUser {
  /** A new e-mail waiting for verification; `email` stays the login until then. */
  pendingEmail: string | null;
}

/** What anyone may see of a user (tribute author): GET /api/users/:id for strangers. */
export interface PublicUser {
  _id: string;
  id: string;
  name: string;
  image: string | null;
}

/** One row of GET /api/users: CPF masked (***.456.789-**), no phone. */
export interface UserListItem {
  _id: string;
  id: string;
  name: string;
  email: string;
  role: Role;
  image: string | null;
  cpf: string;
  emailVerified: boolean;
}
