/** POST /users/admin-create (spec §7): JSON, or multipart with an optional `image` part. */

import type { MessageUserAnswer } from '../../domain/user-types';
import { USER_TEXT } from '../../lib/texts/user-texts';
import { request } from '../api';
import type { UserPayload } from './user-body';

export type UserAnswer = MessageUserAnswer;

export function postAdminCreate(payload: UserPayload): Promise<UserAnswer> {
  return request<UserAnswer>('users/admin-create', {
    method: 'post',
    ...payload,
    fallback: USER_TEXT.createFailed,
  });
}
