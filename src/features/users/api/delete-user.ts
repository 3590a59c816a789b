/** DELETE /users/:id (admin; spec §7, path implied by the list screen). */
import { request } from '../../../data/api';
import { USER_TEXT } from '../user-texts';

export function deleteUser(id: string): Promise<{ message: string }> {
  return request<{ message: string }>(`users/${encodeURIComponent(id)}`, {
    method: 'delete',
    fallback: USER_TEXT.deleteFailed,
  });
}
