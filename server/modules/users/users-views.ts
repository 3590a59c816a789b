/**
 * What each audience sees of a user. Never a password hash, a token hash or the token version:
 * every answer is built field by field from here (or toCurrentUser), never from the raw row.
 */
import { maskCpfPrivate } from '../../../src/domain/masks';
import type { PublicUser, UserListItem } from '../../../src/domain/user-types';
import type { UserRow } from '../../db/schema';

/** Tribute authors and strangers: a name and an avatar, nothing that identifies or reaches. */
export function toPublicUser(row: UserRow): PublicUser {
  return { _id: row.id, id: row.id, name: row.name, image: row.image };
}

/** A row of the user list: CPF masked (LGPD), no phone. */
export function toListItem(row: UserRow): UserListItem {
  return {
    _id: row.id,
    id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    image: row.image,
    cpf: maskCpfPrivate(row.cpf),
    emailVerified: row.emailVerified,
  };
}

/** The person themself, or an admin: may see the full record. */
export function canSeeFull(viewer: UserRow | null, userId: string): boolean {
  return viewer !== null && (viewer.id === userId || viewer.role === 'admin');
}
