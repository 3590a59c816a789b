/** "Papel do Usuário" (spec §2 edit user): the admin's role select with its word of care. */
import { isRole, ROLES, type Role } from '../../domain/user-rules';
import { ROLE_LABEL, USER_TEXT } from '../../lib/texts/user-texts';

export function RoleBox({
  role,
  onChange,
  locked,
  error,
}: {
  role: Role;
  onChange(role: Role): void;
  /** The admin's own account: the server refuses self-demotion, so the select says so. */
  locked: boolean;
  error?: string | null;
}) {
  return (
    <fieldset className={`user-role-box${error ? ' field-error' : ''}`}>
      <legend>{USER_TEXT.roleBoxTitle}</legend>
      <div className="field">
        <label htmlFor="role-box-select">Papel</label>
        <select
          id="role-box-select"
          name="role"
          value={role}
          disabled={locked}
          aria-describedby="role-box-hint"
          onChange={(e) => isRole(e.target.value) && onChange(e.target.value)}
        >
          {ROLES.map((r) => (
            <option key={r} value={r}>
              {ROLE_LABEL[r]}
            </option>
          ))}
        </select>
      </div>
      <small id="role-box-hint" className="field-hint">
        {USER_TEXT.roleBoxHint}
      </small>
      {error && (
        <small className="field-message" role="alert">
          {error}
        </small>
      )}
    </fieldset>
  );
}
