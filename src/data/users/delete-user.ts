/** DELETE /users/:id (admin; spec §7, path implied by the list screen). */

import { USER_TEXT } from '../../lib/texts/user-texts';
import { request } from '../api';

export function deleteUser(id: string): Promise<{ message: string }> {
  return request<{ message: string }>(`users/${encodeURIComponent(id)}`, {
    method: 'delete',
    fallback: USER_TEXT.deleteFailed,
  });
}
