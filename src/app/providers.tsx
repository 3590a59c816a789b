import { type ReactNode, useCallback } from 'react';
import { SessionProvider } from '../data/session';
import type { SessionEnd } from '../data/session-events';
import { OUTCOME_MSG } from '../domain/outcome';
import { FlashProvider, useFlash } from '../ui/flash';
import { OutboxStarter } from './outbox-starter';

function SessionWithFlash({ children }: { children: ReactNode }) {
  const flash = useFlash();
  const onEnded = useCallback(
    (kind: SessionEnd) =>
      flash.error(
        kind === 'account-gone' ? OUTCOME_MSG.accountGoneShort : OUTCOME_MSG.sessionExpired,
      ),
    [flash],
  );
  return (
    <SessionProvider onCheckFailed={flash.error} onEnded={onEnded}>
      <OutboxStarter />
      {children}
    </SessionProvider>
  );
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <FlashProvider>
      <SessionWithFlash>{children}</SessionWithFlash>
    </FlashProvider>
  );
}
