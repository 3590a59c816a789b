/** POST /users/admin-create (spec §7): JSON, or multipart with an optional `image` part. */
import { request } from '../../../data/api';
import type { AccountUser } from '../../../domain/user-types';
import type { UserPayload } from '../user-payload';
import { USER_TEXT } from '../user-texts';

export interface UserAnswer {
  message: string;
  user: AccountUser;
}

export function postAdminCreate(payload: UserPayload): Promise<UserAnswer> {
  return request<UserAnswer>('users/admin-create', {
    method: 'post',
    ...payload,
    fallback: USER_TEXT.createFailed,
  });
}
