/**
 * The users' door: the account being viewed or edited (with the copy kept on the device for
 * one's own profile), the admin's list, creation, edits and deletion, and the form's payload.
 */
export { postAdminCreate } from './create-user';
export { deleteUser } from './delete-user';
export { type AccountState, useAccountUser } from './get-user';
export { useUserList } from './list-users';
export { patchProfile } from './update-profile';
export { patchUser, patchUserRole } from './update-user';
export { buildUserPayload, changedFields, wantsMultipart } from './user-body';
