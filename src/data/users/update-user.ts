/** PATCH /users/:id and PATCH /users/:id/role (admin; spec §7). */

import type { Role } from '../../domain/user-rules';
import { USER_TEXT } from '../../lib/texts/user-texts';
import { request } from '../api';
import type { UserAnswer } from './create-user';
import type { UserPayload } from './user-body';

export function patchUser(id: string, payload: UserPayload): Promise<UserAnswer> {
  return request<UserAnswer>(`users/${encodeURIComponent(id)}`, {
    method: 'patch',
    ...payload,
    fallback: USER_TEXT.updateFailed,
  });
}

export function patchUserRole(id: string, role: Role): Promise<UserAnswer> {
  return request<UserAnswer>(`users/${encodeURIComponent(id)}/role`, {
    method: 'patch',
    json: { role },
    fallback: USER_TEXT.updateFailed,
  });
}
