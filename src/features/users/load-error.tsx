/** The failed-load box of the profile and edit screens: spec text, detail, retry if it may pass. */
import type { AccountState } from '../../data/users';

export function LoadError({
  state,
  onRetry,
}: {
  state: Extract<AccountState, { status: 'error' }>;
  onRetry(): void;
}) {
  return (
    <div className="user-error" role="alert">
      <p>{state.message}</p>
      {state.detail && <p className="muted">{state.detail}</p>}
      {state.retryable && (
        <button type="button" className="btn" onClick={onRetry}>
          Tentar novamente
        </button>
      )}
    </div>
  );
}
