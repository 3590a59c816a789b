/**
 * PATCH /users/edit/:id (self or admin; spec §7). `token` comes back only when the person
 * changed their own password: every other session ended and this one must switch to it.
 */

import type { ProfileAnswer } from '../../domain/user-types';
import { USER_TEXT } from '../../lib/texts/user-texts';
import { request } from '../api';
import type { UserPayload } from './user-body';

export function patchProfile(id: string, payload: UserPayload): Promise<ProfileAnswer> {
  return request<ProfileAnswer>(`users/edit/${encodeURIComponent(id)}`, {
    method: 'patch',
    ...payload,
    fallback: USER_TEXT.updateFailed,
  });
}
