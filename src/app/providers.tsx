import { type ReactNode, useCallback } from 'react';
import { PublicDataProvider } from '../data/public-data';
import { type SessionEnd, SessionProvider } from '../data/session';
import { OUTCOME_MSG } from '../domain/outcome';
import type { PublicPageData } from '../domain/public-page';
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

/** `publicData`: what a page rendered by the server came with (null: a shell). */
export function Providers({
  children,
  publicData = null,
}: {
  children: ReactNode;
  publicData?: PublicPageData | null;
}) {
  return (
    <FlashProvider>
      <PublicDataProvider value={publicData}>
        <SessionWithFlash>{children}</SessionWithFlash>
      </PublicDataProvider>
    </FlashProvider>
  );
}
