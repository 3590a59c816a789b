import type { ReactNode } from 'react';
import { SessionProvider } from '../features/auth/session-context';
import { FlashProvider, useFlash } from './flash';
import { OutboxStarter } from './outbox-starter';

function SessionWithFlash({ children }: { children: ReactNode }) {
  const flash = useFlash();
  return (
    <SessionProvider onCheckFailed={flash.error}>
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
