/**
 * /usuarios/edit/:id: the user's edit page and, below it, the account's "Histórico" (admins;
 * the route's guard). Composed here because it brings two features together: users and audit.
 */
import { useParams } from 'react-router-dom';
import { HistorySection } from '../../features/audit/history-section';
import UserEditPage from '../../features/users/user-edit-page';

export default function UserEditRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <UserEditPage />
      {id && <HistorySection key={id} kind="users" id={id} />}
    </>
  );
}
