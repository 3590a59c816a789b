/** Shapes that cross the wire, shared by the client and the server. */
import type { Role } from './user-rules';

/** What GET /api/users/checkuser answers for the logged-in person (never a hash or token). */
export interface CurrentUser {
  _id: string;
  id: string;
  name: string;
  email: string;
  phone: string;
  cpf: string;
  role: Role;
  image: string | null;
  emailVerified: boolean;
}

export interface LoginAnswer {
  token: string;
  message: string;
  user: CurrentUser;
}

export interface ApiError {
  message: string;
  field?: string;
}
