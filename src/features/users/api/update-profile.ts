/**
 * PATCH /users/edit/:id (self or admin; spec §7). `token` comes back only when the person
 * changed their own password: every other session ended and this one must switch to it.
 */
import { request } from '../../../data/api';
import type { AccountUser } from '../../../domain/user-types';
import type { UserPayload } from '../user-payload';
import { USER_TEXT } from '../user-texts';

export interface ProfileAnswer {
  message: string;
  user: AccountUser;
  token?: string;
}

export function patchProfile(id: string, payload: UserPayload): Promise<ProfileAnswer> {
  return request<ProfileAnswer>(`users/edit/${encodeURIComponent(id)}`, {
    method: 'patch',
    ...payload,
    fallback: USER_TEXT.updateFailed,
  });
}
